import { Link } from "react-router";
import { GoogleButton } from "../../../components/google-button";
import { usePageView } from "../../../lib/analytics";
import { AuthShell, OrDivider } from "./auth-shell";
import { SignUpForm } from "./sign-up-form";

export function SignUpScreen() {
  usePageView("signup");
  return (
    <AuthShell
      title="Create your account"
      subtitle="Start with a free scan. No credit card required."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/signin" className="font-semibold text-white underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <GoogleButton label="Sign up with Google" />
      <OrDivider />
      <SignUpForm />
    </AuthShell>
  );
}
