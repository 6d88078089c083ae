import { inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

// The auth server lives on the same origin as the site, under /api/auth.
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [inferAdditionalFields({ user: { ageConfirmed: { type: "boolean", required: false } } })],
});

/** Where Google sends the browser back to: the sign-in page, which moves a signed-in creator on. */
export const GOOGLE_CALLBACK_PATH = "/signin";

export async function startGoogleSignIn() {
  return authClient.signIn.social({ provider: "google", callbackURL: GOOGLE_CALLBACK_PATH });
}
