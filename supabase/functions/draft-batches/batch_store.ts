/**
 * The owner's side of the bulk-drafting queue (and the outline review of
 * 20261219000100_batch_outline_review.sql). Reads run as the caller, so
 * row-level security shows them only their own sites, batches and jobs. The
 * queue is written on the system's draftQueue path by the security-definer
 * functions of migration 20261128000400_draft_queue.sql, which take the
 * owner's id explicitly and check it on every row.
 */
import type { CallerClient } from "../_shared/platform/caller.ts";
import type { SystemClient } from "../_shared/platform/system_access.ts";
import type { CreateDraftBatchInput } from "../_shared/contracts/draft_batch.ts";
import type { ArticleElement, GenerationSettings } from "../_shared/contracts/generation_settings.ts";

export interface NewDraftBatch {
  name: string;
  assistantId: string;
  reviewRequired: boolean;
  targetSiteIds: string[];
  ideas: CreateDraftBatchInput["ideas"];
  /** null: the assistant's language (else English). */
  locale: string | null;
  /** Overrides of the assistant's settings ({} for none). */
  settings: GenerationSettings;
  /** The template chosen and the headings copied from it; null: none. */
  templateId: string | null;
  outline: string[] | null;
  /** Each idea's outline waits for the owner's approval before drafting. */
  outlineReview: boolean;
}

/** What a batch takes from an article template. */
export interface BatchTemplate {
  sections: string[];
  wordTarget: number | null;
  requiredElements: ArticleElement[];
}

export interface DraftBatchStore {
  /** Those of `siteIds` that are the user's connected sites (read as the caller), with their language (null: not set). */
  ownSites(userId: string, siteIds: readonly string[]): Promise<{ id: string; locale: string | null }[]>;
  /** One of the user's article templates (read as the caller); null when they have none with this id. */
  findTemplate(userId: string, templateId: string): Promise<BatchTemplate | null>;
  /** The new batch's id. */
  create(userId: string, batch: NewDraftBatch): Promise<string>;
  /** Queued jobs cancelled; null when the user has no such batch. */
  cancel(userId: string, batchId: string): Promise<number | null>;
  /** The batch's failed jobs; null when the user has no such batch. */
  countFailed(userId: string, batchId: string): Promise<number | null>;
  /** Failed jobs queued again; null when the user has no such batch. */
  retryFailed(userId: string, batchId: string): Promise<number | null>;
  /** Whether the user has this job (read as the caller). */
  hasJob(userId: string, jobId: string): Promise<boolean>;
  /** regenerate_draft_job's outcome. */
  regenerate(userId: string, jobId: string): Promise<RegenerateOutcome>;
  /** approve_draft_job_outline's outcome: the job queued with `headings` (null: as it stands). */
  approveOutline(userId: string, jobId: string, headings: string[] | null): Promise<ApproveOutlineOutcome>;
  /** Outlines of the batch approved as they stand; null when the user has no such batch. */
  approveOutlines(userId: string, batchId: string): Promise<number | null>;
}

export type ApproveOutlineOutcome = "queued" | "not_found" | "not_ready";
const APPROVE_OUTLINE_OUTCOMES: readonly ApproveOutlineOutcome[] = ["queued", "not_found", "not_ready"];

export type RegenerateOutcome = "requeued" | "not_found" | "busy" | "not_a_draft";
const REGENERATE_OUTCOMES: readonly RegenerateOutcome[] = ["requeued", "not_found", "busy", "not_a_draft"];

function fail(what: string, error: { message: string }): never {
  throw new Error(`${what}: ${error.message}`);
}

export function createDraftBatchStore(caller: CallerClient, draftQueue: SystemClient): DraftBatchStore {
  return {
    async ownSites(_userId, siteIds) {
      if (siteIds.length === 0) return [];
      const { data, error } = await caller.from("wordpress_sites").select("id, locale").in("id", [...siteIds]);
      if (error) fail("reading the sites", error);
      return data ?? [];
    },
    async findTemplate(_userId, templateId) {
      const { data, error } = await caller
        .from("article_templates")
        .select("sections, word_target, required_elements")
        .eq("id", templateId)
        .maybeSingle();
      if (error) fail("reading the template", error);
      if (!data) return null;
      // The table's checks keep these within the contracts' limits and choices.
      return {
        sections: data.sections,
        wordTarget: data.word_target,
        requiredElements: data.required_elements as ArticleElement[],
      };
    },
    async create(userId, batch) {
      const { data, error } = await draftQueue.rpc("create_draft_batch", {
        p_user_id: userId,
        p_name: batch.name,
        p_assistant_id: batch.assistantId,
        p_review_required: batch.reviewRequired,
        p_target_site_ids: batch.targetSiteIds,
        p_items: batch.ideas.map((idea) => ({
          idea: idea.idea,
          focus_keyword: idea.focusKeyword,
          categories: idea.categories,
          tags: idea.tags,
        })),
        p_locale: batch.locale ?? undefined,
        p_generation_settings: batch.settings,
        p_template_id: batch.templateId ?? undefined,
        p_outline: batch.outline ?? undefined,
        p_outline_review: batch.outlineReview,
      });
      if (error) fail("creating the batch", error);
      return data;
    },
    async cancel(userId, batchId) {
      const { data, error } = await draftQueue.rpc("cancel_draft_batch", { p_user_id: userId, p_batch_id: batchId });
      if (error) fail("cancelling the batch", error);
      // null: another user's batch, or none.
      return data as number | null;
    },
    async countFailed(_userId, batchId) {
      const batch = await caller.from("draft_batches").select("id").eq("id", batchId).maybeSingle();
      if (batch.error) fail("reading the batch", batch.error);
      if (!batch.data) return null;
      const { count, error } = await caller
        .from("draft_jobs")
        .select("id", { count: "exact", head: true })
        .eq("batch_id", batchId)
        .eq("status", "failed");
      if (error) fail("counting failed drafts", error);
      return count ?? 0;
    },
    async retryFailed(userId, batchId) {
      const { data, error } = await draftQueue.rpc("retry_failed_draft_jobs", { p_user_id: userId, p_batch_id: batchId });
      if (error) fail("retrying failed drafts", error);
      return data as number | null;
    },
    async hasJob(_userId, jobId) {
      const { data, error } = await caller.from("draft_jobs").select("id").eq("id", jobId).maybeSingle();
      if (error) fail("reading the idea", error);
      return data !== null;
    },
    async regenerate(userId, jobId) {
      const { data, error } = await draftQueue.rpc("regenerate_draft_job", { p_user_id: userId, p_job_id: jobId });
      if (error) fail("drafting the idea again", error);
      const outcome = REGENERATE_OUTCOMES.find((value) => value === data);
      if (!outcome) throw new Error(`regenerate_draft_job answered ${String(data)}`);
      return outcome;
    },
    async approveOutline(userId, jobId, headings) {
      const { data, error } = await draftQueue.rpc("approve_draft_job_outline", {
        p_user_id: userId,
        p_job_id: jobId,
        p_outline: headings ?? undefined,
      });
      if (error) fail("approving the outline", error);
      const outcome = APPROVE_OUTLINE_OUTCOMES.find((value) => value === data);
      if (!outcome) throw new Error(`approve_draft_job_outline answered ${String(data)}`);
      return outcome;
    },
    async approveOutlines(userId, batchId) {
      const { data, error } = await draftQueue.rpc("approve_draft_batch_outlines", { p_user_id: userId, p_batch_id: batchId });
      if (error) fail("approving the outlines", error);
      return data as number | null;
    },
  };
}
