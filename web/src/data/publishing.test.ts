import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { loadPublications, publishArticle, PublishError } from "./publishing";
import { supabase } from "./supabase";

vi.mock("./supabase", () => ({ supabase: { from: vi.fn(), functions: { invoke: vi.fn() } } }));

const REQUEST = { articleId: "11111111-1111-4111-8111-111111111111", siteId: "site-1", status: "publish" as const };

function invokeReturns(result: { data: unknown; error: unknown }) {
  vi.mocked(supabase.functions.invoke).mockResolvedValue(result as never);
}

describe("loadPublications", () => {
  function queryReturning(result: { data: unknown; error: unknown }) {
    const query = { select: vi.fn(), in: vi.fn(), order: vi.fn() };
    query.select.mockReturnValue(query);
    query.in.mockReturnValue(query);
    query.order.mockResolvedValue(result);
    vi.mocked(supabase.from).mockReturnValue(query as never);
    return query;
  }

  it("loads many articles in one query, every requested id present", async () => {
    const query = queryReturning({
      data: [
        {
          article_id: "a-1",
          site_id: "site-1",
          link: "https://travel.example.com/alps/",
          status: "publish",
          published_at: "2026-11-22 13:57:40.852+00",
          last_error: null,
          wordpress_sites: { name: "Travel blog" },
        },
      ],
      error: null,
    });
    const byArticle = await loadPublications(["a-1", "a-2"]);
    expect(supabase.from).toHaveBeenCalledOnce();
    expect(supabase.from).toHaveBeenCalledWith("publications");
    expect(query.select).toHaveBeenCalledWith(
      "article_id, site_id, link, status, published_at, last_error, wordpress_sites(name)",
    );
    expect(query.in).toHaveBeenCalledWith("article_id", ["a-1", "a-2"]);
    expect(byArticle.get("a-1")).toEqual([
      {
        siteId: "site-1",
        siteName: "Travel blog",
        link: "https://travel.example.com/alps/",
        status: "publish",
        publishedAt: "2026-11-22 13:57:40.852+00",
        lastError: null,
      },
    ]);
    expect(byArticle.get("a-2")).toEqual([]);
  });

  it("asks nothing for no articles", async () => {
    expect(await loadPublications([])).toEqual(new Map());
    expect(supabase.from).not.toHaveBeenCalled();
  });

  it("throws the backend's message", async () => {
    queryReturning({ data: null, error: { message: "JWT expired" } });
    await expect(loadPublications(["a-1"])).rejects.toThrow("JWT expired");
  });

  it("refuses a status outside the table's check constraint", async () => {
    queryReturning({
      data: [{ article_id: "a-1", site_id: "site-1", link: null, status: "queued", published_at: null, last_error: null, wordpress_sites: null }],
      error: null,
    });
    await expect(loadPublications(["a-1"])).rejects.toThrow("Unexpected publication status queued");
  });
});

describe("publishArticle", () => {
  it("invokes wordpress-publish and returns its result", async () => {
    const result = { link: "https://x.example/p/", remotePostId: 7, status: "publish", updated: false, seo: "none", warnings: [] };
    invokeReturns({ data: result, error: null });
    expect(await publishArticle(REQUEST)).toEqual(result);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("wordpress-publish", { body: REQUEST });
  });

  it("throws the server's message with the failed step and any post link", async () => {
    const body = { error: "Failed to update article status", step: "article", link: "https://x.example/p/", remotePostId: 7 };
    invokeReturns({ data: null, error: new FunctionsHttpError(new Response(JSON.stringify(body), { status: 500 })) });
    const error = await publishArticle(REQUEST).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ message: "Failed to update article status", step: "article", link: "https://x.example/p/" });
  });

  it("ignores an unknown step and falls back to the spec's message", async () => {
    invokeReturns({ data: null, error: new FunctionsHttpError(new Response("oops", { status: 502 })) });
    await expect(publishArticle(REQUEST)).rejects.toMatchObject({ message: "Failed to publish to WordPress", step: undefined });
    invokeReturns({ data: { link: 1 }, error: null });
    await expect(publishArticle(REQUEST)).rejects.toThrow("Failed to publish to WordPress");
  });
});
