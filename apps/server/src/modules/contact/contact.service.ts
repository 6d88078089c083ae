import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { contactTopics, type ContactFormToken, type ContactRequest, type ContactResponse } from "@leakwarden/contracts/contact";
import type { Db } from "../../db/client";
import { countInWindow } from "../../db/window-count";
import { addressKey } from "../../http/request-limit";
import type { OutgoingEmail } from "../../email/mailer";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import { contactCopyMessage, supportTicketMessage } from "./contact-templates";
import { deleteCountersBefore } from "./contact.repository";

export interface ContactSettings {
  /** The support inbox (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Signs the form tokens (the auth secret). */
  secret: string;
  publicUrl: string;
  /** A form sent sooner than this after it was shown is a robot's. */
  minSubmitSeconds: number;
  /** Messages one client address may send per window. */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
}

/** A form token is good for a day: long enough for someone who writes slowly, short enough to be worthless to a spammer. */
const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Copies of their own message one address may receive a day: the form must not mail strangers on anyone's behalf. */
const COPIES_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The form's counters in the rate_limit table (a LIKE prefix: no wildcard inside). */
export const CONTACT_COUNTER_PREFIX = "contact|";

// Crockford base32 without I, L, O, U: a reference read aloud or typed is not misread.
const TICKET_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ticket reference such as LW-7K3QH9AD (40 random bits). */
export function newTicketReference(): string {
  const bytes = randomBytes(8);
  return `LW-${[...bytes].map((b) => TICKET_ALPHABET[b % 32]).join("")}`;
}

export const contactRefusals = {
  honeypot: "Your message looks automated and was not sent. If you are a person, reload the page and send it again.",
  tooFast: "That was quicker than anyone can write a message. Wait a few seconds and send it again.",
  badToken: "The form has expired. Reload the page and send it again.",
  usedToken: "This form was already sent. Reload the page to write another message.",
  rateLimited: "You have sent several messages in a short time. Please wait an hour before sending another, or write to us by email.",
  emailRequired: "Enter the email address we should answer.",
} as const;

export interface ContactDeps {
  db: Db;
  logger: Logger;
  settings: ContactSettings;
  sendEmail(email: OutgoingEmail): Promise<void>;
  now?: () => Date;
}

export function createContactService({ db, logger, settings, sendEmail, now = () => new Date() }: ContactDeps) {
  const sign = (payload: string) => createHmac("sha256", settings.secret).update(`contact-form:${payload}`).digest("base64url");

  const hit = (key: string, windowMs: number) => countInWindow(db, key, windowMs, now().getTime());
  /**
   * The counters are keyed by a keyed digest (HMAC with the server's secret), never the socket
   * address or the email address itself: the table cannot be read back into who wrote.
   */
  const counterKey = (kind: "ip" | "to" | "token", value: string) => `${CONTACT_COUNTER_PREFIX}${kind}|${createHmac("sha256", settings.secret).update(`contact-counter:${kind}:${value}`).digest("hex")}`;

  return {
    /** A token that carries the time the form was shown, signed so that it cannot be back-dated. */
    formToken(): ContactFormToken {
      const payload = `${now().getTime()}.${randomBytes(6).toString("base64url")}`;
      return { token: `${payload}.${sign(payload)}`, minSeconds: settings.minSubmitSeconds };
    },

    async submit(input: ContactRequest, from: { ip: string; user: { id: string; email: string } | null }): Promise<ContactResponse> {
      // The field no person sees: only a robot fills it in.
      if (input.website && input.website.trim() !== "") {
        logger.info({ ip: from.ip }, "contact form: honeypot filled, refused");
        throw new AppError("VALIDATION", contactRefusals.honeypot);
      }
      const shownAt = verifyToken(input.formToken);
      if (shownAt === null) throw new AppError("VALIDATION", contactRefusals.badToken, { formToken: contactRefusals.badToken });
      if (now().getTime() - shownAt < settings.minSubmitSeconds * 1000) throw new AppError("VALIDATION", contactRefusals.tooFast);

      // Signed in: her account's address, whatever the body says. Signed out: the one she typed.
      const email = from.user?.email ?? input.email;
      if (!email) throw new AppError("VALIDATION", contactRefusals.emailRequired, { email: contactRefusals.emailRequired });

      const windowMs = settings.rateLimitWindowSeconds * 1000;
      // Counters whose window is over (the longer of the limit's and a day) are deleted as each message comes.
      await deleteCountersBefore(db, CONTACT_COUNTER_PREFIX, now().getTime() - Math.max(windowMs, DAY_MS));
      if ((await hit(counterKey("ip", addressKey(from.ip)), windowMs)) > settings.rateLimitMax) {
        throw new AppError("RATE_LIMITED", contactRefusals.rateLimited, undefined, { retryAfterSeconds: settings.rateLimitWindowSeconds });
      }
      // A form is sent once: its token's digest is taken, and a second post with it (a script replaying
      // one shown form) is refused. Counted for as long as the token could be valid.
      if ((await hit(counterKey("token", input.formToken), TOKEN_MAX_AGE_MS)) > 1) {
        throw new AppError("VALIDATION", contactRefusals.usedToken, { formToken: contactRefusals.usedToken });
      }
      const copyAllowed = (await hit(counterKey("to", email.toLowerCase()), DAY_MS)) <= COPIES_PER_ADDRESS_PER_DAY;

      const ticket = newTicketReference();
      const topic = contactTopics.find((t) => t.id === input.topic)!;
      const message = input.message.trim();
      const mail = { ticket, topic: topic.label, email, message };
      await sendEmail(supportTicketMessage(settings.supportEmail, mail, { userId: from.user?.id ?? null, ip: from.ip, receivedAt: now() }));
      if (copyAllowed) {
        // Only our fixed words and the reference: the address may be anyone's, typed by a stranger.
        await sendEmail(contactCopyMessage({ ticket, email }, `${settings.publicUrl}/contact`));
      } else {
        logger.info({ ticket }, "contact form: copy not sent, this address had its copies for the day");
      }
      logger.info({ ticket, topic: topic.id, signedIn: Boolean(from.user) }, "contact message sent to support");
      return { ticket, email };
    },
  };

  /** The time the form was shown, or null for a token we did not sign or that is too old. */
  function verifyToken(token: string): number | null {
    const last = token.lastIndexOf(".");
    if (last <= 0) return null;
    const payload = token.slice(0, last);
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(token.slice(last + 1));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const shownAt = Number(payload.split(".")[0]);
    if (!Number.isSafeInteger(shownAt)) return null;
    const age = now().getTime() - shownAt;
    if (age < 0 || age > TOKEN_MAX_AGE_MS) return null;
    return shownAt;
  }
}

export type ContactService = ReturnType<typeof createContactService>;
