import type { z } from "zod";

/**
 * Every text field of an input schema, found by walking it: where it is (its path, with 0 for
 * "any element" of a list and "key" for a record's values) and the most characters it takes (null:
 * no bound). The input side of a pipe is what a client sends, so that is the side walked.
 * Tests use it to prove that every text a client sends has a bound (route-sweep, text-bounds.test).
 */
export interface TextLeaf {
  path: (string | number)[];
  /** A record's key rather than a value. */
  key?: boolean;
  max: number | null;
}

interface Internals {
  _zod: { def: Record<string, unknown> & { type: string }; bag: { maxLength?: number } };
}

export function textLeaves(schema: z.core.$ZodType, path: (string | number)[] = []): TextLeaf[] {
  const s = schema as unknown as Internals;
  const def = s._zod.def;
  const inner = (key: string) => textLeaves(def[key] as z.core.$ZodType, path);
  switch (def.type) {
    case "string":
      return [{ path, max: typeof s._zod.bag.maxLength === "number" ? s._zod.bag.maxLength : null }];
    case "object":
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([k, v]) => textLeaves(v, [...path, k]));
    case "array":
      return textLeaves(def.element as z.core.$ZodType, [...path, 0]);
    case "record":
      return [...textLeaves(def.keyType as z.core.$ZodType, path).map((l) => ({ ...l, key: true })), ...textLeaves(def.valueType as z.core.$ZodType, [...path, "key"])];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return inner("innerType");
    case "pipe":
      return inner("in");
    case "union": {
      const seen = new Map<string, TextLeaf>();
      for (const option of def.options as z.core.$ZodType[]) {
        for (const leaf of textLeaves(option, path)) {
          const id = `${leaf.key ? "k:" : ""}${leaf.path.join(".")}`;
          const known = seen.get(id);
          // The loosest branch is the bound.
          if (!known || (known.max !== null && (leaf.max === null || leaf.max > known.max))) seen.set(id, leaf);
        }
      }
      return [...seen.values()];
    }
    case "intersection":
      return [...inner("left"), ...inner("right")];
    case "lazy":
      return [];
    default:
      // enum, literal, number, boolean, date, transform, unknown…: no free text
      return [];
  }
}

/** A JSON value with `value` at `path` (0 → a one-element list, "key" → a record's key named "key"), for probing one field. */
export function valueAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === "number" ? [valueAt(rest, value)] : { [head!]: valueAt(rest, value) };
}
