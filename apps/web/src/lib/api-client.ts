import type { ErrorBody } from "@leakwarden/contracts/errors";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorBody["error"]["code"] | "NETWORK",
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** What to tell the user of a failed call: the server's message, or the generic one for anything else. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Something went wrong. Please try again.";
}

/** The one client-side parser of our answers: JSON on success, the error body otherwise. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, body: body ?? null, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "NETWORK", "Network error: check your connection and try again.");
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isErrorBody(data)) {
      const e = data.error;
      throw new ApiError(response.status, e.code, e.message, e.fields, e.details);
    }
    // No error body (a proxy's page, a crash): the status stays on the error, the screen gets a sentence.
    throw new ApiError(response.status, "INTERNAL", "The server could not answer just now. Please try again in a moment.");
  }
  return data as T;
}

/**
 * The contracts' error body ({error: {code, message, fields?, details?}}), checked by hand so that
 * pages without forms do not need a schema library.
 */
function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== "object" || data === null) return false;
  const error = (data as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message, fields, details } = error as Record<string, unknown>;
  const isRecord = (v: unknown) => v === undefined || (typeof v === "object" && v !== null && !Array.isArray(v));
  return typeof code === "string" && typeof message === "string" && isRecord(fields) && isRecord(details);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
