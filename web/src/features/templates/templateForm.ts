import * as z from "zod/mini";
import { ARTICLE_ELEMENTS, type ArticleElement, GENERATION_SETTINGS_MESSAGES, WORD_TARGET_MAX, WORD_TARGET_MIN } from "@contracts/generation_settings";
import { OUTLINE_HEADING_MAX_LENGTH, OUTLINE_MAX_HEADINGS } from "@contracts/outline";
import type { ArticleTemplate, ArticleTemplateInput } from "./data/articleTemplates";

/** The database's limit on a template's name (article_templates_name_length). */
export const TEMPLATE_NAME_MAX_LENGTH = 100;

export const TEMPLATE_MESSAGES = {
  name: "Name is required",
  nameTooLong: `Name must be at most ${TEMPLATE_NAME_MAX_LENGTH} characters`,
  noSections: "Add at least one section, one heading per line",
  tooManySections: `A template has at most ${OUTLINE_MAX_HEADINGS} sections`,
  sectionTooLong: `Keep each section under ${OUTLINE_HEADING_MAX_LENGTH} characters`,
} as const;

/** The form as typed: sections one heading per line, the word target as text ("" for none). */
export type TemplateValues = { name: string; sections: string; wordTarget: string };

export const NEW_TEMPLATE: TemplateValues = { name: "", sections: "", wordTarget: "" };

/** Each non-blank line is a section, trimmed, in order. */
export function sectionsOf(text: string): string[] {
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

/** Checked as the database checks it: a name, 1 to 12 sections of at most 150 characters, a word target in range or none. */
export const templateSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, TEMPLATE_MESSAGES.name),
    z.maxLength(TEMPLATE_NAME_MAX_LENGTH, TEMPLATE_MESSAGES.nameTooLong),
  ),
  // A template's sections become an outline: the outline's limits, said in the form's words.
  sections: z.pipe(
    z.pipe(z.string(), z.transform(sectionsOf)),
    z.array(z.string().check(z.maxLength(OUTLINE_HEADING_MAX_LENGTH, TEMPLATE_MESSAGES.sectionTooLong))).check(
      z.minLength(1, TEMPLATE_MESSAGES.noSections),
      z.maxLength(OUTLINE_MAX_HEADINGS, TEMPLATE_MESSAGES.tooManySections),
    ),
  ),
  wordTarget: z.pipe(
    z.pipe(z.string(), z.transform((text) => (text.trim() === "" ? null : Number(text.trim())))),
    z.nullable(
      z.int({ error: GENERATION_SETTINGS_MESSAGES.wordTarget }).check(
        z.minimum(WORD_TARGET_MIN, GENERATION_SETTINGS_MESSAGES.wordTarget),
        z.maximum(WORD_TARGET_MAX, GENERATION_SETTINGS_MESSAGES.wordTarget),
      ),
    ),
  ),
});

export function templateValuesOf(template: ArticleTemplate): TemplateValues {
  return {
    name: template.name,
    sections: template.sections.join("\n"),
    wordTarget: template.wordTarget === null ? "" : String(template.wordTarget),
  };
}

/** The checked form and the ticked elements, in the contract's order, as stored. */
export function templateInputOf(
  checked: z.output<typeof templateSchema>,
  elements: readonly ArticleElement[],
): ArticleTemplateInput {
  return {
    name: checked.name,
    sections: checked.sections,
    wordTarget: checked.wordTarget,
    requiredElements: ARTICLE_ELEMENTS.filter((element) => elements.includes(element)),
  };
}
