import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { loadPublications, retryScheduledPublication } from "./publications";
import { publishArticle, PUBLISH_INTERRUPTED, PublishError } from "./publishing";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn(), rpc: vi.fn(), functions: { invoke: vi.fn() } } }));

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
          remote_status: "publish",
          published_at: "2026-11-22 13:57:40.852+00",
          updated_at: "2026-11-22 13:57:40.852+00",
          last_error: null,
          next_attempt_at: null,
          claimed_until: null,
          wordpress_sites: { name: "Travel blog" },
        },
      ],
      error: null,
    });
    const byArticle = await loadPublications(["a-1", "a-2"]);
    expect(supabase.from).toHaveBeenCalledOnce();
    expect(supabase.from).toHaveBeenCalledWith("publications");
    expect(query.select).toHaveBeenCalledWith(
      "article_id, site_id, link, status, remote_status, published_at, updated_at, last_error, next_attempt_at, claimed_until, wordpress_sites(name)",
    );
    expect(query.in).toHaveBeenCalledWith("article_id", ["a-1", "a-2"]);
    expect(byArticle.get("a-1")).toEqual([
      {
        siteId: "site-1",
        siteName: "Travel blog",
        link: "https://travel.example.com/alps/",
        status: "publish",
        remoteStatus: "publish",
        publishedAt: "2026-11-22 13:57:40.852+00",
        updatedAt: "2026-11-22 13:57:40.852+00",
        lastError: null,
        nextAttemptAt: null,
        claimedUntil: null,
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
  const RESULT = { link: "https://x.example/p/", remotePostId: 7, status: "publish", updated: false, seo: "none", warnings: [] };

  /** A text/event-stream response whose body arrives in the given chunks. */
  function eventStream(...chunks: string[]) {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  }
  const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

  it("asks publish-article for its event stream and reports each step, then returns the result", async () => {
    invokeReturns({
      data: eventStream(
        sse("step", { name: "terms", state: "skipped", reason: "no_terms" }),
        ": keep-alive\n\n",
        sse("step", { name: "post", state: "started", action: "update" }).slice(0, 20),
        sse("step", { name: "post", state: "started", action: "update" }).slice(20),
        sse("step", { name: "mystery", state: "started" }),
        sse("result", { ...RESULT, updated: true }),
      ),
      error: null,
    });
    const onStep = vi.fn();
    expect(await publishArticle(REQUEST, { onStep })).toEqual({ ...RESULT, updated: true });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("publish-article", {
      body: REQUEST,
      headers: { Accept: "text/event-stream" },
    });
    expect(onStep.mock.calls.map(([event]) => event)).toEqual([
      { name: "terms", state: "skipped", reason: "no_terms" },
      { name: "post", state: "started", action: "update" },
    ]);
  });

  it("throws the error event's message with the failed step and any post link", async () => {
    invokeReturns({
      data: eventStream(
        sse("step", { name: "article", state: "failed", detail: "The post is on WordPress" }),
        sse("error", { status: 500, error: "Failed to update article status", step: "article", link: "https://x.example/p/" }),
      ),
      error: null,
    });
    const error = await publishArticle(REQUEST).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ message: "Failed to update article status", step: "article", link: "https://x.example/p/", interrupted: false });
  });

  it("says the outcome is unknown when the stream ends without one", async () => {
    invokeReturns({ data: eventStream(sse("step", { name: "post", state: "started" })), error: null });
    await expect(publishArticle(REQUEST)).rejects.toMatchObject({ message: PUBLISH_INTERRUPTED, interrupted: true });
    const broken = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(sse("step", { name: "post", state: "started" })));
          controller.error(new TypeError("network error"));
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    );
    invokeReturns({ data: broken, error: null });
    await expect(publishArticle(REQUEST)).rejects.toMatchObject({ interrupted: true });
  });

  it("reads a refusal before the stream (JSON with an error status)", async () => {
    const body = { error: "Selected site not found", field: "siteId" };
    invokeReturns({ data: null, error: new FunctionsHttpError(new Response(JSON.stringify(body), { status: 404 })) });
    await expect(publishArticle(REQUEST)).rejects.toMatchObject({ message: "Selected site not found", step: undefined });
  });

  it("accepts a JSON answer, and falls back to the spec's message", async () => {
    invokeReturns({ data: RESULT, error: null });
    expect(await publishArticle(REQUEST)).toEqual(RESULT);
    invokeReturns({ data: null, error: new FunctionsHttpError(new Response("oops", { status: 502 })) });
    await expect(publishArticle(REQUEST)).rejects.toMatchObject({ message: "Failed to publish to WordPress", step: undefined });
    invokeReturns({ data: { link: 1 }, error: null });
    await expect(publishArticle(REQUEST)).rejects.toThrow("Failed to publish to WordPress");
  });
});

describe("retryScheduledPublication", () => {
  it("queues the pair through retry_scheduled_publication", async () => {
    vi.mocked(supabase.rpc).mockResolvedValue({ data: "2026-11-22T12:00:00Z", error: null } as never);
    await retryScheduledPublication("a-1", "site-1");
    expect(supabase.rpc).toHaveBeenCalledWith("retry_scheduled_publication", { p_article_id: "a-1", p_site_id: "site-1" });
    vi.mocked(supabase.rpc).mockResolvedValue({ data: null, error: { message: "No failed scheduled publication" } } as never);
    await expect(retryScheduledPublication("a-1", "site-1")).rejects.toThrow("No failed scheduled publication");
  });
});
