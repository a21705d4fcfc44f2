/**
 * Article slugs (the last part of a post's address on WordPress). Shared by
 * the article forms and the functions that store articles: imports nothing.
 */

export const SLUG_MESSAGE = "Slug may contain only lowercase letters, numbers and hyphens";

/** Words of lowercase letters and digits joined by single hyphens: "my-first-post". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

/**
 * A typed slug tidied before it is checked: trimmed, lower case, spaces and
 * underscores as hyphens, no doubled, leading or trailing hyphens ("My
 * Post" → "my-post"). Any other character stays, for the check to refuse
 * ("my post!!" → "my-post!!"): what the user typed is not silently changed
 * beyond that.
 */
export function tidySlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A valid slug made from any text, e.g. a title or a slug a model wrote:
 * accents dropped, every run of other characters one hyphen ("Crème brûlée:
 * 10 tips!" → "creme-brulee-10-tips"); "" when nothing usable is left.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
