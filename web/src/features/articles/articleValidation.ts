import * as z from "zod/mini";
import {
  ARTICLE_LIMIT_MESSAGES,
  ARTICLE_LIMITS,
} from "@contracts/text_limits";
import { splitCommaList } from "../../lib/tagList";

/** Spec §5, article forms, and the database's size limits (text_limits.ts). */
export const ARTICLE_MESSAGES = {
  assistant: "Please select an assistant",
  ideaOrArticle: "Please provide either an article idea or paste an existing article",
  title: "Title is required",
  titleTooLong: ARTICLE_LIMIT_MESSAGES.title,
  content: "Content is required",
  excerpt: "Excerpt is required",
  category: "Category is required",
  tags: "At least one tag is required",
  metaDescription: "Meta description is required",
  focusKeyword: "Focus keyword is required",
  slug: "Slug is required",
  scheduledDate: "Please set a scheduled date",
  scheduledInPast: "The scheduled date must be in the future",
  /** save-article refuses such a schedule with the same message (SAVE_ARTICLE_MESSAGES.scheduleNeedsSite). */
  scheduleNeedsSite: "Choose at least one site to publish to: a schedule without a site publishes nowhere",
} as const;

/** Trimmed text that must not be empty, within `maxLength`. */
export const requiredText = (message: string, maxLength: number, tooLong: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(maxLength, tooLong));

/** Trimmed text that may be empty, within `maxLength`. */
export const optionalText = (maxLength: number, tooLong: string) =>
  z.string().check(z.trim(), z.maxLength(maxLength, tooLong));

export const articleTitle = requiredText(ARTICLE_MESSAGES.title, ARTICLE_LIMITS.title, ARTICLE_LIMIT_MESSAGES.title);
export const articleContent = requiredText(
  ARTICLE_MESSAGES.content,
  ARTICLE_LIMITS.content,
  ARTICLE_LIMIT_MESSAGES.content,
);
export const articleExcerpt = requiredText(
  ARTICLE_MESSAGES.excerpt,
  ARTICLE_LIMITS.excerpt,
  ARTICLE_LIMIT_MESSAGES.excerpt,
);

/** The SEO fields' limits, for required (create) and optional (edit) forms alike. */
export const SEO_FIELD_LIMITS = {
  metaDescription: [ARTICLE_LIMITS.metaDescription, ARTICLE_LIMIT_MESSAGES.metaDescription],
  focusKeyword: [ARTICLE_LIMITS.focusKeyword, ARTICLE_LIMIT_MESSAGES.focusKeyword],
  slug: [ARTICLE_LIMITS.slug, ARTICLE_LIMIT_MESSAGES.slug],
} as const;

/** Comma-separated terms within the database's count and length limits. */
const termLimits = (
  limits: { count: number; itemLength: number },
  countMessage: string,
  lengthMessage: string,
) => [
  z.refine<string>((text) => splitCommaList(text).length <= limits.count, countMessage),
  z.refine<string>((text) => splitCommaList(text).every((item) => item.length <= limits.itemLength), lengthMessage),
] as const;

export const categoryLimits = termLimits(
  ARTICLE_LIMITS.categories,
  ARTICLE_LIMIT_MESSAGES.categoryCount,
  ARTICLE_LIMIT_MESSAGES.categoryLength,
);
export const tagLimits = termLimits(ARTICLE_LIMITS.tags, ARTICLE_LIMIT_MESSAGES.tagCount, ARTICLE_LIMIT_MESSAGES.tagLength);

/** Comma-separated text with at least one item, within the limits. */
export const requiredCommaList = (message: string, limits: typeof tagLimits) =>
  z.string().check(z.refine((text) => splitCommaList(text).length > 0, message), ...limits);

/** Comma-separated text, within the limits. */
export const commaList = (limits: typeof tagLimits) => z.string().check(...limits);
