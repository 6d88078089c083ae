import { toast } from "sonner";
import { ApiError } from "./api-client";

/** Shown when a failure carries no sentence from the server (a bug in the page, not an answer). */
const FALLBACK = "Please try again.";

/**
 * The one place a failed mutation becomes a toast. The text a person reads is the server's own
 * sentence from `{"error":{"code","message","fields"}}`, never its code. With a title, the toast
 * says what failed and the server's sentence is its description; without, the sentence is the toast.
 */
export function toastMutationError(error: unknown, title?: string): void {
  const message = error instanceof ApiError ? error.message : FALLBACK;
  if (title) toast.error(title, { description: message });
  else toast.error(message);
}

/** `onError` for a mutation: `mutate(vars, { onError: onMutationError("Could not save your alerts") })`. */
export const onMutationError =
  (title?: string) =>
  (error: unknown): void =>
    toastMutationError(error, title);
