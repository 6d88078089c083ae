import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../lib/app-error";

export const AGE_CONFIRMATION_MESSAGE = "Confirm that you are 18 or older to use Leakwarden.";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** False for an account made without the 18+ confirmation (Google sign-up) until she confirms. */
  ageConfirmed: boolean;
}

export interface AppVariables {
  clientIp: string;
  user: SessionUser | null;
  /** How the session came: a browser cookie or an API client's bearer token. */
  authKind: "cookie" | "bearer" | null;
}

export type AppEnv = { Variables: AppVariables };
export type AppContext = Context<AppEnv>;

/** The signed-in user, whatever her account still owes: only get-user and the age confirmation use it. */
export function signedInUser(c: AppContext): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  return user;
}

/** The signed-in user allowed to use the product: every handler reads her here, so none can forget the 18+ rule. */
export function currentUser(c: AppContext): SessionUser {
  const user = signedInUser(c);
  if (!user.ageConfirmed) throw new AppError("AGE_CONFIRMATION_REQUIRED", AGE_CONFIRMATION_MESSAGE);
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
