import { FunctionsHttpError } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  approveDrafts,
  cancelDraftBatch,
  createDraftBatch,
  DraftBatchError,
  getDraftBatch,
  listDraftBatches,
  retryFailedDrafts,
} from "./draftBatches";
import { applyDripSchedule, previewDripTimes } from "./dripSchedule";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { from: vi.fn(), rpc: vi.fn(), functions: { invoke: vi.fn() } } }));

type Result = { data: unknown; error: { message: string } | null };

/** A query builder that records its calls and answers `result` when awaited. */
function query(result: Result) {
  const calls: unknown[][] = [];
  const builder: Record<string, unknown> = {
    then: (resolve: (value: Result) => unknown) => Promise.resolve(result).then(resolve),
  };
  for (const method of ["select", "eq", "in", "is", "order", "limit", "update", "maybeSingle"]) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  return { builder, calls };
}

const refusal = (status: number, body: unknown) =>
  new FunctionsHttpError(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

beforeEach(() => {
  vi.mocked(supabase.from).mockReset();
  vi.mocked(supabase.rpc).mockReset();
  vi.mocked(supabase.functions.invoke).mockReset();
});

describe("draft-batches calls", () => {
  it("create, cancel and retry-failed post their action", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { batchId: "b1", jobs: 1, modelCalls: 1 }, error: null } as never);
    const request = { assistantId: "a1", ideas: [{ idea: "Figs" }], targetSiteIds: [], reviewRequired: true };
    expect(await createDraftBatch(request)).toEqual({ batchId: "b1", jobs: 1, modelCalls: 1 });
    await cancelDraftBatch("b1");
    await retryFailedDrafts("b1");
    expect(vi.mocked(supabase.functions.invoke).mock.calls).toEqual([
      ["draft-batches", { body: { action: "create", ...request } }],
      ["draft-batches", { body: { action: "cancel", batchId: "b1" } }],
      ["draft-batches", { body: { action: "retry-failed", batchId: "b1" } }],
    ]);
  });

  it("a refusal carries the server's message and field; without one, the failure message", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValueOnce({
      data: null,
      error: refusal(400, { error: "targetSiteIds: Choose one of your connected sites", field: "targetSiteIds" }),
    } as never);
    await expect(cancelDraftBatch("b1")).rejects.toEqual(
      new DraftBatchError("targetSiteIds: Choose one of your connected sites", "targetSiteIds"),
    );
    vi.mocked(supabase.functions.invoke).mockResolvedValueOnce({ data: null, error: refusal(502, "<html>") } as never);
    await expect(cancelDraftBatch("b1")).rejects.toThrow("Failed to queue the drafts");
  });
});

describe("batches from the database", () => {
  it("lists the latest batches with the progress of each, read from the progress view", async () => {
    const batches = query({
      data: [{
        id: "b1",
        name: "Figs",
        review_required: true,
        target_site_ids: [],
        cancelled_at: null,
        created_at: "2026-11-28 10:00:00+00",
        outline: ["Why figs", "Pruning"],
        outline_review: true,
      }],
      error: null,
    });
    const progress = query({
      data: [{ batch_id: "b1", queued: 2, drafting: 1, done: 3, failed: 0, outline_ready: 0, cancelled: 0, total: 6 }],
      error: null,
    });
    vi.mocked(supabase.from).mockReturnValueOnce(batches.builder as never).mockReturnValueOnce(progress.builder as never);
    expect(await listDraftBatches()).toEqual([{
      id: "b1",
      name: "Figs",
      reviewRequired: true,
      targetSiteIds: [],
      cancelledAt: null,
      createdAt: new Date("2026-11-28T10:00:00Z"),
      progress: { queued: 2, drafting: 1, done: 3, failed: 0, outline_ready: 0, cancelled: 0, total: 6 },
      outline: ["Why figs", "Pruning"],
      outlineReview: true,
    }]);
    expect(vi.mocked(supabase.from).mock.calls).toEqual([["draft_batches"], ["draft_batch_progress"]]);
    expect(batches.calls).toContainEqual(["order", "created_at", { ascending: false }]);
    expect(progress.calls).toContainEqual(["in", "batch_id", ["b1"]]);
  });

  it("a batch that is not the user's is null", async () => {
    const missing = query({ data: null, error: null });
    const empty = query({ data: [], error: null });
    vi.mocked(supabase.from)
      .mockReturnValueOnce(missing.builder as never)
      .mockReturnValueOnce(empty.builder as never)
      .mockReturnValueOnce(empty.builder as never)
      .mockReturnValueOnce(empty.builder as never);
    expect(await getDraftBatch("b9")).toBeNull();
  });

  it("approves only drafts not approved yet, and says how many", async () => {
    const approval = query({ data: [{ id: "a1" }], error: null });
    vi.mocked(supabase.from).mockReturnValueOnce(approval.builder as never);
    expect(await approveDrafts(["a1", "a2"])).toBe(1);
    expect(approval.calls).toContainEqual(["in", "id", ["a1", "a2"]]);
    expect(approval.calls).toContainEqual(["is", "approved_at", null]);
    expect(await approveDrafts([])).toBe(0);
    expect(supabase.from).toHaveBeenCalledTimes(1);
  });
});

describe("the drip rule", () => {
  const rule = {
    startDate: "2031-03-29",
    perPeriod: 2,
    period: "day" as const,
    windowStart: "09:00",
    windowEnd: "17:00",
    timeZone: "Europe/Berlin",
    siteIds: ["s1"],
    postStatus: "draft" as const,
  };

  it("previews the database's times in slot order", async () => {
    vi.mocked(supabase.rpc).mockResolvedValue({
      data: [{ slot: 1, scheduled_for: "2031-03-29 12:00:00+00" }, { slot: 0, scheduled_for: "2031-03-29T08:00:00Z" }],
      error: null,
    } as never);
    expect(await previewDripTimes(rule, 2)).toEqual([new Date("2031-03-29T08:00:00Z"), new Date("2031-03-29T12:00:00Z")]);
    expect(supabase.rpc).toHaveBeenCalledWith("drip_schedule_times", {
      p_count: 2,
      p_start_date: "2031-03-29",
      p_per_period: 2,
      p_period: "day",
      p_window_start: "09:00",
      p_window_end: "17:00",
      p_time_zone: "Europe/Berlin",
    });
  });

  it("applies the rule to the articles in order; a refusal is the database's message", async () => {
    vi.mocked(supabase.rpc).mockResolvedValueOnce({
      data: [{ article_id: "a2", scheduled_for: "2031-03-29 12:00:00+00" }, { article_id: "a1", scheduled_for: "2031-03-29 08:00:00+00" }],
      error: null,
    } as never);
    expect(await applyDripSchedule(["a1", "a2"], rule)).toEqual([
      { articleId: "a1", scheduledFor: new Date("2031-03-29T08:00:00Z") },
      { articleId: "a2", scheduledFor: new Date("2031-03-29T12:00:00Z") },
    ]);
    expect(vi.mocked(supabase.rpc).mock.calls[0][1]).toMatchObject({
      p_article_ids: ["a1", "a2"],
      p_site_ids: ["s1"],
      p_post_status: "draft",
    });
    vi.mocked(supabase.rpc).mockResolvedValueOnce({
      data: null,
      error: { message: "1 of these drafts are waiting for approval" },
    } as never);
    await expect(applyDripSchedule(["a1"], rule)).rejects.toThrow(/^1 of these drafts are waiting for approval$/);
  });
});
