import { useDocumentTitle } from "../../components/document-title";
import { PublicLayout } from "../../components/public-layout";
import { TermsContent } from "../../features/legal/components/terms-content";
import { usePageView } from "../../lib/analytics";
import { pageTitles } from "../page-titles";

export function TermsRoute() {
  usePageView("terms");
  useDocumentTitle(pageTitles["/terms"]);
  return (
    <PublicLayout>
      <TermsContent />
    </PublicLayout>
  );
}
