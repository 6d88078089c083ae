import { createHash, createHmac } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString, symmetricDecrypt, verifyJWT } from "better-auth/crypto";
import { bearer, twoFactor } from "better-auth/plugins";
import { controlCharacterFields, singleLine, updateUserSchema } from "@leakwarden/contracts/input";
import type { ZodError } from "zod";
import type { Db } from "../db/client";
import { countInWindow } from "../db/window-count";
import { account, rateLimit, session, twoFactor as twoFactorTable, user, verification } from "../db/schema/auth";
import {
  confirmEmailMessage,
  confirmNewEmailMessage,
  emailChangedMessage,
  existingAccountMessage,
  passwordChangedMessage,
  resetPasswordMessage,
} from "../email/auth-templates";
import type { OutgoingEmail } from "../email/mailer";
import type { Logger } from "../lib/logger";
import { authRateLimitStorage } from "./rate-limit-storage";
import { signedInRecently } from "./recent-sign-in";
import { takeSecondFactor } from "./second-factor";
import { claimTotpStep, deleteResetLinks, findPasswordHash, findTwoFactor } from "./auth.repository";
import { TOTP_CODE_USED, totpKey, totpStepOf } from "./totp-replay";

/** Header our HTTP layer sets from the socket's address (or a trusted proxy's); clients cannot supply it. */
export const clientIpHeader = "x-leakwarden-client-ip";

/** How long a password-reset link works (it works once). */
export const RESET_PASSWORD_LINK_SECONDS = 60 * 60;

/** The web pages the account emails lead to. */
export const accountPages = { resetPassword: "/reset-password", forgotPassword: "/forgot-password", settings: "/settings", signIn: "/signin" } as const;

/** The sign-in page's address once Google has answered for an account with two-factor sign-in on: it asks for the code. */
export const SECOND_FACTOR_PAGE = `${accountPages.signIn}?two-factor=google`;
/** How long the code may be entered after Google answered (the two-factor plugin's own default for a password sign-in). */
const SECOND_FACTOR_SECONDS = 600;

export const AGE_CONFIRMATION_REQUIRED = "You must confirm that you are 18 or older.";

const signUpNameSchema = singleLine(100);
/**
 * Requests that try an account or send mail to an address: each is limited per address typed, on top of
 * the per-client limit, so that many client addresses get no more tries at one account (or mails to one
 * inbox) than one. The same for an address with and without an account: the limit tells nothing.
 */
const PER_ACCOUNT_PATHS = new Set(["/sign-in/email", "/sign-up/email", "/request-password-reset", "/send-verification-email"]);
export const ACCOUNT_RATE_LIMITED = "Too many attempts with this email address. Please wait a few minutes and try again.";
/** Fields in which a signed-in request gives her password (to change it, to turn two-factor sign-in on or off…). */
const PASSWORD_FIELDS = ["password", "currentPassword"];
export const PASSWORD_CHECKS_LIMITED = "Too many password attempts. Please wait a few minutes and try again.";

/**
 * The key of a signed-in account's password checks, shared by every request that checks her password
 * while signed in (here, and the account deletion's): whoever holds her session gets no more guesses
 * at her password than the account's allowance, from any number of addresses.
 */
export const passwordCheckKey = (userId: string) => `lw:password-check:user:${userId}`;

/** What an email change asks for, as a password change does: a stolen session alone cannot move the account to another address. */
export const emailChangeMessages = {
  passwordRequired: "Enter your current password to change your email.",
  passwordWrong: "That password is not right.",
  codeRequired: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  codeWrong: "That code is not right. Enter the current code from your authenticator app, or one of your backup codes.",
  recentSignInRequired: "For your safety, sign in again with Google, then change your email within 10 minutes.",
} as const;

/** How long an email-change link is remembered as used: longer than it works (the confirmation links' 24 hours). */
const EMAIL_CHANGE_LINK_MEMORY_MS = 25 * 3_600_000;

/** The prefix of a reset link's verification identifier: `reset-password:<token>`. */
const RESET_PASSWORD_PREFIX = "reset-password:";

/**
 * How a reset link's token is kept: only its SHA-256 digest, after the library's own prefix, so that
 * whoever reads the database gets no working link, and her unused links can still be found and
 * retired. Tokens are 24 random characters: an unkeyed digest cannot be reversed by guessing.
 */
export function storedResetIdentifier(identifier: string): string {
  return RESET_PASSWORD_PREFIX + createHash("sha256").update(identifier.slice(RESET_PASSWORD_PREFIX.length)).digest("hex");
}

/** Secrets are compared, never stored as text: whatever characters they hold. */
const SECRET_FIELDS = new Set(["password", "newPassword", "currentPassword"]);

/** A refusal in the library's own form: "[body.name] message; …" becomes the error shape's fields. */
function invalidFields(fields: Record<string, string>): APIError {
  const message = Object.entries(fields)
    .map(([k, v]) => `[body.${k}] ${v}`)
    .join("; ");
  return new APIError("BAD_REQUEST", { message, code: "VALIDATION_ERROR" });
}

function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  return fields;
}

/** The context a hook of ours is given (the library's type, read from its hook factory). */
type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export interface AuthSettings {
  publicUrl: string;
  secret: string;
  googleClientId?: string | undefined;
  googleClientSecret?: string | undefined;
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  /** Attempts per email address typed (sign-in, sign-up, reset and confirmation mails) and password checks per signed-in account, whatever the client's address. */
  accountRateLimitMax: number;
  accountRateLimitWindowSeconds: number;
  /** Cookies marked Secure when served over https. */
  secureCookies: boolean;
  /** The library's own messages go to the structured log. */
  logger?: Logger;
  /** Called once a sign-in is complete (its second factor too): a pending account deletion is cancelled. */
  onSignedIn?: (userId: string) => Promise<void>;
  /** Called once an account is stored (email or Google sign-up); a failure is logged, the sign-up stands. */
  onUserCreated?: (userId: string) => Promise<void>;
}

export function createAuth(db: Db, settings: AuthSettings, sendEmail: (email: OutgoingEmail) => Promise<void>) {
  const google =
    settings.googleClientId && settings.googleClientSecret
      ? {
          google: {
            clientId: settings.googleClientId,
            clientSecret: settings.googleClientSecret,
            prompt: "select_account" as const,
          },
        }
      : {};
  const authRule = { window: settings.rateLimitWindowSeconds, max: settings.rateLimitMax };
  const forgotPasswordUrl = new URL(accountPages.forgotPassword, settings.publicUrl).toString();

  /** An email-change link's signed claims (the library's verification token), or null for any other token. */
  async function emailChangeOf(token: string): Promise<{ email: string; updateTo: string; userId: string; requestType?: string } | null> {
    if (!token) return null;
    const claims = (await verifyJWT(token, settings.secret)) as Record<string, unknown> | null;
    if (!claims || typeof claims.email !== "string" || typeof claims.updateTo !== "string" || typeof claims.userId !== "string") return null;
    return {
      email: claims.email,
      updateTo: claims.updateTo,
      userId: claims.userId,
      ...(typeof claims.requestType === "string" ? { requestType: claims.requestType } : {}),
    };
  }
  const isEmailChange = async (token: string) => (await emailChangeOf(token)) !== null;

  /**
   * Her reset links not yet used stop working: once a new password is set (through one of them, or
   * changed with the current one) and once her address changes, whoever else holds a link (someone
   * who read her mail) can no longer set a password with it.
   */
  async function retireResetLinks(userId: string): Promise<void> {
    await deleteResetLinks(db, RESET_PASSWORD_PREFIX, userId);
  }

  /** Counts one attempt under `key`; refused (429) once the window's allowance is spent. */
  async function takeAttempt(key: string, message: string): Promise<void> {
    const count = await countInWindow(db, key, settings.accountRateLimitWindowSeconds * 1000, Date.now());
    if (count > settings.accountRateLimitMax) throw new APIError("TOO_MANY_REQUESTS", { message, code: "ACCOUNT_RATE_LIMITED" });
  }
  /** One attempt with `email` on `path`. Keys hold a keyed digest, never the address. */
  async function takeAccountAttempt(path: string, email: string): Promise<void> {
    const digest = createHmac("sha256", settings.secret).update(`auth-account:${email.trim().toLowerCase()}`).digest("hex");
    await takeAttempt(`lw:auth-account:${path}:${digest}`, ACCOUNT_RATE_LIMITED);
  }

  /** Whose code a two-factor request carries: the signed-in account (turning it on), or the sign-in waiting for its code. */
  async function twoFactorUserOf(ctx: AuthContext): Promise<string | null> {
    const signedIn = await getSessionFromCtx(ctx).catch(() => null);
    if (signedIn) return signedIn.user.id;
    const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie("two_factor").name, ctx.context.secret);
    if (!challenge) return null;
    return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value ?? null;
  }

  /** Refuses a code whose time step (or a later one) she already used; a code that is not hers is left to the plugin to refuse. */
  async function takeTotpCode(ctx: AuthContext, userId: string, code: string): Promise<void> {
    const row = await findTwoFactor(db, userId);
    if (!row) return;
    const key = totpKey(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret }));
    const step = totpStepOf(key, code, Date.now());
    if (step === null) return;
    if (!(await claimTotpStep(db, userId, step))) {
      settings.logger?.warn({ userId }, "an authenticator code was used again");
      throw new APIError("UNAUTHORIZED", { message: TOTP_CODE_USED, code: "TOTP_CODE_ALREADY_USED" });
    }
  }

  /**
   * An email change is confirmed as a password change is: her current password (an account without
   * one: a Google sign-in of the last minutes) and, when two-factor sign-in is on, a code from her
   * authenticator app or a backup code. Refused with the field to fix.
   */
  async function confirmEmailChange(ctx: AuthContext, body: Record<string, unknown>): Promise<void> {
    const signedIn = await getSessionFromCtx(ctx).catch(() => null);
    // No session: the library refuses the request itself.
    if (!signedIn) return;
    const userId = signedIn.user.id;
    const password = await findPasswordHash(db, userId);
    if (password) {
      const typed = body.currentPassword;
      if (typeof typed !== "string" || typed === "") throw invalidFields({ currentPassword: emailChangeMessages.passwordRequired });
      if (!(await ctx.context.password.verify({ hash: password, password: typed }))) throw invalidFields({ currentPassword: emailChangeMessages.passwordWrong });
    } else if (!signedInRecently(new Date(signedIn.session.createdAt))) {
      throw new APIError("FORBIDDEN", { message: emailChangeMessages.recentSignInRequired, code: "RECENT_SIGN_IN_REQUIRED" });
    }
    if ((signedIn.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true) {
      const code = typeof body.code === "string" ? body.code.trim() : "";
      if (code === "") throw invalidFields({ code: emailChangeMessages.codeRequired });
      const taken = await takeSecondFactor(db, ctx.context.secretConfig, userId, code);
      if (taken === "used") throw invalidFields({ code: TOTP_CODE_USED });
      if (taken !== "ok") throw invalidFields({ code: emailChangeMessages.codeWrong });
    }
  }

  /**
   * An email-change link works once, and only while her account still has the address it was
   * asked from: opened again (or after another change) it is treated as any invalid link.
   */
  async function emailChangeLinkUsable(ctx: AuthContext, token: string): Promise<boolean> {
    const change = await emailChangeOf(token);
    if (!change || change.requestType !== "change-email-verification") return true;
    const current = await ctx.context.internalAdapter.findUserById(change.userId);
    if (!current || current.email.toLowerCase() !== change.email.toLowerCase()) return false;
    // Opened in a browser signed in to another account: the library refuses it, and the link stays hers to open.
    const signedIn = await getSessionFromCtx(ctx).catch(() => null);
    if (signedIn && signedIn.user.id !== change.userId) return true;
    const digest = createHash("sha256").update(token).digest("hex");
    return (await countInWindow(db, `lw:email-change-link:${digest}`, EMAIL_CHANGE_LINK_MEMORY_MS, Date.now())) === 1;
  }

  return betterAuth({
    appName: "Leakwarden",
    baseURL: settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    telemetry: { enabled: false },
    // Library endpoints the product does not use that would hand a page secrets: her other devices'
    // session tokens (her sessions are listed, without them, by /v1/account/sessions) and the tokens
    // Google gave at sign-in.
    disabledPaths: ["/list-sessions", "/get-access-token", "/refresh-token", "/account-info"],
    ...(settings.logger
      ? {
          logger: {
            log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) =>
              settings.logger![level]({ component: "auth", ...(args.length > 0 ? { args } : {}) }, message),
          },
        }
      : {}),
    trustedOrigins: [settings.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable } }),
    // Single-use tokens (reset links, two-factor challenges, sign-in state) are kept as digests only:
    // a copy of the database hands out nothing that works. The library hashes what it is given and
    // looks up the digest, through its own adapter.
    verification: {
      storeIdentifier: { default: "hashed", overrides: { [RESET_PASSWORD_PREFIX]: { hash: async (identifier) => storedResetIdentifier(identifier) } } },
    },
    user: {
      additionalFields: {
        ageConfirmed: { type: "boolean", required: false, defaultValue: false, input: true },
        emailConfirmedAt: { type: "date", required: false, input: false },
        ageConfirmedAt: { type: "date", required: false, input: false },
      },
      // A new address is confirmed through a link sent to it; the old one is told once it changes.
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      async onExistingUserSignUp({ user: existing }) {
        await sendEmail(existingAccountMessage(existing.email, `${settings.publicUrl}/signin`));
      },
      // Recovery: a link to the reset page, single-use and valid for an hour; the answer is the same whether
      // or not the address has an account (the library's), and a new password signs out every session.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, token }) {
        const link = new URL(accountPages.resetPassword, settings.publicUrl);
        link.searchParams.set("token", token);
        await sendEmail(resetPasswordMessage(u.email, link.toString()));
      },
      async onPasswordReset({ user: u }) {
        await retireResetLinks(u.id);
        await sendEmail(passwordChangedMessage(u.email, forgotPasswordUrl));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user: u, url, token }) {
        // Whatever the request asked, the link lands on the confirmation page (or, for a new address, the settings).
        const link = new URL(url);
        if (await isEmailChange(token)) {
          link.searchParams.set("callbackURL", `${accountPages.settings}?email=changed`);
          await sendEmail(confirmNewEmailMessage(u.email, link.toString()));
          return;
        }
        link.searchParams.set("callbackURL", "/auth/confirmed");
        await sendEmail(confirmEmailMessage(u.email, link.toString()));
      },
    },
    socialProviders: google,
    databaseHooks: {
      user: {
        // The spec's client reads email_confirmed_at: record when the address was confirmed.
        create: {
          before: async (data) => {
            const now = new Date();
            const stamped = {
              ...data,
              ...(data.emailVerified ? { emailConfirmedAt: now } : {}),
              ...((data as { ageConfirmed?: unknown }).ageConfirmed === true ? { ageConfirmedAt: now } : {}),
            };
            return { data: stamped };
          },
          after: async (created) => {
            await settings.onUserCreated?.(created.id).catch((error: unknown) => settings.logger?.error({ err: error, userId: created.id }, "account created, but its set-up failed"));
          },
        },
        update: {
          before: async (data) => (data.emailVerified === true ? { data: { ...data, emailConfirmedAt: new Date() } } : undefined),
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      customStorage: authRateLimitStorage(db, Math.max(60, settings.rateLimitWindowSeconds)),
      window: 60,
      max: 100,
      customRules: {
        // Every page load reads the session: a visitor (or an office behind one address) who
        // browses quickly must not be shown as signed out. Attempts to get in stay limited.
        "/get-session": false,
        "/sign-in/email": authRule,
        "/sign-in/social": authRule,
        "/sign-up/email": authRule,
        "/send-verification-email": authRule,
        "/request-password-reset": authRule,
        "/reset-password": authRule,
        "/change-password": authRule,
        "/change-email": authRule,
        "/two-factor/*": authRule,
      },
    },
    advanced: {
      // Origin and CSRF checks on in every environment (the library would skip them under test).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: settings.secureCookies,
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Record<string, unknown>;
        // No text the library stores carries a control character (NUL cannot be stored at all).
        const controls = controlCharacterFields(Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET_FIELDS.has(k))));
        if (controls) throw invalidFields(controls);
        // An authenticator code is taken once: one seen over her shoulder or in a proxy's log does not sign in again.
        if (ctx.path === "/two-factor/verify-totp" && typeof body.code === "string") {
          const userId = await twoFactorUserOf(ctx);
          if (userId) await takeTotpCode(ctx, userId, body.code);
        }
        if (PER_ACCOUNT_PATHS.has(ctx.path)) {
          if (typeof body.email === "string") await takeAccountAttempt(ctx.path, body.email);
        } else if (PASSWORD_FIELDS.some((k) => typeof body[k] === "string")) {
          const signedIn = await getSessionFromCtx(ctx).catch(() => null);
          if (signedIn) await takeAttempt(passwordCheckKey(signedIn.user.id), PASSWORD_CHECKS_LIMITED);
        }
        if (ctx.path === "/change-email") {
          // (The library's own schema drops the confirmation fields once they are checked here.)
          await confirmEmailChange(ctx, body);
        }
        if (ctx.path === "/verify-email") {
          const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
          // A used link is handed to the library as an invalid one: it answers (and redirects) as for any bad link.
          if (!(await emailChangeLinkUsable(ctx, token))) return { context: { ...ctx, query: { ...ctx.query, token: "used-email-change-link" } } };
        }
        // A changed password signs out every other session, whatever the request asked.
        if (ctx.path === "/change-password") {
          return { context: { ...ctx, body: { ...body, revokeOtherSessions: true } } };
        }
        // The confirmation is given at sign-up or through POST /v1/account/confirm-age (which records
        // when), never taken back or set through the profile update.
        if (ctx.path === "/update-user" && "ageConfirmed" in body) {
          throw new APIError("BAD_REQUEST", { message: "The 18+ confirmation cannot be changed here.", code: "AGE_CONFIRMATION_READ_ONLY" });
        }
        if (ctx.path === "/update-user") {
          // Only what the contract allows, as it allows it: a name is a bounded line of text.
          const parsed = updateUserSchema.safeParse(body);
          if (!parsed.success) throw invalidFields(zodFields(parsed.error));
          return { context: { ...ctx, body: parsed.data } };
        }
        if (ctx.path !== "/sign-up/email") return;
        if (body.name !== undefined) {
          const name = signUpNameSchema.safeParse(body.name);
          if (!name.success) throw invalidFields({ name: name.error.issues[0]!.message });
        }
        if (body.ageConfirmed !== true) {
          throw new APIError("BAD_REQUEST", { message: AGE_CONFIRMATION_REQUIRED, code: "AGE_CONFIRMATION_REQUIRED" });
        }
        // Sign-up has no name field: the name is the address's local part until the creator sets one.
        if (typeof body.name !== "string" || body.name.trim() === "") {
          const email = typeof body.email === "string" ? body.email : "";
          return { context: { ...ctx, body: { ...body, name: email.split("@")[0] ?? "" } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A new address and one that has an account get the same answer, byte for byte: the
        // account (or the stand-in the library makes for an existing one) is never shown, so
        // nothing in it (the 18+ time, an id, timestamps) tells which addresses are customers.
        if (ctx.path === "/sign-up/email") {
          const returned: unknown = ctx.context.returned;
          if (!returned || returned instanceof Error) return;
          return ctx.json({ token: null, user: null });
        }
        if (ctx.context.returned instanceof Error && !isRedirect(ctx.context.returned)) return;
        if (ctx.path === "/change-password") {
          const userId = ctx.context.session?.user.id;
          if (userId) await retireResetLinks(userId);
          const email = ctx.context.session?.user.email;
          if (email) await sendEmail(passwordChangedMessage(email, forgotPasswordUrl));
          return;
        }
        if (ctx.path === "/verify-email") {
          // A refused link redirects with an error: nothing changed, nobody is told.
          if (!succeeded(ctx.context.returned)) return;
          // A new address confirmed: tell the old one, once the account really carries the new one.
          const change = await emailChangeOf(typeof ctx.query?.token === "string" ? ctx.query.token : "");
          if (!change || change.requestType !== "change-email-verification") return;
          const now = await ctx.context.internalAdapter.findUserById(change.userId);
          if (now?.email.toLowerCase() === change.updateTo) {
            await retireResetLinks(change.userId);
            await sendEmail(emailChangedMessage(change.email, change.updateTo, forgotPasswordUrl));
          }
        }
      }),
    },
    plugins: [
      bearer(),
      // Optional sign-in with an authenticator app (TOTP) and single-use backup codes.
      twoFactor({ issuer: "Leakwarden", backupCodeOptions: { amount: 10, length: 10 } }),
      // Google sign-in asks for the second factor as a password sign-in does (the two-factor plugin only
      // looks at sign-in by password): the session Google's answer made is withdrawn before the browser
      // gets it, and the challenge cookie the plugin's code and backup-code checks read is set instead.
      {
        id: "leakwarden-social-two-factor",
        hooks: {
          after: [
            {
              matcher: (ctx) => ctx.path === "/callback/:id" || ctx.path === "/sign-in/social",
              handler: createAuthMiddleware(async (ctx) => {
                const pending = ctx.context.newSession;
                if (!pending || (pending.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled !== true) return;
                deleteSessionCookie(ctx, true);
                await ctx.context.internalAdapter.deleteSession(pending.session.token);
                ctx.context.setNewSession(null);
                const challenge = `2fa-${generateRandomString(20)}`;
                const expiresAt = new Date(Date.now() + SECOND_FACTOR_SECONDS * 1000);
                await ctx.context.internalAdapter.createVerificationValue({ value: pending.user.id, identifier: challenge, expiresAt });
                await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${challenge}`, expiresAt });
                const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: SECOND_FACTOR_SECONDS });
                await ctx.setSignedCookie(cookie.name, challenge, ctx.context.secret, cookie.attributes);
                settings.logger?.info({ userId: pending.user.id }, "Google sign-in waits for the two-factor code");
                // A sign-in with a Google ID token answers in JSON, as a password sign-in does; the redirect flow lands on the code page.
                if (ctx.path === "/sign-in/social") return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
                throw ctx.redirect(new URL(SECOND_FACTOR_PAGE, settings.publicUrl).toString());
              }),
            },
          ],
        },
      },
      // After the two-factor plugins, whose hooks withdraw the session of a sign-in still waiting for its code:
      // only a sign-in that is complete reaches here with a new session.
      {
        id: "leakwarden-signed-in",
        hooks: {
          after: [
            {
              matcher: () => true,
              handler: createAuthMiddleware(async (ctx) => {
                const created = ctx.context.newSession;
                if (created && settings.onSignedIn) await settings.onSignedIn(created.user.id);
              }),
            },
          ],
        },
      },
    ],
  });
}

/** Whether a link endpoint's answer is a success: a JSON answer, or a redirect that carries no error. */
function succeeded(value: unknown): boolean {
  if (!(value instanceof Error)) return value !== undefined && value !== null;
  if (!isRedirect(value)) return false;
  const location = (value as { headers?: Headers }).headers?.get?.("location") ?? "";
  try {
    return !new URL(location, "http://localhost").searchParams.has("error");
  } catch {
    return false;
  }
}

/** A redirect is how a link endpoint answers success as well as failure. */
function isRedirect(value: unknown): boolean {
  const status = (value as { statusCode?: unknown } | null)?.statusCode;
  return status === 302 || status === 301 || status === 307 || status === 303;
}

export type Auth = ReturnType<typeof createAuth>;
