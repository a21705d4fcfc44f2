/**
 * Bulk drafting: what the browser sends to `draft-batches` (create a batch of
 * ideas, cancel it, retry its failed drafts), what it answers, and the
 * statuses of a batch's jobs. Shared with the browser: imports nothing but
 * zod and sibling schemas.
 */
import { z } from "zod";
import { ARTICLE_IDEA_MAX_LENGTH } from "./article.ts";
import { termList } from "./article_save.ts";
import { ARTICLE_LIMIT_MESSAGES, ARTICLE_LIMITS } from "./text_limits.ts";
import { generationSettingsSchema } from "./generation_settings.ts";
import { isSupportedLocale, LOCALE_MESSAGE } from "./locales.ts";
import { outlineHeadingsSchema } from "./outline.ts";

/** Ideas in one batch (the database has no limit of its own; the bulk rate limit caps a day). */
export const DRAFT_BATCH_MAX_IDEAS = 100;
export const DRAFT_BATCH_NAME_MAX_LENGTH = 200;
/** Sites a batch or a drip rule may target (as scheduled articles). */
export const DRAFT_BATCH_MAX_SITES = 20;
/**
 * Model calls one idea may take: the first, then retries after a rate limit,
 * an outage or an unusable answer (draft-batch-worker's DRAFT_MAX_ATTEMPTS
 * default).
 */
export const DRAFT_MAX_ATTEMPTS = 4;

export const DRAFT_BATCH_MESSAGES = {
  idea: "Each idea needs some text",
  ideaLength: `Keep each idea under ${ARTICLE_IDEA_MAX_LENGTH} characters`,
  noIdeas: "Add at least one idea",
  tooManyIdeas: `A batch holds at most ${DRAFT_BATCH_MAX_IDEAS} ideas`,
  nameLength: `Keep the batch name under ${DRAFT_BATCH_NAME_MAX_LENGTH} characters`,
  assistant: "Please select an assistant",
  assistantNotFound: "Assistant not found",
  site: "Choose one of your connected sites",
  templateNotFound: "Template not found: choose one of your templates",
  siteCount: `Choose at most ${DRAFT_BATCH_MAX_SITES} sites`,
  batchNotFound: "Batch not found",
  ideaNotFound: "This idea is no longer in the batch",
  ideaBusy: "This idea is being drafted already",
  notADraft: "This draft was scheduled or published: change it in the editor instead",
  outlineNotReady: "This outline is no longer waiting for review",
} as const;

export const draftIdeaSchema = z.object({
  idea: z
    .string({ error: DRAFT_BATCH_MESSAGES.idea })
    .trim()
    .min(1, DRAFT_BATCH_MESSAGES.idea)
    .max(ARTICLE_IDEA_MAX_LENGTH, DRAFT_BATCH_MESSAGES.ideaLength),
  focusKeyword: z.string().trim().max(ARTICLE_LIMITS.focusKeyword, ARTICLE_LIMIT_MESSAGES.focusKeyword).default(""),
  categories: termList(
    ARTICLE_LIMITS.categories,
    ARTICLE_LIMIT_MESSAGES.categoryCount,
    ARTICLE_LIMIT_MESSAGES.categoryLength,
  ).default([]),
  tags: termList(ARTICLE_LIMITS.tags, ARTICLE_LIMIT_MESSAGES.tagCount, ARTICLE_LIMIT_MESSAGES.tagLength).default([]),
});

export type DraftIdea = z.input<typeof draftIdeaSchema>;

export const siteIdsSchema = z
  .array(z.uuid({ error: DRAFT_BATCH_MESSAGES.site }))
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(z.string()).max(DRAFT_BATCH_MAX_SITES, DRAFT_BATCH_MESSAGES.siteCount));

export const createDraftBatchSchema = z.object({
  action: z.literal("create"),
  /** Shown on the Batches screen; the first idea when blank. */
  name: z.string().trim().max(DRAFT_BATCH_NAME_MAX_LENGTH, DRAFT_BATCH_MESSAGES.nameLength).default(""),
  assistantId: z.uuid({ error: DRAFT_BATCH_MESSAGES.assistant }),
  ideas: z
    .array(draftIdeaSchema, { error: DRAFT_BATCH_MESSAGES.noIdeas })
    .min(1, DRAFT_BATCH_MESSAGES.noIdeas)
    .max(DRAFT_BATCH_MAX_IDEAS, DRAFT_BATCH_MESSAGES.tooManyIdeas),
  /** Preselected for the batch's drip rule. */
  targetSiteIds: siteIdsSchema.default([]),
  /** Drafts wait for the owner's approval before they can be scheduled. */
  reviewRequired: z.boolean().default(true),
  /** The drafts' language (one of LOCALES); null: the assistant's, else English. */
  locale: z.string({ error: LOCALE_MESSAGE }).refine(isSupportedLocale, LOCALE_MESSAGE).nullish(),
  /** Overrides of the assistant's generation settings for every draft of the batch. */
  settings: z.nullish(generationSettingsSchema),
  /**
   * One of the user's article templates: every draft follows its sections
   * as H2s, in order, with its word target and required elements unless the
   * batch's settings set them.
   */
  templateId: z.uuid({ error: DRAFT_BATCH_MESSAGES.templateNotFound }).nullish(),
  /**
   * Each idea's headings wait for the owner's approval (edited or as they
   * stand) before its draft is written: the template's sections when one is
   * chosen, else the model's proposal (one more model call per idea).
   */
  outlineReview: z.boolean().default(false),
});

const batchAction = <Action extends string>(action: Action) =>
  z.object({ action: z.literal(action), batchId: z.uuid({ error: DRAFT_BATCH_MESSAGES.batchNotFound }) });

export const cancelDraftBatchSchema = batchAction("cancel");
export const retryFailedDraftsSchema = batchAction("retry-failed");
/** Draft one idea again: its unscheduled draft (if any is left) is deleted first. */
export const regenerateDraftSchema = z.object({
  action: z.literal("regenerate"),
  jobId: z.uuid({ error: DRAFT_BATCH_MESSAGES.ideaNotFound }),
});

/** Approve one idea's outline, as edited (`headings`) or as it stands; its draft is then written following it. */
export const approveOutlineSchema = z.object({
  action: z.literal("approve-outline"),
  jobId: z.uuid({ error: DRAFT_BATCH_MESSAGES.ideaNotFound }),
  headings: z.nullish(outlineHeadingsSchema),
});
/** Approve every outline of the batch waiting for review, as they stand. */
export const approveOutlinesSchema = batchAction("approve-outlines");

export const draftBatchRequestSchema = z.discriminatedUnion(
  "action",
  [
    createDraftBatchSchema,
    cancelDraftBatchSchema,
    retryFailedDraftsSchema,
    regenerateDraftSchema,
    approveOutlineSchema,
    approveOutlinesSchema,
  ],
  { error: "The action must be create, cancel, retry-failed, regenerate, approve-outline or approve-outlines" },
);

export type DraftBatchRequest = z.input<typeof draftBatchRequestSchema>;
export type CreateDraftBatchInput = z.output<typeof createDraftBatchSchema>;

/** 200 answers of draft-batches, by action. */
export interface CreatedDraftBatch {
  batchId: string;
  jobs: number;
  /** Model calls the batch takes when nothing fails (one per idea). */
  modelCalls: number;
}
export interface CancelledDraftBatch {
  /** Queued jobs that will not be drafted; jobs being drafted finish. */
  cancelled: number;
}
export interface RetriedDraftJobs {
  requeued: number;
}
export interface RegeneratedDraft {
  requeued: true;
}
export interface ApprovedOutlines {
  /** Ideas queued for drafting. */
  approved: number;
}

/**
 * The estimate shown before a batch starts: one call per idea, two when the
 * model proposes each outline for review (not when a template gives it), at
 * most DRAFT_MAX_ATTEMPTS per call with retries.
 */
export function estimateModelCalls(ideas: number, modelOutlines = false): { calls: number; atMost: number } {
  const calls = ideas * (modelOutlines ? 2 : 1);
  return { calls, atMost: calls * DRAFT_MAX_ATTEMPTS };
}

/** A batch's name when none is given: its first idea, shortened. */
export function defaultBatchName(ideas: readonly { idea: string }[]): string {
  const first = ideas[0]?.idea.trim() ?? "";
  const short = first.length > 80 ? `${first.slice(0, 79)}…` : first;
  return ideas.length > 1 ? `${short} (+${ideas.length - 1} more)` : short;
}

export const DRAFT_JOB_STATUSES = ["queued", "drafting", "outline_ready", "done", "failed", "cancelled"] as const;
export type DraftJobStatus = (typeof DRAFT_JOB_STATUSES)[number];
