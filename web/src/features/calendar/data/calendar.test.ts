import { describe, expect, it, vi } from "vitest";
import { CALENDAR_ROW_LIMIT, loadCalendarEntries, rescheduleArticle } from "./calendar";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { rpc: vi.fn() } }));

function row(fields: Record<string, unknown>) {
  return {
    kind: "scheduled",
    article_id: "a-1",
    title: "Winter walks",
    article_status: "scheduled",
    occurs_at: "2026-12-03 09:30:00+00",
    site_id: null,
    site_name: null,
    publication_status: null,
    remote_status: null,
    link: null,
    last_error: null,
    next_attempt_at: null,
    ...fields,
  };
}

const answer = (result: { data: unknown; error: { message: string } | null }) =>
  vi.mocked(supabase.rpc).mockResolvedValue(result as never);

describe("loadCalendarEntries", () => {
  it("asks calendar_entries for the range and makes one entry per article and time, with its sites", async () => {
    answer({
      data: [
        row({ kind: "publication", article_id: "a-2", title: "Autumn harvest", article_status: "published", occurs_at: "2026-12-01 08:00:00+00", site_id: "s-1", site_name: "Travel blog", publication_status: "publish", remote_status: "publish", link: "https://travel.example/?p=7" }),
        row({ site_id: "s-2", site_name: "Food blog", publication_status: "failed", last_error: "Timed out", next_attempt_at: "2026-12-03 09:40:00+00" }),
        row({ site_id: "s-1", site_name: "Travel blog" }),
        row({ article_id: "a-3", title: "Nowhere yet", occurs_at: "2026-12-10 18:00:00+00" }),
      ],
      error: null,
    });
    const start = new Date("2026-11-29T00:00:00Z");
    const end = new Date("2027-01-03T00:00:00Z");
    const { entries, truncated } = await loadCalendarEntries(start, end);
    expect(supabase.rpc).toHaveBeenCalledWith("calendar_entries", {
      range_start: "2026-11-29T00:00:00.000Z",
      range_end: "2027-01-03T00:00:00.000Z",
    });
    expect(truncated).toBe(false);
    expect(entries.map(({ kind, title, at, sites }) => [kind, title, at.toISOString(), sites.map((site) => site.siteName)])).toEqual([
      ["publication", "Autumn harvest", "2026-12-01T08:00:00.000Z", ["Travel blog"]],
      ["scheduled", "Winter walks", "2026-12-03T09:30:00.000Z", ["Food blog", "Travel blog"]],
      ["scheduled", "Nowhere yet", "2026-12-10T18:00:00.000Z", []],
    ]);
    expect(entries[1].sites[0]).toEqual({
      siteId: "s-2",
      siteName: "Food blog",
      publicationStatus: "failed",
      remoteStatus: null,
      link: null,
      lastError: "Timed out",
      nextAttemptAt: new Date("2026-12-03T09:40:00Z"),
    });
    expect(entries[1].sites[1].publicationStatus).toBeNull();
  });

  it("says when the range held more rows than one answer carries", async () => {
    answer({ data: Array.from({ length: CALENDAR_ROW_LIMIT }, (_, i) => row({ article_id: `a-${i}` })), error: null });
    expect((await loadCalendarEntries(new Date(0), new Date(1))).truncated).toBe(true);
  });

  it("throws the backend's message and refuses an unknown kind", async () => {
    answer({ data: null, error: { message: "the range may span at most 43 days" } });
    await expect(loadCalendarEntries(new Date(0), new Date(1))).rejects.toThrow("the range may span at most 43 days");
    answer({ data: [row({ kind: "holiday" })], error: null });
    await expect(loadCalendarEntries(new Date(0), new Date(1))).rejects.toThrow("Unexpected calendar entry kind holiday");
  });
});

describe("rescheduleArticle", () => {
  it("moves the article through reschedule_article", async () => {
    answer({ data: null, error: null });
    await rescheduleArticle("a-1", new Date("2027-01-15T18:45:00Z"));
    expect(supabase.rpc).toHaveBeenCalledWith("reschedule_article", {
      p_article_id: "a-1",
      p_scheduled_for: "2027-01-15T18:45:00.000Z",
    });
    answer({ data: null, error: { message: "No scheduled article" } });
    await expect(rescheduleArticle("a-1", new Date())).rejects.toThrow("No scheduled article");
  });
});
