import { describe, expect, it, vi } from "vitest";
import { loadDashboard } from "./dashboard";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn() } }));

type Result = { data?: unknown; count?: number | null; error: { message: string } | null };

/** A chainable stand-in for a PostgREST query that records its calls. */
function query(result: Result) {
  const calls: unknown[][] = [];
  const builder: Record<string, unknown> = {
    then: (resolve: (value: Result) => unknown) => Promise.resolve(result).then(resolve),
  };
  for (const method of ["select", "eq", "order", "limit", "overrideTypes"]) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  return { builder, calls };
}

describe("loadDashboard", () => {
  it("counts and lists the user's own articles and sites", async () => {
    const articles = query({ count: 12, error: null });
    const sites = query({ count: 2, error: null });
    const drafts = query({ count: null, error: null });
    const recent = query({
      data: [
        { id: "a1", title: "Local", status: "draft", created_at: "2026-11-22 13:57:40.852+00" },
        { id: "a2", title: "Hosted", status: "published", created_at: "2026-11-21T08:00:00+00:00" },
      ],
      error: null,
    });
    vi.mocked(supabase.from)
      .mockReturnValueOnce(articles.builder as never)
      .mockReturnValueOnce(sites.builder as never)
      .mockReturnValueOnce(drafts.builder as never)
      .mockReturnValueOnce(recent.builder as never);

    const dashboard = await loadDashboard("user-1");

    expect(vi.mocked(supabase.from).mock.calls.map(([table]) => table)).toEqual([
      "articles",
      "wordpress_sites",
      "articles",
      "articles",
    ]);
    expect(articles.calls).toEqual([
      ["select", "id", { count: "exact", head: true }],
      ["eq", "user_id", "user-1"],
    ]);
    expect(sites.calls).toEqual(articles.calls);
    expect(drafts.calls).toEqual([...articles.calls, ["eq", "status", "draft"]]);
    expect(recent.calls.slice(0, 4)).toEqual([
      ["select", "id,title,status,created_at"],
      ["eq", "user_id", "user-1"],
      ["order", "created_at", { ascending: false }],
      ["limit", 5],
    ]);
    expect(dashboard).toEqual({
      totalArticles: 12,
      connectedSites: 2,
      draftArticles: 0,
      recentArticles: [
        { id: "a1", title: "Local", status: "draft", createdAt: new Date("2026-11-22T13:57:40.852Z") },
        { id: "a2", title: "Hosted", status: "published", createdAt: new Date("2026-11-21T08:00:00Z") },
      ],
    });
  });

  it("throws when any query fails", async () => {
    vi.mocked(supabase.from)
      .mockReturnValueOnce(query({ count: 1, error: null }).builder as never)
      .mockReturnValueOnce(query({ count: null, error: { message: "permission denied" } }).builder as never)
      .mockReturnValueOnce(query({ count: 1, error: null }).builder as never)
      .mockReturnValueOnce(query({ data: [], error: null }).builder as never);
    await expect(loadDashboard("user-1")).rejects.toThrow("permission denied");
  });
});
