/**
 * The owner's side of the bulk-drafting queue, with the service client: the
 * security-definer functions of migration 20261128000400_draft_queue.sql,
 * which take the owner's id explicitly and check it on every row. Reads
 * filter by the owner's id too (the service client bypasses row-level
 * security).
 */
import type { ServiceClient } from "../_shared/platform/service_client.ts";
import type { CreateDraftBatchInput } from "../_shared/contracts/draft_batch.ts";

export interface NewDraftBatch {
  name: string;
  assistantId: string;
  reviewRequired: boolean;
  targetSiteIds: string[];
  ideas: CreateDraftBatchInput["ideas"];
}

export interface DraftBatchStore {
  /** How many of `siteIds` are the user's connected sites. */
  countOwnSites(userId: string, siteIds: readonly string[]): Promise<number>;
  /** The new batch's id. */
  create(userId: string, batch: NewDraftBatch): Promise<string>;
  /** Queued jobs cancelled; null when the user has no such batch. */
  cancel(userId: string, batchId: string): Promise<number | null>;
  /** The batch's failed jobs; null when the user has no such batch. */
  countFailed(userId: string, batchId: string): Promise<number | null>;
  /** Failed jobs queued again; null when the user has no such batch. */
  retryFailed(userId: string, batchId: string): Promise<number | null>;
}

function fail(what: string, error: { message: string }): never {
  throw new Error(`${what}: ${error.message}`);
}

export function createDraftBatchStore(service: ServiceClient): DraftBatchStore {
  return {
    async countOwnSites(userId, siteIds) {
      if (siteIds.length === 0) return 0;
      const { count, error } = await service
        .from("wordpress_sites")
        .select("id", { count: "exact", head: true })
        .eq("user_id", userId)
        .in("id", [...siteIds]);
      if (error) fail("counting the sites", error);
      return count ?? 0;
    },
    async create(userId, batch) {
      const { data, error } = await service.rpc("create_draft_batch", {
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
      });
      if (error) fail("creating the batch", error);
      return data;
    },
    async cancel(userId, batchId) {
      const { data, error } = await service.rpc("cancel_draft_batch", { p_user_id: userId, p_batch_id: batchId });
      if (error) fail("cancelling the batch", error);
      // null: another user's batch, or none.
      return data as number | null;
    },
    async countFailed(userId, batchId) {
      const batch = await service.from("draft_batches").select("id").eq("id", batchId).eq("user_id", userId)
        .maybeSingle();
      if (batch.error) fail("reading the batch", batch.error);
      if (!batch.data) return null;
      const { count, error } = await service
        .from("draft_jobs")
        .select("id", { count: "exact", head: true })
        .eq("batch_id", batchId)
        .eq("user_id", userId)
        .eq("status", "failed");
      if (error) fail("counting failed drafts", error);
      return count ?? 0;
    },
    async retryFailed(userId, batchId) {
      const { data, error } = await service.rpc("retry_failed_draft_jobs", { p_user_id: userId, p_batch_id: batchId });
      if (error) fail("retrying failed drafts", error);
      return data as number | null;
    },
  };
}
