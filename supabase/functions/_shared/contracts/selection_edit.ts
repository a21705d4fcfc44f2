/**
 * AI on a selection (issue 26): the request the editor sends to
 * `edit-selection` (a passage of the article and what to do with it) and the
 * events it streams back. Shared with the browser: imports nothing but
 * zod/mini and sibling contracts.
 */
import * as z from "zod/mini";
import { providerProblemSchema } from "./ai_provider.ts";
import { TONES } from "./generation_settings.ts";
import { isSupportedLocale } from "./locales.ts";

export const SELECTION_ACTIONS = [
  "rewrite",
  "shorten",
  "expand",
  "change-tone",
  "translate",
] as const;
export type SelectionAction = (typeof SELECTION_ACTIONS)[number];

/** What a person sees for each action. */
export const SELECTION_ACTION_LABELS: Record<SelectionAction, string> = {
  rewrite: "Rewrite",
  shorten: "Shorten",
  expand: "Expand",
  "change-tone": "Change tone",
  translate: "Translate",
};

/** A selection is a passage, not an article: longer ones are drafted, not edited (a few paragraphs fit). */
export const SELECTION_MAX_LENGTH = 6_000;

export const SELECTION_EDIT_MESSAGES = {
  text: "Select the text to edit",
  tooLong: `Select at most ${SELECTION_MAX_LENGTH} characters to edit at once`,
  action: `The action must be one of: ${SELECTION_ACTIONS.join(", ")}`,
  tone: `Choose a tone: ${TONES.join(", ")}`,
  language: "Choose the language to translate into",
  article: "Article not found",
} as const;

/** Shown when a failure carries no message of its own. */
export const SELECTION_EDIT_FAILURE = "Failed to edit the selection";

const localeTag = (message: string) => z.string({ error: message }).check(z.refine(isSupportedLocale, message));

export const editSelectionRequestSchema = z
  .object({
    action: z.enum(SELECTION_ACTIONS, {
      error: SELECTION_EDIT_MESSAGES.action,
    }),
    /** The selected passage as the editor's HTML (inline text, or whole blocks). */
    text: z.string({ error: SELECTION_EDIT_MESSAGES.text }).check(
      z.trim(),
      z.minLength(1, SELECTION_EDIT_MESSAGES.text),
      z.maxLength(SELECTION_MAX_LENGTH, SELECTION_EDIT_MESSAGES.tooLong),
    ),
    /** For change-tone: the tone to write in. */
    tone: z.nullish(z.enum(TONES, { error: SELECTION_EDIT_MESSAGES.tone })),
    /** For translate: the language (one of LOCALES) to translate into. */
    language: z.nullish(localeTag(SELECTION_EDIT_MESSAGES.language)),
    /** The article being edited: its language is the output's (absent or unset: the passage keeps its own). */
    articleId: z.nullish(z.uuid({ error: SELECTION_EDIT_MESSAGES.article })),
  })
  .check(
    z.refine((input) => input.action !== "change-tone" || Boolean(input.tone), {
      error: SELECTION_EDIT_MESSAGES.tone,
      path: ["tone"],
    }),
    z.refine(
      (input) => input.action !== "translate" || Boolean(input.language),
      {
        error: SELECTION_EDIT_MESSAGES.language,
        path: ["language"],
      },
    ),
  );

export type EditSelectionRequest = z.input<typeof editSelectionRequestSchema>;
export type EditSelectionInput = z.output<typeof editSelectionRequestSchema>;

/**
 * `edit-selection` answers with Server-Sent Events:
 * - `delta`: `{ "text": string }`, the next piece of the model's answer;
 * - `done`: `{ "text": string }`, the whole suggestion, sanitised with the
 *   article allow-list, sent once, last;
 * - `error`: `{ "error": string, "problem"?: ProviderProblem }`, sent
 *   instead of `done`, last.
 */
export const SELECTION_STREAM_EVENTS = {
  delta: "delta",
  done: "done",
  error: "error",
} as const;

export const selectionTextEventSchema = z.object({ text: z.string() });
export const selectionErrorEventSchema = z.object({
  error: z.string(),
  problem: z.optional(providerProblemSchema),
});
