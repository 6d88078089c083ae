import { Navigate } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { PageFallback } from "../../components/page-fallback";
import { SignUpScreen } from "../../features/auth/components/sign-up-screen";
import { useSession } from "../../lib/session";
import { pageTitles } from "../page-titles";
import { useSignedInHome } from "../use-signed-in-home";

export function SignUpRoute() {
  useDocumentTitle(pageTitles["/signup"]);
  const session = useSession();
  const home = useSignedInHome();
  if (session.status === "signed-in") return home ? <Navigate to={home} replace /> : <PageFallback />;
  return <SignUpScreen />;
}
