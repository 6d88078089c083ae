import { useDocumentTitle } from "../../components/document-title";
import { PageFallback } from "../../components/page-fallback";
import { AccountSettings } from "../../features/auth/components/account-settings";
import { useSession } from "../../lib/session";
import { pageTitles } from "../page-titles";

/** /settings: her account settings (inside the session guard). */
export function SettingsRoute() {
  useDocumentTitle(pageTitles["/settings"]);
  const session = useSession();
  if (session.status !== "signed-in") return <PageFallback />;
  return <AccountSettings email={session.user.email} />;
}
