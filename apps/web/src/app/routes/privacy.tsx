import { useDocumentTitle } from "../../components/document-title";
import { PublicLayout } from "../../components/public-layout";
import { PrivacyContent } from "../../features/legal/components/privacy-content";
import { usePageView } from "../../lib/analytics";
import { pageTitles } from "../page-titles";

export function PrivacyRoute() {
  usePageView("privacy");
  useDocumentTitle(pageTitles["/privacy"]);
  return (
    <PublicLayout>
      <PrivacyContent />
    </PublicLayout>
  );
}
