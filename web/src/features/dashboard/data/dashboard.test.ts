import { describe, expect, it, vi } from "vitest";
import { loadDashboard } from "./dashboard";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn(), rpc: vi.fn() } }));

type Result = { data?: unknown; count?: number | null; error: { message: string } | null };

/** A chainable stand-in for a PostgREST query that records its calls. */
function query(result: Result, calls: unknown[][] = []) {
  const builder: Record<string, unknown> = {
    then: (resolve: (value: Result) => unknown) => Promise.resolve(result).then(resolve),
    maybeSingle: () => builder,
  };
  for (const method of ["select", "eq", "gte", "gt", "in", "order", "limit"]) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  return builder;
}

/** Answers each table's queries in the order they are made; records every query as [table, ...calls]. */
function answer(results: Record<string, Result[]>, rpcResult: Result = { data: null, error: null }) {
  const log: unknown[][][] = [];
  vi.mocked(supabase.from).mockImplementation(((table: string) => {
    const calls: unknown[][] = [[table]];
    log.push(calls);
    // The provider's settings: none stored (OpenAI, the default) unless a test answers them.
    const next = results[table]?.shift() ?? (table === "ai_provider_settings" ? { data: null, error: null } : undefined);
    if (!next) throw new Error(`unexpected query on ${table}`);
    return query(next, calls);
  }) as never);
  vi.mocked(supabase.rpc).mockReturnValue(query(rpcResult) as never);
  return log;
}

const none = { data: [], count: 0, error: null };

describe("loadDashboard", () => {
  it("counts the user's own articles and sites, lists recent, next scheduled and failed, and the setup's state", async () => {
    const log = answer(
      {
        articles: [
          { count: 12, error: null },
          { count: null, error: null },
          {
            data: [
              { id: "a1", title: "Local", status: "draft", created_at: "2026-11-22 13:57:40.852+00" },
              { id: "a2", title: "Hosted", status: "published", created_at: "2026-11-21T08:00:00+00:00" },
            ],
            error: null,
          },
          { count: 3, error: null },
          {
            data: [{ id: "s1", title: "Winter walks", scheduled_for: "2027-01-15 18:45:00+00", scheduled_site_ids: ["w1", "gone"] }],
            error: null,
          },
        ],
        wordpress_sites: [{ data: [{ id: "w1", name: "Travel blog" }], count: 1, error: null }],
        assistants: [{ count: 2, error: null }],
        publications: [
          {
            data: [
              {
                article_id: "f1",
                site_id: "w1",
                last_error: "Timed out",
                updated_at: "2026-11-20 08:00:00+00",
                next_attempt_at: null,
                articles: { title: "Frost fairs" },
                wordpress_sites: { name: "Travel blog" },
              },
            ],
            error: null,
          },
        ],
        draft_batch_progress: [{ data: [{ batch_id: "b1", failed: 2 }], error: null }],
        draft_batches: [{ data: [{ id: "b1", name: "Winter ideas" }], error: null }],
      },
      { data: { openai_key_last4: "1234", falai_key_last4: null, updated_at: "2026-11-20 08:00:00+00" }, error: null },
    );

    const dashboard = await loadDashboard("user-1", new Date("2026-12-01T00:00:00Z"));

    expect(log[0]).toEqual([["articles"], ["select", "id", { count: "exact", head: true }], ["eq", "user_id", "user-1"]]);
    const upcomingQuery = log.find((calls) => calls.some((call) => call[0] === "gte"));
    expect(upcomingQuery).toContainEqual(["gte", "scheduled_for", "2026-12-01T00:00:00.000Z"]);
    expect(upcomingQuery).toContainEqual(["eq", "status", "scheduled"]);
    expect(dashboard).toEqual({
      totalArticles: 12,
      connectedSites: 1,
      draftArticles: 0,
      recentArticles: [
        { id: "a1", title: "Local", status: "draft", createdAt: new Date("2026-11-22T13:57:40.852Z") },
        { id: "a2", title: "Hosted", status: "published", createdAt: new Date("2026-11-21T08:00:00Z") },
      ],
      setup: { hasTextKey: true, assistants: 2, published: 3 },
      upcoming: [{ id: "s1", title: "Winter walks", at: new Date("2027-01-15T18:45:00Z"), siteNames: ["Travel blog"] }],
      failures: [
        {
          articleId: "f1",
          title: "Frost fairs",
          siteId: "w1",
          siteName: "Travel blog",
          error: "Timed out",
          failedAt: new Date("2026-11-20T08:00:00Z"),
          nextAttemptAt: null,
        },
      ],
      failedBatches: [{ id: "b1", name: "Winter ideas", failed: 2 }],
    });
  });

  it("counts a server of the user's own as ready to draft without a key", async () => {
    answer({
      articles: [none, none, none, none, none],
      wordpress_sites: [none],
      assistants: [none],
      publications: [none],
      draft_batch_progress: [none],
      ai_provider_settings: [{ data: { provider: "custom" }, error: null }],
    });
    expect((await loadDashboard("user-1")).setup.hasTextKey).toBe(true);
  });

  it("throws when any query fails", async () => {
    answer({
      articles: [none, none, none, none, none],
      wordpress_sites: [{ data: null, count: null, error: { message: "permission denied" } }],
      assistants: [none],
      publications: [none],
      draft_batch_progress: [none],
    });
    await expect(loadDashboard("user-1")).rejects.toThrow("permission denied");
  });
});
