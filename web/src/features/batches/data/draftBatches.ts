import {
  type ApprovedOutlines,
  type CancelledDraftBatch,
  type CreatedDraftBatch,
  DRAFT_JOB_STATUSES,
  type DraftBatchRequest,
  type DraftJobStatus,
  type RegeneratedDraft,
  type RetriedDraftJobs,
} from "@contracts/draft_batch";
import { parseTimestamp } from "../../../lib/dates";
import { readFunctionError } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { DraftJobStatus };

export const QUEUE_FAILURE_MESSAGE = "Failed to queue the drafts";
export const BATCHES_FAILURE_MESSAGE = "Failed to load batches";

export type DraftProgress = Record<DraftJobStatus, number> & { total: number };

export type DraftBatchSummary = {
  id: string;
  name: string;
  reviewRequired: boolean;
  targetSiteIds: string[];
  cancelledAt: Date | null;
  createdAt: Date;
  progress: DraftProgress;
  /** The headings every draft follows (copied from the template chosen); null: the model's own. */
  outline: string[] | null;
  /** Each idea's outline waits for the owner's approval before it is drafted. */
  outlineReview: boolean;
};

export type DraftJob = {
  id: string;
  position: number;
  idea: string;
  focusKeyword: string | null;
  status: DraftJobStatus;
  attempts: number;
  /** Why the last attempt failed (a failed job), or why it is being retried (queued again). */
  lastError: string | null;
  articleId: string | null;
  /** When the attempt under way (or the last one) began; null before the first. */
  startedAt: Date | null;
  /** The idea's own headings (a batch with outline review): proposed, then as approved; null: none yet. */
  outline: string[] | null;
};

/** A draft the batch produced: an ordinary article. */
export type BatchDraft = {
  id: string;
  title: string;
  status: string;
  approvalRequired: boolean;
  approvedAt: Date | null;
  scheduledFor: Date | null;
  /**
   * The language check found another language than the batch asked for: the
   * draft is held (the database refuses its approval) until its language is
   * confirmed. null when the check found nothing wrong.
   */
  languageFlag: { expected: string; detected: string | null; confirmedAt: Date | null } | null;
};

export type DraftBatchDetail = DraftBatchSummary & { jobs: DraftJob[]; drafts: BatchDraft[] };

/** A refusal of draft-batches: its message, and the field it belongs to when it names one. */
export class DraftBatchError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "DraftBatchError";
  }
}

async function invoke<Answer>(body: DraftBatchRequest): Promise<Answer> {
  const { data, error } = await supabase.functions.invoke<Answer>("draft-batches", { body });
  if (!error) return data as Answer;
  const refusal = await readFunctionError(error);
  const message = typeof refusal?.error === "string" && refusal.error ? refusal.error : QUEUE_FAILURE_MESSAGE;
  throw new DraftBatchError(message, typeof refusal?.field === "string" ? refusal.field : undefined);
}

/** Queues one draft per idea; they are written in the background (draft-batch-worker). */
export function createDraftBatch(request: Omit<Extract<DraftBatchRequest, { action: "create" }>, "action">) {
  return invoke<CreatedDraftBatch>({ action: "create", ...request });
}

/** Queued ideas are not drafted; drafts being written finish. */
export function cancelDraftBatch(batchId: string) {
  return invoke<CancelledDraftBatch>({ action: "cancel", batchId });
}

export function retryFailedDrafts(batchId: string) {
  return invoke<RetriedDraftJobs>({ action: "retry-failed", batchId });
}

/** Drafts one idea again: its unscheduled draft is deleted and the idea queued (one idea of the bulk limit). */
export function regenerateDraft(jobId: string) {
  return invoke<RegeneratedDraft>({ action: "regenerate", jobId });
}

/** Approves one idea's outline, as edited (`headings`) or as it stands (null); the idea is then drafted following it. */
export function approveOutline(jobId: string, headings: string[] | null) {
  return invoke<ApprovedOutlines>({ action: "approve-outline", jobId, headings });
}

/** Approves every outline of the batch waiting for review, as they stand. */
export function approveAllOutlines(batchId: string) {
  return invoke<ApprovedOutlines>({ action: "approve-outlines", batchId });
}

export const REJECT_GONE = "This draft was scheduled, published or deleted meanwhile";

/**
 * Rejects a draft: it is deleted (its idea stays in the batch and can be
 * drafted again). Only a draft is deleted: one scheduled or published
 * meanwhile is kept, and the caller told.
 */
export async function rejectDraft(articleId: string): Promise<void> {
  const { data, error } = await supabase.from("articles").delete().eq("id", articleId).eq("status", "draft").select("id");
  if (error) throw new Error(error.message);
  if (data.length === 0) throw new Error(REJECT_GONE);
}

const BATCH_COLUMNS = "id, name, review_required, target_site_ids, cancelled_at, created_at, outline, outline_review";
const EMPTY_PROGRESS: DraftProgress = {
  queued: 0,
  drafting: 0,
  outline_ready: 0,
  done: 0,
  failed: 0,
  cancelled: 0,
  total: 0,
};

type BatchRow = {
  id: string;
  name: string;
  review_required: boolean;
  target_site_ids: string[];
  cancelled_at: string | null;
  created_at: string;
  outline: string[] | null;
  outline_review: boolean;
};
type ProgressRow = {
  batch_id: string | null;
  queued: number | null;
  drafting: number | null;
  done: number | null;
  failed: number | null;
  cancelled: number | null;
  total: number | null;
  outline_ready: number | null;
};

function toProgress(row: ProgressRow | undefined): DraftProgress {
  if (!row) return EMPTY_PROGRESS;
  return {
    queued: row.queued ?? 0,
    drafting: row.drafting ?? 0,
    outline_ready: row.outline_ready ?? 0,
    done: row.done ?? 0,
    failed: row.failed ?? 0,
    cancelled: row.cancelled ?? 0,
    total: row.total ?? 0,
  };
}

function toSummary(row: BatchRow, progress: ProgressRow | undefined): DraftBatchSummary {
  return {
    id: row.id,
    name: row.name,
    reviewRequired: row.review_required,
    targetSiteIds: row.target_site_ids,
    cancelledAt: row.cancelled_at ? parseTimestamp(row.cancelled_at) : null,
    createdAt: parseTimestamp(row.created_at),
    progress: toProgress(progress),
    outline: row.outline,
    outlineReview: row.outline_review,
  };
}

async function progressOf(batchIds: string[]): Promise<Map<string, ProgressRow>> {
  if (batchIds.length === 0) return new Map();
  const { data, error } = await supabase.from("draft_batch_progress").select("*").in("batch_id", batchIds);
  if (error) throw new Error(error.message);
  return new Map(data.map((row) => [row.batch_id ?? "", row]));
}

/** How many batches the Batches screen shows, newest first. */
export const BATCHES_SHOWN = 50;

/** The signed-in user's latest batches with their progress. */
export async function listDraftBatches(): Promise<DraftBatchSummary[]> {
  const { data, error } = await supabase
    .from("draft_batches")
    .select(BATCH_COLUMNS)
    .order("created_at", { ascending: false })
    .limit(BATCHES_SHOWN);
  if (error) throw new Error(error.message);
  const progress = await progressOf(data.map((row) => row.id));
  return data.map((row) => toSummary(row, progress.get(row.id)));
}

const isJobStatus = (status: string): status is DraftJobStatus =>
  (DRAFT_JOB_STATUSES as readonly string[]).includes(status);

/** One batch with its jobs in order and its drafts; null when the user has no such batch. */
export async function getDraftBatch(batchId: string): Promise<DraftBatchDetail | null> {
  const [batch, jobs, drafts, progress] = await Promise.all([
    supabase.from("draft_batches").select(BATCH_COLUMNS).eq("id", batchId).maybeSingle(),
    supabase
      .from("draft_jobs")
      .select("id, position, idea, focus_keyword, status, attempts, last_error, article_id, started_at, outline")
      .eq("batch_id", batchId)
      .order("position"),
    supabase
      .from("articles")
      .select(
        "id, title, status, approval_required, approved_at, scheduled_for, locale, detected_locale, language_mismatch, language_confirmed_at",
      )
      .eq("draft_batch_id", batchId),
    progressOf([batchId]),
  ]);
  for (const result of [batch, jobs, drafts]) if (result.error) throw new Error(result.error.message);
  if (!batch.data) return null;
  return {
    ...toSummary(batch.data, progress.get(batchId)),
    jobs: (jobs.data ?? []).map((row) => ({
      id: row.id,
      position: row.position,
      idea: row.idea,
      focusKeyword: row.focus_keyword,
      status: isJobStatus(row.status) ? row.status : "queued",
      attempts: row.attempts,
      lastError: row.last_error,
      articleId: row.article_id,
      startedAt: row.started_at ? parseTimestamp(row.started_at) : null,
      outline: row.outline,
    })),
    drafts: (drafts.data ?? []).map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      approvalRequired: row.approval_required,
      approvedAt: row.approved_at ? parseTimestamp(row.approved_at) : null,
      scheduledFor: row.scheduled_for ? parseTimestamp(row.scheduled_for) : null,
      languageFlag: row.language_mismatch
        ? {
          expected: row.locale ?? "en",
          detected: row.detected_locale,
          confirmedAt: row.language_confirmed_at ? parseTimestamp(row.language_confirmed_at) : null,
        }
        : null,
    })),
  };
}

/** Approves the drafts (those not approved yet); returns how many were approved. */
export async function approveDrafts(articleIds: readonly string[]): Promise<number> {
  if (articleIds.length === 0) return 0;
  const { data, error } = await supabase
    .from("articles")
    .update({ approved_at: new Date().toISOString() })
    .in("id", [...articleIds])
    .is("approved_at", null)
    .select("id");
  if (error) throw new Error(error.message);
  return data.length;
}

/** The owner confirms a flagged draft's language (the flag stays as a record); approving is then allowed. */
export async function confirmDraftLanguage(articleId: string): Promise<void> {
  const { error, count } = await supabase
    .from("articles")
    .update({ language_confirmed_at: new Date().toISOString() }, { count: "exact" })
    .eq("id", articleId);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("This draft is no longer there");
}

/** Turns the batch's review gate on or off (its drafts follow, in the database). */
export async function setReviewRequired(batchId: string, reviewRequired: boolean): Promise<void> {
  const { error } = await supabase.from("draft_batches").update({ review_required: reviewRequired }).eq("id", batchId);
  if (error) throw new Error(error.message);
}
