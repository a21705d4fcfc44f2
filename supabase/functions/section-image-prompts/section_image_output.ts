/**
 * The section-images request and the reading of its answer. The answer is
 * asked for as strict structured output (contracts/section_images.ts
 * sectionImagesJsonSchema), so it arrives as `{ images: [...] }`; from a
 * provider without json_schema (completion.ts' fallbacks) it may come
 * wrapped in prose or as a bare list, which is read leniently here.
 */
import type OpenAI from "openai";
import type { JsonAnswer } from "../_shared/ai/completion.ts";
import { closeTruncatedJson, jsonCandidates } from "../_shared/ai/json_candidates.ts";
import { ModelOutputError } from "../_shared/ai/provider_errors.ts";
import { IMAGE_MODEL_SPECS } from "../_shared/contracts/image.ts";
import { languageLabel } from "../_shared/contracts/locales.ts";
import {
  SECTION_IMAGE_ALT_MAX_LENGTH,
  type SectionImagePlan,
  type SectionImageSection,
} from "../_shared/contracts/section_images.ts";

/** Two short fields per section; the rest is room for a reasoning model's thinking. */
export const SECTION_IMAGES_MAX_OUTPUT_TOKENS = 6_000;

/** The shortest prompt any offered image model takes (Recraft V3's), so a plan suits whichever model draws it. */
const PROMPT_MAX_LENGTH = Math.min(...Object.values(IMAGE_MODEL_SPECS).map((spec) => spec.maxPromptLength));

export interface SectionImageSource {
  title: string;
  sections: readonly SectionImageSection[];
  /** The article's language (resolveLocale): the alt text is written in it. */
  locale: string;
}

/**
 * System: what each image is for and the two fields; the alt text's
 * language named explicitly (prompts stay English, which image models read
 * best). User: the title and the numbered sections.
 */
export function buildSectionImageMessages(source: SectionImageSource): OpenAI.Chat.ChatCompletionMessageParam[] {
  const language = languageLabel(source.locale);
  const system = [
    "You plan the illustrations of a blog article: one image placed under each section heading.",
    "For every section, in the order given, write:",
    "- prompt: what the image shows, for an image model, in English: the subject, the setting and the composition, " +
    "specific to that section. No text, letters or logos in the image.",
    `- alt: the image's alt text for readers who cannot see it, in ${language}, one sentence of at most ` +
    `${SECTION_IMAGE_ALT_MAX_LENGTH} characters, describing what the image shows.`,
    'Answer with one JSON object {"images": [{"prompt": "...", "alt": "..."}, ...]} with exactly one entry per section, and nothing else.',
    `Write every alt text in ${language}, even when the article or these instructions are in another language.`,
  ].join("\n");
  const sections = source.sections.map((section, index) =>
    [`Section ${index + 1}: ${section.heading}`, section.text].filter(Boolean).join("\n")
  );
  return [
    { role: "system", content: system },
    { role: "user", content: [source.title && `Article title: ${source.title}`, ...sections].filter(Boolean).join("\n\n") },
  ];
}

function clip(text: string, length: number): string {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return trimmed.length <= length ? trimmed : trimmed.slice(0, length - 1).trimEnd() + "…";
}

/**
 * The entries of one candidate (`{ images: [...] }`, or a bare list from a
 * text answer), in place: an entry without both fields is null, so the
 * entries after it keep their sections.
 */
function plansOf(candidate: unknown): (SectionImagePlan | null)[] {
  const list = Array.isArray(candidate)
    ? candidate
    : candidate && typeof candidate === "object" && Array.isArray((candidate as { images?: unknown }).images)
    ? (candidate as { images: unknown[] }).images
    : [];
  return list.map((entry) => {
    const { prompt, alt } = (entry ?? {}) as { prompt?: unknown; alt?: unknown };
    if (typeof prompt !== "string" || typeof alt !== "string" || !prompt.trim() || !alt.trim()) return null;
    return { prompt: clip(prompt, PROMPT_MAX_LENGTH), alt: clip(alt, SECTION_IMAGE_ALT_MAX_LENGTH) };
  });
}

function firstReading(content: string): (SectionImagePlan | null)[] | undefined {
  for (const kind of ["object", "array"] as const) {
    for (const candidate of jsonCandidates(content, kind)) {
      const plans = plansOf(candidate);
      if (plans.some(Boolean)) return plans;
    }
  }
  return undefined;
}

/**
 * One plan per section, in order. An answer with fewer entries than
 * sections (cut at the length limit, or a model that skipped some) is
 * refused rather than padded: an image for the wrong section, or a made-up
 * description, is worse than asking again. An unusable entry among them
 * (a blank prompt or alt) counts as missing. Extra entries are dropped.
 */
export function parseSectionImages(answer: JsonAnswer, sections: readonly SectionImageSection[]): SectionImagePlan[] {
  const entries = firstReading(answer.content) ??
    (answer.truncated ? firstReading(closeTruncatedJson(answer.content) ?? "") : undefined) ?? [];
  // One entry per section, by position: a missing or unusable one refuses the answer (the rest would be off by one).
  const plans = entries.slice(0, sections.length).filter((plan): plan is SectionImagePlan => plan !== null);
  if (plans.length < sections.length) {
    throw new ModelOutputError(
      answer.truncated
        ? "The model's answer was cut off before every section had an image. Try again, or with fewer sections."
        : `The model planned ${plans.length} of ${sections.length} section images. Try again.`,
    );
  }
  return plans;
}
