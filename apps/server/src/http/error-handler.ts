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
    return c.json(errorBody(error.code, error.message, error.fields, error.details), error.status as ContentfulStatusCode);
  }
  if (error instanceof ZodError) {
    return c.json(errorBody("VALIDATION", "Some fields are not valid.", fieldsFromZod(error)), 400);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code: ErrorCode = error.status === 413 ? "PAYLOAD_TOO_LARGE" : error.status === 401 ? "UNAUTHENTICATED" : "VALIDATION";
    return c.json(errorBody(code, error.message || "Bad request."), error.status as ContentfulStatusCode);
  }
  logger.error({ err: error, path: c.req.path, method: c.req.method }, "unhandled error");
  return c.json(errorBody("INTERNAL", "Something went wrong on our side. Please try again."), errorStatus.INTERNAL);
}
