/**
 * draft-batches: the owner's actions on bulk drafting, POST with one of
 * (draftBatchRequestSchema):
 *
 *   { action: "create", assistantId, ideas: [{ idea, focusKeyword?, categories?, tags? }],
 *     targetSiteIds?, reviewRequired?, name?, locale?, settings?, templateId? }
 *     → 200 CreatedDraftBatch: the batch and one queued job per idea, which
 *       draft-batch-worker drafts in the background. Costs one unit of the
 *       bulk-drafting rate limit per idea (429 with Retry-After when spent).
 *   { action: "cancel", batchId }        → 200 { cancelled }
 *   { action: "retry-failed", batchId }  → 200 { requeued }: costs one unit per draft retried
 *   { action: "regenerate", jobId }      → 200 { requeued: true }: the idea is drafted again (its
 *       unscheduled draft deleted first); costs one unit. 404 'This idea is no longer in the batch',
 *       409 while it is being drafted, or when its draft was scheduled or published.
 *   { action: "approve-outline", jobId, headings? } → 200 { approved: 1 }: a batch with
 *       `outlineReview`: the idea is drafted following its outline, as edited (`headings`) or as
 *       it stands. Nothing charged (the idea was charged with its batch). 404 as regenerate; 409
 *       'This outline is no longer waiting for review'.
 *   { action: "approve-outlines", batchId } → 200 { approved }: every outline waiting, as it stands.
 *
 * 400 invalid input (`{ error: "<field>: <message>", field, issues }`), no
 * OpenAI key stored (nothing could be drafted), or a site that is not the
 * caller's, or a template that is not the caller's; 401 not signed in; 404 'Assistant not found' / 'Batch not found'
 * (another user's is indistinguishable from none); 405; 413; 429; 500
 * 'Failed to queue the drafts'.
 */
import { assistantFinder, assistantPlace, type FindAssistant } from "../_shared/ai/assistants.ts";
import { type AiDeployment, aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import type { ReadTextProvider } from "../_shared/ai/provider_access.ts";
import { describeProviderFailure } from "../_shared/ai/provider_errors.ts";
import { modelFor, requireKey, resolveProviderTarget } from "../_shared/ai/provider_target.ts";
import { failureResponse } from "../_shared/ai/text_function.ts";
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import {
  type CancelledDraftBatch,
  type ApprovedOutlines,
  type CreatedDraftBatch,
  type CreateDraftBatchInput,
  defaultBatchName,
  DRAFT_BATCH_MESSAGES,
  draftBatchRequestSchema,
  estimateModelCalls,
  type RegeneratedDraft,
  type RetriedDraftJobs,
} from "../_shared/contracts/draft_batch.ts";
import type { GenerationSettings } from "../_shared/contracts/generation_settings.ts";
import { type BatchTemplate, createDraftBatchStore, type DraftBatchStore } from "./batch_store.ts";

/** 100 ideas of 2,000 characters with their keywords, categories and tags, JSON-escaped. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const QUEUE_FAILED = "Failed to queue the drafts";

export interface DraftBatchesDependencies {
  authenticate: Authenticate;
  /** The caller's provider and key (_shared/ai/provider_access.ts). */
  readTextProvider: ReadTextProvider;
  deployment: AiDeployment;
  findAssistant: FindAssistant;
  store: DraftBatchStore;
  /** BULK_DRAFT_RATE_LIMIT per BULK_DRAFT_RATE_LIMIT_WINDOW_SECONDS, per user, counted in ideas. */
  rateLimit: RateLimit;
}

const fieldError = (field: string, message: string) =>
  errorResponse(400, `${field}: ${message}`, { field, issues: [{ path: [field], message }] });

export function createHandler(deps: DraftBatchesDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "draft-batches",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: draftBatchRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: QUEUE_FAILED,
    async handle({ userId, input }) {
      switch (input.action) {
        case "create":
          return await create(deps, userId, input);
        case "cancel": {
          const cancelled = await deps.store.cancel(userId, input.batchId);
          if (cancelled === null) return errorResponse(404, DRAFT_BATCH_MESSAGES.batchNotFound, { field: "batchId" });
          return json({ cancelled } satisfies CancelledDraftBatch);
        }
        case "retry-failed": {
          const failed = await deps.store.countFailed(userId, input.batchId);
          if (failed === null) return errorResponse(404, DRAFT_BATCH_MESSAGES.batchNotFound, { field: "batchId" });
          if (failed === 0) return json({ requeued: 0 } satisfies RetriedDraftJobs);
          const limited = await enforceRateLimit(deps.rateLimit, userId, failed);
          if (limited) return limited;
          const requeued = await deps.store.retryFailed(userId, input.batchId);
          return json({ requeued: requeued ?? 0 } satisfies RetriedDraftJobs);
        }
        case "regenerate": {
          // Another user's job is "not found" before anything is charged.
          if (!(await deps.store.hasJob(userId, input.jobId))) {
            return errorResponse(404, DRAFT_BATCH_MESSAGES.ideaNotFound, { field: "jobId" });
          }
          const limited = await enforceRateLimit(deps.rateLimit, userId, 1);
          if (limited) return limited;
          switch (await deps.store.regenerate(userId, input.jobId)) {
            case "requeued":
              return json({ requeued: true } satisfies RegeneratedDraft);
            case "not_found":
              return errorResponse(404, DRAFT_BATCH_MESSAGES.ideaNotFound, { field: "jobId" });
            case "busy":
              return errorResponse(409, DRAFT_BATCH_MESSAGES.ideaBusy, { field: "jobId" });
            case "not_a_draft":
              return errorResponse(409, DRAFT_BATCH_MESSAGES.notADraft, { field: "jobId" });
          }
        }
        case "approve-outline":
          return await approveOutline(deps, userId, input.jobId, input.headings ?? null);
        case "approve-outlines": {
          const approved = await deps.store.approveOutlines(userId, input.batchId);
          if (approved === null) return errorResponse(404, DRAFT_BATCH_MESSAGES.batchNotFound, { field: "batchId" });
          return json({ approved } satisfies ApprovedOutlines);
        }
      }
    },
  });
}

async function approveOutline(deps: DraftBatchesDependencies, userId: string, jobId: string, headings: string[] | null) {
  switch (await deps.store.approveOutline(userId, jobId, headings)) {
    case "queued":
      return json({ approved: 1 } satisfies ApprovedOutlines);
    case "not_found":
      return errorResponse(404, DRAFT_BATCH_MESSAGES.ideaNotFound, { field: "jobId" });
    case "not_ready":
      return errorResponse(409, DRAFT_BATCH_MESSAGES.outlineNotReady, { field: "jobId" });
  }
}

/**
 * The batch's language as resolveLocale orders the choices (the batch's own,
 * else its assistant's, else its site's): the batch's choice; none when the
 * assistant has one (the worker reads it); else the language of the first
 * target site that has one, so a Spanish site's batch is written in Spanish.
 */
function batchLocale(
  input: CreateDraftBatchInput,
  assistantLocale: string | null,
  sites: readonly { id: string; locale: string | null }[],
): string | null {
  if (input.locale) return input.locale;
  if (assistantLocale) return null;
  const localeOf = new Map(sites.map((site) => [site.id, site.locale]));
  return input.targetSiteIds.map((id) => localeOf.get(id)).find((locale) => locale) ?? null;
}

/** The batch's settings, with the template's word target and required elements where the batch sets none. */
function withTemplate(settings: GenerationSettings, template: BatchTemplate | null): GenerationSettings {
  if (!template) return settings;
  return {
    ...settings,
    wordTarget: settings.wordTarget ?? template.wordTarget,
    elements: settings.elements ?? (template.requiredElements.length ? template.requiredElements : null),
  };
}

async function create(deps: DraftBatchesDependencies, userId: string, input: CreateDraftBatchInput) {
  const [stored, assistant] = await Promise.all([
    deps.readTextProvider(userId),
    deps.findAssistant(userId, input.assistantId),
  ]);
  const target = resolveProviderTarget(stored, deps.deployment);
  // Up front, not once per idea in the worker: no key, no model, or a model Chat Completions refuses.
  try {
    requireKey(target);
    if (assistant) modelFor(target, "drafting", { model: assistant.model, place: assistantPlace(assistant) });
  } catch (error) {
    return failureResponse(
      describeProviderFailure(error, { provider: target.provider, providerLabel: target.label, fallbackMessage: QUEUE_FAILED }),
    );
  }
  if (!assistant) return errorResponse(404, DRAFT_BATCH_MESSAGES.assistantNotFound, { field: "assistantId" });
  const sites = await deps.store.ownSites(userId, input.targetSiteIds);
  if (sites.length !== input.targetSiteIds.length) return fieldError("targetSiteIds", DRAFT_BATCH_MESSAGES.site);
  const template = input.templateId ? await deps.store.findTemplate(userId, input.templateId) : null;
  if (input.templateId && !template) return fieldError("templateId", DRAFT_BATCH_MESSAGES.templateNotFound);
  const limited = await enforceRateLimit(deps.rateLimit, userId, input.ideas.length);
  if (limited) return limited;
  const batchId = await deps.store.create(userId, {
    name: input.name || defaultBatchName(input.ideas),
    assistantId: input.assistantId,
    reviewRequired: input.reviewRequired,
    targetSiteIds: input.targetSiteIds,
    ideas: input.ideas,
    locale: batchLocale(input, assistant.locale ?? null, sites),
    settings: withTemplate(input.settings ?? {}, template),
    templateId: template ? input.templateId! : null,
    outline: template?.sections ?? null,
    outlineReview: input.outlineReview,
  });
  const { calls } = estimateModelCalls(input.ideas.length, input.outlineReview && !template);
  return json({ batchId, jobs: input.ideas.length, modelCalls: calls } satisfies CreatedDraftBatch);
}

/**
 * Env: SUPABASE_URL, the publishable and secret keys,
 * BULK_DRAFT_RATE_LIMIT(_WINDOW_SECONDS). Built at boot; per caller: the
 * assistant, sites and batches read as the caller, the provider and key a
 * stored secret, the queue written on the system's draftQueue path.
 */
export function productionDependencies(): (caller: RequestCaller) => DraftBatchesDependencies {
  const system = createSystemAccess();
  const rateLimit = rateLimitFromEnv("bulkDrafts", system.rateLimits);
  const deployment = aiDeploymentFromEnv();
  return (caller) => ({
    authenticate: () => caller.authenticate(),
    readTextProvider: system.readTextProvider,
    deployment,
    findAssistant: assistantFinder(caller.client),
    store: createDraftBatchStore(caller.client, system.draftQueue),
    rateLimit,
  });
}
