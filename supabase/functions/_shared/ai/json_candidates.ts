import { endOfBalanced } from "../contracts/json_text.ts";

/**
 * The JSON values of the given kind found in model output, best guess first:
 * the whole text, then every balanced `[...]` / `{...}` from left to right
 * (models wrap JSON in prose or Markdown fences). Callers take the first
 * candidate that validates.
 */
export function* jsonCandidates(text: string, kind: "array" | "object"): Generator<unknown> {
  const isKind = (value: unknown) =>
    kind === "array" ? Array.isArray(value) : typeof value === "object" && value !== null && !Array.isArray(value);
  const trimmed = text.trim();
  const whole = tryParseJson(trimmed);
  if (isKind(whole)) yield whole;
  const open = kind === "array" ? "[" : "{";
  for (let start = text.indexOf(open); start !== -1; start = text.indexOf(open, start + 1)) {
    const end = endOfBalanced(text, start);
    if (end === undefined) continue;
    const slice = text.slice(start, end);
    if (slice === trimmed) continue;
    const value = tryParseJson(slice);
    if (isKind(value)) yield value;
  }
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
