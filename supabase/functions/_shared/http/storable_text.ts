/**
 * Text PostgreSQL cannot store, found before a function does anything with
 * a request (so before any paid provider call): `text` and `jsonb` refuse the
 * NUL character (U+0000: "invalid byte sequence for encoding UTF8: 0x00",
 * SQLSTATE 22021; jsonb: "unsupported Unicode escape sequence", 22P05), and
 * a UTF-16 surrogate without its pair has no UTF-8 form at all (JSON.parse
 * accepts `"\ud800"`; it reaches the database as U+FFFD at best, or fails).
 * Both are refused with a 400 that names the field.
 */

export type UnstorableProblem = "nul" | "lone_surrogate";

export const UNSTORABLE_MESSAGES: Readonly<Record<UnstorableProblem, string>> = {
  nul: "Contains a NUL character (U+0000), which cannot be stored",
  lone_surrogate: "Contains an unpaired surrogate (a broken Unicode character), which cannot be stored",
};

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): UnstorableProblem | null {
  if (text.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(text)) return "lone_surrogate";
  return null;
}

/** The first string (or object key) in a parsed JSON value that cannot be stored, with its path; null when all can. */
export function findUnstorableText(
  value: unknown,
  path: readonly (string | number)[] = [],
): { path: (string | number)[]; problem: UnstorableProblem } | null {
  if (typeof value === "string") {
    const problem = problemOf(value);
    return problem ? { path: [...path], problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = problemOf(key);
      if (keyProblem) return { path: [...path], problem: keyProblem };
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
