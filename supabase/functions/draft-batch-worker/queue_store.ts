/**
 * The worker's side of the bulk-drafting queue: the security-definer
 * functions of migrations 20261128000400_draft_queue.sql and
 * 20261205000100_fair_draft_queue.sql (the claim by turns within the
 * installation's and each user's limits), called on the system's
 * draftWorker path. Every write names the job AND the claim (its lease
 * token), so a worker whose lease lapsed, and whose job another worker took,
 * changes nothing.
 */
import type { SystemClient } from "../_shared/platform/system_access.ts";
import { type GenerationSettings, generationSettingsSchema } from "../_shared/contracts/generation_settings.ts";

export interface ClaimedDraftJob {
  jobId: string;
  /** The lease token: only the holder of the current claim may record the outcome. */
  claimId: string;
  userId: string;
  batchId: string;
  /** null when the batch's assistant was deleted. */
  assistantId: string | null;
  idea: string;
  focusKeyword: string | null;
  categories: string[];
  tags: string[];
  /** Attempts including this one. */
  attempts: number;
  /** The batch's language (null: the assistant's, else English). */
  locale?: string | null;
  /** The batch's overrides of the assistant's generation settings. */
  settings?: GenerationSettings | null;
  /**
   * The headings the draft follows: the idea's own, as the owner approved
   * them, else the batch's (copied from its template); null: the model's own.
   */
  outline?: string[] | null;
  /** The batch reviews outlines and this idea's is not approved yet: the claim is for proposing it. */
  proposeOutline?: boolean;
}

/** The draft to store, already sanitised and within the articles' limits. */
export interface DraftFields {
  title: string;
  content: string;
  excerpt: string;
  metaDescription: string;
  focusKeyword: string;
  slug: string;
  categories: string[];
  tags: string[];
  /** The language the draft was asked in, what the check read it as (null: could not tell), and whether they differ. */
  locale: string;
  detectedLocale: string | null;
  languageMismatch: boolean;
}

export interface ClaimRules {
  /** Live claims per user across every worker (less while the user's provider keeps answering 429). */
  perUser: number;
  /** Live claims in the whole installation, across every worker. */
  maxInFlight: number;
  leaseSeconds: number;
  /** A job whose lease lapsed this many times fails instead of being claimed again. */
  maxAttempts: number;
}

export interface DraftQueueStore {
  /** One ready job, or null when none may be claimed now. */
  claim(rules: ClaimRules): Promise<ClaimedDraftJob | null>;
  /** The proposed headings wait for the owner's review; false when the claim was lost. */
  storeOutline(job: ClaimedDraftJob, headings: string[]): Promise<boolean>;
  /** Stores the draft and marks the job done; the article id, or null when the claim was lost. */
  complete(job: ClaimedDraftJob, draft: DraftFields): Promise<string | null>;
  /** A failed attempt: queued again after `retryAfterSeconds`, or failed for good when null. */
  fail(job: ClaimedDraftJob, reason: string, retryAfterSeconds: number | null): Promise<void>;
  /** Gives the job back unprocessed, without counting the attempt. */
  release(job: ClaimedDraftJob): Promise<void>;
  /** Drafts in flight in the installation, and how many more could be claimed now under the same limits. */
  demand(rules: Pick<ClaimRules, "perUser" | "maxInFlight">): Promise<QueueDemand>;
  /** The user's provider answered 429: none of their jobs is claimed for `retryAfterSeconds`, and their own limit halves. */
  recordRateLimit(userId: string, retryAfterSeconds: number, perUser: number): Promise<void>;
}

export interface QueueDemand {
  inFlight: number;
  claimable: number;
}

function check<T>(result: { data: T; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data;
}

export function createDraftQueueStore(draftWorker: SystemClient): DraftQueueStore {
  return {
    async claim({ perUser, maxInFlight, leaseSeconds, maxAttempts }) {
      const rows = check(
        await draftWorker.rpc("claim_draft_jobs", {
          p_max_jobs: 1,
          p_per_user: perUser,
          p_max_in_flight: maxInFlight,
          p_lease_seconds: leaseSeconds,
          p_max_attempts: maxAttempts,
        }),
        "claiming a draft job",
      );
      const [row] = rows ?? [];
      if (!row) return null;
      const [batchRead, jobRead] = await Promise.all([
        draftWorker.from("draft_batches").select("locale, generation_settings, outline, outline_review").eq("id", row.batch_id)
          .maybeSingle(),
        draftWorker.from("draft_jobs").select("outline, outline_approved_at").eq("id", row.job_id).maybeSingle(),
      ]);
      const batch = check(batchRead, "reading the batch's language");
      const ownOutline = check(jobRead, "reading the idea's outline");
      const approved = ownOutline?.outline_approved_at ? ownOutline.outline : null;
      // Validated by draft-batches when the batch was created; anything else is ignored rather than sent to the model.
      const settings = generationSettingsSchema.safeParse(batch?.generation_settings ?? {});
      return {
        jobId: row.job_id,
        claimId: row.claim_id,
        userId: row.user_id,
        batchId: row.batch_id,
        assistantId: row.assistant_id,
        idea: row.idea,
        focusKeyword: row.focus_keyword,
        categories: row.categories,
        tags: row.tags,
        attempts: row.attempts,
        locale: batch?.locale ?? null,
        settings: settings.success ? settings.data : null,
        outline: approved ?? batch?.outline ?? null,
        proposeOutline: Boolean(batch?.outline_review) && !approved,
      };
    },
    async storeOutline(job, headings) {
      return check(
        await draftWorker.rpc("store_draft_job_outline", { p_job_id: job.jobId, p_claim_id: job.claimId, p_outline: headings }),
        "storing the proposed outline",
      ) === true;
    },
    async complete(job, draft) {
      return check(
        await draftWorker.rpc("complete_draft_job", {
          p_job_id: job.jobId,
          p_claim_id: job.claimId,
          p_title: draft.title,
          p_content: draft.content,
          p_excerpt: draft.excerpt,
          p_meta_description: draft.metaDescription,
          p_focus_keyword: draft.focusKeyword,
          p_slug: draft.slug,
          p_categories: draft.categories,
          p_tags: draft.tags,
          p_locale: draft.locale,
          p_detected_locale: draft.detectedLocale ?? undefined,
          p_language_mismatch: draft.languageMismatch,
        }),
        "storing the draft",
      );
    },
    async fail(job, reason, retryAfterSeconds) {
      check(
        await draftWorker.rpc("fail_draft_job", {
          p_job_id: job.jobId,
          p_claim_id: job.claimId,
          p_error: reason,
          p_retry_after_seconds: retryAfterSeconds ?? undefined,
        }),
        "recording a failed draft",
      );
    },
    async release(job) {
      check(
        await draftWorker.rpc("release_draft_job", { p_job_id: job.jobId, p_claim_id: job.claimId }),
        "releasing a draft job",
      );
    },
    async demand({ perUser, maxInFlight }) {
      const rows = check(
        await draftWorker.rpc("draft_queue_demand", { p_per_user: perUser, p_max_in_flight: maxInFlight }),
        "reading the queue's demand",
      );
      const [row] = rows ?? [];
      return { inFlight: row?.in_flight ?? 0, claimable: row?.claimable ?? 0 };
    },
    async recordRateLimit(userId, retryAfterSeconds, perUser) {
      check(
        await draftWorker.rpc("record_draft_rate_limit", {
          p_user_id: userId,
          p_retry_after_seconds: retryAfterSeconds,
          p_per_user: perUser,
        }),
        "pausing a rate-limited user",
      );
    },
  };
}
