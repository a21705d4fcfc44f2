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

/**
 * Closes JSON that stops part-way (a model that ran out of tokens): keeps
 * every member and item written in full and closes the open brackets.
 * Undefined when the text has no unclosed JSON, or nothing complete in it.
 */
export function closeTruncatedJson(text: string): string | undefined {
  for (let start = text.search(/[[{]/); start !== -1; start = nextBracket(text, start + 1)) {
    if (endOfBalanced(text, start) !== undefined) continue;
    const closed = closeFrom(text, start);
    if (closed !== undefined && parses(closed)) return closed;
  }
  return undefined;
}

function nextBracket(text: string, from: number): number {
  const index = text.slice(from).search(/[[{]/);
  return index === -1 ? -1 : from + index;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The text from `start` (an unclosed bracket) cut after its last complete member or item, with its brackets closed. */
function closeFrom(text: string, start: number): string | undefined {
  const stack: string[] = [];
  let inString = false;
  /** The last place the text can be cut and closed: the index, and the brackets open there. */
  let cut: { index: number; open: string[] } | undefined;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") {
      stack.push(char);
      cut = { index: index + 1, open: [...stack] };
    } else if (char === "}" || char === "]") {
      stack.pop();
      cut = { index: index + 1, open: [...stack] };
    } else if (char === ",") {
      cut = { index, open: [...stack] };
    }
  }
  if (!cut) return undefined;
  const closers = cut.open.reverse().map((bracket) => (bracket === "{" ? "}" : "]")).join("");
  return text.slice(start, cut.index).replace(/,\s*$/, "") + closers;
}
