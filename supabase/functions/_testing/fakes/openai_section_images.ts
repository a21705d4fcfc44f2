/**
 * The fake OpenAI's section-image plans (section-image-prompts,
 * section-image-prompts/section_image_output.ts): the user message names
 * each section as "Section N: heading" and the system message requires the
 * alt text "in Spanish (es)". A real model asked so answers one
 * `{ prompt, alt }` per section, in order, as strict structured output
 * (provider-sources.md §1.8); the fake writes the prompt in English from
 * the heading and the alt text in the language required when it has words
 * for it (es, de, fr), else in English, as its articles do
 * (openai_article_languages.ts). Scenario "language-drift" writes English
 * whatever is asked.
 */

const ALT_OPENERS: Readonly<Record<string, string>> = {
  en: "An illustration of",
  es: "Una ilustración sobre",
  de: "Eine Illustration zu",
  fr: "Une illustration sur",
};

export function isSectionImagesRequest(schemaName: unknown, allText: string): boolean {
  return schemaName === "section_images" || /\{"images": \[\{"prompt"/.test(allText);
}

/** The headings of the sections asked for, in order. */
function sectionHeadings(userText: string): string[] {
  return [...userText.matchAll(/^Section \d+: (.*)$/gm)].map((match) => match[1].trim());
}

/** The language the alt text must be written in: its tag, from "in Spanish (es)". */
function altLanguage(promptText: string): string | undefined {
  return /Write every alt text in [^\n]*?\(([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\)/.exec(promptText)?.[1];
}

export function sectionImagePlans(
  allText: string,
  userText: string,
  drift: boolean,
): { prompt: string; alt: string }[] {
  const language = drift ? "en" : altLanguage(allText) ?? "en";
  const opener = ALT_OPENERS[language] ?? ALT_OPENERS.en;
  return sectionHeadings(userText).map((heading) => ({
    prompt: `An editorial illustration of ${heading.toLowerCase()}, soft natural light, no text`,
    alt: `${opener} ${heading.toLowerCase()}`,
  }));
}
