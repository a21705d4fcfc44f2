/**
 * Size limits on what users write, in characters, with the messages the
 * forms and the API show. The database enforces the same numbers with check
 * constraints (migration 20261126000100_text_limits.sql; a larger value here
 * than there would let a form accept what the database refuses), so changing
 * one means a new migration too. JavaScript counts UTF-16 code units and
 * PostgreSQL counts code points, so a string within a limit here is within
 * it there. Shared with the browser: imports nothing.
 */

export const ARTICLE_LIMITS = {
  title: 500,
  /** An article of ~40,000 words of HTML; under 1 MiB in UTF-8 whatever the characters. */
  content: 250_000,
  excerpt: 2_000,
  metaDescription: 320,
  focusKeyword: 100,
  slug: 200,
  categories: { count: 20, itemLength: 100 },
  tags: { count: 50, itemLength: 100 },
} as const;

/** The sign-up metadata and the profiles table. */
export const PROFILE_LIMITS = { firstName: 100, lastName: 100, phoneNumber: 30 } as const;

const count = (value: number) => value.toLocaleString("en-US");

/** "Title must be at most 500 characters". */
export const tooLongMessage = (label: string, maxLength: number) =>
  `${label} must be at most ${count(maxLength)} characters`;

export const ARTICLE_LIMIT_MESSAGES = {
  title: tooLongMessage("Title", ARTICLE_LIMITS.title),
  content: tooLongMessage("Content", ARTICLE_LIMITS.content),
  excerpt: tooLongMessage("Excerpt", ARTICLE_LIMITS.excerpt),
  metaDescription: tooLongMessage("Meta description", ARTICLE_LIMITS.metaDescription),
  focusKeyword: tooLongMessage("Focus keyword", ARTICLE_LIMITS.focusKeyword),
  slug: tooLongMessage("Slug", ARTICLE_LIMITS.slug),
  categoryCount: `Use at most ${ARTICLE_LIMITS.categories.count} categories`,
  categoryLength: tooLongMessage("Each category", ARTICLE_LIMITS.categories.itemLength),
  tagCount: `Use at most ${ARTICLE_LIMITS.tags.count} tags`,
  tagLength: tooLongMessage("Each tag", ARTICLE_LIMITS.tags.itemLength),
} as const;

export const PROFILE_LIMIT_MESSAGES = {
  firstName: tooLongMessage("First name", PROFILE_LIMITS.firstName),
  lastName: tooLongMessage("Last name", PROFILE_LIMITS.lastName),
  phoneNumber: tooLongMessage("Phone number", PROFILE_LIMITS.phoneNumber),
} as const;
