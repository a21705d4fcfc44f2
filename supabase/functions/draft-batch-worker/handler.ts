/**
 * draft-batch-worker: drafts queued bulk ideas in the background. Called
 * like publish-scheduled, by the scheduler only: pg_cron every minute on
 * hosted (migration 20261128000700), the local scheduler of `npm start`.
 *
 * POST `{}` with one of the project's secret keys (in `apikey`, as the cron
 * job sends it, or as the bearer) → 200 DraftWorkerSummary. 401 without
 * credentials, 403 with anything else, 400 for another body, 405, 500
 * 'Failed to draft queued ideas' when the queue cannot be read.
 *
 * Drafts in flight follow the backlog. The scheduler's run (the lead) asks
 * the queue how many drafts could start now (draft_queue_demand: within
 * `maxInFlight` for the installation and `perUser` for each user) and, when
 * that is more than its own `concurrency` slots, starts helpers: the same
 * function POSTed `{ "budgetMs": n }` with the secret key, which draft within
 * the lead's remaining time and start no helpers of their own; the lead
 * answers once they have, with everyone's counts. Runs that overlap (hosted's
 * every-minute runs outlive a minute) share the same limits, which the claim
 * enforces in the database.
 *
 * Each slot claims one job at a time (claim_draft_jobs: users take turns,
 * every waiting user's first draft before anyone's second; SKIP LOCKED; a
 * lease), drafts it, stores it (complete_draft_job, only while the claim is
 * current) or records the failure, and claims the next. In a batch that
 * reviews outlines, an idea's first claim asks the model for its headings
 * instead (store_draft_job_outline: the job waits for its owner), and the
 * claim after the approval drafts it following them; it stops when nothing
 * may be claimed. A slot takes no new job once a model call could no longer
 * end before the run's wall clock (`wallClockMs` − `providerTimeoutMs` −
 * `marginMs` into the run), and every call is cut at `wallClockMs` −
 * `marginMs`, so the run ends on its own before the Edge Runtime stops it.
 * Failures that another attempt may fix (rate limit, outage, time-out) are
 * queued again with a back-off (retryBaseSeconds, doubling, at most 10
 * minutes, or the provider's Retry-After when longer) until `maxAttempts`;
 * the others (a refused key, no credit, a missing model, a refusal, an answer
 * cut at the length limit, an unusable answer) fail the job at once with the
 * reason (classifyDraftFailure). A rate limit (provider_errors.ts's
 * "rate-limited", never a 429 for no credit) also pauses the user's other jobs for as long and halves
 * their own limit of drafts in flight (record_draft_rate_limit), which grows
 * back by one with each stored draft: each user's key gets the pace its
 * provider allows, whatever the installation's limit.
 */
import { type AssistantSettings, assistantFinder, assistantPlace, type FindAssistant } from "../_shared/ai/assistants.ts";
import { type AiDeployment, aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import type { ReadTextProvider } from "../_shared/ai/provider_access.ts";
import { describeProviderFailure } from "../_shared/ai/provider_errors.ts";
import { type ModelChoice, modelFor, type ProviderTarget, requireKey, resolveProviderTarget } from "../_shared/ai/provider_target.ts";
import { defineFunction, scheduler } from "../_shared/http/define_function.ts";
import { json } from "../_shared/http/responses.ts";
import { type EnvReader, readSecretKeys } from "../_shared/platform/keys.ts";
import { createSystemAccess, type SystemAccess } from "../_shared/platform/system_access.ts";
import { internalLinksContext } from "../_shared/links/draft_link_context.ts";
import { type FindLinkTargets, linkTargetFinder } from "../_shared/links/link_targets.ts";
import type { GeneratedArticle } from "../_shared/contracts/article.ts";
import { ARTICLE_FAILURE_MESSAGE } from "../_shared/ai/article_output.ts";
import { DRAFT_BATCH_MESSAGES, DRAFT_MAX_ATTEMPTS } from "../_shared/contracts/draft_batch.ts";
import { z } from "zod";
import {
  articleSource,
  classifyDraftFailure,
  draftArticle,
  draftFields,
  draftLocale,
  type DraftRequest,
  proposeOutline,
} from "./draft_article.ts";
import { type ClaimedDraftJob, createDraftQueueStore, type DraftQueueStore } from "./queue_store.ts";

export interface DraftWorkerSettings {
  /** Drafts going at once in one run, lead or helper (all users together). */
  concurrency: number;
  /** Drafts in flight in the whole installation, across every run. */
  maxInFlight: number;
  /** Live claims per user across every run. */
  perUser: number;
  /** Attempts per idea, the first included. */
  maxAttempts: number;
  /** The first retry's delay; doubles with every attempt, at most MAX_BACKOFF_SECONDS. */
  retryBaseSeconds: number;
  /** The run's wall clock (the Edge Runtime's limit). */
  wallClockMs: number;
  /** Left free at the end of the run to record outcomes and answer. */
  marginMs: number;
  /** One model call's limit. */
  providerTimeoutMs: number;
}

export const DEFAULT_SETTINGS: DraftWorkerSettings = {
  concurrency: 8,
  maxInFlight: 32,
  perUser: 2,
  maxAttempts: DRAFT_MAX_ATTEMPTS,
  retryBaseSeconds: 30,
  wallClockMs: 150_000,
  marginMs: 10_000,
  providerTimeoutMs: 90_000,
};

export const MAX_BACKOFF_SECONDS = 600;

export interface DraftWorkerDependencies {
  secretKeys: readonly string[];
  store: DraftQueueStore;
  /** The user's provider and key (_shared/ai/provider_access.ts). */
  readTextProvider: ReadTextProvider;
  findAssistant: FindAssistant;
  /** The user's most relevant published posts (their content index), offered to the model as internal links. */
  findLinkTargets: FindLinkTargets;
  /** The model call (draftArticle); replaced in tests that are about the queue. */
  draft(request: DraftRequest): Promise<GeneratedArticle>;
  /** The model's headings for an idea whose batch reviews outlines (proposeOutline); replaced likewise. */
  proposeOutline(request: Omit<DraftRequest, "context">): Promise<string[]>;
  deployment: AiDeployment;
  settings: DraftWorkerSettings;
  /**
   * Starts a helper run within `budgetMs` (POSTs `{ budgetMs }` to this
   * function) and resolves with its summary. Without it the lead drafts alone.
   */
  startHelper?: (budgetMs: number) => Promise<DraftWorkerSummary>;
  now?: () => number;
}

export interface DraftWorkerSummary {
  /** Jobs this run claimed. */
  claimed: number;
  /** Stored as drafts. */
  drafted: number;
  /** Outlines proposed and waiting for their owner's review (batches with outline review). */
  outlined: number;
  /** Failed attempts queued again with a back-off. */
  retried: number;
  /** Failed for good (the reason is on the job). */
  failed: number;
  /** Given back unprocessed (out of time before the call). */
  released: number;
  /** Drafted, but the claim had lapsed and another worker held the job: not stored. */
  lost: number;
  /** Time spent waiting for the provider, all slots together. */
  providerMs: number;
  /** Time spent on everything else for the jobs (claims, lookups, sanitising, writes), all slots together. */
  overheadMs: number;
  /** Helper runs this lead started, and those of them that did not answer with a summary (the counts above include only those that did). */
  helpers: number;
  helpersFailed: number;
}

/** The cron job posts `{}` (a lead run); a lead posts `{ budgetMs }` to its helpers. */
export const draftWorkerRequestSchema = z.object({
  budgetMs: z.number().int().min(1_000).max(3_600_000).optional(),
}).strict();

export function createHandler(deps: DraftWorkerDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "draft-batch-worker",
    caller: scheduler(deps.secretKeys),
    body: { schema: draftWorkerRequestSchema, maxBytes: 1024 },
    failureMessage: "Failed to draft queued ideas",
    handle: async ({ input }) => json(await runDraftWorker(deps, { budgetMs: input.budgetMs })),
  });
}

/** Helpers a lead starts: enough slots for what may start now, never more than the installation's limit allows. */
export function helpersFor(claimable: number, settings: Pick<DraftWorkerSettings, "concurrency" | "maxInFlight">): number {
  const most = Math.ceil(settings.maxInFlight / settings.concurrency) - 1;
  return Math.max(0, Math.min(most, Math.ceil(claimable / settings.concurrency) - 1));
}

/** Seconds before attempt `attempts + 1`: base × 2^(attempts − 1), at most MAX_BACKOFF_SECONDS, never sooner than the provider asked. */
export function backOffSeconds(attempts: number, baseSeconds: number, providerRetryAfter?: number): number {
  const own = Math.min(MAX_BACKOFF_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
  return Math.min(MAX_BACKOFF_SECONDS, Math.max(own, providerRetryAfter ?? 0));
}

/**
 * One run: a lead (`budgetMs` absent: may start helpers) or a helper, which
 * ends within `budgetMs` (and its own wall clock).
 */
export async function runDraftWorker(
  deps: DraftWorkerDependencies,
  { budgetMs }: { budgetMs?: number } = {},
): Promise<DraftWorkerSummary> {
  const now = deps.now ?? (() => performance.now());
  const settings = budgetMs === undefined
    ? deps.settings
    : { ...deps.settings, ...withinWallClock(deps.settings, Math.min(budgetMs, deps.settings.wallClockMs)) };
  const started = now();
  const leaseSeconds = Math.ceil(deps.settings.wallClockMs / 1000) + 30;
  const limits = { perUser: settings.perUser, maxInFlight: settings.maxInFlight };
  const summary: DraftWorkerSummary = {
    claimed: 0,
    drafted: 0,
    outlined: 0,
    retried: 0,
    failed: 0,
    released: 0,
    lost: 0,
    providerMs: 0,
    overheadMs: 0,
    helpers: 0,
    helpersFailed: 0,
  };
  const elapsed = () => now() - started;
  const mayStartCall = () => elapsed() + settings.providerTimeoutMs + settings.marginMs <= settings.wallClockMs;

  // Per run: a user's provider and assistants are read once.
  const targets = new Map<string, Promise<ProviderTarget>>();
  const assistants = new Map<string, Promise<AssistantSettings | null>>();
  const targetOf = (userId: string) =>
    memo(targets, userId, async () => resolveProviderTarget(await deps.readTextProvider(userId), deps.deployment));
  const assistantOf = (job: ClaimedDraftJob) =>
    job.assistantId
      ? memo(assistants, `${job.userId}:${job.assistantId}`, () => deps.findAssistant(job.userId, job.assistantId!))
      : Promise.resolve(null);

  const giveUp = async (job: ClaimedDraftJob, reason: string) => {
    await deps.store.fail(job, reason, null);
    summary.failed++;
  };

  /** Adds the job's time with the provider to `timing.providerMs`. */
  const draftOne = async (job: ClaimedDraftJob, timing: { providerMs: number }) => {
    if (!mayStartCall()) {
      await deps.store.release(job);
      summary.released++;
      return;
    }
    const [target, assistant, context] = await Promise.all([
      targetOf(job.userId),
      assistantOf(job),
      // An outline proposal links nothing: the content index is read for the draft only.
      job.proposeOutline
        ? []
        : internalLinksContext(deps.findLinkTargets, job.userId, articleSource(job), "draft-batch-worker"),
    ]);
    if (!assistant) return await giveUp(job, DRAFT_BATCH_MESSAGES.assistantNotFound);
    // No key, no model, or a model Chat Completions refuses: nothing to try; the reason says what to change.
    let model: ModelChoice;
    try {
      requireKey(target);
      model = modelFor(target, "drafting", { model: assistant.model, place: assistantPlace(assistant) });
    } catch (error) {
      const { message, problem } = describeProviderFailure(error, {
        provider: target.provider,
        providerLabel: target.label,
        fallbackMessage: ARTICLE_FAILURE_MESSAGE,
      });
      const reason = problem.kind === "missing-key" && problem.fix
        ? `${message}: store it in ${problem.fix.label}, then use Retry failed.`
        : `${message} Then use Retry failed.`;
      return await giveUp(job, reason);
    }

    const callStarted = now();
    const signal = AbortSignal.timeout(
      Math.max(1, Math.min(settings.providerTimeoutMs, settings.wallClockMs - settings.marginMs - elapsed())),
    );
    try {
      if (job.proposeOutline) {
        const headings = await deps.proposeOutline({ target, model, assistant, job, timeoutMs: settings.providerTimeoutMs, signal })
          .finally(() => {
            timing.providerMs = now() - callStarted;
          });
        if (await deps.store.storeOutline(job, headings)) summary.outlined++;
        else summary.lost++;
        return;
      }
      const article = await deps.draft({
        target,
        model,
        assistant,
        job,
        context,
        timeoutMs: settings.providerTimeoutMs,
        signal,
      }).finally(() => {
        timing.providerMs = now() - callStarted;
      });
      const articleId = await deps.store.complete(job, draftFields(article, job, draftLocale(job, assistant)));
      if (articleId) summary.drafted++;
      else summary.lost++;
    } catch (error) {
      const failure = classifyDraftFailure(error, target, model);
      log(job, failure.retryable && job.attempts < settings.maxAttempts ? "will retry" : "failed", error);
      if (!failure.retryable) return await giveUp(job, failure.reason);
      if (failure.rateLimited) {
        // The key's pause is what the provider asked for; the job's own back-off grows with its attempts.
        const pause = Math.min(MAX_BACKOFF_SECONDS, failure.retryAfterSeconds ?? settings.retryBaseSeconds);
        await deps.store.recordRateLimit(job.userId, pause, settings.perUser);
      }
      if (job.attempts >= settings.maxAttempts) {
        return await giveUp(job, `${failure.reason} (gave up after ${job.attempts} attempts)`);
      }
      await deps.store.fail(
        job,
        failure.reason,
        backOffSeconds(job.attempts, settings.retryBaseSeconds, failure.retryAfterSeconds),
      );
      summary.retried++;
    }
  };

  const slot = async () => {
    while (mayStartCall()) {
      const slotStarted = now();
      const timing = { providerMs: 0 };
      const job = await deps.store.claim({ ...limits, leaseSeconds, maxAttempts: settings.maxAttempts });
      if (!job) return;
      summary.claimed++;
      try {
        await draftOne(job, timing);
      } catch (error) {
        // The database refused to record the outcome: this slot stops, and the
        // job's lease lapses, so a later run takes it again.
        log(job, "could not be recorded", error);
        return;
      } finally {
        summary.providerMs += timing.providerMs;
        summary.overheadMs += now() - slotStarted - timing.providerMs;
      }
    }
  };
  const helperRuns: Promise<DraftWorkerSummary>[] = [];
  let slotCount = settings.concurrency;
  if (budgetMs === undefined && deps.startHelper) {
    const { claimable } = await deps.store.demand(limits);
    // At least one slot: its claim also fails jobs whose workers kept dying.
    slotCount = Math.max(1, Math.min(settings.concurrency, claimable));
    const helpers = helpersFor(claimable, settings);
    // Helpers must answer before this run ends: they get what is left of its wall clock.
    const helperBudget = Math.floor(settings.wallClockMs - settings.marginMs - elapsed());
    if (helpers > 0 && helperBudget >= settings.providerTimeoutMs + settings.marginMs) {
      for (let i = 0; i < helpers; i++) helperRuns.push(deps.startHelper(helperBudget));
      summary.helpers = helpers;
    }
  }
  // Settled as they end (a helper may fail while the slots still run); awaited before answering.
  const helpersDone = Promise.allSettled(helperRuns);
  // Every slot ends before the run answers; a failed claim is the run's failure.
  const slots = await Promise.allSettled(Array.from({ length: slotCount }, slot));
  for (const helper of await helpersDone) {
    if (helper.status === "fulfilled") addCounts(summary, helper.value);
    else {
      summary.helpersFailed++;
      console.error(`[draft-batch-worker] a helper run failed: ${describe(helper.reason)}`);
    }
  }
  const refused = slots.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (refused) throw refused.reason;
  summary.providerMs = Math.round(summary.providerMs);
  summary.overheadMs = Math.round(summary.overheadMs);
  return summary;
}

const COUNTS = ["claimed", "drafted", "outlined", "retried", "failed", "released", "lost", "providerMs", "overheadMs"] as const;

function addCounts(summary: DraftWorkerSummary, helper: DraftWorkerSummary) {
  for (const key of COUNTS) summary[key] += helper[key];
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
}

/** The margin and the model call's limit for a run of `wallClockMs`: a short run keeps proportionate room for both. */
function withinWallClock(defaults: Pick<DraftWorkerSettings, "marginMs" | "providerTimeoutMs">, wallClockMs: number) {
  const marginMs = Math.min(defaults.marginMs, Math.floor(wallClockMs / 10));
  return {
    wallClockMs,
    marginMs,
    providerTimeoutMs: Math.min(defaults.providerTimeoutMs, Math.floor((wallClockMs - marginMs) / 2)),
  };
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = load();
    cache.set(key, value);
  }
  return value;
}

function log(job: ClaimedDraftJob, what: string, error: unknown) {
  const name = error instanceof Error ? error.constructor.name : typeof error;
  const status = (error as { status?: unknown })?.status;
  console.error(
    `[draft-batch-worker] job ${job.jobId} attempt ${job.attempts} ${what}: ${name}${
      typeof status === "number" ? ` status=${status}` : ""
    }`,
  );
}

function positiveIntegerEnv(env: EnvReader, name: string, fallback: number, maximum: number): number {
  const raw = env.get(name)?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > maximum) {
    throw new Error(`${name} must be a whole number from 1 to ${maximum}, not "${raw}"`);
  }
  return value;
}

/**
 * Env: DRAFT_WORKER_MAX_IN_FLIGHT (32: the installation's limit),
 * DRAFT_WORKER_CONCURRENCY (8 per run), DRAFT_WORKER_PER_USER (2),
 * DRAFT_MAX_ATTEMPTS (4), DRAFT_RETRY_BASE_SECONDS (30),
 * FUNCTIONS_WALL_CLOCK_LIMIT_MS (150000, hosted's Free plan; set by the local
 * runtime), the OPENAI_* and OPENROUTER_BASE_URL variables. A malformed value stops the function at
 * boot.
 */
export function settingsFromEnv(env: EnvReader = Deno.env): DraftWorkerSettings {
  const wallClockMs = positiveIntegerEnv(env, "FUNCTIONS_WALL_CLOCK_LIMIT_MS", DEFAULT_SETTINGS.wallClockMs, 3_600_000);
  return {
    concurrency: positiveIntegerEnv(env, "DRAFT_WORKER_CONCURRENCY", DEFAULT_SETTINGS.concurrency, 50),
    maxInFlight: positiveIntegerEnv(env, "DRAFT_WORKER_MAX_IN_FLIGHT", DEFAULT_SETTINGS.maxInFlight, 1000),
    perUser: positiveIntegerEnv(env, "DRAFT_WORKER_PER_USER", DEFAULT_SETTINGS.perUser, 20),
    maxAttempts: positiveIntegerEnv(env, "DRAFT_MAX_ATTEMPTS", DEFAULT_SETTINGS.maxAttempts, 10),
    retryBaseSeconds: positiveIntegerEnv(env, "DRAFT_RETRY_BASE_SECONDS", DEFAULT_SETTINGS.retryBaseSeconds, 600),
    ...withinWallClock(DEFAULT_SETTINGS, wallClockMs),
  };
}

/** A helper run within `budgetMs`: this function POSTed `{ budgetMs }` on the system's path; its summary. */
export function helperStarter(startRun: SystemAccess["startRun"]): (budgetMs: number) => Promise<DraftWorkerSummary> {
  return async (budgetMs) => {
    // The helper ends within its budget; the time-out only stops waiting for one that never answers.
    const response = await startRun("draft-batch-worker", { budgetMs }, AbortSignal.timeout(budgetMs + 10_000));
    const body = await response.text();
    if (!response.ok) throw new Error(`the helper answered ${response.status}: ${body.slice(0, 200)}`);
    return JSON.parse(body) as DraftWorkerSummary;
  };
}

/** The bulk worker acts without a user: everything on the system's draftWorker path, scoped by each job's owner. */
export function productionDependencies(env: EnvReader = Deno.env): DraftWorkerDependencies {
  const system = createSystemAccess(env);
  return {
    secretKeys: readSecretKeys(env).all,
    startHelper: helperStarter(system.startRun),
    store: createDraftQueueStore(system.draftWorker),
    readTextProvider: system.readTextProvider,
    findAssistant: assistantFinder(system.draftWorker),
    findLinkTargets: linkTargetFinder(
      system.draftWorker,
      system.readTextProvider,
      aiDeploymentFromEnv(env),
      "draft-batch-worker",
    ),
    draft: draftArticle,
    proposeOutline,
    deployment: aiDeploymentFromEnv(env),
    settings: settingsFromEnv(env),
  };
}
