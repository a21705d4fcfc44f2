/**
 * The body of `save-article`, the only way article HTML is stored: without
 * `id` it creates a draft, with `id` it updates the caller's article. Every
 * size limit is the database's (text_limits.ts), with the forms' messages.
 * Shared with the browser: imports nothing but zod, ./text_limits.ts and
 * ./locales.ts.
 *
 * An update says which version of the article it started from
 * (`expectedVersion`, the `version` it read): a save against a newer
 * version is refused with 409 and the article as it is now (no silent
 * overwrites; migration 20261204000300).
 *
 * Every save keeps a revision of the article's text and state (source
 * 'manual'), and says where the text came from when it is not simply typed:
 * - `restoredFrom`: the revision whose text this save restores (source
 *   'restore'; always a new revision);
 * - `generatedDraft`: the AI draft this save follows, exactly as the model
 *   wrote it; it is recorded first, as an 'ai' revision (one revision only
 *   when the saved text is the draft unchanged).
 */
import { z } from "zod";
import { ARTICLE_LIMIT_MESSAGES, ARTICLE_LIMITS } from "./text_limits.ts";
import { isSupportedLocale, LOCALE_MESSAGE } from "./locales.ts";

export const ARTICLE_STATUSES = ["draft", "scheduled", "published"] as const;

export const SAVE_ARTICLE_MESSAGES = {
  title: "Title is required",
  content: "Content is required",
  excerpt: "Excerpt is required",
  scheduledDate: "Please set a scheduled date",
  /** A schedule with no target site would publish nowhere when its time comes (issue 21). */
  scheduleNeedsSite: "Choose at least one site to publish to: a schedule without a site publishes nowhere",
  /** A scheduled site id that is none of the caller's connected sites (another user's, or removed meanwhile). */
  siteNotFound: "One of the chosen sites is not connected any more: choose the sites again",
  newArticleIsDraft: "New articles are saved as drafts",
  notFound: "Article not found",
  assistant: "Please select an assistant",
  contentEmptyWhenSanitised: "Content has nothing left once unsafe HTML (scripts, event handlers) is removed",
  approveFirst: "Approve this draft before scheduling it (its batch asks for a review)",
  revisionNotFound: "Revision not found",
  restoreNeedsArticle: "Only a saved article can be restored",
  restoreIsNotAiDraft: "A restore cannot follow an AI draft",
  dateOutOfRange: "Please set a date between the years 1 and 9999",
  /** 409: the article changed (elsewhere) since the version the save started from. */
  changedElsewhere: "This article was changed elsewhere since you opened it",
  versionRequired: "Say which version of the article this save started from",
} as const;

/**
 * An instant as ISO 8601 with an offset that PostgreSQL's timestamptz stores
 * as sent: in the years 1 to 9999 once in UTC. PostgreSQL has no year 0
 * (`'0000-01-01'` is "date/time field value out of range", 22008), and
 * JavaScript writes the years past 9999 as `+010000`, which it does not read.
 */
export const storableInstant = () =>
  z.iso.datetime({ offset: true }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  }, SAVE_ARTICLE_MESSAGES.dateOutOfRange);

const limitedText = (maxLength: number, tooLong: string) => z.string().trim().max(maxLength, tooLong);

const requiredText = (required: string, maxLength: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(maxLength, tooLong);

/** Trimmed, empty items dropped, duplicates merged; at most `count` items of at most `itemLength` characters. */
export const termList = (limits: { count: number; itemLength: number }, countMessage: string, lengthMessage: string) =>
  z
    .array(z.string().trim().max(limits.itemLength, lengthMessage))
    .transform((items) => [...new Set(items.filter(Boolean))])
    .pipe(z.array(z.string()).max(limits.count, countMessage));

const categoryList = () =>
  termList(ARTICLE_LIMITS.categories, ARTICLE_LIMIT_MESSAGES.categoryCount, ARTICLE_LIMIT_MESSAGES.categoryLength);
const tagList = () => termList(ARTICLE_LIMITS.tags, ARTICLE_LIMIT_MESSAGES.tagCount, ARTICLE_LIMIT_MESSAGES.tagLength);

/**
 * An AI draft as the model wrote it, in the article's fields, held to the
 * article's limits (its excerpt may be empty). A draft over a limit cannot
 * be kept as a revision: the browser leaves such a draft out.
 */
export const generatedDraftSchema = z.object({
  title: requiredText(SAVE_ARTICLE_MESSAGES.title, ARTICLE_LIMITS.title, ARTICLE_LIMIT_MESSAGES.title),
  content: requiredText(SAVE_ARTICLE_MESSAGES.content, ARTICLE_LIMITS.content, ARTICLE_LIMIT_MESSAGES.content),
  excerpt: limitedText(ARTICLE_LIMITS.excerpt, ARTICLE_LIMIT_MESSAGES.excerpt).default(""),
  metaDescription: limitedText(ARTICLE_LIMITS.metaDescription, ARTICLE_LIMIT_MESSAGES.metaDescription).default(""),
  focusKeyword: limitedText(ARTICLE_LIMITS.focusKeyword, ARTICLE_LIMIT_MESSAGES.focusKeyword).default(""),
  slug: limitedText(ARTICLE_LIMITS.slug, ARTICLE_LIMIT_MESSAGES.slug).default(""),
  categories: categoryList().default([]),
  tags: tagList().default([]),
});

export type GeneratedDraft = z.input<typeof generatedDraftSchema>;

export const saveArticleRequestSchema = z
  .object({
    /** The article to update; absent to create one. */
    id: z.uuid({ error: SAVE_ARTICLE_MESSAGES.notFound }).optional(),
    /** For an update: the article's `version` this save started from (required with `id`). */
    expectedVersion: z.int({ error: SAVE_ARTICLE_MESSAGES.versionRequired }).positive(SAVE_ARTICLE_MESSAGES.versionRequired)
      .optional(),
    title: requiredText(SAVE_ARTICLE_MESSAGES.title, ARTICLE_LIMITS.title, ARTICLE_LIMIT_MESSAGES.title),
    content: requiredText(SAVE_ARTICLE_MESSAGES.content, ARTICLE_LIMITS.content, ARTICLE_LIMIT_MESSAGES.content),
    excerpt: requiredText(SAVE_ARTICLE_MESSAGES.excerpt, ARTICLE_LIMITS.excerpt, ARTICLE_LIMIT_MESSAGES.excerpt),
    metaDescription: limitedText(ARTICLE_LIMITS.metaDescription, ARTICLE_LIMIT_MESSAGES.metaDescription).default(""),
    focusKeyword: limitedText(ARTICLE_LIMITS.focusKeyword, ARTICLE_LIMIT_MESSAGES.focusKeyword).default(""),
    slug: limitedText(ARTICLE_LIMITS.slug, ARTICLE_LIMIT_MESSAGES.slug).default(""),
    categories: categoryList().default([]),
    tags: tagList().default([]),
    /** Saved when given (the assistant that drafted the article); must be one of the caller's. */
    assistantId: z.uuid({ error: SAVE_ARTICLE_MESSAGES.assistant }).nullish(),
    /**
     * The language the article is written in (a tag of LOCALES; it wins over
     * its assistant's and its site's). Absent: an update keeps the article's;
     * null: none of its own.
     */
    locale: z.string({ error: LOCALE_MESSAGE }).refine(isSupportedLocale, LOCALE_MESSAGE).nullish(),
    status: z.enum(ARTICLE_STATUSES).default("draft"),
    /** ISO 8601; required exactly when the status is scheduled (cleared otherwise). */
    scheduledFor: storableInstant().nullish(),
    /** The connected sites a scheduled article goes to (cleared otherwise). */
    scheduledSiteIds: z.array(z.uuid()).max(20).default([]),
    /** The revision (of this article) whose text is being restored. */
    restoredFrom: z.int({ error: SAVE_ARTICLE_MESSAGES.revisionNotFound }).positive(SAVE_ARTICLE_MESSAGES.revisionNotFound)
      .optional(),
    /** The AI draft this save follows, as generated. */
    generatedDraft: generatedDraftSchema.optional(),
  })
  .superRefine((article, context) => {
    if (article.status === "scheduled" && !article.scheduledFor) {
      context.addIssue({ code: "custom", path: ["scheduledFor"], message: SAVE_ARTICLE_MESSAGES.scheduledDate });
    }
    // A restore brings back the state its revision recorded (save_article()), whatever is sent with it.
    if (article.status === "scheduled" && article.scheduledSiteIds.length === 0 && article.restoredFrom === undefined) {
      context.addIssue({ code: "custom", path: ["scheduledSiteIds"], message: SAVE_ARTICLE_MESSAGES.scheduleNeedsSite });
    }
    if (!article.id && article.status !== "draft") {
      context.addIssue({ code: "custom", path: ["status"], message: SAVE_ARTICLE_MESSAGES.newArticleIsDraft });
    }
    if (article.id && article.expectedVersion === undefined) {
      context.addIssue({ code: "custom", path: ["expectedVersion"], message: SAVE_ARTICLE_MESSAGES.versionRequired });
    }
    if (article.restoredFrom !== undefined && !article.id) {
      context.addIssue({ code: "custom", path: ["restoredFrom"], message: SAVE_ARTICLE_MESSAGES.restoreNeedsArticle });
    }
    if (article.restoredFrom !== undefined && article.generatedDraft) {
      context.addIssue({ code: "custom", path: ["generatedDraft"], message: SAVE_ARTICLE_MESSAGES.restoreIsNotAiDraft });
    }
  });

export type SaveArticleRequest = z.input<typeof saveArticleRequestSchema>;
export type SaveArticleInput = z.output<typeof saveArticleRequestSchema>;

/** An `articles` row as save-article returns it (the columns the app reads). */
export interface SavedArticleRow {
  id: string;
  title: string;
  content: string;
  excerpt: string;
  status: string;
  featured_image_url: string | null;
  meta_description: string | null;
  focus_keyword: string | null;
  slug: string | null;
  categories: string[];
  tags: string[];
  assistant_id: string | null;
  scheduled_for: string | null;
  scheduled_site_ids: string[];
  created_at: string;
  /** Moves with every change to the article (migration 20261204000300). */
  version: number;
  /** The article's own language, a tag of LOCALES; null: its assistant's or site's applies (migration 20261217000100). */
  locale: string | null;
  /**
   * A bulk draft the language check read as another language than `locale`
   * (20261214000300), until its text is corrected or its language confirmed.
   */
  language_mismatch: boolean;
  /** What the check read the text as (null: not checked, or it could not tell). */
  detected_locale: string | null;
  /** When the owner confirmed the language the check disagreed with (the flag then holds nothing). */
  language_confirmed_at: string | null;
}

/** 409 from save-article: the article changed since `expectedVersion`; `current` is how it is now. */
export interface ArticleConflictBody {
  error: string;
  field: "expectedVersion";
  current: SavedArticleRow;
}
