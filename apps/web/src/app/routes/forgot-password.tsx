import { Link, useSearchParams } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { AuthShell } from "../../features/auth/components/auth-shell";
import { pageTitles } from "../page-titles";

const backToSignIn = (
  <Link to="/signin" className="font-semibold text-white underline-offset-4 hover:underline">
    Back to sign in
  </Link>
);

/** /forgot-password: the address to send a reset link to. */
export function ForgotPasswordRoute() {
  useDocumentTitle(pageTitles["/forgot-password"]);
  return (
    <AuthShell title="Forgot your password?" subtitle="Enter your email and we will send you a link to set a new password." footer={backToSignIn}>
      <ForgotPasswordForm />
    </AuthShell>
  );
}

/** /reset-password?token=…: the emailed link's page. */
export function ResetPasswordRoute() {
  useDocumentTitle(pageTitles["/reset-password"]);
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthShell title="Set a new password" subtitle="Choose a new password. Every device signed in to your account will be signed out." footer={backToSignIn}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="rounded-lg border border-red-500/40 bg-red-950/60 px-4 py-3 text-sm text-red-100">
          Invalid reset link.{" "}
          <Link to="/forgot-password" className="font-semibold text-white underline underline-offset-2">
            Ask for a new one
          </Link>
        </p>
      )}
    </AuthShell>
  );
}
