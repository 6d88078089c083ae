import { defineJob } from "../jobs/queue";
import { sendEmailJob } from "./email.job-definitions";
import type { Mailer } from "./mailer";

export function createSendEmailJob(mailer: Mailer) {
  return defineJob({
    ...sendEmailJob,
    async handler(email) {
      await mailer.send(email);
    },
  });
}
