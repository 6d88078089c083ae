import { randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import type { Auth } from "../../../apps/server/src/auth/auth";

export interface SignedInAccount {
  userId: string;
  /** The session cookie a browser would hold after signing in (name and URL-encoded signed value). */
  cookie: { name: string; value: string };
}

/**
 * An account as Google sign-in creates it (a user and a `google` account row, an address Google
 * vouches for, no password and no 18+ confirmation), signed in. Tests have no Google, so this takes
 * the same adapter call the OAuth callback makes.
 */
export async function createGoogleAccount(auth: Auth, email: string, name = email.split("@")[0] ?? ""): Promise<SignedInAccount> {
  const ctx = await auth.$context;
  const { user } = await ctx.internalAdapter.createOAuthUser(
    { email, name, emailVerified: true, image: null },
    { providerId: "google", accountId: `google-${randomUUID()}`, scope: "email,profile,openid" },
  );
  const session = await ctx.internalAdapter.createSession(user.id);
  const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
  return { userId: user.id, cookie: { name: ctx.authCookies.sessionToken.name, value: encodeURIComponent(signed) } };
}
