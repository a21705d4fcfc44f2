import { beforeEach, describe, expect, it, vi } from "vitest";
import { ARTICLES_PAGE_SIZE, countArticles, decodeCursor, encodeCursor, listArticlePage } from "./articleList";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { rpc: vi.fn() } }));

type Row = { id: string; title: string; sort_key: string; created_at: string; updated_at: string };

function row(n: number): Row & Record<string, unknown> {
  const at = `2026-11-22 13:${String(n % 60).padStart(2, "0")}:00.123456+00`;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    title: `Article ${n}`,
    excerpt: `About ${n}`,
    status: "draft",
    featured_image_url: null,
    categories: null,
    tags: ["soil"],
    created_at: at,
    updated_at: at,
    sort_key: at,
  };
}

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from + i));

function answer(result: { data: unknown; error: { message: string } | null }) {
  vi.mocked(supabase.rpc).mockResolvedValueOnce(result as never);
}

const lastArgs = () => vi.mocked(supabase.rpc).mock.lastCall;

beforeEach(() => vi.mocked(supabase.rpc).mockReset());

describe("listArticlePage", () => {
  it("asks list_articles for one row more than a page and maps the rows, content-free", async () => {
    answer({ data: rows(1, ARTICLES_PAGE_SIZE + 1), error: null });
    const page = await listArticlePage({ sort: "newest" }, null);
    expect(lastArgs()).toEqual([
      "list_articles",
      {
        status_filter: undefined,
        search: undefined,
        sort: "newest",
        cursor_key: undefined,
        cursor_id: undefined,
        before_cursor: false,
        page_size: ARTICLES_PAGE_SIZE + 1,
      },
    ]);
    expect(page.articles).toHaveLength(ARTICLES_PAGE_SIZE);
    expect(page).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(page.articles[0]).toEqual({
      id: row(1).id,
      title: "Article 1",
      excerpt: "About 1",
      status: "draft",
      featuredImageUrl: null,
      categories: [],
      tags: ["soil"],
      createdAt: new Date("2026-11-22T13:01:00.123Z"),
      updatedAt: new Date("2026-11-22T13:01:00.123Z"),
      scheduledFor: null,
      scheduledSiteNames: [],
      cursor: encodeCursor({ sort: "newest", key: row(1).sort_key, id: row(1).id }),
    });
    expect(page.articles[0]).not.toHaveProperty("content");
  });

  it("reads a scheduled article's time and target site names", async () => {
    answer({
      data: [{ ...row(1), status: "scheduled", scheduled_for: "2026-12-03 09:30:00+00", scheduled_site_names: ["Food blog", "Travel blog"] }],
      error: null,
    });
    const [article] = (await listArticlePage({ sort: "newest" }, null)).articles;
    expect(article).toMatchObject({
      status: "scheduled",
      scheduledFor: new Date("2026-12-03T09:30:00Z"),
      scheduledSiteNames: ["Food blog", "Travel blog"],
    });
  });

  it("continues after a cursor with its exact key (microseconds included), and knows the last page", async () => {
    answer({ data: rows(22, 3), error: null });
    const cursor = encodeCursor({ sort: "title", key: "Été à Paris, 2", id: row(21).id });
    const page = await listArticlePage({ status: "scheduled", search: "  compost bins ", sort: "title" }, { after: cursor });
    expect(lastArgs()?.[1]).toMatchObject({
      status_filter: "scheduled",
      search: "compost bins",
      sort: "title",
      cursor_key: "Été à Paris, 2",
      cursor_id: row(21).id,
      before_cursor: false,
    });
    expect(page).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(page.articles.map((article) => article.title)).toEqual(["Article 22", "Article 23", "Article 24"]);
  });

  it("reads the page before a cursor: the extra row is the one before the page; then asks if a row follows", async () => {
    answer({ data: rows(1, ARTICLES_PAGE_SIZE + 1), error: null });
    answer({ data: [row(22)], error: null });
    const cursor = encodeCursor({ sort: "newest", key: row(22).sort_key, id: row(22).id });
    const page = await listArticlePage({ sort: "newest" }, { before: cursor });
    expect(vi.mocked(supabase.rpc).mock.calls[0][1]).toMatchObject({ cursor_key: row(22).sort_key, before_cursor: true });
    expect(lastArgs()?.[1]).toMatchObject({ cursor_key: row(21).sort_key, cursor_id: row(21).id, before_cursor: false, page_size: 1 });
    expect(page).toMatchObject({ hasPrevious: true, hasNext: true });
    expect(page.articles[0].title).toBe("Article 2");
    expect(page.articles.at(-1)!.title).toBe("Article 21");
  });

  it("at the start, the page before a cursor has no previous page; with the cursor's row deleted, no next one", async () => {
    answer({ data: rows(1, 5), error: null });
    answer({ data: [], error: null });
    const cursor = encodeCursor({ sort: "newest", key: row(6).sort_key, id: row(6).id });
    const page = await listArticlePage({ sort: "newest" }, { before: cursor });
    expect(page).toMatchObject({ hasPrevious: false, hasNext: false });
    expect(page.articles).toHaveLength(5);
  });

  it("reads the first page for a cursor of another sort order or a mangled one", async () => {
    answer({ data: [], error: null });
    await listArticlePage({ sort: "oldest" }, { after: encodeCursor({ sort: "newest", key: row(1).sort_key, id: row(1).id }) });
    expect(lastArgs()?.[1]).toMatchObject({ cursor_key: undefined, cursor_id: undefined, before_cursor: false });
    answer({ data: [], error: null });
    await listArticlePage({ sort: "oldest" }, { before: "%%%not-base64" });
    expect(lastArgs()?.[1]).toMatchObject({ cursor_key: undefined, cursor_id: undefined, before_cursor: false });
  });

  it("throws the database's message", async () => {
    answer({ data: null, error: { message: "permission denied for function list_articles" } });
    await expect(listArticlePage({ sort: "newest" }, null)).rejects.toThrow("permission denied for function list_articles");
  });
});

describe("cursors", () => {
  it("survive the address: URL-safe, and decoded only for their own sort", () => {
    const id = row(7).id;
    const cursor = encodeCursor({ sort: "title", key: "Ünïcødé / titles + “quotes” ?&=", id });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, "title")).toEqual({ sort: "title", key: "Ünïcødé / titles + “quotes” ?&=", id });
    expect(decodeCursor(cursor, "newest")).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["title", 5, id])), "title")).toBeNull();
  });

  it("refuse keys the database could not read: a time that is not one, an id that is not a uuid", () => {
    expect(decodeCursor(encodeCursor({ sort: "newest", key: "2026-11-22T13:57:40.852123+00:00", id: row(1).id }), "newest")).not.toBeNull();
    expect(decodeCursor(encodeCursor({ sort: "newest", key: "yesterday", id: row(1).id }), "newest")).toBeNull();
    expect(decodeCursor(encodeCursor({ sort: "updated", key: row(1).sort_key, id: "42" }), "updated")).toBeNull();
  });
});

describe("countArticles", () => {
  it("counts with the same status and search", async () => {
    answer({ data: 10000, error: null });
    expect(await countArticles({ status: "draft", search: "heliotrope" })).toBe(10000);
    expect(lastArgs()).toEqual(["count_articles", { status_filter: "draft", search: "heliotrope" }]);
  });

  it("throws the database's message", async () => {
    answer({ data: null, error: { message: "boom" } });
    await expect(countArticles({})).rejects.toThrow("boom");
  });
});
