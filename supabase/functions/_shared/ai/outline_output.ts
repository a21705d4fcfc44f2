/**
 * The outline request and the reading of its answer (propose-outline, and
 * draft-batch-worker for a batch whose outlines are reviewed). The answer is asked
 * for as strict structured output (contracts/outline.ts outlineJsonSchema),
 * so it arrives as `{ headings: [...] }`; from a provider without
 * json_schema (completion.ts' fallbacks) it may come wrapped in prose or as
 * a bare list, which is read leniently here.
 */
import type OpenAI from "openai";
import { DEFAULT_ASSISTANT_INSTRUCTIONS, settingsLines } from "./article_prompt.ts";
import type { JsonAnswer } from "./completion.ts";
import { closeTruncatedJson, jsonCandidates } from "./json_candidates.ts";
import { ModelOutputError } from "./provider_errors.ts";
import type { GenerationSettings } from "../contracts/generation_settings.ts";
import { DEFAULT_LOCALE, languageLabel } from "../contracts/locales.ts";
import {
  OUTLINE_HEADING_MAX_LENGTH,
  OUTLINE_MAX_HEADINGS,
  type ProposedOutline,
} from "../contracts/outline.ts";

/** An outline is a few hundred tokens; the rest is room for a reasoning model's thinking. */
export const OUTLINE_MAX_OUTPUT_TOKENS = 4_000;

export interface OutlineSource {
  idea: string;
  /** The article's language (resolveLocale); the headings are written in it. */
  locale: string | null;
  settings: GenerationSettings | null;
}

/**
 * System: the assistant's instructions (its voice shapes the headings too),
 * what an outline is, the output language and the generation settings (a
 * word target bounds how many sections fit). User: the idea.
 */
export function buildOutlineMessages(instructions: string, source: OutlineSource): OpenAI.Chat.ChatCompletionMessageParam[] {
  const language = languageLabel(source.locale ?? DEFAULT_LOCALE);
  const system = [
    instructions.trim() || DEFAULT_ASSISTANT_INSTRUCTIONS,
    [
      "Propose the outline of a blog article for the idea the user gives: the section headings (its h2 headings),",
      `in reading order, usually four to eight and never more than ${OUTLINE_MAX_HEADINGS}. Headings are plain text,`,
      "specific to the idea, without numbering. The writer will edit them before the article is written.",
      'Answer with one JSON object {"headings": [...]} and nothing else.',
    ].join("\n"),
    `Write the headings in ${language}, even when the idea or these instructions are in another language.`,
    settingsLines(source.settings).join("\n"),
  ].filter(Boolean).join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: `Article idea: ${source.idea}` },
  ];
}

/** Headings of one candidate (`{ headings: [...] }`, or a bare list from a text answer): trimmed, unnumbered, deduplicated. */
function headingsOf(candidate: unknown): string[] {
  const list = Array.isArray(candidate)
    ? candidate
    : candidate && typeof candidate === "object" && Array.isArray((candidate as { headings?: unknown }).headings)
    ? (candidate as { headings: unknown[] }).headings
    : [];
  const seen = new Set<string>();
  const headings: string[] = [];
  for (const entry of list) {
    if (typeof entry !== "string") continue;
    // One line each: a heading the model broke over lines is joined again.
    const heading = entry.replace(/^\s*(?:\d+[.)]|[-*•])\s+/, "").replace(/\s+/g, " ").trim()
      .slice(0, OUTLINE_HEADING_MAX_LENGTH).trim();
    if (!heading || seen.has(heading.toLowerCase())) continue;
    seen.add(heading.toLowerCase());
    headings.push(heading);
    if (headings.length === OUTLINE_MAX_HEADINGS) break;
  }
  return headings;
}

function firstReading(content: string): string[] | undefined {
  for (const kind of ["object", "array"] as const) {
    for (const candidate of jsonCandidates(content, kind)) {
      const headings = headingsOf(candidate);
      if (headings.length) return headings;
    }
  }
  return undefined;
}

/**
 * The proposed headings, at most OUTLINE_MAX_HEADINGS. An answer cut at the
 * length limit keeps the complete headings that arrived; an answer with no
 * heading is unusable output (502).
 */
export function parseOutline(answer: JsonAnswer): ProposedOutline {
  const headings = firstReading(answer.content) ??
    (answer.truncated ? firstReading(closeTruncatedJson(answer.content) ?? "") : undefined);
  if (!headings) throw new ModelOutputError("The model's answer had no outline headings. Try again.");
  return { headings };
}
