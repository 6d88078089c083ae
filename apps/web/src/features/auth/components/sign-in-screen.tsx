import { Link } from "react-router";
import { GoogleButton } from "../../../components/google-button";
import { usePageView } from "../../../lib/analytics";
import { AuthShell, OrDivider } from "./auth-shell";
import { SignInForm } from "./sign-in-form";

/** The sign-in screen: at /signin, and wherever a page needs a session that is not there. */
export function SignInScreen() {
  usePageView("signin");
  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back. Sign in to see your leaks and takedowns."
      footer={
        <>
          New to Leakwarden?{" "}
          <Link to="/signup" className="font-semibold text-white underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <GoogleButton label="Sign in with Google" />
      <OrDivider />
      <SignInForm />
    </AuthShell>
  );
}
