/**
 * What drafting tells the model about the user's own published posts: the
 * most relevant entries of their content index, to link to where they fit.
 * Titles and excerpts come from the user's own sites; they are quoted as
 * data (JSON strings), and the model is told to use only these URLs.
 */
import type { LinkTarget } from "../contracts/site_content.ts";

export type PromptLinkTarget = Pick<LinkTarget, "url" | "title" | "excerpt">;

const TITLE_MAX_LENGTH = 150;
const EXCERPT_MAX_LENGTH = 200;

export const INTERNAL_LINKS_INSTRUCTIONS = [
  "Internal links: these are published posts on my own website(s), most relevant first.",
  "Where one of them genuinely fits what a paragraph says, link to it inside the content with a short",
  'descriptive anchor taken from the sentence (<a href="URL">anchor</a>). Link to two to four of them at most,',
  "each once, never in headings; do not force a link that does not fit, and never invent other URLs of my site.",
].join("\n");

function clip(text: string, maxLength: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1).trimEnd()}…` : flat;
}

/** The section appended to the user's request, or null when there is nothing to link to. */
export function internalLinksSection(targets: readonly PromptLinkTarget[]): string | null {
  if (targets.length === 0) return null;
  const lines = targets.map((target) => {
    const about = target.excerpt ? ` — ${JSON.stringify(clip(target.excerpt, EXCERPT_MAX_LENGTH))}` : "";
    return `- ${target.url} ${JSON.stringify(clip(target.title || target.url, TITLE_MAX_LENGTH))}${about}`;
  });
  return `${INTERNAL_LINKS_INSTRUCTIONS}\n${lines.join("\n")}`;
}
