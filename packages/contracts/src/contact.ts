import { z } from "zod";

/** What a message to support is about: the support inbox sorts by it. */
export const contactTopics = [
  { id: "account", label: "My account or signing in" },
  { id: "scan", label: "Scans and leaks found" },
  { id: "takedown", label: "Takedown notices" },
  { id: "billing", label: "Plans and billing" },
  { id: "privacy", label: "My data and privacy" },
  { id: "other", label: "Something else" },
] as const;
export type ContactTopic = (typeof contactTopics)[number]["id"];

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const EMAIL_MAX = 254;

export const contactMessages = {
  topicRequired: "Choose what your message is about.",
  messageTooShort: `Write at least ${CONTACT_MESSAGE_MIN} characters so that we can help.`,
  messageTooLong: `At most ${CONTACT_MESSAGE_MAX} characters.`,
  emailRequired: "Enter the email address we should answer.",
  emailInvalid: "Not a valid email address",
} as const;


/** Her address when she is signed out: one plain address (no display name, no list), since it becomes the support email's Reply-To and the copy's recipient. */
export const contactEmailSchema = z
  .string()
  .trim()
  .min(1, contactMessages.emailRequired)
  .max(EMAIL_MAX, contactMessages.emailInvalid)
  .pipe(z.email(contactMessages.emailInvalid));

/** The form's fields as the browser holds them (the email is left out when she is signed in). */
export const contactFormSchema = z.object({
  topic: z.enum(contactTopics.map((t) => t.id) as [ContactTopic, ...ContactTopic[]], contactMessages.topicRequired),
  message: z.string().trim().min(CONTACT_MESSAGE_MIN, contactMessages.messageTooShort).max(CONTACT_MESSAGE_MAX, contactMessages.messageTooLong),
  email: contactEmailSchema.optional(),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;

/**
 * POST /v1/contact: the form, its signed form token (GET /v1/contact/form, when the form was shown)
 * and the field people never see (`website`), which only a robot fills in.
 */
export const contactRequestSchema = contactFormSchema.extend({
  formToken: z.string().max(512, "The form has expired. Reload the page and send it again."),
  website: z.string().max(200).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** GET /v1/contact/form. */
export const contactFormTokenSchema = z.object({ token: z.string(), minSeconds: z.number() });
export type ContactFormToken = z.infer<typeof contactFormTokenSchema>;

/** POST /v1/contact's answer: the ticket reference, also in both emails. */
export const contactResponseSchema = z.object({ ticket: z.string(), email: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
