/**
 * How a draft is written, besides its idea: a word target, a tone, a point of
 * view and the elements to include. An assistant keeps defaults (columns of
 * `assistants`, migration 20261214000200, with the same limits as checks); a
 * Create request or a batch may override each one. Shared with the browser:
 * imports nothing but zod/mini (the editor's screens load no other zod).
 */
import * as z from "zod/mini";

export const WORD_TARGET_MIN = 300;
export const WORD_TARGET_MAX = 5_000;

export const TONES = ["neutral", "friendly", "professional", "persuasive", "playful", "authoritative"] as const;
export type Tone = (typeof TONES)[number];

export const POINTS_OF_VIEW = ["first-person-singular", "first-person-plural", "second-person", "third-person"] as const;
export type PointOfView = (typeof POINTS_OF_VIEW)[number];

export const ARTICLE_ELEMENTS = ["key-takeaways", "table", "faq", "call-to-action"] as const;
export type ArticleElement = (typeof ARTICLE_ELEMENTS)[number];

/** What a person sees for each choice. */
export const TONE_LABELS: Record<Tone, string> = {
  neutral: "Neutral",
  friendly: "Friendly",
  professional: "Professional",
  persuasive: "Persuasive",
  playful: "Playful",
  authoritative: "Authoritative",
};
export const POINT_OF_VIEW_LABELS: Record<PointOfView, string> = {
  "first-person-singular": "First person (I)",
  "first-person-plural": "First person plural (we)",
  "second-person": "Second person (you)",
  "third-person": "Third person (they)",
};
export const ELEMENT_LABELS: Record<ArticleElement, string> = {
  "key-takeaways": "Key takeaways",
  table: "A table",
  faq: "FAQ",
  "call-to-action": "A call to action",
};

export const GENERATION_SETTINGS_MESSAGES = {
  wordTarget: `Choose a word target between ${WORD_TARGET_MIN} and ${WORD_TARGET_MAX}`,
  tone: `The tone must be one of: ${TONES.join(", ")}`,
  pointOfView: `The point of view must be one of: ${POINTS_OF_VIEW.join(", ")}`,
  elements: `Elements may be: ${ARTICLE_ELEMENTS.join(", ")}`,
} as const;

/**
 * Every setting is optional; null or absent means "not set here" (the
 * assistant's default applies, or the model's own judgement). Unknown keys
 * are refused, so a typo is a 400 rather than silently ignored.
 */
export const generationSettingsSchema = z.strictObject({
  wordTarget: z.nullish(
    z.int({ error: GENERATION_SETTINGS_MESSAGES.wordTarget }).check(
      z.minimum(WORD_TARGET_MIN, GENERATION_SETTINGS_MESSAGES.wordTarget),
      z.maximum(WORD_TARGET_MAX, GENERATION_SETTINGS_MESSAGES.wordTarget),
    ),
  ),
  tone: z.nullish(z.enum(TONES, { error: GENERATION_SETTINGS_MESSAGES.tone })),
  pointOfView: z.nullish(z.enum(POINTS_OF_VIEW, { error: GENERATION_SETTINGS_MESSAGES.pointOfView })),
  /** Null: not set here; []: none of them (overrides the assistant's). */
  elements: z.nullish(
    z.array(z.enum(ARTICLE_ELEMENTS, { error: GENERATION_SETTINGS_MESSAGES.elements }), {
      error: GENERATION_SETTINGS_MESSAGES.elements,
    }),
  ),
});

export type GenerationSettings = z.output<typeof generationSettingsSchema>;

/** Each setting from `override` when it is set there, else from `defaults`. */
export function mergeGenerationSettings(
  defaults: GenerationSettings | null | undefined,
  override: GenerationSettings | null | undefined,
): GenerationSettings {
  const pick = <K extends keyof GenerationSettings>(key: K) => override?.[key] ?? defaults?.[key] ?? null;
  const elements = pick("elements");
  return {
    wordTarget: pick("wordTarget"),
    tone: pick("tone"),
    pointOfView: pick("pointOfView"),
    elements: elements ? ARTICLE_ELEMENTS.filter((element) => elements.includes(element)) : null,
  };
}
