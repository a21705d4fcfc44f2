import type OpenAI from "openai";
import { type GenerationSettings, POINT_OF_VIEW_LABELS } from "../contracts/generation_settings.ts";
import { DEFAULT_LOCALE, languageLabel } from "../contracts/locales.ts";

type ChatCompletionMessageParam = OpenAI.Chat.ChatCompletionMessageParam;

/** Used when an assistant has no instructions of its own. */
export const DEFAULT_ASSISTANT_INSTRUCTIONS = "You are an experienced blog writer and SEO editor.";

/**
 * Appended to every assistant's instructions. Structured output enforces the
 * shape; this states what each field must contain.
 */
export const ARTICLE_OUTPUT_CONTRACT = [
  "Answer with one JSON object and nothing else. Its fields, all strings, in this order:",
  "- content: the complete article as clean semantic HTML (h2, h3, p, ul, ol, li, strong, em, a, blockquote),",
  "  without html, head, body or h1 elements, scripts or styles;",
  "- title: the article title, plain text;",
  "- excerpt: a one or two sentence summary, plain text;",
  "- category: one category name;",
  "- tags: three to eight tags as one comma-separated string;",
  "- meta_description: plain text, at most 160 characters, containing the focus keyword;",
  "- focus_keyword: the one key phrase the article should rank for;",
  "- slug: lowercase ASCII words (a-z, 0-9) joined by hyphens; for a language not written in Latin letters,",
  "  transliterate it (or use short English words when there is no customary transliteration).",
].join("\n");

/**
 * The output-language requirement. Instructions stay in English (models
 * follow them best); the language the article must be written in is named
 * explicitly, with its tag, in the system message and again after the
 * user's request, since models otherwise drift into the language of the
 * instructions or of the idea (issue 26).
 */
export function languageRequirement(locale: string): string {
  const language = languageLabel(locale);
  return `Write the whole article in ${language}: the content, title, excerpt, category, tags, ` +
    `meta description and focus keyword, even when the idea or these instructions are in another language.`;
}

/** How prompts describe each tone (generation_settings.ts TONES). */
export const TONE_TEXT: Record<string, string> = {
  neutral: "neutral and informative",
  friendly: "friendly and conversational",
  professional: "professional",
  persuasive: "persuasive",
  playful: "playful and light",
  authoritative: "authoritative and expert",
};

const ELEMENT_TEXT: Record<string, string> = {
  "key-takeaways": "a short Key takeaways list near the start (an h2 and a ul)",
  table: "one HTML table (table, thead, tbody, tr, th, td) where it helps compare or summarise",
  faq: "an FAQ section near the end (an h2, then each question as an h3 followed by its answer)",
  "call-to-action": "a closing call to action addressed to the reader",
};

/** The generation settings as instructions; [] when none is set. */
export function settingsLines(settings: GenerationSettings | null | undefined): string[] {
  if (!settings) return [];
  const lines: string[] = [];
  if (settings.wordTarget) lines.push(`Length: about ${settings.wordTarget} words of article text.`);
  if (settings.tone) lines.push(`Tone: ${TONE_TEXT[settings.tone]}.`);
  if (settings.pointOfView) {
    lines.push(`Point of view: ${POINT_OF_VIEW_LABELS[settings.pointOfView].toLowerCase()} throughout.`);
  }
  if (settings.elements?.length) {
    lines.push(`Include: ${settings.elements.map((element) => ELEMENT_TEXT[element]).join("; ")}.`);
  }
  return lines;
}

export interface ArticleSource {
  idea?: string | null;
  existingArticle?: string | null;
  /** What the user asked for besides the idea (a bulk batch's CSV columns). */
  brief?: ArticleBrief;
  /**
   * Further material for the model, each block appended to the request as a
   * paragraph of its own (for example the user's own pages to link to). The
   * caller states in each block what it is and what to do with it.
   */
  context?: readonly string[];
  /** The BCP-47 tag the article is written in (resolveLocale); English when absent. */
  locale?: string | null;
  /** Length, tone, point of view and elements (the assistant's defaults merged with the request's). */
  settings?: GenerationSettings | null;
  /** The headings the person approved (propose-outline, then edited): the draft's H2s, in this order. */
  outline?: readonly string[] | null;
}

export interface ArticleBrief {
  focusKeyword?: string | null;
  categories?: readonly string[];
  tags?: readonly string[];
}

/**
 * System: the assistant's instructions, the output contract, the language
 * requirement and the settings. User: the idea and/or the pasted article,
 * then the approved outline, the brief and the context, if any, then the language requirement
 * again (the last thing the model reads).
 */
export function buildArticleMessages(instructions: string, source: ArticleSource): ChatCompletionMessageParam[] {
  const requirement = languageRequirement(source.locale ?? DEFAULT_LOCALE);
  const settings = settingsLines(source.settings);
  const request = [
    userRequest(source),
    outlineRequirement(source.outline),
    ...briefLines(source.brief ?? {}),
    ...(source.context ?? []),
    `Output language: ${requirement}`,
  ]
    .filter((block) => block.trim())
    .join("\n\n");
  const system = [
    instructions.trim() || DEFAULT_ASSISTANT_INSTRUCTIONS,
    ARTICLE_OUTPUT_CONTRACT,
    requirement,
    settings.join("\n"),
  ].filter(Boolean).join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: request },
  ];
}

function userRequest({ idea, existingArticle }: ArticleSource): string {
  if (existingArticle && idea) {
    return `Improve my existing article, following this idea: ${idea}\n\nThe article:\n\n${existingArticle}`;
  }
  if (existingArticle) {
    return `Improve my existing article and fill in its SEO fields.\n\nThe article:\n\n${existingArticle}`;
  }
  return `Write an article based on this idea: ${idea ?? ""}`;
}

/**
 * The approved outline as a numbered list the model must follow word for
 * word and in order (issue 26: the person controls the outline). Elements
 * asked for in the settings (an FAQ, key takeaways) may add their own h2.
 */
export function outlineRequirement(outline: readonly string[] | null | undefined): string {
  if (!outline?.length) return "";
  return [
    "Outline: use exactly these section headings, word for word and in this order, as the article's h2 elements " +
    "(h3 subsections inside a section are fine; add no other h2 apart from the elements to include):",
    ...outline.map((heading, index) => `${index + 1}. ${heading}`),
  ].join("\n");
}

function briefLines({ focusKeyword, categories = [], tags = [] }: ArticleBrief): string[] {
  return [
    focusKeyword?.trim()
      ? `Focus keyword: ${focusKeyword.trim()} (use it as the focus_keyword, in the title, the first paragraph and the meta description).`
      : "",
    categories.length ? `Category: ${categories.join(", ")}.` : "",
    tags.length ? `Tags: ${tags.join(", ")}.` : "",
  ];
}
