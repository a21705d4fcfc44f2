/**
 * The names of what the SEO panel checks and the languages it knows, apart
 * from the analysis code, so that settings and lists can name them without
 * loading it.
 */

export type CheckGroup = "seo" | "readability";

/** Every check, in the order the panel shows them, with its label. */
export const ARTICLE_CHECKS = [
  { id: "focus-keyword", group: "seo", label: "Focus keyword" },
  { id: "keyword-in-title", group: "seo", label: "Focus keyword in title" },
  { id: "keyword-in-introduction", group: "seo", label: "Focus keyword in the first paragraph" },
  { id: "keyword-in-meta-description", group: "seo", label: "Focus keyword in meta description" },
  { id: "keyword-in-slug", group: "seo", label: "Focus keyword in slug" },
  { id: "keyword-in-subheading", group: "seo", label: "Focus keyword in a subheading" },
  { id: "keyword-density", group: "seo", label: "Keyword density" },
  { id: "title-length", group: "seo", label: "Title length" },
  { id: "meta-description-length", group: "seo", label: "Meta description length" },
  { id: "text-length", group: "seo", label: "Text length" },
  { id: "internal-links", group: "seo", label: "Internal links" },
  { id: "outbound-links", group: "seo", label: "Outbound links" },
  { id: "image-alt", group: "seo", label: "Image alt text" },
  { id: "subheading-distribution", group: "readability", label: "Subheading distribution" },
  { id: "paragraph-length", group: "readability", label: "Paragraph length" },
  { id: "sentence-length", group: "readability", label: "Sentence length" },
  { id: "passive-voice", group: "readability", label: "Passive voice" },
  { id: "reading-ease", group: "readability", label: "Flesch reading ease" },
] as const satisfies readonly { id: string; group: CheckGroup; label: string }[];

export type ArticleCheckId = (typeof ARTICLE_CHECKS)[number]["id"];

/** The languages with rules of their own (languages.ts), by ISO 639-1 code, for the settings. */
export const KNOWN_LANGUAGE_NAMES = {
  ca: "Catalan",
  zh: "Chinese",
  nl: "Dutch",
  en: "English",
  fr: "French",
  de: "German",
  he: "Hebrew",
  it: "Italian",
  ja: "Japanese",
  fa: "Persian",
  pt: "Portuguese",
  ru: "Russian",
  es: "Spanish",
  th: "Thai",
  tr: "Turkish",
} as const;
export type KnownLanguage = keyof typeof KNOWN_LANGUAGE_NAMES;

/** The languages a user may choose in the SEO settings, by name. */
export const CHOOSABLE_LANGUAGES = (Object.entries(KNOWN_LANGUAGE_NAMES) as [KnownLanguage, string][]).map(
  ([code, name]) => ({ code, name }),
);
