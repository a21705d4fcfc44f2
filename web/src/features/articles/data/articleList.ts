import { parseTimestamp } from "../../../lib/dates";
import type { ArticleStatus } from "./articles";
import type { Database } from "@contracts/database.types";
import { supabase } from "../../../backend/supabase";

/**
 * The articles list, one page at a time, through the list_articles and
 * count_articles functions (supabase/migrations/20261124100200_list_articles.sql):
 * keyset pagination, so page 50 costs what page 1 costs, and never more than
 * one page of rows per request (hosted PostgREST stops at 1,000 rows anyway).
 */

export const ARTICLES_PAGE_SIZE = 20;

export const ARTICLE_SORTS = ["newest", "oldest", "updated", "title"] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** Which articles the list shows; `search` matches title, excerpt and content, by word prefix. */
export type ArticleListQuery = { status?: ArticleStatus; search?: string; sort: ArticleSort };

/**
 * Where a page starts: the first page, the rows after a row, or the rows
 * just before one. Cursors are opaque strings (safe in an address).
 */
export type PagePosition = { after: string } | { before: string } | null;

/** What an article card shows: everything but the content. */
export type ArticleSummary = {
  id: string;
  title: string;
  excerpt: string;
  status: string;
  featuredImageUrl: string | null;
  categories: string[];
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  /** A scheduled article's time, and the names of the connected sites it will be published to. */
  scheduledFor: Date | null;
  scheduledSiteNames: string[];
  /** This article's place in the list's order: pass it as `after` or `before`. */
  cursor: string;
};

export type ArticlePage = { articles: ArticleSummary[]; hasPrevious: boolean; hasNext: boolean };

type ArticleListRow = Database["public"]["Functions"]["list_articles"]["Returns"][number];

type Cursor = { sort: ArticleSort; key: string; id: string };

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replaceAll("-", "+").replaceAll("_", "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** A cursor names its sort, so one from another order is ignored rather than misread. */
export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.key, cursor.id]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cursor, or null when it is malformed, belongs to another sort order or
 * holds a key the database could not read (an edited address reads the first
 * page instead of failing).
 */
export function decodeCursor(encoded: string, sort: ArticleSort): Cursor | null {
  try {
    const value: unknown = JSON.parse(fromBase64Url(encoded));
    if (!Array.isArray(value) || value.length !== 3 || value[0] !== sort) return null;
    const [, key, id] = value;
    if (typeof key !== "string" || typeof id !== "string" || !UUID.test(id)) return null;
    if (sort !== "title" && Number.isNaN(parseTimestamp(key).getTime())) return null;
    return { sort, key, id };
  } catch {
    return null;
  }
}

function toSummary(row: ArticleListRow, sort: ArticleSort): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    featuredImageUrl: row.featured_image_url,
    categories: row.categories ?? [],
    tags: row.tags ?? [],
    createdAt: parseTimestamp(row.created_at),
    updatedAt: parseTimestamp(row.updated_at),
    scheduledFor: row.scheduled_for ? parseTimestamp(row.scheduled_for) : null,
    scheduledSiteNames: row.scheduled_site_names ?? [],
    cursor: encodeCursor({ sort, key: row.sort_key, id: row.id }),
  };
}

const searchArgument = (search: string | undefined) => search?.trim() || undefined;

type ListArguments = { query: ArticleListQuery; cursor: Cursor | null; before: boolean; pageSize: number };

async function listRows({ query, cursor, before, pageSize }: ListArguments): Promise<ArticleListRow[]> {
  const { data, error } = await supabase.rpc("list_articles", {
    status_filter: query.status,
    search: searchArgument(query.search),
    sort: query.sort,
    cursor_key: cursor?.key,
    cursor_id: cursor?.id,
    before_cursor: Boolean(cursor) && before,
    page_size: pageSize,
  });
  if (error) throw new Error(error.message);
  return data ?? [];
}

/**
 * One page of the user's articles (row-level security scopes them). A
 * position whose cursor does not fit the query reads the first page.
 */
export async function listArticlePage(query: ArticleListQuery, position: PagePosition): Promise<ArticlePage> {
  const before = position !== null && "before" in position;
  const cursor = position && decodeCursor("before" in position ? position.before : position.after, query.sort);
  // One row more than a page tells whether another page follows (or, before a cursor, precedes).
  const rows = await listRows({ query, cursor, before, pageSize: ARTICLES_PAGE_SIZE + 1 });
  const more = rows.length > ARTICLES_PAGE_SIZE;
  const toSummaries = (shown: ArticleListRow[]) => shown.map((row) => toSummary(row, query.sort));
  if (cursor && before) {
    const shown = more ? rows.slice(1) : rows;
    const last = shown.at(-1);
    // The row the cursor names may be gone (deleted): ask whether anything follows this page.
    const following = last
      ? await listRows({ query, cursor: { sort: query.sort, key: last.sort_key, id: last.id }, before: false, pageSize: 1 })
      : [];
    return { articles: toSummaries(shown), hasPrevious: more, hasNext: following.length > 0 };
  }
  return { articles: toSummaries(rows.slice(0, ARTICLES_PAGE_SIZE)), hasPrevious: Boolean(cursor), hasNext: more };
}

/** How many of the user's articles match the status and search. */
export async function countArticles(query: Omit<ArticleListQuery, "sort">): Promise<number> {
  const { data, error } = await supabase.rpc("count_articles", {
    status_filter: query.status,
    search: searchArgument(query.search),
  });
  if (error) throw new Error(error.message);
  return Number(data);
}
