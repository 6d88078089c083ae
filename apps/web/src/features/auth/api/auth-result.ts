import { messages } from "@leakwarden/contracts/validation-messages";

export type AuthResult<T> = { ok: true; data: T } | { ok: false; message: string; code?: string; fields?: Record<string, string>; status?: number };

interface ProviderError {
  status: number;
  message?: string | undefined;
  code?: string | undefined;
  /** Our error shape beside the library's own fields: `{code, message, fields}`. */
  error?: { fields?: Record<string, string> } | undefined;
}

/**
 * The auth server's refusals carry a message meant for people ({code, message}): show it as it is.
 * Anything else (network failure, server error, no message) is the spec's generic error.
 */
export function toAuthResult<T>(result: { data: T | null; error: ProviderError | null }): AuthResult<T> {
  const { data, error } = result;
  if (error) {
    // A refusal, or the server saying it is unavailable (503): both are sentences for her.
    const readable = ((error.status >= 400 && error.status < 500) || error.status === 503) && typeof error.message === "string" && error.message.trim() !== "";
    const fields = readable && error.error?.fields && typeof error.error.fields === "object" ? error.error.fields : undefined;
    return { ok: false, message: readable ? error.message! : messages.unexpectedError, status: error.status, ...(error.code ? { code: error.code } : {}), ...(fields ? { fields } : {}) };
  }
  if (data === null || data === undefined) return { ok: false, message: messages.unexpectedError };
  return { ok: true, data };
}

export function unexpected<T>(): AuthResult<T> {
  return { ok: false, message: messages.unexpectedError };
}
