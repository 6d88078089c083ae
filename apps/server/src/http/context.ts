import { controlCharacterFields, recordIdSchema } from "@leakwarden/contracts/input";
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
  /** The path's id, once ownedId has found it among her records (unset until then). */
  ownedId?: string;
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

/**
 * The contract schema each route has read its input with ("POST /v1/leaks/:id/dismiss" → body schema),
 * filled in as routes run: the route sweep (route-sweep.test.ts) reads it to send every text field of
 * every route's contract oversized. One entry per route, never more.
 */
export const routeInputs = new Map<string, { in: "body" | "query"; schema: z.ZodType }>();

function noteInput(c: AppContext, where: "body" | "query", schema: z.ZodType) {
  // A route whose path names a record reads nothing else until the record is found hers: another
  // creator's id must answer 404 whatever the input, never a validation message about it.
  if (/\/:[A-Za-z]/.test(c.req.routePath) && c.get("ownedId") === undefined) {
    throw new Error(`${c.req.method} ${c.req.routePath} reads its input before finding its id among her records (use ownedId first)`);
  }
  const key = `${c.req.method} ${c.req.routePath}`;
  if (!routeInputs.has(key)) routeInputs.set(key, { in: where, schema });
}

/** Parses a JSON body with a contract schema; malformed JSON and bad fields are a 400. */
export async function readJson<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  noteInput(c, "body", schema);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
  return parseInput(schema, body);
}

/** Like readJson, for endpoints whose body may be empty. */
export async function readOptionalJson<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  noteInput(c, "body", schema);
  const text = await c.req.text();
  if (text.trim() === "") return schema.parse({});
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
  return parseInput(schema, body);
}

export function readQuery<S extends z.ZodType>(c: AppContext, schema: S): z.output<S> {
  noteInput(c, "query", schema);
  return parseInput(schema, c.req.query());
}

/**
 * The `:id` of a path: an id that is not a UUID names no record, hers or anyone's,
 * and is answered like one that does not exist (never passed to the database).
 */
export function idParam(c: AppContext, name = "id"): string {
  const parsed = recordIdSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError("NOT_FOUND", "Not found.");
  return parsed.data.toLowerCase();
}

/**
 * The `:id` of a path, found among the signed-in creator's records before anything else of the
 * request is read: an id that is not hers (another creator's, or none at all) answers 404 whatever
 * the body or query says, so no validation message tells anything about another creator's record.
 * Every route with an id that reads input calls it first: readJson, readOptionalJson and readQuery
 * refuse to read on such a route until it has.
 */
export async function ownedId(c: AppContext, owns: (userId: string, id: string) => Promise<boolean>, notFound = "Not found.", name = "id"): Promise<string> {
  const parsed = recordIdSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError("NOT_FOUND", notFound);
  const id = parsed.data.toLowerCase();
  if (!(await owns(currentUser(c).id, id))) throw new AppError("NOT_FOUND", notFound);
  c.set("ownedId", id);
  return id;
}

/** Every input: no control character in any text (contracts/input), then its contract schema. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const fields = controlCharacterFields(input);
  if (fields) throw new AppError("VALIDATION", "Some fields are not valid.", fields);
  return schema.parse(input);
}
