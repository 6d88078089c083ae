import { z } from "zod";
import { defineJobType } from "../jobs/job-type";

const emailPayload = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  /** Where answers go (a contact message's sender): one plain address, checked like the recipient. */
  replyTo: z.email().optional(),
  /** Only the one header our own emails set: the unsubscribe link, one URL in angle brackets (no line break can reach the header). */
  headers: z.partialRecord(z.enum(["List-Unsubscribe"]), z.string().max(2000).regex(/^<https?:\/\/[^\s<>]+>$/)).optional(),
});

/** Every email leaves through this job: retried with backoff while the SMTP server is away. */
export const sendEmailJob = defineJobType({
  name: "email.send",
  schema: emailPayload,
  retryLimit: 8,
  retryDelaySeconds: 15,
  retryBackoff: true,
});
