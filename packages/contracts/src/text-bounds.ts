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

export function textLeaves(schema: z.core.$ZodType, path: (string | number)[] = []): TextLeaf[] {
  // Zod's union of its own schema types, as zod documents for walking a schema: each case below
  // narrows the definition to that type's, so every field read is checked.
  const known = schema as z.core.$ZodTypes;
  const def = known._zod.def;
  switch (def.type) {
    case "string": {
      // The tightest max-length check (zod's own union of its checks narrows each check's definition).
      const maxima = (def.checks ?? []).map((check) => (check as z.core.$ZodChecks)._zod.def).flatMap((d) => (d.check === "max_length" || d.check === "length_equals" ? [d.check === "max_length" ? d.maximum : d.length] : []));
      return [{ path, max: maxima.length > 0 ? Math.min(...maxima) : null }];
    }
    case "object":
      return Object.entries(def.shape).flatMap(([k, v]) => textLeaves(v, [...path, k]));
    case "array":
      return textLeaves(def.element, [...path, 0]);
    case "record":
      return [...textLeaves(def.keyType, path).map((l) => ({ ...l, key: true })), ...textLeaves(def.valueType, [...path, "key"])];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return textLeaves(def.innerType, path);
    case "pipe":
      return textLeaves(def.in, path);
    case "union": {
      const seen = new Map<string, TextLeaf>();
      for (const option of def.options) {
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
      return [...textLeaves(def.left, path), ...textLeaves(def.right, path)];
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
