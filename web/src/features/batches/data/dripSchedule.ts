import { parseTimestamp } from "../../../lib/dates";
import { supabase } from "../../../backend/supabase";

/**
 * A drip rule: from `startDate`, `perPeriod` articles per day or per week,
 * spread over the daily window [windowStart, windowEnd) in `timeZone` (IANA),
 * published to `siteIds` live or as WordPress drafts. The database computes
 * the times (public.drip_schedule_times: PostgreSQL's time zone rules, so
 * DST changes are handled there) and applies them
 * (public.apply_drip_schedule, under the user's row-level security).
 */
export type DripRule = {
  /** YYYY-MM-DD, a calendar date in `timeZone`. */
  startDate: string;
  perPeriod: number;
  period: "day" | "week";
  /** HH:MM */
  windowStart: string;
  windowEnd: string;
  timeZone: string;
  siteIds: string[];
  postStatus: "publish" | "draft";
};

export const DRIP_FAILURE_MESSAGE = "Failed to schedule the drafts";

/** The database's refusals (invalid_parameter_value) carry a message written for the user. */
const raisedMessage = (error: { message: string }) => error.message || DRIP_FAILURE_MESSAGE;

const timesArgs = (rule: DripRule) => ({
  p_start_date: rule.startDate,
  p_per_period: rule.perPeriod,
  p_period: rule.period,
  p_window_start: rule.windowStart,
  p_window_end: rule.windowEnd,
  p_time_zone: rule.timeZone,
});

/** The first `count` times of the rule, from now on. */
export async function previewDripTimes(rule: DripRule, count: number): Promise<Date[]> {
  const { data, error } = await supabase.rpc("drip_schedule_times", { p_count: count, ...timesArgs(rule) });
  if (error) throw new Error(raisedMessage(error));
  return [...data].sort((a, b) => a.slot - b.slot).map((row) => parseTimestamp(row.scheduled_for));
}

/** Schedules the articles, in this order, at the rule's times; returns each article's time. */
export async function applyDripSchedule(
  articleIds: readonly string[],
  rule: DripRule,
): Promise<{ articleId: string; scheduledFor: Date }[]> {
  const { data, error } = await supabase.rpc("apply_drip_schedule", {
    p_article_ids: [...articleIds],
    ...timesArgs(rule),
    p_site_ids: rule.siteIds,
    p_post_status: rule.postStatus,
  });
  if (error) throw new Error(raisedMessage(error));
  return data
    .map((row) => ({ articleId: row.article_id, scheduledFor: parseTimestamp(row.scheduled_for) }))
    .sort((a, b) => a.scheduledFor.getTime() - b.scheduledFor.getTime());
}
