import { useDocumentTitle } from "../../components/document-title";
import { EmailConfirmed } from "../../features/auth/components/email-confirmed";
import { pageTitles } from "../page-titles";

export function AuthConfirmedRoute() {
  useDocumentTitle(pageTitles["/auth/confirmed"]);
  return <EmailConfirmed />;
}
