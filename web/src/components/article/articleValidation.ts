import * as z from "zod/mini";
import { splitCommaList } from "../../lib/tagList";

/** The database's limit on titles. */
export const TITLE_MAX_LENGTH = 500;

/** Spec §5, article forms. */
export const ARTICLE_MESSAGES = {
  assistant: "Please select an assistant",
  ideaOrArticle: "Please provide either an article idea or paste an existing article",
  title: "Title is required",
  titleTooLong: `Title must be at most ${TITLE_MAX_LENGTH} characters`,
  content: "Content is required",
  excerpt: "Excerpt is required",
  category: "Category is required",
  tags: "At least one tag is required",
  metaDescription: "Meta description is required",
  focusKeyword: "Focus keyword is required",
  slug: "Slug is required",
  scheduledDate: "Please set a scheduled date",
  scheduledInPast: "The scheduled date must be in the future",
} as const;

export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const articleTitle = z.string().check(
  z.trim(),
  z.minLength(1, ARTICLE_MESSAGES.title),
  z.maxLength(TITLE_MAX_LENGTH, ARTICLE_MESSAGES.titleTooLong),
);

export const optionalText = z.string().check(z.trim());

/** Comma-separated text with at least one item. */
export const requiredCommaList = (message: string) =>
  z.string().check(z.refine((text) => splitCommaList(text).length > 0, message));
