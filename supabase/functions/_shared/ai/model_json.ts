/**
 * Reading the JSON a language model wrote when it did not quite follow the
 * requested shape: the helpers the keyword and SEO parsers use to coerce
 * what can be coerced (a list where text was asked for, "1,200" where a
 * number was, "Low" for "low", keys in another casing) and to tell what
 * cannot. Imports only ./json_candidates.ts and ./json_text.ts.
 */
import { jsonCandidates } from "./json_candidates.ts";
import { endOfBalanced } from "../contracts/json_text.ts";

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A key as compared with the expected names: case, spaces, `_` and `-` do not matter ("monthly_visits" = "monthlyVisits"). */
export function normalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The value of the first key of `object` matching one of `names` (see normalKey); undefined when none does. */
export function pick(object: JsonObject, names: readonly string[]): unknown {
  const wanted = names.map(normalKey);
  for (const name of wanted) {
    for (const [key, value] of Object.entries(object)) {
      if (normalKey(key) === name) return value;
    }
  }
  return undefined;
}

/** Properties that carry an object's text when a model sends `{ "name": …, "score": … }` for a line of text. */
const TEXT_PROPERTIES = ["text", "title", "name", "description", "value", "label", "summary"];
const MAX_DEPTH = 3;

/**
 * Text for a value where text is expected, or undefined when the value has
 * nothing readable. Numbers and booleans become their text, a list becomes
 * its items joined by "; ", an object its text property or its
 * `key: value` pairs; null and missing become "".
 */
export function toText(value: unknown, depth = 0): string | undefined {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => toText(item, depth + 1));
    if (items.some((item) => item === undefined)) return undefined;
    return items.filter((item) => item !== "").join("; ");
  }
  if (isJsonObject(value)) {
    const own = pick(value, TEXT_PROPERTIES);
    if (typeof own === "string" || typeof own === "number") {
      const rest = Object.keys(value).length > 1 ? describeEntries(value, depth, own) : "";
      return [String(own).trim(), rest].filter(Boolean).join(" — ");
    }
    return describeEntries(value, depth);
  }
  return undefined;
}

/** "key: value; key: value" for an object's entries (leaving out `except`, the text already used). */
function describeEntries(object: JsonObject, depth: number, except?: unknown): string | undefined {
  const parts: string[] = [];
  for (const [key, entry] of Object.entries(object)) {
    if (except !== undefined && entry === except) continue;
    const text = toText(entry, depth + 1);
    if (text === undefined) return undefined;
    if (text !== "") parts.push(`${key}: ${text}`);
  }
  return parts.join("; ");
}

/** Lines of a multi-line answer, without list bullets or numbering. */
function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
    .filter(Boolean);
}

/**
 * A list of text where a list is expected, or undefined when the value has
 * nothing readable. Text becomes one item (one per line when it has several
 * lines), an object its `key: value` pairs, null and missing an empty list.
 * Empty items are dropped.
 */
export function toTextList(value: unknown): string[] | undefined {
  if (value === null || value === undefined) return [];
  if (typeof value === "string") return linesOf(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => toText(item, 1));
    if (items.every((item) => item === undefined) && items.length > 0) return undefined;
    return items.filter((item): item is string => item !== undefined && item !== "");
  }
  if (isJsonObject(value)) {
    const items: string[] = [];
    for (const [key, entry] of Object.entries(value)) {
      const text = toText(entry, 1);
      if (text === undefined) return undefined;
      // {"1": "…", "2": "…"} is a numbered list; other keys are labels worth keeping.
      if (text !== "") items.push(/^\d+$/.test(key) ? text : `${key}: ${text}`);
    }
    return items;
  }
  const text = toText(value);
  return text === undefined ? undefined : text === "" ? [] : [text];
}

const MAGNITUDES: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * A number where one is expected: 45, "45", "1,200", "45%", "$1.20",
 * "1.2K", "45/100" (its numerator), "~45". Undefined for anything else
 * ("high", "", a range such as "10-20", null).
 */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const match = value
    .trim()
    .replace(/^[~≈]|^about\s+/i, "")
    .replace(/\s*\/\s*100$/, "")
    .match(/^[$€£]?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*([kmb])?\s*%?$/i);
  if (!match) return undefined;
  const number = Number(`${match[1].replaceAll(",", "")}${match[2] ?? ""}`);
  return number * (match[3] ? MAGNITUDES[match[3].toLowerCase()] : 1);
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

/** A JSON value found in model output, and whether it was closed by closeTruncatedJson. */
export type ModelJson = { value: unknown; truncated: boolean };

/**
 * Every JSON value of `kind` in the model's text (see jsonCandidates), then,
 * if the answer stops part-way, the values in its closed version.
 */
export function* modelJsonCandidates(text: string, kind: "array" | "object"): Generator<ModelJson> {
  for (const value of jsonCandidates(text, kind)) yield { value, truncated: false };
  const closed = closeTruncatedJson(text);
  if (closed === undefined) return;
  for (const value of jsonCandidates(closed, kind)) yield { value, truncated: true };
}
