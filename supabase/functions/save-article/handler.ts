/**
 * save-article: POST a SaveArticleRequest (no `id`: a new draft; `id`: an
 * update of the caller's article) → 200 `{ article }`, the saved row.
 *
 * The content is sanitised with the article allow-list (the preview's, see
 * _shared/contracts/html_policy.ts) before it is stored, so no script, event
 * handler or `javascript:` URL is ever stored, whoever calls the API.
 *
 * Every save keeps a revision of the text in the same transaction
 * (article_store.ts): 'manual', or 'restore' with `restoredFrom`; an AI
 * draft sent as `generatedDraft` is sanitised the same way and kept first as
 * an 'ai' revision (left out when nothing of it survives sanitising).
 *
 * A bulk draft held for its language (language_mismatch) is checked again
 * after each save: once its title and content read as the article's language
 * (corrected text, or the language it is written in chosen), the flag is
 * cleared and the answer carries the article's new version. Other saves run
 * no check.
 *
 * - 400 invalid input `{ error: "<field>: <message>", field, issues }`,
 *   including every size limit with the forms' messages, content that is
 *   empty once sanitised, another user's assistant, or a row the database
 *   refuses (its check constraints mirror the limits), a schedule with no
 *   target site ('scheduledSiteIds: Choose at least one site…': it would
 *   publish nowhere), or one naming a site that is none of the caller's
 *   ('scheduledSiteIds: One of the chosen sites is not connected any
 *   more…': read as the caller, so another user's site is simply not there);
 *   'locale: Choose one of the languages offered' (a tag not in LOCALES),
 *   and 'restoredFrom: Revision not found' (none of this article's);
 * - 401 not signed in; 404 'Article not found' (none of the caller's);
 * - 409 'This article was changed elsewhere since you opened it' with
 *   `{ field: "expectedVersion", current }` (the article as it is now) when
 *   an update started from an older version than the article's: nothing is
 *   written (article_save.ts ArticleConflictBody);
 * - 405; 413 over MAX_BODY_BYTES; 500 'Failed to save article'.
 */
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { sanitizeArticleHtml } from "../_shared/html/sanitize_article_html.ts";
import type { CallerClient, RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import {
  type ArticleConflictBody,
  SAVE_ARTICLE_MESSAGES,
  type SavedArticleRow,
  saveArticleRequestSchema,
  type SaveArticleInput,
} from "../_shared/contracts/article_save.ts";
import { ARTICLE_LIMIT_MESSAGES, ARTICLE_LIMITS } from "../_shared/contracts/text_limits.ts";
import { DEFAULT_LOCALE, LOCALE_MESSAGE } from "../_shared/contracts/locales.ts";
import { checkDraftLanguage } from "../_shared/ai/language_check.ts";
import {
  type ArticleFields,
  ArticleConflictError,
  type ArticleStore,
  ArticleWriteError,
  createArticleStore,
  type RevisionText,
} from "./article_store.ts";

/**
 * 250,000 characters of content, each up to 6 bytes once JSON-escaped, plus
 * the other fields, twice (the article and the AI draft it follows): a body
 * the schema could accept always fits.
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export const SAVE_FAILED = "Failed to save article";

/** The caller's connected sites, read as the caller (RLS): another user's site is not among them. */
export interface ConnectedSites {
  /** Those of `ids` that are none of the caller's sites. */
  unknown(ids: readonly string[]): Promise<string[]>;
}

export interface SaveArticleDependencies {
  authenticate: Authenticate;
  store: ArticleStore;
  sites: ConnectedSites;
}

/** Field and message for each check constraint of articles (the database's own copy of the limits). */
const CONSTRAINT_MESSAGES: Readonly<Record<string, [field: string, message: string]>> = {
  articles_title_check: ["title", ARTICLE_LIMIT_MESSAGES.title],
  articles_content_length: ["content", ARTICLE_LIMIT_MESSAGES.content],
  articles_excerpt_length: ["excerpt", ARTICLE_LIMIT_MESSAGES.excerpt],
  articles_meta_description_length: ["metaDescription", ARTICLE_LIMIT_MESSAGES.metaDescription],
  articles_focus_keyword_length: ["focusKeyword", ARTICLE_LIMIT_MESSAGES.focusKeyword],
  articles_slug_length: ["slug", ARTICLE_LIMIT_MESSAGES.slug],
  articles_categories_limits: ["categories", ARTICLE_LIMIT_MESSAGES.categoryCount],
  articles_tags_limits: ["tags", ARTICLE_LIMIT_MESSAGES.tagCount],
  articles_scheduled_for_iff_scheduled: ["scheduledFor", SAVE_ARTICLE_MESSAGES.scheduledDate],
  articles_assistant_id_user_id_fkey: ["assistantId", SAVE_ARTICLE_MESSAGES.assistant],
  articles_approved_before_scheduling: ["status", SAVE_ARTICLE_MESSAGES.approveFirst],
  article_revisions_restored_from_fkey: ["restoredFrom", SAVE_ARTICLE_MESSAGES.revisionNotFound],
  // The domain public.locale_tag (the schema refuses such a tag first).
  locale_tag_supported: ["locale", LOCALE_MESSAGE],
};

function fieldError(field: string, message: string): Response {
  return errorResponse(400, `${field}: ${message}`, { field, issues: [{ path: [field], message }] });
}

/** An AI draft as a revision: content sanitised like the article's; undefined when nothing of it is left. */
function generatedRevision(draft: SaveArticleInput["generatedDraft"]): RevisionText | undefined {
  if (!draft) return undefined;
  const content = sanitizeArticleHtml(draft.content);
  if (!content.trim() || content.length > ARTICLE_LIMITS.content) return undefined;
  return {
    title: draft.title,
    content,
    excerpt: draft.excerpt,
    meta_description: draft.metaDescription || null,
    focus_keyword: draft.focusKeyword || null,
    slug: draft.slug || null,
    categories: draft.categories,
    tags: draft.tags,
  };
}

/** The row to write: sanitised content, optional text as null, the schedule kept only when scheduled. */
function fieldsOf(input: SaveArticleInput, content: string): ArticleFields {
  const scheduled = input.status === "scheduled";
  return {
    title: input.title,
    content,
    excerpt: input.excerpt,
    status: input.status,
    meta_description: input.metaDescription || null,
    focus_keyword: input.focusKeyword || null,
    slug: input.slug || null,
    categories: input.categories,
    tags: input.tags,
    scheduled_for: scheduled ? new Date(input.scheduledFor!).toISOString() : null,
    scheduled_site_ids: scheduled ? input.scheduledSiteIds : [],
    ...(input.assistantId !== undefined ? { assistant_id: input.assistantId } : {}),
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
  };
}

/**
 * The saved article, its language flag cleared when its text now reads as its
 * language. The save is made already: a flag that cannot be cleared now
 * (another save came in between, or the database refused) stays for the
 * next save, and this one is answered as saved.
 */
async function withLanguageSettled(store: ArticleStore, userId: string, article: SavedArticleRow): Promise<SavedArticleRow> {
  if (!article.language_mismatch) return article;
  const locale = article.locale ?? DEFAULT_LOCALE;
  if (checkDraftLanguage(article, locale).detected !== locale) return article;
  try {
    const version = await store.settleLanguage(userId, article.id, article.version, locale);
    return version === null ? article : { ...article, version, language_mismatch: false, detected_locale: locale };
  } catch (error) {
    console.error(`[save-article] the language flag of a saved article stays: ${error instanceof Error ? error.message : error}`);
    return article;
  }
}

export function createHandler(deps: SaveArticleDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "save-article",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: saveArticleRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: SAVE_FAILED,
    async handle({ userId, input }) {
      const content = sanitizeArticleHtml(input.content);
      if (!content.trim()) return fieldError("content", SAVE_ARTICLE_MESSAGES.contentEmptyWhenSanitised);
      // Sanitising can lengthen HTML a little (escaped characters, rel on links).
      if (content.length > ARTICLE_LIMITS.content) return fieldError("content", ARTICLE_LIMIT_MESSAGES.content);
      const fields = fieldsOf(input, content);
      if (fields.scheduled_site_ids.length > 0 && (await deps.sites.unknown(fields.scheduled_site_ids)).length > 0) {
        return fieldError("scheduledSiteIds", SAVE_ARTICLE_MESSAGES.siteNotFound);
      }
      try {
        const article = await deps.store.save(userId, {
          id: input.id,
          expectedVersion: input.expectedVersion,
          fields,
          restoredFrom: input.restoredFrom,
          generatedDraft: generatedRevision(input.generatedDraft),
        });
        if (!article) return errorResponse(404, SAVE_ARTICLE_MESSAGES.notFound, { field: "id" });
        return json({ article: await withLanguageSettled(deps.store, userId, article) });
      } catch (error) {
        if (error instanceof ArticleConflictError) {
          const body: Omit<ArticleConflictBody, "error"> = { field: "expectedVersion", current: error.current };
          return errorResponse(409, SAVE_ARTICLE_MESSAGES.changedElsewhere, body);
        }
        const refusal = error instanceof ArticleWriteError && error.constraint
          ? CONSTRAINT_MESSAGES[error.constraint]
          : undefined;
        if (refusal) return fieldError(...refusal);
        throw error;
      }
    },
  });
}

/** Built at boot; per caller: the caller verified, the save written on the system's articleSaves path. */
export function productionDependencies(): (caller: RequestCaller) => SaveArticleDependencies {
  const store = createArticleStore(createSystemAccess().articleSaves);
  return (caller) => ({ authenticate: () => caller.authenticate(), store, sites: connectedSitesOf(caller.client) });
}

function connectedSitesOf(client: CallerClient): ConnectedSites {
  return {
    async unknown(ids) {
      const { data, error } = await client.from("wordpress_sites").select("id").in("id", [...ids]);
      if (error) throw new Error(`reading the caller's sites: ${error.message}`);
      const known = new Set(data.map((site) => site.id));
      return ids.filter((id) => !known.has(id));
    },
  };
}
