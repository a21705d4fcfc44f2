/**
 * Reading a WordPress site's published posts and pages for the content index
 * (`sync-site-content`), through the REST API client (and so the SSRF guard).
 *
 * - full: every published post and page, 100 a request, by id (newest
 *   first: a unique order, so no post moves between pages while they are
 *   read, as posts sharing a modification second would in
 *   `orderby=modified`); page 1 says how many pages there are
 *   (`X-WP-TotalPages`), the rest are fetched a few at a time. The caller
 *   replaces the site's index with the result.
 * - incremental: only what changed after the cursor (`modified_after`, the
 *   latest `modified_gmt` seen before, less CURSOR_OVERLAP_MS: WordPress
 *   compares whole seconds, `after` is exclusive, and a post saved while the
 *   previous sync listed may carry an earlier second; upserts are
 *   idempotent), in every status the account may read, so a post that was
 *   unpublished or trashed since comes back and is removed from the index.
 *   Reading other statuses needs `edit_posts` (`edit_pages` for pages); a site
 *   that refuses falls back to published only, without removals.
 *
 * Categories and tags arrive as ids; their names are fetched for the ids
 * seen (`include=`, 100 a request). At most MAX_POST_PAGES × 100 posts and
 * MAX_PAGE_PAGES × 100 pages are read per sync (`truncated` says so): the
 * newest ones.
 */
import { decodeEntities, plainText, type WordPressClient, WordPressError } from "./rest.ts";

export const PER_PAGE = 100;
export const MAX_POST_PAGES = 50;
export const MAX_PAGE_PAGES = 10;
/** Requests in flight at once against one site. */
export const CONCURRENCY = 3;
/** Overlap of an incremental sync with the previous one. */
export const CURSOR_OVERLAP_MS = 10_000;

const TITLE_MAX_LENGTH = 500;
const EXCERPT_MAX_LENGTH = 2_000;
const TERM_MAX_LENGTH = 100;
const MAX_CATEGORIES = 20;
const MAX_TAGS = 50;
const URL_MAX_LENGTH = 2_048;
const LIST_FIELDS = "id,link,title,excerpt,categories,tags,modified_gmt,status";
/** Statuses an incremental sync asks for: everything a post can leave "publish" for (auto-draft and inherit aside). */
const CHANGED_STATUSES = "publish,future,draft,pending,private,trash";

export type RemoteType = "post" | "page";
export type SyncMode = "full" | "incremental";

/** One row of `site_content`, as `record_site_content_sync` takes it (a type, so it is JSON to supabase-js). */
export type SiteContentEntry = {
  remote_type: RemoteType;
  remote_id: number;
  url: string;
  title: string;
  excerpt: string;
  categories: string[];
  tags: string[];
  /** ISO 8601, UTC. */
  modified_at: string;
};

export type RemovedEntry = {
  remote_type: RemoteType;
  remote_id: number;
};

export interface SiteContentSnapshot {
  mode: SyncMode;
  entries: SiteContentEntry[];
  removed: RemovedEntry[];
  /** The latest modification seen (ISO 8601, UTC), or null when nothing was listed. */
  cursor: string | null;
  /** More posts or pages than the caps allow: only the newest are in `entries`. */
  truncated: boolean;
  /** Requests sent to the site. */
  requests: number;
}

export interface FetchSiteContentOptions {
  mode: SyncMode;
  /** Incremental: the cursor of the previous sync. */
  since?: string | null;
  maxPostPages?: number;
  maxPagePages?: number;
}

interface RemoteItem {
  id?: unknown;
  link?: unknown;
  title?: { rendered?: unknown };
  excerpt?: { rendered?: unknown; protected?: unknown };
  categories?: unknown;
  tags?: unknown;
  modified_gmt?: unknown;
  status?: unknown;
}

/** The site answered something that is not a list of posts. */
export class SiteContentError extends Error {
  override name = "SiteContentError";
}

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];

/** `2026-11-22T12:00:00` (WordPress's GMT, no zone) → `2026-11-22T12:00:00Z`; null when unreadable. */
export function modifiedGmtToIso(value: unknown): string | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}Z`);
  return Number.isFinite(time) ? new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z") : null;
}

/** The `modified_after` value for a cursor: CURSOR_OVERLAP_MS earlier, whole seconds, UTC. */
export function modifiedAfter(cursor: string): string {
  const time = Date.parse(cursor);
  if (!Number.isFinite(time)) throw new TypeError(`not a date: ${cursor}`);
  return new Date(time - CURSOR_OVERLAP_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed) || trimmed.length > URL_MAX_LENGTH || !URL.canParse(trimmed)) return null;
  return trimmed;
}

/** WordPress's rendered excerpt as text, without the "[…]" it appends to generated ones. */
function excerptText(item: RemoteItem): string {
  if (item.excerpt?.protected === true || typeof item.excerpt?.rendered !== "string") return "";
  return plainText(item.excerpt.rendered, EXCERPT_MAX_LENGTH + 100)
    .replace(/\s*\[(?:&hellip;|…|\.\.\.)\]\s*$/u, "")
    .replace(/&hellip;/g, "…")
    .slice(0, EXCERPT_MAX_LENGTH)
    .trim();
}

function termNames(termIds: number[], names: ReadonlyMap<number, string>, max: number): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const id of termIds) {
    const name = names.get(id);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    result.push(name);
    if (result.length === max) break;
  }
  return result;
}

/** Runs `tasks` with at most `limit` in flight; rejects with the first failure. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

class Listing {
  requests = 0;
  constructor(readonly client: WordPressClient) {}

  async page(route: string, query: Record<string, string | number>): Promise<{ items: RemoteItem[]; totalPages: number | null }> {
    this.requests++;
    const { data, headers } = await this.client.requestWithHeaders<unknown>({ route, query });
    if (!Array.isArray(data)) throw new SiteContentError(`The site's ${route} answer is not a list`);
    const total = Number.parseInt(headers.get("x-wp-totalpages") ?? "", 10);
    return { items: data as RemoteItem[], totalPages: Number.isSafeInteger(total) && total >= 0 ? total : null };
  }

  /**
   * Every page of a collection up to `maxPages`. Pages past the end (the
   * collection shrank meanwhile: WordPress answers 400
   * rest_post_invalid_page_number) count as empty.
   */
  async all(route: string, query: Record<string, string | number>, maxPages: number) {
    const first = await this.page(route, { ...query, page: 1 });
    if (first.totalPages === null) {
      // No X-WP-TotalPages (a proxy dropped it): read on while pages are full.
      const items = [...first.items];
      let last = first.items;
      let page = 1;
      while (last.length >= PER_PAGE && page < maxPages) {
        page++;
        last = (await this.pageOrEmpty(route, { ...query, page })).items;
        items.push(...last);
      }
      return { items, truncated: last.length >= PER_PAGE && page >= maxPages };
    }
    const pages = Math.min(first.totalPages, maxPages);
    const rest = await inBatches(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) => () => this.pageOrEmpty(route, { ...query, page: i + 2 })),
      CONCURRENCY,
    );
    return { items: [...first.items, ...rest.flatMap((page) => page.items)], truncated: first.totalPages > maxPages };
  }

  private async pageOrEmpty(route: string, query: Record<string, string | number>) {
    try {
      return await this.page(route, query);
    } catch (error) {
      if (error instanceof WordPressError && error.code === "rest_post_invalid_page_number") {
        return { items: [], totalPages: null };
      }
      throw error;
    }
  }

  /** Names of the terms with these ids (`include=`, 100 a request); ids the site does not answer are left out. */
  async termNames(taxonomy: "categories" | "tags", termIds: Set<number>): Promise<Map<number, string>> {
    const all = [...termIds];
    const chunks = Array.from({ length: Math.ceil(all.length / PER_PAGE) }, (_, i) => all.slice(i * PER_PAGE, (i + 1) * PER_PAGE));
    const answers = await inBatches(
      chunks.map((chunk) => () =>
        this.page(`wp/v2/${taxonomy}`, { include: chunk.join(","), per_page: PER_PAGE, _fields: "id,name" })
      ),
      CONCURRENCY,
    );
    const names = new Map<number, string>();
    for (const term of answers.flatMap((answer) => answer.items) as { id?: unknown; name?: unknown }[]) {
      if (Number.isSafeInteger(term.id) && typeof term.name === "string") {
        const name = decodeEntities(term.name).replace(/\s+/g, " ").trim().slice(0, TERM_MAX_LENGTH);
        if (name) names.set(term.id as number, name);
      }
    }
    return names;
  }
}

/** Whether WordPress refused the status list (the account may not read drafts, or pages' drafts). */
function refusedStatuses(error: unknown): boolean {
  return error instanceof WordPressError &&
    (error.code === "rest_invalid_param" || error.code === "rest_forbidden_status" || error.status === 403);
}

/**
 * Lists the site's content (see the file comment). Throws WordPressError,
 * OutboundRequestError (unreachable, timeout, refused address) or
 * SiteContentError; nothing is returned unless every request succeeded.
 */
export async function fetchSiteContent(
  client: WordPressClient,
  options: FetchSiteContentOptions,
): Promise<SiteContentSnapshot> {
  const listing = new Listing(client);
  const incremental = options.mode === "incremental" && Boolean(options.since);
  const mode: SyncMode = incremental ? "incremental" : "full";
  const base: Record<string, string | number> = {
    per_page: PER_PAGE,
    orderby: "id",
    order: "desc",
    _fields: LIST_FIELDS,
    ...(incremental ? { modified_after: modifiedAfter(options.since as string) } : {}),
  };

  const list = async (type: RemoteType, maxPages: number) => {
    const route = type === "post" ? "wp/v2/posts" : "wp/v2/pages";
    if (incremental) {
      try {
        return { type, ...(await listing.all(route, { ...base, status: CHANGED_STATUSES }, maxPages)) };
      } catch (error) {
        if (!refusedStatuses(error)) throw error;
      }
    }
    return { type, ...(await listing.all(route, { ...base, status: "publish" }, maxPages)) };
  };

  const [posts, pages] = await Promise.all([
    list("post", options.maxPostPages ?? MAX_POST_PAGES),
    list("page", options.maxPagePages ?? MAX_PAGE_PAGES),
  ]);

  const published = posts.items.filter((item) => (item.status ?? "publish") === "publish");
  const categoryIds = new Set(published.flatMap((item) => ids(item.categories)));
  const tagIds = new Set(published.flatMap((item) => ids(item.tags)));
  const [categoryNames, tagNames] = await Promise.all([
    categoryIds.size ? listing.termNames("categories", categoryIds) : new Map<number, string>(),
    tagIds.size ? listing.termNames("tags", tagIds) : new Map<number, string>(),
  ]);

  const entries = new Map<string, SiteContentEntry>();
  const removed = new Map<string, RemovedEntry>();
  let cursor: string | null = null;
  for (const { type, items } of [posts, pages]) {
    for (const item of items) {
      if (!Number.isSafeInteger(item.id) || (item.id as number) <= 0) continue;
      const remoteId = item.id as number;
      const key = `${type}:${remoteId}`;
      const modified = modifiedGmtToIso(item.modified_gmt);
      if (modified && (!cursor || modified > cursor)) cursor = modified;
      const url = httpUrl(item.link);
      if ((item.status ?? "publish") !== "publish" || !url) {
        if (!entries.has(key)) removed.set(key, { remote_type: type, remote_id: remoteId });
        continue;
      }
      removed.delete(key);
      entries.set(key, {
        remote_type: type,
        remote_id: remoteId,
        url,
        title: typeof item.title?.rendered === "string" ? plainText(item.title.rendered, TITLE_MAX_LENGTH) : "",
        excerpt: excerptText(item),
        categories: termNames(ids(item.categories), categoryNames, MAX_CATEGORIES),
        tags: termNames(ids(item.tags), tagNames, MAX_TAGS),
        modified_at: modified ?? new Date().toISOString(),
      });
    }
  }

  return {
    mode,
    entries: [...entries.values()],
    removed: [...removed.values()],
    cursor,
    truncated: posts.truncated || pages.truncated,
    requests: listing.requests,
  };
}
