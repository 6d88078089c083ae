import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { AppError, errorStatus, type ErrorCode } from "../lib/app-error";
import type { Logger } from "../lib/logger";

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>, details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) } };
}

export function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The one error handler: every error answer has the same shape; 5xx details are logged, never sent. */
export function handleError(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof AppError) {
    // An outage is the operator's to see: its cause is logged, never sent.
    if (error.code === "UNAVAILABLE" && error.cause !== undefined) logger.warn({ err: error.cause, path: c.req.path, method: c.req.method }, "service unavailable");
    return c.json(errorBody(error.code, error.message, error.fields, error.details), error.status as ContentfulStatusCode);
  }
  if (error instanceof ZodError) {
    return c.json(errorBody("VALIDATION", "Some fields are not valid.", fieldsFromZod(error)), 400);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = codeForStatus(error.status);
    return c.json(errorBody(code, error.message || defaultMessages[code] || "Bad request."), error.status as ContentfulStatusCode);
  }
  logger.error({ err: error, path: c.req.path, method: c.req.method }, "unhandled error");
  return c.json(errorBody("INTERNAL", "Something went wrong on our side. Please try again."), errorStatus.INTERNAL);
}

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  VALIDATION: "Bad request.",
  UNAUTHENTICATED: "Sign in to continue.",
  FORBIDDEN: "This request is not allowed.",
  NOT_FOUND: "No such endpoint.",
  PAYLOAD_TOO_LARGE: "The request body is too large.",
  RATE_LIMITED: "Too many requests. Please try again later.",
};

/** The generic code of an HTTP error status. */
export function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return "INTERNAL";
  switch (status) {
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
    case 405:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 429:
      return "RATE_LIMITED";
    default:
      return "VALIDATION";
  }
}

/** Which field an auth library error code is about. */
const authCodeFields: Record<string, string> = {
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  INVALID_PASSWORD: "password",
  INVALID_EMAIL: "email",
  AGE_CONFIRMATION_REQUIRED: "ageConfirmed",
  AGE_CONFIRMATION_READ_ONLY: "ageConfirmed",
};

/** What the auth library's refusals that are written for developers ("Invalid origin") say to a person. */
const ORIGIN_REFUSED = "This request came from another site and was refused. Reload the page and try again.";
const LINK_REFUSED = "This link leads away from Leakwarden and was refused. Start again from the Leakwarden site.";
const authCodeMessages: Record<string, string> = {
  INVALID_ORIGIN: ORIGIN_REFUSED,
  MISSING_OR_NULL_ORIGIN: ORIGIN_REFUSED,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: ORIGIN_REFUSED,
  INVALID_CALLBACK_URL: LINK_REFUSED,
  INVALID_REDIRECT_URL: LINK_REFUSED,
  INVALID_ERROR_CALLBACK_URL: LINK_REFUSED,
  INVALID_NEW_USER_CALLBACK_URL: LINK_REFUSED,
  CALLBACK_URL_REQUIRED: LINK_REFUSED,
};

/**
 * An error answer of the auth library ({code, message}, or nothing) in the one error shape. Its own
 * `code` and `message` stay beside `error`, since its browser client reads them there.
 */
export async function inErrorShape(response: Response, logger: Logger, path: string): Promise<Response> {
  if (response.status < 400) return response;
  let original: { code?: unknown; message?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(await response.text());
    if (parsed && typeof parsed === "object") original = parsed as typeof original;
  } catch {
    // an empty or non-JSON body: the status says it all
  }
  const code = codeForStatus(response.status);
  const authCode = typeof original.code === "string" ? original.code : undefined;
  const written = authCode ? authCodeMessages[authCode] : undefined;
  let message = written ?? (typeof original.message === "string" && original.message.trim() !== "" ? original.message : (defaultMessages[code] ?? "Bad request."));
  if (code === "INTERNAL") {
    logger.error({ status: response.status, path, authCode, message }, "auth error");
    message = "Something went wrong on our side. Please try again.";
  }
  const fields: Record<string, string> = {};
  // The library's validation message reads "[body.email] Invalid email address; [body.password] …".
  for (const match of message.matchAll(/\[body\.([A-Za-z0-9_.]+)\]\s*([^;]+)/g)) fields[match[1]!] ??= match[2]!.trim();
  const field = authCode ? authCodeFields[authCode] : undefined;
  if (field && !fields[field]) fields[field] = message;
  const fieldMessages = Object.values(fields);
  if (/^\[body\./.test(message)) message = fieldMessages.length === 1 ? fieldMessages[0]! : "Some fields are not valid.";

  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const body = {
    ...errorBody(code, message, Object.keys(fields).length > 0 ? fields : undefined),
    ...(code === "INTERNAL" ? {} : { ...(authCode ? { code: authCode } : {}), message }),
  };
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}
