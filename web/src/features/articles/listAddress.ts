import { ARTICLE_STATUSES, type ArticleStatus } from "./data/articles";
import { ARTICLE_SORTS, type ArticleListQuery, type ArticleSort, type PagePosition } from "./data/articleList";

/**
 * The list's state lives in the address, so a reload, Back and a shared link
 * show the same page: /articles?status=draft&q=compost&sort=title&after=…&page=3.
 * `page` only numbers the page for people; the cursor (`after` or `before`)
 * says where it starts.
 */
export type ListView = { query: ArticleListQuery; position: PagePosition; page: number };

export const DEFAULT_SORT: ArticleSort = "newest";

const isStatus = (value: string | null): value is ArticleStatus => ARTICLE_STATUSES.includes(value as ArticleStatus);
const isSort = (value: string | null): value is ArticleSort => ARTICLE_SORTS.includes(value as ArticleSort);

export function viewFromSearch(search: string): ListView {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  const sort = params.get("sort");
  const after = params.get("after");
  const before = params.get("before");
  const position: PagePosition = after ? { after } : before ? { before } : null;
  const page = Number(params.get("page"));
  return {
    query: {
      status: isStatus(status) ? status : undefined,
      search: params.get("q")?.trim() || undefined,
      sort: isSort(sort) ? sort : DEFAULT_SORT,
    },
    position,
    // A page with a cursor is never the first.
    page: position ? (Number.isInteger(page) && page >= 2 ? page : 2) : 1,
  };
}

export function addressOf({ query, position, page }: ListView): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.search?.trim()) params.set("q", query.search.trim());
  if (query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (position && page > 1) {
    if ("after" in position) params.set("after", position.after);
    else params.set("before", position.before);
    params.set("page", String(page));
  }
  const search = params.toString();
  return search ? `/articles?${search}` : "/articles";
}

/** The first page of another query (a new filter, search or sort starts from the top). */
export const firstPageOf = (query: ArticleListQuery): ListView => ({ query, position: null, page: 1 });
