/**
 * Outlines (issue 26, "Templates and outlines"): the `propose-outline`
 * function's request and answer, and the approved headings a Create request
 * may carry to `generate-article`. The model proposes H2 headings; the person
 * edits, reorders or removes them; the draft follows them in order.
 * Shared with the browser: imports nothing but zod/mini and sibling contracts.
 */
import * as z from "zod/mini";
import { generationSettingsSchema } from "./generation_settings.ts";
import { isSupportedLocale, LOCALE_MESSAGE } from "./locales.ts";

export const OUTLINE_MAX_HEADINGS = 12;
export const OUTLINE_HEADING_MAX_LENGTH = 150;
/** Same limit as generate-article's idea (contracts/article.ts ARTICLE_IDEA_MAX_LENGTH). */
export const OUTLINE_IDEA_MAX_LENGTH = 2_000;

/** Shown when proposing an outline fails without a more specific provider message. */
export const OUTLINE_FAILURE_MESSAGE = "Failed to propose an outline";

export const OUTLINE_MESSAGES = {
  idea: "Please enter an article idea",
  ideaTooLong: `Keep the article idea under ${OUTLINE_IDEA_MAX_LENGTH} characters`,
  emptyHeading: "Every heading needs text (remove the ones you do not want)",
  headingTooLong: `Keep each heading under ${OUTLINE_HEADING_MAX_LENGTH} characters`,
  headingLines: "Keep each heading on one line",
  noHeadings: "Keep at least one heading in the outline",
  tooManyHeadings: `An outline has at most ${OUTLINE_MAX_HEADINGS} headings`,
} as const;

/** The approved headings, in order: each one the text of an H2 of the draft. */
export const outlineHeadingsSchema = z.array(
  z.string({ error: OUTLINE_MESSAGES.emptyHeading }).check(
    z.trim(),
    z.minLength(1, OUTLINE_MESSAGES.emptyHeading),
    z.maxLength(OUTLINE_HEADING_MAX_LENGTH, OUTLINE_MESSAGES.headingTooLong),
    // One heading is one h2 (and one line of a batch's stored outline, which refuses line breaks).
    z.regex(/^[^\r\n]*$/, OUTLINE_MESSAGES.headingLines),
  ),
  { error: OUTLINE_MESSAGES.noHeadings },
).check(
  z.minLength(1, OUTLINE_MESSAGES.noHeadings),
  z.maxLength(OUTLINE_MAX_HEADINGS, OUTLINE_MESSAGES.tooManyHeadings),
);

/** POST body of `propose-outline`: what `generate-article` would draft from, without the outline. */
export const proposeOutlineRequestSchema = z.object({
  idea: z.string({ error: OUTLINE_MESSAGES.idea }).check(
    z.trim(),
    z.minLength(1, OUTLINE_MESSAGES.idea),
    z.maxLength(OUTLINE_IDEA_MAX_LENGTH, OUTLINE_MESSAGES.ideaTooLong),
  ),
  assistantId: z.uuid({ error: "Please select an assistant" }),
  locale: z.nullish(z.string({ error: LOCALE_MESSAGE }).check(z.refine(isSupportedLocale, LOCALE_MESSAGE))),
  settings: z.nullish(generationSettingsSchema),
});

export type ProposeOutlineRequest = z.input<typeof proposeOutlineRequestSchema>;

/** The 200 body of `propose-outline`. */
export const proposedOutlineSchema = z.object({ headings: outlineHeadingsSchema });

export type ProposedOutline = z.output<typeof proposedOutlineSchema>;

/** The structured-output name; the fake OpenAI server recognises outline requests by it. */
export const OUTLINE_SCHEMA_NAME = "article_outline";

/** Strict-mode JSON Schema: every key required, no additional properties (OpenAI structured outputs' rules). */
export const outlineJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["headings"],
  properties: {
    headings: {
      type: "array",
      description: `The article's section headings (its H2s), in reading order, at most ${OUTLINE_MAX_HEADINGS}.`,
      items: { type: "string", description: "One section heading, plain text." },
    },
  },
} as const;
