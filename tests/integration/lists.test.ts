import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import ws from "ws";
import {
  ARTICLES_PAGE_SIZE,
  countArticles,
  listArticlePage,
  type ArticleListQuery,
  type ArticleSummary,
  type PagePosition,
} from "../../web/src/features/articles/data/articleList.ts";
import { LIBRARY_PAGE_SIZE, listGeneratedImages, type LibraryImage } from "../../web/src/features/images/data/images.ts";
import { env, ok, serviceClient, signUp, type TestUser } from "./support.ts";

/**
 * The web app's own list functions (web/src/features/articles/data/articleList.ts and the image
 * library in images.ts) against the local backend, with the real supabase-js
 * signed in as each user. Every request they send is recorded, to prove that
 * none asks for more than one page of rows, whatever the user has.
 */

type Recorded = { url: URL; body: unknown; rows: number | null };

const state = vi.hoisted(() => ({ client: null as SupabaseClient | null }));
vi.mock("../../web/src/backend/supabase.ts", () => ({
  get supabase() {
    if (!state.client) throw new Error("no client signed in for this test");
    return state.client;
  },
}));

let requests: Recorded[] = [];

/** fetch that remembers each data request, its JSON body and how many rows came back. */
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname.startsWith("/rest/v1/")) {
    const text = await response.clone().text();
    const parsed = text ? JSON.parse(text) : null;
    requests.push({
      url,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : null,
      rows: Array.isArray(parsed) ? parsed.length : null,
    });
  }
  return response;
};

async function signInRecorded(user: TestUser): Promise<SupabaseClient> {
  const client = createClient(env().url, env().publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: recordingFetch },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  return client;
}

const ALICE_ARTICLES = 45;
const BOB_ARTICLES = 25;
const minutes = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n, 0)).toISOString();

let alice: TestUser;
let bob: TestUser;
let aliceClient: SupabaseClient;
let bobClient: SupabaseClient;
/** Alice's article ids, newest first (created_at, then id, descending). */
let aliceNewestFirst: string[];

/** Every page from the first with Next, then back to the first with Previous; returns the pages. */
async function walk(query: ArticleListQuery): Promise<{ forward: ArticleSummary[][]; backward: ArticleSummary[][] }> {
  const forward: ArticleSummary[][] = [];
  let position: PagePosition = null;
  for (;;) {
    const page = await listArticlePage(query, position);
    forward.push(page.articles);
    if (!page.hasNext) break;
    position = { after: page.articles.at(-1)!.cursor };
    expect(forward.length, "runaway paging").toBeLessThan(20);
  }
  const backward: ArticleSummary[][] = [forward.at(-1)!];
  for (let first = forward.at(-1)![0]; ; ) {
    const page = await listArticlePage(query, { before: first.cursor });
    backward.unshift(page.articles);
    if (!page.hasPrevious) break;
    first = page.articles[0];
  }
  return { forward, backward };
}

const ids = (pages: ArticleSummary[][]) => pages.flat().map((article) => article.id);

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp("lister"), signUp("other-lister")]);
  const service = serviceClient();
  // Alice: 45 articles a minute apart, two sharing a created_at (with microseconds) so the id decides;
  // three mention the heliotrope only in their content. Bob: 25, with the same word.
  const aliceRows = Array.from({ length: ALICE_ARTICLES }, (_, i) => ({
    user_id: alice.id,
    title: `Alice ${String(i).padStart(2, "0")}`,
    excerpt: `Excerpt ${i}`,
    content: i % 15 === 4 ? `<p>The <em>heliotrope</em> flowered in bed ${i}.</p>` : `<p>Ordinary text ${i}.</p>`,
    status: i % 2 ? "published" : "draft",
    created_at: i === 31 ? "2026-01-01T00:30:00.123456Z" : i === 30 ? "2026-01-01T00:30:00.123456Z" : minutes(i),
    updated_at: minutes(100 - i),
  }));
  const bobRows = Array.from({ length: BOB_ARTICLES }, (_, i) => ({
    user_id: bob.id,
    title: `Bob ${String(i).padStart(2, "0")}`,
    content: `<p>Bob's heliotrope ${i}.</p>`,
    created_at: minutes(i),
  }));
  ok(await service.from("articles").insert([...aliceRows, ...bobRows]));
  const all = ok(
    await service
      .from("articles")
      .select("id")
      .eq("user_id", alice.id)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false }),
  );
  aliceNewestFirst = all.map((row: { id: string }) => row.id);
  [aliceClient, bobClient] = await Promise.all([signInRecorded(alice), signInRecorded(bob)]);
});

beforeEach(() => {
  requests = [];
  state.client = aliceClient;
});

describe("articles list pages", () => {
  test("a list request asks for one page (plus one row to know if another follows) and gets exactly one page", async () => {
    const page = await listArticlePage({ sort: "newest" }, null);
    expect(page.articles).toHaveLength(ARTICLES_PAGE_SIZE);
    expect(page).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(page.articles.map((article) => article.id)).toEqual(aliceNewestFirst.slice(0, ARTICLES_PAGE_SIZE));
    const [request] = requests;
    expect(request.url.pathname).toBe("/rest/v1/rpc/list_articles");
    expect(request.body).toMatchObject({ page_size: ARTICLES_PAGE_SIZE + 1 });
    expect(request.rows).toBe(ARTICLES_PAGE_SIZE + 1);
    expect(page.articles[0]).not.toHaveProperty("content");
  });

  test("the database refuses a page larger than 100 rows", async () => {
    const { error } = await aliceClient.rpc("list_articles", { page_size: 1000 });
    expect(error?.message).toBe("page_size must be between 1 and 100");
  });

  test("Next visits every article once, in order, and Previous walks back the same pages", async () => {
    const { forward, backward } = await walk({ sort: "newest" });
    expect(forward.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(ids(forward)).toEqual(aliceNewestFirst);
    expect(ids(backward)).toEqual(aliceNewestFirst);
    expect(backward.map((page) => page.length)).toEqual([20, 20, 5]);
    for (const request of requests) expect(request.rows ?? 0).toBeLessThanOrEqual(ARTICLES_PAGE_SIZE + 1);
  });

  test("every sort pages through all of the user's articles in its order", async () => {
    const oldest = await walk({ sort: "oldest" });
    expect(ids(oldest.forward)).toEqual([...aliceNewestFirst].reverse());
    const title = await walk({ sort: "title" });
    expect(title.forward.flat().map((article) => article.title)).toEqual(
      Array.from({ length: ALICE_ARTICLES }, (_, i) => `Alice ${String(i).padStart(2, "0")}`),
    );
    const updated = await walk({ sort: "updated" });
    expect(updated.forward.flat().map((article) => article.title)).toEqual(
      Array.from({ length: ALICE_ARTICLES }, (_, i) => `Alice ${String(i).padStart(2, "0")}`),
    );
  });

  test("search finds words in the content, by prefix too, and only the user's own articles", async () => {
    const expected = ["Alice 34", "Alice 19", "Alice 04"];
    for (const search of ["heliotrope", "Helio"]) {
      const page = await listArticlePage({ sort: "newest", search }, null);
      expect(page.articles.map((article) => article.title)).toEqual(expected);
      expect(await countArticles({ search })).toBe(3);
    }
    const combined = await listArticlePage({ sort: "title", search: "heliotrope", status: "draft" }, null);
    expect(combined.articles.map((article) => article.title)).toEqual(["Alice 04", "Alice 34"]);
    expect(await countArticles({ status: "draft", search: "heliotrope" })).toBe(2);
    expect((await listArticlePage({ sort: "newest", search: "zucchini" }, null)).articles).toEqual([]);
    expect(await countArticles({})).toBe(ALICE_ARTICLES);
  });

  test("another user sees only their own, even with a cursor taken from someone else's list", async () => {
    const alicePage = await listArticlePage({ sort: "newest" }, null);
    state.client = bobClient;
    const first = await listArticlePage({ sort: "newest" }, null);
    expect(first.articles).toHaveLength(ARTICLES_PAGE_SIZE);
    expect(first.articles.every((article) => article.title.startsWith("Bob"))).toBe(true);
    const borrowed = await listArticlePage({ sort: "newest" }, { after: alicePage.articles[5].cursor });
    expect(borrowed.articles.every((article) => article.title.startsWith("Bob"))).toBe(true);
    const search = await listArticlePage({ sort: "newest", search: "heliotrope" }, null);
    expect(search.articles.every((article) => article.title.startsWith("Bob"))).toBe(true);
    expect(await countArticles({ search: "heliotrope" })).toBe(BOB_ARTICLES);
  });

  test("anon cannot list or count", async () => {
    state.client = createClient(env().url, env().publishableKey, {
      auth: { persistSession: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    await expect(listArticlePage({ sort: "newest" }, null)).rejects.toThrow(/permission denied/);
    await expect(countArticles({})).rejects.toThrow(/permission denied/);
  });
});

describe("image library pages", () => {
  const IMAGES = 30;

  beforeAll(async () => {
    const image = (user: TestUser, i: number, createdAt: string) => ({
      user_id: user.id,
      storage_path: `${user.id}/list-${i}.png`,
      public_url: `https://storage.test/${user.id}/list-${i}.png`,
      prompt: `Image ${String(i).padStart(2, "0")}`,
      image_size: "square_hd",
      style_preset: "photographic",
      num_inference_steps: 30,
      guidance_scale: 7.5,
      content_type: "image/png",
      byte_size: 100,
      created_at: createdAt,
    });
    // Images 10 to 14 share one created_at (with microseconds): only the id orders them.
    const rows = Array.from({ length: IMAGES }, (_, i) =>
      image(alice, i, i >= 10 && i < 15 ? "2026-02-01T00:10:00.654321Z" : new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString()),
    );
    ok(await serviceClient().from("generated_images").insert([...rows, image(bob, 0, "2026-02-01T00:05:00Z")]));
  });

  test("Load more continues after the last image: one page per request, none repeated or skipped", async () => {
    const seen: LibraryImage[] = [];
    let page = await listGeneratedImages();
    seen.push(...page.images);
    while (page.next) {
      page = await listGeneratedImages(page.next);
      seen.push(...page.images);
    }
    expect(requests.map((request) => request.url.searchParams.get("limit"))).toEqual([
      String(LIBRARY_PAGE_SIZE + 1),
      String(LIBRARY_PAGE_SIZE + 1),
    ]);
    expect(requests.map((request) => request.rows)).toEqual([LIBRARY_PAGE_SIZE + 1, IMAGES - LIBRARY_PAGE_SIZE]);
    expect(seen).toHaveLength(IMAGES);
    expect(new Set(seen.map((image) => image.id)).size).toBe(IMAGES);
    const expected = ok(
      await serviceClient()
        .from("generated_images")
        .select("id")
        .eq("user_id", alice.id)
        .order("created_at", { ascending: false })
        .order("id", { ascending: false }),
    ).map((row: { id: string }) => row.id);
    expect(seen.map((image) => image.id)).toEqual(expected);
  });
});
