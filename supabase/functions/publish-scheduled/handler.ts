import { defineFunction, scheduler } from "../_shared/http/define_function.ts";
import { json } from "../_shared/http/responses.ts";
import { type EnvReader, readSecretKeys } from "../_shared/platform/keys.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import type { PublishArticleResult } from "../_shared/contracts/publishing.ts";
import { guardedPublisher, type PublishRequest } from "../_shared/publishing/publication.ts";
import {
  type ClaimedPublication,
  createPublicationStore,
  type ScheduledPublicationStore,
} from "../_shared/publishing/publication_store.ts";

export interface ScheduledPublishSettings {
  /** Articles claimed per run (each may target several sites). */
  batchSize: number;
  /**
   * How long a claimed pair stays reserved if this run dies before it starts
   * it; starting it renews the claim (publication.ts PUBLICATION_LEASE_SECONDS).
   */
  leaseSeconds: number;
  /** Pairs published at the same time. */
  concurrency: number;
  /** No new pair is started after this long; the rest are given back. */
  deadlineMs: number;
}

export const DEFAULT_SETTINGS: ScheduledPublishSettings = {
  batchSize: 5,
  // Covers the deadline below plus a publish's way to its create request.
  leaseSeconds: 120,
  concurrency: 4,
  // One publish takes at most ~90 s (every request at its time-out: image download
  // and upload 30 s each, post and SEO fields 15 s each), so a run ends within
  // pg_net's 120 s time-out and the hosted 150 s limit.
  deadlineMs: 30_000,
};

export interface ScheduledPublishDependencies {
  secretKeys: readonly string[];
  store: ScheduledPublicationStore;
  publish: (request: PublishRequest) => Promise<PublishArticleResult>;
  settings: ScheduledPublishSettings;
  now?: () => number;
}

export interface ScheduledPublishSummary {
  /** (article, site) pairs claimed by this run. */
  claimed: number;
  published: number;
  failed: number;
  /** Claimed but not started before the deadline; given back for the next run. */
  released: number;
}

/**
 * POST (any body, unread) with one of the project's secret keys, in `apikey`
 * (as the cron job sends it) or as the bearer →
 * 200 { claimed, published, failed, released }. 401 without credentials,
 * 403 with anything else (a browser JWT or the publishable key included),
 * 405 for other methods, 500 'Failed to publish scheduled articles' when
 * claiming fails. Failures of single publications are recorded on their
 * publication (back-off retry) and counted, not raised.
 */
export function createHandler(deps: ScheduledPublishDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "publish-scheduled",
    caller: scheduler(deps.secretKeys),
    body: "ignored",
    failureMessage: "Failed to publish scheduled articles",
    handle: async () => json(await publishDueArticles(deps)),
  });
}

export async function publishDueArticles(deps: ScheduledPublishDependencies): Promise<ScheduledPublishSummary> {
  const now = deps.now ?? Date.now;
  const started = now();
  const { batchSize, leaseSeconds, concurrency, deadlineMs } = deps.settings;
  const claims = await deps.store.claimDue(batchSize, leaseSeconds);
  const postStatuses = await deps.store.scheduledPostStatuses(claims);
  const summary: ScheduledPublishSummary = { claimed: claims.length, published: 0, failed: 0, released: 0 };
  const queue = [...claims];

  const publishOne = async (claim: ClaimedPublication) => {
    if (now() - started > deadlineMs) {
      await deps.store.release(claim.claimToken).catch((error) => log(claim, "release failed", error));
      summary.released++;
      return;
    }
    try {
      await deps.publish({
        userId: claim.userId,
        articleId: claim.articleId,
        siteId: claim.siteId,
        claimToken: claim.claimToken,
        status: postStatuses.get(claim.articleId) ?? "publish",
        scheduled: true,
      });
      summary.published++;
    } catch (error) {
      summary.failed++;
      log(claim, "failed", error);
    }
  };
  const worker = async () => {
    for (let claim = queue.shift(); claim; claim = queue.shift()) await publishOne(claim);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, claims.length) }, worker));
  return summary;
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

function positiveIntegerEnv(env: EnvReader, name: string, fallback: number): number {
  const value = Number(env.get(name));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Env: SUPABASE_URL, SUPABASE_SECRET_KEYS / SUPABASE_SERVICE_ROLE_KEY,
 * PUBLISH_SCHEDULED_BATCH_SIZE. The scheduler acts without a user: it reads
 * on the system's scheduler path, scoped by each claim's owner.
 */
export function productionDependencies(env: EnvReader = Deno.env): ScheduledPublishDependencies {
  const system = createSystemAccess(env);
  const store = createPublicationStore(system.scheduler, system);
  return {
    secretKeys: readSecretKeys(env).all,
    store,
    publish: guardedPublisher(store),
    settings: {
      ...DEFAULT_SETTINGS,
      batchSize: Math.min(positiveIntegerEnv(env, "PUBLISH_SCHEDULED_BATCH_SIZE", DEFAULT_SETTINGS.batchSize), 100),
    },
  };
}
