import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../lib/app-error";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AppVariables {
  clientIp: string;
  user: SessionUser | null;
  /** How the session came: a browser cookie or an API client's bearer token. */
  authKind: "cookie" | "bearer" | null;
}

export type AppEnv = { Variables: AppVariables };
export type AppContext = Context<AppEnv>;

export function currentUser(c: AppContext): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  return user;
}

/** Parses a JSON body with a contract schema; malformed JSON and bad fields are a 400. */
export async function readJson<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
  return schema.parse(body);
}

/** Like readJson, for endpoints whose body may be empty. */
export async function readOptionalJson<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  if (text.trim() === "") return schema.parse({});
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
  return schema.parse(body);
}

export function readQuery<S extends z.ZodType>(c: AppContext, schema: S): z.output<S> {
  return schema.parse(c.req.query());
}
