import { Link } from "react-router";
import * as z from "zod/mini";

export const AGE_CONFIRMATION_MESSAGE = "You must confirm that you are 18 or older.";

/** The 18+ checkbox as a form field: ticked, or the message under it. */
export const ageConfirmedField = z.boolean().check(z.refine((v) => v, AGE_CONFIRMATION_MESSAGE));

/** The 18+ checkbox's words, the same at sign-up and on the confirmation a Google sign-up gives later. */
export function AgeConfirmationText() {
  return (
    <span>
      I confirm that I am 18 or older and I accept the{" "}
      <Link to="/terms" className="font-medium text-white underline underline-offset-2">
        Terms of Service
      </Link>{" "}
      and the{" "}
      <Link to="/privacy" className="font-medium text-white underline underline-offset-2">
        Privacy Policy
      </Link>
      .
    </span>
  );
}
