import * as z from "zod";

/**
 * Rules every input obeys before it reaches the database, whatever the field.
 *
 * Text never carries control characters: NUL cannot be stored in a PostgreSQL
 * text column at all, and the others (escape sequences, form feeds, the C1
 * range) only serve to disguise a value in a log line, a mail header or a
 * notice. Tab, line feed and carriage return are text; a field that must stay
 * on one line says so with singleLine.
 */

/** C0 controls but tab, line feed and carriage return; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

export const CONTROL_CHARACTER_MESSAGE = "Contains a control character.";

export function hasControlCharacter(s: string): boolean {
  return CONTROL.test(s);
}

/** Deepest nesting walked; anything deeper is refused as a whole. */
const MAX_DEPTH = 32;

/**
 * The fields of a parsed JSON body or query whose text (keys included) carries a
 * control character, by path ("stageNames.0.username"), or null when none does.
 */
export function controlCharacterFields(value: unknown): Record<string, string> | null {
  const fields: Record<string, string> = {};
  const walk = (v: unknown, path: string, depth: number) => {
    if (typeof v === "string") {
      if (CONTROL.test(v)) fields[path || "body"] ??= CONTROL_CHARACTER_MESSAGE;
      return;
    }
    if (!v || typeof v !== "object") return;
    if (depth >= MAX_DEPTH) {
      fields[path || "body"] ??= "Nested too deeply.";
      return;
    }
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) {
      const at = path ? `${path}.${k}` : k;
      if (CONTROL.test(k)) fields[at] ??= CONTROL_CHARACTER_MESSAGE;
      walk(x, at, depth + 1);
    }
  };
  walk(value, "", 0);
  return Object.keys(fields).length > 0 ? fields : null;
}

/** A text field on one line (names, labels, search terms): no control character and no line break. */
export function singleLine(max: number) {
  return z
    .string()
    .max(max, `At most ${max} characters.`)
    .refine((s) => !CONTROL.test(s), CONTROL_CHARACTER_MESSAGE)
    .refine((s) => !LINE_BREAK.test(s), "Must be on one line.");
}

/** The id of a record in a path (/v1/scans/:id): a UUID, whatever the database makes. */
export const recordIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Not an id.");

/**
 * POST /api/auth/update-user: what the account's own settings may change. The
 * name is a bounded line of text; the 18+ confirmation is not changed here.
 */
export const updateUserSchema = z.strictObject({
  name: singleLine(100)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, "Enter a name."))
    .optional(),
  image: z.url({ protocol: /^https?$/ }).max(2048).nullable().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
