/**
 * The fake OpenAI's outlines. Proposing: asked for the structured output
 * "article_outline" (contracts/outline.ts), it answers `{ headings }` for
 * the idea, as a model follows a strict json_schema (provider-sources.md
 * §1.8). Following: a real model told to use a numbered list of section
 * headings "word for word and in this order" as its h2 elements does so
 * (the instruction is article_prompt.ts's outlineRequirement); the fake
 * writes one h2 per approved heading, in the order given, each followed by a
 * paragraph, and nothing else at h2 level, so a prompt that loses or
 * reorders the outline shows in the draft.
 */

/** The approved headings the prompt carries (article_prompt.ts outlineRequirement), or undefined without an outline. */
export function requestedOutline(promptText: string): string[] | undefined {
  const match = /^Outline: [^\n]*\n((?:\d+\. [^\n]*(?:\n|$))+)/m.exec(promptText);
  if (!match) return undefined;
  return match[1].split("\n").map((line) => line.replace(/^\d+\. /, "").trim()).filter(Boolean);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The article body for an outline: an opening paragraph, then each heading as an h2 with its section. */
export function contentFollowingOutline(topic: string, headings: readonly string[]): string {
  return [
    `<p>This article about ${escapeHtml(topic)} follows the outline you approved.</p>`,
    ...headings.flatMap((heading) => [
      `<h2>${escapeHtml(heading)}</h2>`,
      `<p>What matters about ${escapeHtml(heading.toLowerCase())}, explained with ${escapeHtml(topic)} in mind.</p>`,
    ]),
  ].join("\n");
}

/** A proposed outline for an idea: five specific headings, as a model writes them. */
export function fakeOutline(topic: string): { headings: string[] } {
  const subject = topic.charAt(0).toUpperCase() + topic.slice(1);
  const inSentence = topic.toLowerCase();
  return {
    headings: [
      `What ${inSentence} is`,
      `Why ${inSentence} matters`,
      `Getting started with ${inSentence}`,
      `Common ${inSentence} mistakes`,
      `${subject}: next steps`,
    ],
  };
}
