import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { findLinkTargets, listSiteContentSyncs, syncSiteContent } from "./siteContent";
import { supabase } from "./supabase";

vi.mock("./supabase", () => ({ supabase: { from: vi.fn(), rpc: vi.fn(), functions: { invoke: vi.fn() } } }));

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
  it("ranks with the article's title, focus keyword and text (tags dropped), leaving the article itself out", async () => {
    vi.mocked(supabase.rpc).mockResolvedValue({ data: [TARGET], error: null } as never);
    const targets = await findLinkTargets({
      focus: "Clay soil\nclay",
      body: "<p>Build <strong>raised beds</strong>.</p>",
      limit: 12,
      excludeArticleId: "article-1",
      siteIds: [],
    });
    expect(targets).toEqual([TARGET]);
    expect(supabase.rpc).toHaveBeenCalledWith("internal_link_targets", {
      focus: "Clay soil\nclay",
      body: " Build  raised beds . ",
      max_results: 12,
      exclude_article_id: "article-1",
    });
  });

  it("throws the backend's message", async () => {
    vi.mocked(supabase.rpc).mockResolvedValue({ data: null, error: { message: "JWT expired" } } as never);
    await expect(findLinkTargets({ focus: "x", body: "", limit: 5 })).rejects.toThrow("JWT expired");
  });
});
