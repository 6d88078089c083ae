import { brandedEmail } from "../../email/layout";
import type { OutgoingEmail } from "../../email/mailer";

export interface ContactTicket {
  ticket: string;
  topic: string;
  /** The sender's address, as typed or her account's. */
  email: string;
  message: string;
}

/** The message to the support inbox: plain text, answers go to the sender. */
export function supportTicketMessage(supportEmail: string, t: ContactTicket, from: { userId: string | null; ip: string; receivedAt: Date }): OutgoingEmail {
  return {
    to: supportEmail,
    subject: `[${t.ticket}] ${t.topic}`,
    replyTo: t.email,
    text: [
      `Ticket: ${t.ticket}`,
      `Topic: ${t.topic}`,
      `From: ${t.email}${from.userId ? ` (signed in, account ${from.userId})` : " (not signed in: the address is as typed)"}`,
      `Client address: ${from.ip}`,
      `Received: ${from.receivedAt.toISOString()}`,
      "",
      t.message,
      "",
    ].join("\n"),
  };
}

/**
 * The acknowledgement to the address given as the sender's: fixed words and the ticket reference,
 * nothing the form's sender wrote (not her message, not even the topic). Anyone can type a
 * stranger's address in the form: what reaches that inbox must not be a message of theirs
 * delivered under our name.
 */
export function contactCopyMessage(t: Pick<ContactTicket, "ticket" | "email">, contactUrl: string): OutgoingEmail {
  return brandedEmail({
    to: t.email,
    subject: `We received your message [${t.ticket}]`,
    heading: "We received your message",
    intro: [
      `Thank you for writing to Leakwarden support. Your ticket reference is ${t.ticket}: keep it in the subject if you write again about this.`,
      "A person reads every message and answers by email, to this address.",
    ],
    footer: { reason: `You get this email because this address was entered in the contact form at ${contactUrl}. If it was not you, you can ignore it: nothing was sent in your name.` },
  });
}
