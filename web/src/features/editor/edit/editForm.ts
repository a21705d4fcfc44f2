import * as z from "zod/mini";
import {
  ARTICLE_MESSAGES,
  articleContent,
  articleExcerpt,
  articleTitle,
  categoryLimits,
  commaList,
  optionalText,
  SEO_FIELD_LIMITS,
  tagLimits,
} from "../../articles/index";
import { ARTICLE_STATUSES, type Article, type ArticleStatus, type ArticleTextInForm } from "../../articles/index";
import { joinCommaList } from "../../../lib/tagList";
import { parseDateTimeLocal, toDateTimeLocal } from "./localDateTime";

export type EditValues = ArticleTextInForm & {
  status: ArticleStatus;
  /** A datetime-local value, in the browser's time zone. */
  scheduledFor: string;
  /** The article's language, a tag of LOCALES; "": none of its own (its assistant's applies). */
  locale: string;
};

export const isArticleStatus = (status: string): status is ArticleStatus =>
  (ARTICLE_STATUSES as readonly string[]).includes(status);

export function editValuesOf(article: Article): EditValues {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt,
    status: isArticleStatus(article.status) ? article.status : "draft",
    scheduledFor: article.scheduledFor ? toDateTimeLocal(article.scheduledFor) : "",
    metaDescription: article.metaDescription,
    focusKeyword: article.focusKeyword,
    slug: article.slug,
    categories: joinCommaList(article.categories),
    tags: joinCommaList(article.tags),
    locale: article.locale ?? "",
  };
}

/**
 * Spec §5, edit article form. A scheduled article needs a date, and a date
 * the user sets must lie in the future; an unchanged schedule is accepted
 * as it is, so an overdue article can still be edited.
 */
export function editArticleSchema(savedSchedule: string) {
  return z
    .object({
      title: articleTitle,
      content: articleContent,
      excerpt: articleExcerpt,
      status: z.enum(ARTICLE_STATUSES),
      scheduledFor: z.string(),
      metaDescription: optionalText(...SEO_FIELD_LIMITS.metaDescription),
      focusKeyword: optionalText(...SEO_FIELD_LIMITS.focusKeyword),
      slug: optionalText(...SEO_FIELD_LIMITS.slug),
      categories: commaList(categoryLimits),
      tags: commaList(tagLimits),
      // Offered from LOCALES only (LocaleSelect); save-article refuses any other tag.
      locale: z.string(),
    })
    .check(
      z.refine((values) => values.status !== "scheduled" || parseDateTimeLocal(values.scheduledFor) !== null, {
        message: ARTICLE_MESSAGES.scheduledDate,
        path: ["scheduledFor"],
      }),
      z.refine(
        (values) => {
          const date = parseDateTimeLocal(values.scheduledFor);
          if (values.status !== "scheduled" || !date || values.scheduledFor === savedSchedule) return true;
          return date.getTime() > Date.now();
        },
        { message: ARTICLE_MESSAGES.scheduledInPast, path: ["scheduledFor"] },
      ),
    );
}
