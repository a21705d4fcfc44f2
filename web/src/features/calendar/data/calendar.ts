import { parseTimestamp } from "../../../lib/dates";
import type { PublicationStatus } from "../../publishing/index";
import { supabase } from "../../../backend/supabase";

/**
 * The Calendar's data: calendar_entries() for one visible month or week
 * (supabase/migrations/20261126100200_calendar_entries.sql: a bounded range,
 * at most 1,000 rows, each half an index range scan under the user's RLS),
 * and reschedule_article().
 */

/** The most rows calendar_entries() returns for one range. */
export const CALENDAR_ROW_LIMIT = 1_000;

/** One target site of a scheduled article, or the site of a publication. */
export type CalendarSite = {
  siteId: string;
  siteName: string;
  /** The pair's publication: null when it was never attempted. */
  publicationStatus: PublicationStatus | null;
  remoteStatus: string | null;
  link: string | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
};

/**
 * A scheduled article at its scheduled time (with its target sites), or a
 * publication at the time it last succeeded (with its one site).
 */
export type CalendarEntry = {
  kind: "scheduled" | "publication";
  articleId: string;
  title: string;
  articleStatus: string;
  at: Date;
  sites: CalendarSite[];
};

export type CalendarRange = { entries: CalendarEntry[]; truncated: boolean };

const KINDS = ["scheduled", "publication"] as const;
const PUBLICATION_STATUSES: readonly PublicationStatus[] = ["pending", "draft", "publish", "failed"];

/** Entries whose times fall in [start, end), ordered by time; rows of one article at one time are one entry. */
export async function loadCalendarEntries(start: Date, end: Date): Promise<CalendarRange> {
  const { data, error } = await supabase.rpc("calendar_entries", {
    range_start: start.toISOString(),
    range_end: end.toISOString(),
  });
  if (error) throw new Error(error.message);
  const rows = data ?? [];
  const entries = new Map<string, CalendarEntry>();
  for (const row of rows) {
    const kind = KINDS.find((value) => value === row.kind);
    if (!kind) throw new Error(`Unexpected calendar entry kind ${row.kind}`);
    const key = `${kind} ${row.article_id} ${row.occurs_at}`;
    let entry = entries.get(key);
    if (!entry) {
      entry = {
        kind,
        articleId: row.article_id,
        title: row.title,
        articleStatus: row.article_status,
        at: parseTimestamp(row.occurs_at),
        sites: [],
      };
      entries.set(key, entry);
    }
    // The generated types cannot say these columns are null for an article without target sites.
    const siteId: string | null = row.site_id;
    if (siteId === null) continue;
    const nextAttemptAt: string | null = row.next_attempt_at;
    entry.sites.push({
      siteId,
      siteName: row.site_name,
      publicationStatus: PUBLICATION_STATUSES.find((value) => value === row.publication_status) ?? null,
      remoteStatus: row.remote_status,
      link: row.link,
      lastError: row.last_error,
      nextAttemptAt: nextAttemptAt ? parseTimestamp(nextAttemptAt) : null,
    });
  }
  return { entries: [...entries.values()], truncated: rows.length >= CALENDAR_ROW_LIMIT };
}

/**
 * Moves a scheduled article to `at` (its status and target sites stay); its
 * failed publications start their retry back-off afresh.
 */
export async function rescheduleArticle(articleId: string, at: Date): Promise<void> {
  const { error } = await supabase.rpc("reschedule_article", {
    p_article_id: articleId,
    p_scheduled_for: at.toISOString(),
  });
  if (error) throw new Error(error.message);
}

/** A draft that may be scheduled now: it waits for no review (none asked, or approved). */
export type ReadyDraft = {
  id: string;
  title: string;
  updatedAt: Date;
  /** The sites it was last meant for (kept from an earlier schedule), to preselect. */
  siteIds: string[];
};

/** How many ready drafts the Calendar lists, most recently changed first. */
export const READY_DRAFTS_SHOWN = 20;

/**
 * Drafts ready to be scheduled: status draft, and approved or under no
 * review (the database refuses to schedule the others). The newest
 * READY_DRAFTS_SHOWN, and whether there are more.
 */
export async function loadReadyDrafts(): Promise<{ drafts: ReadyDraft[]; more: boolean }> {
  const { data, error } = await supabase
    .from("articles")
    .select("id, title, updated_at, scheduled_site_ids")
    .eq("status", "draft")
    .or("approval_required.eq.false,approved_at.not.is.null")
    .order("updated_at", { ascending: false })
    .limit(READY_DRAFTS_SHOWN + 1);
  if (error) throw new Error(error.message);
  return {
    drafts: data.slice(0, READY_DRAFTS_SHOWN).map((row) => ({
      id: row.id,
      title: row.title,
      updatedAt: parseTimestamp(row.updated_at),
      siteIds: row.scheduled_site_ids,
    })),
    more: data.length > READY_DRAFTS_SHOWN,
  };
}

export const SCHEDULE_DRAFT_GONE = "This draft can no longer be scheduled: it was changed, scheduled or deleted elsewhere";

/**
 * Schedules a draft at `at` to the given sites, as WordPress posts that go
 * live ("publish") or arrive as WordPress drafts ("draft"). Only a draft
 * changes (the row is matched on status draft under the user's RLS); the
 * database refuses a draft still waiting for its batch's review.
 */
export async function scheduleDraft(
  articleId: string,
  at: Date,
  siteIds: readonly string[],
  postStatus: "publish" | "draft",
): Promise<void> {
  const { data, error } = await supabase
    .from("articles")
    .update({
      status: "scheduled",
      scheduled_for: at.toISOString(),
      scheduled_site_ids: [...siteIds],
      scheduled_post_status: postStatus,
    })
    .eq("id", articleId)
    .eq("status", "draft")
    .select("id");
  if (error) throw new Error(error.message);
  if (data.length === 0) throw new Error(SCHEDULE_DRAFT_GONE);
}
