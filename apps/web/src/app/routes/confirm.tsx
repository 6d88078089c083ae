import { useDocumentTitle } from "../../components/document-title";
import { ConfirmEmail } from "../../features/auth/components/confirm-email";
import { pageTitles } from "../page-titles";

export function ConfirmRoute() {
  useDocumentTitle(pageTitles["/confirm"]);
  return <ConfirmEmail />;
}
