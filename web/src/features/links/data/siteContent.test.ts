import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { embedContentIndex, findLinkTargets, getLinkRelevance, listSiteContentSyncs, saveLinkRelevance, syncSiteContent } from "./siteContent";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn(), rpc: vi.fn(), functions: { invoke: vi.fn() } } }));

const SYNC_RESULT = { mode: "full", upserted: 12, removed: 0, entryCount: 12, truncated: false, syncedAt: "2026-11-24T10:00:00.000Z" };

const TARGET = {
  id: "entry-1",
  site_id: "site-1",
  remote_type: "post",
  url: "https://garden.example/raised-beds/",
  title: "Building raised garden beds",
  excerpt: "Larch, drainage, topsoil.",
  categories: ["Gardening"],
  tags: ["raised beds"],
  article_id: null,
  score: 7.5,
};

describe("syncSiteContent", () => {
  it("asks sync-site-content to refresh the site and returns its counts", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: SYNC_RESULT, error: null } as never);
    expect(await syncSiteContent("site-1")).toEqual(SYNC_RESULT);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("sync-site-content", { body: { siteId: "site-1", mode: "auto" } });
  });

  it("says why the site could not be read", async () => {
    const error = new FunctionsHttpError(
      new Response(JSON.stringify({ error: "Failed to refresh the site's content", detail: "The site did not respond in time" }), {
        status: 502,
      }),
    );
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(syncSiteContent("site-1", "full")).rejects.toThrow(
      "Failed to refresh the site's content: The site did not respond in time",
    );
  });

  it("falls back to the general message for an answer it cannot read", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { unexpected: true }, error: null } as never);
    await expect(syncSiteContent("site-1")).rejects.toThrow("Failed to refresh the site's content");
  });
});

describe("listSiteContentSyncs", () => {
  it("reads the sync state of the user's sites", async () => {
    const query = { select: vi.fn() };
    query.select.mockResolvedValue({
      data: [{ site_id: "site-1", entry_count: 12, last_synced_at: "2026-11-24 10:00:00+00", last_error: null }],
      error: null,
    });
    vi.mocked(supabase.from).mockReturnValue(query as never);
    expect(await listSiteContentSyncs()).toEqual([
      { siteId: "site-1", entryCount: 12, lastSyncedAt: "2026-11-24 10:00:00+00", lastError: null },
    ]);
    expect(supabase.from).toHaveBeenCalledWith("site_content_syncs");
  });
});

describe("findLinkTargets", () => {
  it("asks link-targets with the article's title, focus keyword and text (tags dropped), leaving the article itself out", async () => {
    const answer = { targets: [TARGET], relevance: "embeddings" };
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: answer, error: null } as never);
    const result = await findLinkTargets({
      focus: "Clay soil\nclay",
      body: "<p>Build <strong>raised beds</strong>.</p>",
      limit: 12,
      excludeArticleId: "article-1",
      siteIds: [],
    });
    expect(result).toEqual(answer);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("link-targets", {
      body: { focus: "Clay soil\nclay", body: " Build  raised beds . ", limit: 12, excludeArticleId: "article-1" },
    });
  });

  it("throws the function's message", async () => {
    const error = new FunctionsHttpError(new Response(JSON.stringify({ error: "focus: Title and focus keyword are too long" }), { status: 400 }));
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(findLinkTargets({ focus: "x", body: "", limit: 5 })).rejects.toThrow("focus: Title and focus keyword are too long");
  });
});

describe("link relevance", () => {
  it("reads the setting from the profile, full text when there is none", async () => {
    const maybeSingle = vi.fn().mockResolvedValueOnce({ data: { link_relevance: "embeddings", embeddings_model: "text-embedding-3-large" }, error: null })
      .mockResolvedValueOnce({ data: null, error: null });
    vi.mocked(supabase.from).mockReturnValue({ select: () => ({ maybeSingle }) } as never);
    expect(await getLinkRelevance()).toEqual({ relevance: "embeddings", model: "text-embedding-3-large" });
    expect(await getLinkRelevance()).toEqual({ relevance: "full_text", model: null });
    expect(supabase.from).toHaveBeenCalledWith("profiles");
  });

  it("saves it on the user's own profile row", async () => {
    const eq = vi.fn().mockResolvedValue({ error: null });
    const update = vi.fn().mockReturnValue({ eq });
    vi.mocked(supabase.from).mockReturnValue({ update } as never);
    await saveLinkRelevance("user-1", { relevance: "embeddings", model: "text-embedding-3-small" });
    expect(update).toHaveBeenCalledWith({ link_relevance: "embeddings", embeddings_model: "text-embedding-3-small" });
    expect(eq).toHaveBeenCalledWith("id", "user-1");
  });

  it("embeds the index pass after pass until nothing is pending, adding up what was embedded", async () => {
    vi.mocked(supabase.functions.invoke)
      .mockResolvedValueOnce({ data: { mode: "embed", embeddings: { model: "m", embedded: 1000, pending: 200 } }, error: null } as never)
      .mockResolvedValueOnce({ data: { mode: "embed", embeddings: { model: "m", embedded: 200, pending: 0 } }, error: null } as never);
    expect(await embedContentIndex()).toEqual({ model: "m", embedded: 1200, pending: 0 });
    expect(supabase.functions.invoke).toHaveBeenCalledWith("sync-site-content", { body: { mode: "embed" } });
  });

  it("says why the index could not be embedded", async () => {
    const error = new FunctionsHttpError(
      new Response(
        JSON.stringify({ error: "Failed to embed the content index", detail: "Invalid OpenAI API key. Check it in Profile Settings." }),
        { status: 502 },
      ),
    );
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(embedContentIndex()).rejects.toThrow(
      "Failed to embed the content index: Invalid OpenAI API key. Check it in Profile Settings.",
    );
  });
});
