/** The auth client, downloaded when a form is first sent rather than with the page. */
export async function loadAuthClient() {
  const { authClient } = await import("../../../lib/auth-client");
  return authClient;
}
