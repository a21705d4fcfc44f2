/**
 * publish-scheduled: publishes due scheduled (and drip) articles. Called by
 * the scheduler only: pg_cron once a minute on hosted (migration
 * 20261124000100), the local scheduler of `npm start`.
 *
 * A run drains what is due within its wall clock: it claims small batches
 * (claim_due_scheduled_articles: FOR UPDATE SKIP LOCKED, at most `perSite`
 * live claims per site in the whole installation) as its `concurrency` slots
 * free up, publishes each pair at once, and claims again until nothing is due
 * or its deadline passes (no new claim once a publish could no longer end
 * within the wall clock: `wallClockMs` − `publishTimeoutMs` − `marginMs`).
 * A slow site holds at most `perSite` pairs, never the run's other slots.
 *
 * Side by side: the scheduler's run (the lead) counts the due articles and,
 * when they are more than its slots, starts helpers (this function POSTed
 * `{ "budgetMs": n }` on the system's startRun path), up to `maxRuns` runs in
 * all; helpers drain within the lead's remaining time and start none of
 * their own; the lead answers once they have, with everyone's counts.
 *
 * Claims are short (`leaseSeconds`) and renewed every `renewEveryMs` while
 * the run lives (renew_publication_claims), so the pairs of a run that died
 * are free within one lease and the next cron run takes them: within two
 * minutes of the crash with the hosted cadence. Exactly once stays with the
 * claims and markers (docs/integrity.md): a pair is published only under its
 * claim, and a takeover looks the post up by its marker before creating.
 */
import { defineFunction, scheduler } from "../_shared/http/define_function.ts";
import { json } from "../_shared/http/responses.ts";
import { type EnvReader, readSecretKeys } from "../_shared/platform/keys.ts";
import { createSystemAccess, type SystemAccess } from "../_shared/platform/system_access.ts";
import type { PublishArticleResult } from "../_shared/contracts/publishing.ts";
import { guardedPublisher, type PublishRequest } from "../_shared/publishing/publication.ts";
import {
  type ClaimedPublication,
  createPublicationStore,
  type ScheduledPublicationStore,
} from "../_shared/publishing/publication_store.ts";
import { z } from "zod";

export interface ScheduledPublishSettings {
  /** Most pairs taken by one claim (a run claims again as its slots free up). */
  batchSize: number;
  /** Publishes going at once in one run, lead or helper. */
  concurrency: number;
  /** Live claims (publishes under way) per site in the whole installation. */
  perSite: number;
  /** Runs side by side for one cron call: the lead and its helpers. */
  maxRuns: number;
  /** A claim's lease: how long a pair stays reserved after its run stopped renewing it. */
  leaseSeconds: number;
  /** How often a run renews its claims; well under the lease. */
  renewEveryMs: number;
  /** The run's wall clock (the Edge Runtime's limit). */
  wallClockMs: number;
  /** Left free at the end of the run to record outcomes and answer. */
  marginMs: number;
  /**
   * The longest one publish takes: every request at its time-out (image
   * download and upload 30 s each, post and SEO fields 15 s each).
   */
  publishTimeoutMs: number;
}

export const DEFAULT_SETTINGS: ScheduledPublishSettings = {
  batchSize: 10,
  concurrency: 16,
  perSite: 2,
  maxRuns: 4,
  // Covers a create request (15 s) with two missed renewals to spare; the
  // SQL's least is 30 s.
  leaseSeconds: 45,
  renewEveryMs: 15_000,
  wallClockMs: 150_000,
  marginMs: 10_000,
  publishTimeoutMs: 90_000,
};

export interface ScheduledPublishDependencies {
  secretKeys: readonly string[];
  store: ScheduledPublicationStore;
  publish: (request: PublishRequest) => Promise<PublishArticleResult>;
  settings: ScheduledPublishSettings;
  /**
   * Starts a helper run within `budgetMs` (POSTs `{ budgetMs }` to this
   * function) and resolves with its summary. Without it the lead publishes alone.
   */
  startHelper?: (budgetMs: number) => Promise<ScheduledPublishSummary>;
  now?: () => number;
}

export interface ScheduledPublishSummary {
  /** (article, site) pairs claimed by this run (and its helpers). */
  claimed: number;
  published: number;
  failed: number;
  /** Claimed after the deadline had passed (a slow claim); given back for the next run. */
  released: number;
  /** Helper runs this lead started, and those of them that did not answer with a summary (the counts above include only those that did). */
  helpers: number;
  helpersFailed: number;
}

/** The cron job posts `{}` (a lead run); a lead posts `{ budgetMs }` to its helpers. */
export const scheduledPublishRequestSchema = z.object({
  budgetMs: z.number().int().min(1_000).max(3_600_000).optional(),
}).strict();

/**
 * POST `{}` (the cron job) or `{ budgetMs }` (a lead's helper) with one of
 * the project's secret keys, in `apikey` (as the cron job sends it) or as the
 * bearer → 200 ScheduledPublishSummary. 401 without credentials, 403 with
 * anything else (a browser JWT or the publishable key included), 400 for
 * another body, 405 for other methods, 500 'Failed to publish scheduled
 * articles' when claiming fails. Failures of single publications are
 * recorded on their publication (back-off retry) and counted, not raised.
 */
export function createHandler(deps: ScheduledPublishDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "publish-scheduled",
    caller: scheduler(deps.secretKeys),
    body: { schema: scheduledPublishRequestSchema, maxBytes: 1024 },
    failureMessage: "Failed to publish scheduled articles",
    handle: async ({ input }) => json(await publishDueArticles(deps, { budgetMs: input.budgetMs })),
  });
}

/** Helpers a lead starts: a run's slots for every `concurrency` due articles beyond its own, within `maxRuns`. */
export function helpersFor(due: number, settings: Pick<ScheduledPublishSettings, "concurrency" | "maxRuns">): number {
  return Math.max(0, Math.min(settings.maxRuns - 1, Math.ceil(due / settings.concurrency) - 1));
}

/**
 * The margin and the publish's limit for a run of `wallClockMs`: a short run
 * (a helper's budget, a test's wall clock) keeps proportionate room for both,
 * and claims during its first third at least.
 */
export function withinWallClock(
  defaults: Pick<ScheduledPublishSettings, "marginMs" | "publishTimeoutMs">,
  wallClockMs: number,
): Pick<ScheduledPublishSettings, "wallClockMs" | "marginMs" | "publishTimeoutMs"> {
  const marginMs = Math.min(defaults.marginMs, Math.floor(wallClockMs / 10));
  return {
    wallClockMs,
    marginMs,
    publishTimeoutMs: Math.min(defaults.publishTimeoutMs, Math.floor(((wallClockMs - marginMs) * 2) / 3)),
  };
}

/**
 * One run: a lead (`budgetMs` absent: may start helpers) or a helper, which
 * ends within `budgetMs` (and its own wall clock).
 */
export async function publishDueArticles(
  deps: ScheduledPublishDependencies,
  { budgetMs }: { budgetMs?: number } = {},
): Promise<ScheduledPublishSummary> {
  const now = deps.now ?? (() => performance.now());
  const settings = budgetMs === undefined
    ? deps.settings
    : { ...deps.settings, ...withinWallClock(deps.settings, Math.min(budgetMs, deps.settings.wallClockMs)) };
  const { batchSize, concurrency, perSite, leaseSeconds } = settings;
  const started = now();
  const elapsed = () => now() - started;
  const mayStart = () => elapsed() + settings.publishTimeoutMs + settings.marginMs <= settings.wallClockMs;
  const summary: ScheduledPublishSummary = { claimed: 0, published: 0, failed: 0, released: 0, helpers: 0, helpersFailed: 0 };

  const helperRuns: Promise<ScheduledPublishSummary>[] = [];
  if (budgetMs === undefined && deps.startHelper) {
    const helpers = helpersFor(await deps.store.countDue(), settings);
    // Helpers must answer before this run ends: they get what is left of its wall clock.
    const helperBudget = Math.floor(settings.wallClockMs - settings.marginMs - elapsed());
    if (helpers > 0 && helperBudget >= 1_000) {
      for (let i = 0; i < helpers; i++) helperRuns.push(deps.startHelper(helperBudget));
      summary.helpers = helpers;
    }
  }
  // Settled as they end (a helper may fail while this run still publishes); awaited before answering.
  const helpersDone = Promise.allSettled(helperRuns);

  /** Claims held by this run and not yet settled (recorded or given back by their publish): renewed until then. */
  const held = new Set<string>();
  const heartbeat = setInterval(() => {
    deps.store.renew([...held], leaseSeconds).catch((error) =>
      console.error(`[publish-scheduled] renewing ${held.size} claims failed: ${describe(error)}`)
    );
  }, settings.renewEveryMs);

  const inFlight = new Set<Promise<void>>();
  const publishOne = async (claim: ClaimedPublication) => {
    try {
      await deps.publish({
        userId: claim.userId,
        articleId: claim.articleId,
        siteId: claim.siteId,
        claimToken: claim.claimToken,
        leaseSeconds,
        status: claim.postStatus,
        scheduled: true,
      });
      summary.published++;
    } catch (error) {
      summary.failed++;
      log(claim, "failed", error);
    } finally {
      held.delete(claim.claimToken);
    }
  };
  const start = (claim: ClaimedPublication) => {
    const running = publishOne(claim).finally(() => inFlight.delete(running));
    inFlight.add(running);
  };

  // Claims go out for a few slots at a time, not for each one that frees: fewer round trips for the same pace.
  const claimAtFree = Math.max(1, Math.min(batchSize, Math.ceil(concurrency / 4)));
  try {
    while (mayStart()) {
      const free = concurrency - inFlight.size;
      if (free < claimAtFree && inFlight.size > 0) {
        await Promise.race(inFlight);
        continue;
      }
      const claims = await deps.store.claimDue({ batchSize: Math.min(batchSize, free), leaseSeconds, perSite });
      summary.claimed += claims.length;
      for (const claim of claims) held.add(claim.claimToken);
      if (!mayStart()) {
        // The claim itself took the run past its deadline: the pairs go back at once.
        await Promise.all(claims.map(async (claim) => {
          await deps.store.release(claim.claimToken).catch((error) => log(claim, "release failed", error));
          held.delete(claim.claimToken);
          summary.released++;
        }));
        break;
      }
      for (const claim of claims) start(claim);
      // Nothing more to claim now (all due pairs taken, or their sites at their limit): claim again once a slot frees.
      if (claims.length < Math.min(batchSize, free)) {
        if (inFlight.size === 0) break;
        await Promise.race(inFlight);
      }
    }
  } finally {
    // Every publish started ends (it records its outcome) before the run answers.
    await Promise.allSettled(inFlight);
    clearInterval(heartbeat);
  }
  for (const helper of await helpersDone) {
    if (helper.status === "fulfilled") addCounts(summary, helper.value);
    else {
      summary.helpersFailed++;
      console.error(`[publish-scheduled] a helper run failed: ${describe(helper.reason)}`);
    }
  }
  return summary;
}

const COUNTS = ["claimed", "published", "failed", "released"] as const;

function addCounts(summary: ScheduledPublishSummary, helper: ScheduledPublishSummary) {
  for (const key of COUNTS) summary[key] += helper[key];
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
}

function log(claim: ClaimedPublication, what: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const detail = (error as { details?: { detail?: unknown } })?.details?.detail;
  console.error(
    `[publish-scheduled] article ${claim.articleId} site ${claim.siteId} ${what}: ${message}${
      detail ? ` (${detail})` : ""
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
 * Env: PUBLISH_SCHEDULED_BATCH_SIZE (10 pairs per claim, at most 100),
 * PUBLISH_SCHEDULED_CONCURRENCY (16 publishes per run),
 * PUBLISH_SCHEDULED_PER_SITE (2 per site in the installation),
 * PUBLISH_SCHEDULED_MAX_RUNS (4 runs side by side: the lead and 3 helpers),
 * FUNCTIONS_WALL_CLOCK_LIMIT_MS (150000, hosted's Free plan; set by the local
 * runtime). A malformed value stops the function at boot.
 */
export function settingsFromEnv(env: EnvReader = Deno.env): ScheduledPublishSettings {
  const wallClockMs = positiveIntegerEnv(env, "FUNCTIONS_WALL_CLOCK_LIMIT_MS", DEFAULT_SETTINGS.wallClockMs, 3_600_000);
  return {
    ...DEFAULT_SETTINGS,
    batchSize: positiveIntegerEnv(env, "PUBLISH_SCHEDULED_BATCH_SIZE", DEFAULT_SETTINGS.batchSize, 100),
    concurrency: positiveIntegerEnv(env, "PUBLISH_SCHEDULED_CONCURRENCY", DEFAULT_SETTINGS.concurrency, 100),
    perSite: positiveIntegerEnv(env, "PUBLISH_SCHEDULED_PER_SITE", DEFAULT_SETTINGS.perSite, 100),
    maxRuns: positiveIntegerEnv(env, "PUBLISH_SCHEDULED_MAX_RUNS", DEFAULT_SETTINGS.maxRuns, 20),
    ...withinWallClock(DEFAULT_SETTINGS, wallClockMs),
  };
}

/** A helper run within `budgetMs`: this function POSTed `{ budgetMs }` on the system's path; its summary. */
export function helperStarter(
  startRun: SystemAccess["startRun"],
): (budgetMs: number) => Promise<ScheduledPublishSummary> {
  return async (budgetMs) => {
    // The helper ends within its budget; the time-out only stops waiting for one that never answers.
    const response = await startRun("publish-scheduled", { budgetMs }, AbortSignal.timeout(budgetMs + 10_000));
    const body = await response.text();
    if (!response.ok) throw new Error(`the helper answered ${response.status}: ${body.slice(0, 200)}`);
    return JSON.parse(body) as ScheduledPublishSummary;
  };
}

/**
 * Env: SUPABASE_URL, SUPABASE_SECRET_KEYS / SUPABASE_SERVICE_ROLE_KEY and
 * the settings above. The scheduler acts without a user: it reads on the
 * system's scheduler path, scoped by each claim's owner.
 */
export function productionDependencies(env: EnvReader = Deno.env): ScheduledPublishDependencies {
  const system = createSystemAccess(env);
  const store = createPublicationStore(system.scheduler, system);
  return {
    secretKeys: readSecretKeys(env).all,
    store,
    publish: guardedPublisher(store),
    startHelper: helperStarter(system.startRun),
    settings: settingsFromEnv(env),
  };
}
