import type OpenAI from "openai";
import { isJsonObject, modelJsonCandidates, parseNumber, pick, toText } from "../_shared/ai/model_json.ts";
import { ModelOutputError } from "../_shared/ai/provider_failure.ts";
import {
  type CompetitionLevel,
  KEYWORD_COUNT,
  type KeywordItem,
  type KeywordsResponse,
} from "../_shared/contracts/keywords.ts";

/** Spec §8: shown for every failure that has no more specific provider message. */
export const KEYWORDS_FAILURE_MESSAGE = "Failed to generate keywords. Please check your API key and try again.";

export function buildKeywordMessages(topic: string): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    {
      role: "system",
      content: [
        "You are an SEO keyword researcher.",
        `Suggest exactly ${KEYWORD_COUNT} keyword phrases a blogger could target for the topic the user gives.`,
        "Answer with only a JSON array of objects with these fields:",
        '- keyword: the phrase; - searchVolume: estimated monthly searches as text, e.g. "1.2K";',
        "- difficulty: ranking difficulty, an integer from 1 to 100;",
        '- cpc: estimated cost per click as text, e.g. "$1.20"; - competition: "low", "medium" or "high".',
        "Write the keyword phrases in the language of the topic.",
      ].join("\n"),
    },
    { role: "user", content: `Topic: ${topic}` },
  ];
}

const KEYWORD_NAMES = ["keyword", "keywordPhrase", "phrase", "keyphrase", "term", "query", "name"];
const VOLUME_NAMES = ["searchVolume", "volume", "monthlySearches", "monthlySearchVolume", "avgMonthlySearches", "searches"];
const DIFFICULTY_NAMES = ["difficulty", "keywordDifficulty", "seoDifficulty", "kd", "difficultyScore"];
const CPC_NAMES = ["cpc", "costPerClick", "avgCpc"];
const COMPETITION_NAMES = ["competition", "competitionLevel", "comp"];

/** What could not be read, counted per estimate over all items. */
type Unreadable = { searchVolume: number; difficulty: number; cpc: number; competition: number };

/** Search volume and CPC are display text; a number becomes "1,200". */
function displayText(value: unknown): string | null | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value.toLocaleString("en-US") : undefined;
  const text = toText(value);
  return text === undefined ? undefined : text === "" || /^n\/?a$/i.test(text) ? null : text;
}

/** 1 to 100 from 45, "45", "45%", "45/100", "45.4"; null when missing; undefined when unreadable or out of range. */
function difficultyOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "" || (typeof value === "string" && /^n\/?a$/i.test(value))) {
    return null;
  }
  const number = parseNumber(value);
  if (number === undefined) return undefined;
  const rounded = Math.round(number);
  return rounded >= 1 && rounded <= 100 ? rounded : undefined;
}

const COMPETITION_WORDS: Record<string, CompetitionLevel> = {
  low: "low",
  verylow: "low",
  medium: "medium",
  med: "medium",
  mid: "medium",
  moderate: "medium",
  high: "high",
  veryhigh: "high",
};

/**
 * "low", "Low", "LOW", "very high", "moderate", or a competition index
 * (0–1 as ad tools give it, or 0–100) split in thirds; null when missing,
 * undefined when unreadable.
 */
function competitionOf(value: unknown): CompetitionLevel | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string") {
    const word = value.toLowerCase().replace(/[^a-z]/g, "");
    if (word === "na") return null;
    if (word in COMPETITION_WORDS) return COMPETITION_WORDS[word];
  }
  const number = parseNumber(value);
  if (number === undefined || number < 0 || number > 100) return undefined;
  const share = number <= 1 ? number : number / 100;
  return share < 1 / 3 ? "low" : share < 2 / 3 ? "medium" : "high";
}

/** One item of the model's list: an object in any key casing, or just the phrase. Undefined without a keyword. */
function readItem(entry: unknown, unreadable: Unreadable): KeywordItem | undefined {
  if (typeof entry === "string") {
    const keyword = entry.trim();
    return keyword ? { keyword, searchVolume: null, difficulty: null, cpc: null, competition: null } : undefined;
  }
  if (!isJsonObject(entry)) return undefined;
  const keywordValue = pick(entry, KEYWORD_NAMES);
  const keyword = typeof keywordValue === "string" || typeof keywordValue === "number"
    ? String(keywordValue).trim()
    : "";
  if (!keyword) return undefined;
  const readOrCount = <T>(field: keyof Unreadable, read: T | undefined): T | null => {
    if (read !== undefined) return read;
    unreadable[field]++;
    return null;
  };
  return {
    keyword,
    searchVolume: readOrCount("searchVolume", displayText(pick(entry, VOLUME_NAMES))),
    difficulty: readOrCount("difficulty", difficultyOf(pick(entry, DIFFICULTY_NAMES))),
    cpc: readOrCount("cpc", displayText(pick(entry, CPC_NAMES))),
    competition: readOrCount("competition", competitionOf(pick(entry, COMPETITION_NAMES))),
  };
}

/** `fromObjects`: items that were objects rather than bare phrases (a list of them is the better guess). */
type Reading = { items: KeywordItem[]; fromObjects: number; dropped: number; unreadable: Unreadable; truncated: boolean };

/** The items of one candidate list: invalid ones dropped, duplicates (ignoring case) removed, at most KEYWORD_COUNT. */
function readList(list: unknown[], truncated: boolean): Reading {
  const unreadable: Unreadable = { searchVolume: 0, difficulty: 0, cpc: 0, competition: 0 };
  const seen = new Set<string>();
  const items: KeywordItem[] = [];
  let fromObjects = 0;
  let dropped = 0;
  for (const entry of list) {
    if (items.length === KEYWORD_COUNT) break;
    const item = readItem(entry, unreadable);
    if (!item) {
      dropped++;
      continue;
    }
    const key = item.keyword.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
    if (isJsonObject(entry)) fromObjects++;
  }
  return { items, fromObjects, dropped, unreadable, truncated };
}

const ESTIMATE_LABELS: Record<keyof Unreadable, string> = {
  searchVolume: "search volume",
  difficulty: "difficulty",
  cpc: "CPC",
  competition: "competition",
};

function notesFor({ dropped, unreadable, truncated }: Reading): string[] {
  const notes: string[] = [];
  if (dropped === 1) notes.push("1 suggestion without a readable keyword was left out.");
  if (dropped > 1) notes.push(`${dropped} suggestions without a readable keyword were left out.`);
  for (const [field, count] of Object.entries(unreadable) as [keyof Unreadable, number][]) {
    if (count === 0) continue;
    const which = count === 1 ? "1 keyword" : `${count} keywords`;
    notes.push(`The ${ESTIMATE_LABELS[field]} of ${which} could not be read; shown as N/A.`);
  }
  if (truncated) notes.push("The answer was cut off before the end; only the complete suggestions are shown.");
  return notes;
}

/**
 * The keyword items in the model's answer (spec §7: search the content for a
 * JSON array), read leniently: keys in any casing or under common other
 * names, a bare phrase for an item, numbers as "1,200" or "45%", "Low" or
 * "HIGH" for the competition. Every array in the text (and, if the answer
 * stops part-way, the complete items in it) is tried and the one giving most
 * keyword objects, then most keywords, wins (a list of phrases nested in an
 * item must not beat the list of items). An estimate that cannot be read is null (N/A) and named in
 * `notes`; an item without a keyword is dropped. Throws ModelOutputError with
 * the spec's message only when no keyword could be read.
 */
export function parseKeywords(content: string): KeywordsResponse {
  let best: Reading | undefined;
  for (const { value, truncated } of modelJsonCandidates(content, "array")) {
    const reading = readList(value as unknown[], truncated);
    const better = !best || reading.fromObjects > best.fromObjects ||
      (reading.fromObjects === best.fromObjects && reading.items.length > best.items.length);
    if (better) best = reading;
  }
  if (!best || best.items.length === 0) throw new ModelOutputError(KEYWORDS_FAILURE_MESSAGE);
  return { keywords: best.items, notes: notesFor(best) };
}
