/**
 * Images in the body (issue 26): one generated image under each H2 of an
 * article. The `section-image-prompts` function's request and answer: the
 * model reads each section and writes what to draw (the prompt sent to
 * generate-image, in English, as image models read it best) and the image's
 * alt text (in the article's language); the answer also names the style
 * preset the images are drawn in (the assistant's image style, else the
 * image screens' default). The browser then asks generate-image for every
 * section at once, so the images are stored like the library's.
 * Shared with the browser: imports nothing but zod/mini and sibling contracts.
 */
import * as z from "zod/mini";
import { IMAGE_LIMITS } from "./image.ts";
import { STYLE_PRESETS, type StylePreset } from "./image_styles.ts";
import { isSupportedLocale, LOCALE_MESSAGE } from "./locales.ts";
import { ARTICLE_LIMITS } from "./text_limits.ts";

/** As many sections as an outline has headings (contracts/outline.ts OUTLINE_MAX_HEADINGS). */
export const SECTION_IMAGES_MAX_SECTIONS = 12;
export const SECTION_HEADING_MAX_LENGTH = 300;
/** What the model reads of a section: its opening is enough to picture it, and bounds the request. */
export const SECTION_TEXT_MAX_LENGTH = 1_500;
/** Alt text is read aloud in full: a sentence or two. */
export const SECTION_IMAGE_ALT_MAX_LENGTH = 250;

/** Shown when writing the images' prompts fails without a more specific provider message. */
export const SECTION_IMAGES_FAILURE_MESSAGE = "Failed to plan the section images";

export const SECTION_IMAGES_MESSAGES = {
  noSections: "Add at least one section heading (H2) to the content first",
  tooManySections: `Images can be made for at most ${SECTION_IMAGES_MAX_SECTIONS} sections at a time`,
  heading: "Every section needs its heading's text",
  headingTooLong: `Keep each section heading under ${SECTION_HEADING_MAX_LENGTH} characters`,
  title: `Title must be at most ${ARTICLE_LIMITS.title} characters`,
} as const;

const sectionSchema = z.object({
  heading: z.string({ error: SECTION_IMAGES_MESSAGES.heading }).check(
    z.trim(),
    z.minLength(1, SECTION_IMAGES_MESSAGES.heading),
    z.maxLength(SECTION_HEADING_MAX_LENGTH, SECTION_IMAGES_MESSAGES.headingTooLong),
  ),
  /** The section's text; longer text is cut here rather than refused (the browser cuts it too, so the request stays small). */
  text: z.pipe(z.string(), z.transform((text) => text.trim().slice(0, SECTION_TEXT_MAX_LENGTH))),
});

/** POST body of `section-image-prompts`. */
export const sectionImagePromptsRequestSchema = z.object({
  title: z._default(
    z.string({ error: SECTION_IMAGES_MESSAGES.title }).check(
      z.trim(),
      z.maxLength(ARTICLE_LIMITS.title, SECTION_IMAGES_MESSAGES.title),
    ),
    "",
  ),
  /** The article's assistant: its drafting model writes the prompts and its image style is used; absent: the user's drafting model and the default style. */
  assistantId: z.nullish(z.uuid({ error: "Choose one of your assistants" })),
  /** The article's language: the alt text is written in it. */
  locale: z.nullish(z.string({ error: LOCALE_MESSAGE }).check(z.refine(isSupportedLocale, LOCALE_MESSAGE))),
  sections: z.array(sectionSchema, { error: SECTION_IMAGES_MESSAGES.noSections }).check(
    z.minLength(1, SECTION_IMAGES_MESSAGES.noSections),
    z.maxLength(SECTION_IMAGES_MAX_SECTIONS, SECTION_IMAGES_MESSAGES.tooManySections),
  ),
});

export type SectionImagePromptsRequest = z.input<typeof sectionImagePromptsRequestSchema>;
export type SectionImageSection = z.output<typeof sectionSchema>;

/** One section's image: what to draw and how to describe it. */
export const sectionImagePlanSchema = z.object({
  prompt: z.string().check(z.minLength(1), z.maxLength(IMAGE_LIMITS.maxPromptLength)),
  alt: z.string().check(z.minLength(1), z.maxLength(SECTION_IMAGE_ALT_MAX_LENGTH)),
});
export type SectionImagePlan = z.output<typeof sectionImagePlanSchema>;

/** The 200 body of `section-image-prompts`: one plan per section, in the sections' order. */
export const sectionImagePromptsSchema = z.object({
  style: z.enum(STYLE_PRESETS),
  images: z.array(sectionImagePlanSchema),
});
export type SectionImagePrompts = { style: StylePreset; images: SectionImagePlan[] };

/** The structured-output name; the fake OpenAI server recognises these requests by it. */
export const SECTION_IMAGES_SCHEMA_NAME = "section_images";

/** Strict-mode JSON Schema: every key required, no additional properties (OpenAI structured outputs' rules). */
export const sectionImagesJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["images"],
  properties: {
    images: {
      type: "array",
      description: "One entry per section, in the order the sections were given.",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["prompt", "alt"],
        properties: {
          prompt: {
            type: "string",
            description: "What the image shows, in English, for an image model: subject, setting, composition. No text in the image.",
          },
          alt: {
            type: "string",
            description: `The image's alt text in the article's language, at most ${SECTION_IMAGE_ALT_MAX_LENGTH} characters.`,
          },
        },
      },
    },
  },
} as const;
