/**
 * AI article drafting: the request the browser sends to `generate-article`,
 * the article the model returns (spec §3 "AI-generated article"), the JSON
 * Schema given to the model as structured output, the streamed event names,
 * and `extractPartialArticle` which fills the form while the JSON is still
 * being written. Shared with the browser: imports nothing but zod/mini (the
 * editor's screens load no other zod) and sibling contracts.
 */
import * as z from "zod/mini";
import { endOfBalanced } from "./json_text.ts";
import { providerProblemSchema } from "./ai_provider.ts";
import { generationSettingsSchema } from "./generation_settings.ts";
import { isSupportedLocale, LOCALE_MESSAGE } from "./locales.ts";
import { outlineHeadingsSchema } from "./outline.ts";

export const ARTICLE_IDEA_MAX_LENGTH = 2_000;
export const EXISTING_ARTICLE_MAX_LENGTH = 60_000;

const optionalText = (maxLength: number, tooLong: string) =>
  z.nullish(z.string().check(z.trim(), z.maxLength(maxLength, tooLong)));

export const generateArticleRequestSchema = z
  .object({
    idea: optionalText(ARTICLE_IDEA_MAX_LENGTH, `Keep the article idea under ${ARTICLE_IDEA_MAX_LENGTH} characters`),
    existingArticle: optionalText(
      EXISTING_ARTICLE_MAX_LENGTH,
      `Keep the existing article under ${EXISTING_ARTICLE_MAX_LENGTH} characters`,
    ),
    assistantId: z.uuid({ error: "Please select an assistant" }),
    /** The article's language (BCP-47, one of LOCALES); absent: the assistant's, else English. */
    locale: z.nullish(z.string({ error: LOCALE_MESSAGE }).check(z.refine(isSupportedLocale, LOCALE_MESSAGE))),
    /** Overrides of the assistant's generation settings for this article. */
    settings: z.nullish(generationSettingsSchema),
    /** The approved outline (contracts/outline.ts): the draft's H2 headings, in order. */
    outline: z.nullish(outlineHeadingsSchema),
  })
  .check(
    z.refine((input) => Boolean(input.idea || input.existingArticle), {
      error: "Either article idea or existing article must be provided",
    }),
  );

export type GenerateArticleRequest = z.input<typeof generateArticleRequestSchema>;

/**
 * The article fields, in the order the model writes them: structured output
 * produces keys in the schema's order, so Content comes first and starts
 * filling the form with the provider's first tokens. The fields summarising
 * the article (title, excerpt, SEO) follow it, written with the whole text
 * already in view.
 */
export const GENERATED_ARTICLE_FIELDS = [
  "content",
  "title",
  "excerpt",
  "category",
  "tags",
  "meta_description",
  "focus_keyword",
  "slug",
] as const;

export type GeneratedArticleField = (typeof GENERATED_ARTICLE_FIELDS)[number];

/** Models behind OpenAI-compatible servers sometimes send a list where one comma-separated string is asked for. */
const commaSeparatedText = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((value: string | string[]) =>
    Array.isArray(value) ? value.map((item) => item.trim()).filter(Boolean).join(", ") : value.trim()
  ),
);

const trimmedText = () => z.string().check(z.trim());
const requiredText = () => z.string().check(z.trim(), z.minLength(1));

export const generatedArticleSchema = z.object({
  title: requiredText(),
  content: requiredText(),
  excerpt: trimmedText(),
  category: commaSeparatedText,
  tags: commaSeparatedText,
  meta_description: trimmedText(),
  focus_keyword: trimmedText(),
  slug: trimmedText(),
});

export type GeneratedArticle = z.output<typeof generatedArticleSchema>;

const FIELD_DESCRIPTIONS: Record<GeneratedArticleField, string> = {
  title: "The article title, plain text.",
  content: "The complete article as clean semantic HTML (h2, h3, p, ul, ol, li, strong, em, a, blockquote); " +
    "no html, head, body or h1 elements, no scripts, no styles.",
  excerpt: "A one or two sentence summary of the article, plain text.",
  category: "One category name for the article.",
  tags: "Three to eight tags as one comma-separated string.",
  meta_description: "The SEO meta description, plain text, at most 160 characters.",
  focus_keyword: "The one SEO focus keyword or key phrase of the article.",
  slug: "The URL slug: lowercase words joined by hyphens.",
};

/**
 * The structured-output schema sent to the model (`response_format.json_schema`).
 * Strict mode needs every property listed in `required` and
 * `additionalProperties: false`.
 */
export const generatedArticleJsonSchema = {
  type: "object",
  properties: Object.fromEntries(
    GENERATED_ARTICLE_FIELDS.map((field) => [field, { type: "string", description: FIELD_DESCRIPTIONS[field] }]),
  ),
  required: [...GENERATED_ARTICLE_FIELDS],
  additionalProperties: false,
} as const;

/** The structured-output name; the fake OpenAI server recognises article requests by it. */
export const ARTICLE_SCHEMA_NAME = "article";

/**
 * `generate-article` answers with Server-Sent Events:
 * - `note`: `{ "note": string }`, something the user should know about how
 *   the draft is written (e.g. without streaming), before the text;
 * - `delta`: `{ "text": string }`, the next piece of the model's raw JSON text;
 * - `language`: `DraftLanguageCheck` (./locales.ts), the finished draft's
 *   language check, sent just before `done`;
 * - `done`: the validated `GeneratedArticle` (its slug made valid), sent once, last;
 * - `error`: `{ "error": string, "problem"?: ProviderProblem }`, sent instead
 *   of `done`, last (the text already sent stays with the user).
 */
export const ARTICLE_STREAM_EVENTS = {
  note: "note",
  delta: "delta",
  language: "language",
  done: "done",
  error: "error",
} as const;

export const articleNoteEventSchema = z.object({ note: z.string() });
export const articleDeltaEventSchema = z.object({ text: z.string() });
export const articleLanguageEventSchema = z.object({
  expected: z.string(),
  detected: z.string(),
  mismatch: z.boolean(),
});
export const articleErrorEventSchema = z.object({ error: z.string(), problem: z.optional(providerProblemSchema) });

const ARTICLE_FIELD_SET: ReadonlySet<string> = new Set(GENERATED_ARTICLE_FIELDS);

/**
 * Reads the fields of an article from JSON text that may be cut off anywhere.
 * Complete fields are returned as they are; a string still being written is
 * returned as far as it goes (an escape sequence cut in half is left out).
 * Lists are joined with ", " and numbers turned into text, like the final
 * validation does. Unknown keys and text before the first `{` (a Markdown
 * fence, say) are ignored. Never throws: it stops at the first thing it
 * cannot read.
 */
export function extractPartialArticle(partialJsonText: string): Partial<GeneratedArticle> {
  const article: Partial<Record<GeneratedArticleField, string>> = {};
  const reader = new PartialJsonReader(partialJsonText, partialJsonText.indexOf("{") + 1);
  if (reader.position === 0) return article;

  while (true) {
    reader.skipWhitespace();
    const key = reader.readString();
    if (!key?.complete) break;
    reader.skipWhitespace();
    if (!reader.consume(":")) break;
    reader.skipWhitespace();
    const value = reader.readValue();
    if (value === undefined) break;
    if (ARTICLE_FIELD_SET.has(key.text) && value.text !== undefined) {
      article[key.text as GeneratedArticleField] = value.text;
    }
    if (!value.complete) break;
    reader.skipWhitespace();
    if (!reader.consume(",")) break;
  }
  return article;
}

type PartialValue = { text: string | undefined; complete: boolean };

const SIMPLE_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

class PartialJsonReader {
  constructor(private readonly source: string, public position: number) {}

  skipWhitespace(): void {
    while (/\s/.test(this.source.charAt(this.position))) this.position++;
  }

  consume(expected: string): boolean {
    if (this.source.charAt(this.position) !== expected) return false;
    this.position++;
    return true;
  }

  /** A string value; `undefined` when the next token is not a string. */
  readString(): { text: string; complete: boolean } | undefined {
    if (!this.consume('"')) return undefined;
    let text = "";
    while (this.position < this.source.length) {
      const char = this.source[this.position];
      if (char === '"') {
        this.position++;
        return { text, complete: true };
      }
      if (char !== "\\") {
        text += char;
        this.position++;
        continue;
      }
      const escaped = this.readEscape();
      if (escaped === undefined) break;
      text += escaped;
    }
    // Cut off: a lone high surrogate waits for its pair in the next delta.
    return { text: text.replace(/[\uD800-\uDBFF]$/, ""), complete: false };
  }

  /** Reads the escape at `position` (which is a backslash); `undefined` when it is cut off. */
  private readEscape(): string | undefined {
    const kind = this.source[this.position + 1];
    if (kind === undefined) return undefined;
    if (kind === "u") {
      const hex = this.source.slice(this.position + 2, this.position + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
      this.position += 6;
      return String.fromCharCode(parseInt(hex, 16));
    }
    this.position += 2;
    return SIMPLE_ESCAPES[kind] ?? kind;
  }

  /** Any JSON value, as article text; `undefined` when nothing readable starts here. */
  readValue(): PartialValue | undefined {
    const string = this.readString();
    if (string) return string;
    const end = this.endOfCompositeOrLiteral();
    if (end === undefined) return undefined;
    const raw = this.source.slice(this.position, end);
    this.position = end;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
    return { text: asArticleText(value), complete: true };
  }

  /** Where the array, object, number or literal starting at `position` ends; `undefined` if it is cut off. */
  private endOfCompositeOrLiteral(): number | undefined {
    const first = this.source.charAt(this.position);
    if (first !== "[" && first !== "{") {
      const match = /^[^,}\]\s]+/.exec(this.source.slice(this.position));
      if (!match) return undefined;
      const end = this.position + match[0].length;
      // A literal that reaches the end of the text may still be growing.
      return end < this.source.length ? end : undefined;
    }
    return endOfBalanced(this.source, this.position);
  }
}

function asArticleText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    return value.filter((item) => typeof item === "string" || typeof item === "number").join(", ");
  }
  return undefined;
}
