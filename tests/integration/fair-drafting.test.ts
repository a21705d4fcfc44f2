import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type SchedulerLogger, startScheduler } from "../../scripts/devstack/scheduler/scheduler.ts";
import { type FunctionsStack, startFunctionsStack } from "./functions-stack.ts";
import { env, functionsStack, ok, saveApiKeys, serviceClient, signUp, type TestUser, timestampMs } from "./support.ts";

/**
 * Bulk drafting shared by many users: the draft-batch-worker through the
 * local functions runtime, driven by the local scheduler as npm start drives
 * it (a run every cycle, runs overlapping as hosted's cron runs do), against
 * the local backend and a fake OpenAI with a set pace.
 *
 * - A rate-limited user (their key's 429) is paused for the provider's
 *   Retry-After while others go on (both databases).
 * - On PostgreSQL (npm run test:integration:pg), where claims really contend:
 *   20 users × 25 ideas submitted at once, every user's first draft taken
 *   before anyone's third, none twice; and throughput rising
 *   with the installation's limit until the provider's own pace caps it.
 *   These start functions stacks of their own (their own worker settings and
 *   fake OpenAI) beside the suite's.
 */

type Job = {
  id: string;
  batch_id: string;
  user_id: string;
  status: string;
  attempts: number;
  article_id: string | null;
  started_at: string | null;
  finished_at: string | null;
};
type ProviderRequest = {
  apiKey: string | null;
  scenario: string;
  receivedAt: number;
  startedAt?: number;
  answeredAt?: number;
  lastUserMessage: string;
};

const onPostgres = Boolean(process.env.INTEGRATION_DATABASE_URL);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet: SchedulerLogger = { info: () => {}, error: (line) => console.error(line) };

async function providerSettings(stack: { controlUrl: string }, settings: Record<string, unknown>) {
  const response = await fetch(`${stack.controlUrl}/openai/settings`, { method: "POST", body: JSON.stringify(settings) });
  expect(response.status).toBe(200);
}

async function providerRequests(stack: { controlUrl: string }, marker: string): Promise<ProviderRequest[]> {
  const all = (await (await fetch(`${stack.controlUrl}/openai/requests`)).json()) as ProviderRequest[];
  return all.filter((request) => request.lastUserMessage.includes(marker));
}

async function runWorker(projectUrl: string) {
  const response = await fetch(`${projectUrl}/functions/v1/draft-batch-worker`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey: env().secretKey },
    body: "{}",
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as { claimed: number; drafted: number; retried: number };
}

async function jobsOf(batchIds: string[]): Promise<Job[]> {
  return ok(
    await serviceClient()
      .from("draft_jobs")
      .select("id, batch_id, user_id, status, attempts, article_id, started_at, finished_at")
      .in("batch_id", batchIds),
  ) as Job[];
}

async function createBatch(user: TestUser, assistantId: string, ideas: string[]): Promise<string> {
  const { data, error } = await user.client.functions.invoke<{ batchId: string }>("draft-batches", {
    body: { action: "create", assistantId, ideas: ideas.map((idea) => ({ idea })) },
  });
  expect(error).toBeNull();
  return data!.batchId;
}

/** Waits until no job of the batches is queued or drafting; their jobs then. */
async function drained(batchIds: string[], limitMs: number): Promise<Job[]> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const jobs = await jobsOf(batchIds);
    if (jobs.every((job) => job.status !== "queued" && job.status !== "drafting")) return jobs;
    if (Date.now() > deadline) {
      throw new Error(`still open after ${limitMs} ms: ${jobs.filter((job) => job.status === "queued" || job.status === "drafting").length} jobs`);
    }
    await delay(250);
  }
}

/** The most requests the provider held at one moment, between `from` and `to` of each. */
function maxOverlap<T>(items: T[], from: (item: T) => number, to: (item: T) => number): number {
  const events = items.flatMap((item) => [{ at: from(item), change: 1 }, { at: to(item), change: -1 }])
    .sort((a, b) => a.at - b.at || a.change - b.change);
  let current = 0;
  let most = 0;
  for (const event of events) most = Math.max(most, (current += event.change));
  return most;
}

async function usersWithKeys(label: string, count: number): Promise<{ user: TestUser; assistantId: string }[]> {
  return await Promise.all(Array.from({ length: count }, async (_, i) => {
    const user = await signUp(`${label}-${i}`, undefined, { project: true });
    await saveApiKeys(user, { openaiKey: `sk-test-${label}-${i}-FIXTURE-not-a-real-key` });
    const assistantId = ok(await user.client.from("assistants").select("id").order("created_at").limit(1).single()).id;
    return { user, assistantId };
  }));
}

describe("a rate-limited user", () => {
  test("is paused for the provider's Retry-After, their own limit halved, while other users' drafts go on", async () => {
    const marker = `paced-${Date.now()}`;
    const [alice, bob] = await usersWithKeys(marker, 2);
    const stack = functionsStack();
    // Each key may send 2 requests in 3 s; the suite's stack lets a user have 3 drafts in flight.
    await providerSettings(stack, { requestLimit: { requests: 2, windowMs: 3_000 } });
    try {
      const aliceBatch = await createBatch(alice.user, alice.assistantId, [1, 2, 3].map((n) => `${marker} alice ${n}`));
      expect(await runWorker(stack.projectUrl)).toMatchObject({ claimed: 3, drafted: 2, retried: 1 });
      const limitedAt = Date.now();
      const pause = ok(
        await serviceClient().from("draft_queue_users").select("paused_until, in_flight_limit").eq("user_id", alice.user.id)
          .single(),
      );
      // The provider asked for up to 3 s; her limit of 3 halves to 1.
      expect(pause.in_flight_limit).toBe(1);
      const pausedUntil = timestampMs(pause.paused_until!);
      expect(pausedUntil - limitedAt).toBeGreaterThan(1_000);
      expect(pausedUntil - limitedAt).toBeLessThanOrEqual(3_500);

      // Bob's key is his own: his drafts go on while she waits.
      const bobBatch = await createBatch(bob.user, bob.assistantId, [1, 2].map((n) => `${marker} bob ${n}`));
      expect(await runWorker(stack.projectUrl)).toMatchObject({ claimed: 2, drafted: 2 });
      expect(Date.now()).toBeLessThan(pausedUntil);
      expect((await jobsOf([aliceBatch])).filter((job) => job.status === "queued")).toHaveLength(1);

      await delay(Math.max(0, pausedUntil - Date.now()) + 1_200);
      expect(await runWorker(stack.projectUrl)).toMatchObject({ claimed: 1, drafted: 1 });
      const jobs = await jobsOf([aliceBatch, bobBatch]);
      expect(jobs.every((job) => job.status === "done")).toBe(true);
      expect(jobs.map((job) => job.attempts).sort()).toEqual([1, 1, 1, 1, 2]);

      // Nothing of hers reached the provider during the pause.
      const hers = (await providerRequests(stack, `${marker} alice`)).sort((a, b) => a.receivedAt - b.receivedAt);
      expect(hers.map((request) => request.scenario).sort()).toEqual(["ok", "ok", "ok", "rate-limit"]);
      const refused = hers.find((request) => request.scenario === "rate-limit")!;
      const after = hers.filter((request) => request.receivedAt > refused.receivedAt);
      expect(after).toHaveLength(1);
      expect(after[0].receivedAt - refused.receivedAt).toBeGreaterThan(1_000);
    } finally {
      await providerSettings(stack, { requestLimit: null });
    }
  });
});

describe.runIf(onPostgres)("many users sharing one installation (PostgreSQL)", () => {
  const stacks: FunctionsStack[] = [];
  let people: { user: TestUser; assistantId: string }[];

  const stackWith = async (functionsEnv: Record<string, string>) => {
    const stack = await startFunctionsStack({
      apiUrl: env().url,
      keysFile: inject("keysFile"),
      databaseUrl: process.env.INTEGRATION_DATABASE_URL,
      functionsEnv,
    });
    stacks.push(stack);
    return stack;
  };
  const scheduled = (stack: FunctionsStack, intervalMs: number) =>
    startScheduler({
      url: stack.projectUrl,
      secretKey: env().secretKey,
      intervalMs,
      functionName: "draft-batch-worker",
      timeoutMs: 170_000,
      overlap: true,
      logger: quiet,
    });

  beforeAll(async () => {
    people = await usersWithKeys(`many-${Date.now()}`, 20);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  });

  test("20 users × 25 ideas at once: every user's first draft taken before anyone's third, none twice", async () => {
    const CYCLE_MS = 3_000;
    const PACE_MS = 1_000;
    const stack = await stackWith({
      DRAFT_WORKER_MAX_IN_FLIGHT: "32",
      DRAFT_WORKER_CONCURRENCY: "8",
      DRAFT_WORKER_PER_USER: "2",
    });
    await providerSettings(stack, { firstTokenDelayMs: PACE_MS });
    const marker = `wave-${Date.now()}`;
    const scheduler = scheduled(stack, CYCLE_MS);
    let jobs: Job[];
    let batchIds: string[];
    try {
      // The first user's 25 ideas are queued first, then everyone else's together.
      const first = await createBatch(people[0].user, people[0].assistantId, ideas(marker, 0));
      const rest = await Promise.all(people.slice(1).map(({ user, assistantId }, i) => createBatch(user, assistantId, ideas(marker, i + 1))));
      batchIds = [first, ...rest];
      jobs = await drained(batchIds, 150_000);
    } finally {
      await scheduler.stop();
    }

    // None twice: each idea one draft, one model call each, nothing lost or retried.
    expect(jobs).toHaveLength(500);
    expect(jobs.filter((job) => job.status === "done" && job.attempts === 1 && job.article_id)).toHaveLength(500);
    expect(new Set(jobs.map((job) => job.article_id)).size).toBe(500);
    const drafts = ok(await serviceClient().from("articles").select("id").in("draft_batch_id", batchIds).limit(1000));
    expect(drafts).toHaveLength(500);
    const calls = await providerRequests(stack, marker);
    expect(calls).toHaveLength(500);
    expect(calls.every((call) => call.scenario === "ok")).toBe(true);

    // How long each user waited for a first draft is printed, not asserted (it depends on the machine's load);
    // what is asserted is the order the queue takes drafts in.
    const batches = ok(await serviceClient().from("draft_batches").select("id, user_id, created_at").in("id", batchIds));
    const waits = batches.map((batch) => {
      const done = jobs.filter((job) => job.batch_id === batch.id).map((job) => timestampMs(job.finished_at!));
      return Math.min(...done) - timestampMs(batch.created_at);
    });
    expect(waits).toHaveLength(20);
    const sorted = [...waits].sort((a, b) => a - b);
    console.log(
      `[fair drafting] 20 users × 25 ideas: first draft after ${sorted[10]} ms (median user), ${sorted[19]} ms (last user); ` +
        `all 500 in ${Math.max(...jobs.map((job) => timestampMs(job.finished_at!))) - Math.min(...batches.map((b) => timestampMs(b.created_at)))} ms`,
    );
    // Turns: while a user waited for a first draft, nobody had a third one taken (started_at, set by the claim).
    // A claim that began before the user's batch was committed cannot see it, so the wait counts from a second
    // after the batch's created_at (its transaction's start).
    const takenAt = new Map<string, number[]>();
    for (const job of jobs) takenAt.set(job.user_id, [...(takenAt.get(job.user_id) ?? []), timestampMs(job.started_at!)]);
    for (const taken of takenAt.values()) taken.sort((a, b) => a - b);
    for (const batch of batches) {
      const firstTaken = takenAt.get(batch.user_id)![0];
      const visibleFrom = timestampMs(batch.created_at) + 1_000;
      const thirdsMeanwhile = [...takenAt].filter(([userId]) => userId !== batch.user_id)
        .flatMap(([, taken]) => taken.slice(2))
        .filter((at) => at > visibleFrom && at < firstTaken);
      expect(thirdsMeanwhile, `drafts taken while user ${batch.user_id} waited for a first`).toEqual([]);
    }
    // Never more than the installation's limit at the provider, nor more than two of a user's.
    expect(maxOverlap(calls, (call) => call.receivedAt, (call) => call.answeredAt!)).toBeLessThanOrEqual(32);
    for (const key of new Set(calls.map((call) => call.apiKey))) {
      const own = calls.filter((call) => call.apiKey === key);
      expect(maxOverlap(own, (call) => call.receivedAt, (call) => call.answeredAt!)).toBeLessThanOrEqual(2);
    }
  }, 240_000);

  test("throughput rises with the installation's limit until the provider's own pace caps it", async () => {
    const PACE_MS = 800;
    /** The provider works on 8 requests at once (Ollama's OLLAMA_NUM_PARALLEL), queueing the rest: at most 10 drafts/s. */
    const PROVIDER_PARALLEL = 8;
    const providerCap = PROVIDER_PARALLEL / (PACE_MS / 1000);
    const measured: { limit: number; perSecond: number; atProvider: number; worked: number }[] = [];
    for (const limit of [2, 6, 18]) {
      const stack = await stackWith({
        DRAFT_WORKER_MAX_IN_FLIGHT: String(limit),
        DRAFT_WORKER_CONCURRENCY: "4",
        DRAFT_WORKER_PER_USER: "2",
      });
      await providerSettings(stack, { firstTokenDelayMs: PACE_MS, parallel: PROVIDER_PARALLEL });
      const marker = `limit-${limit}-${Date.now()}`;
      const batchIds = await Promise.all(
        people.slice(0, 10).map(({ user, assistantId }, i) => createBatch(user, assistantId, ideas(marker, i, 4))),
      );
      const scheduler = scheduled(stack, 1_000);
      let jobs: Job[];
      try {
        jobs = await drained(batchIds, 120_000);
      } finally {
        await scheduler.stop();
      }
      expect(jobs.filter((job) => job.status === "done")).toHaveLength(40);
      const began = Math.min(...jobs.map((job) => timestampMs(job.started_at!)));
      const ended = Math.max(...jobs.map((job) => timestampMs(job.finished_at!)));
      const calls = await providerRequests(stack, marker);
      expect(calls).toHaveLength(40);
      measured.push({
        limit,
        perSecond: 40 / ((ended - began) / 1000),
        atProvider: maxOverlap(calls, (call) => call.receivedAt, (call) => call.answeredAt!),
        worked: maxOverlap(calls, (call) => call.startedAt!, (call) => call.answeredAt!),
      });
      await stack.stop();
      stacks.splice(stacks.indexOf(stack), 1);
    }
    console.log(
      `[fair drafting] drafts/s by installation limit (provider: ${PROVIDER_PARALLEL} at once, ${PACE_MS} ms each, cap ${providerCap}/s): ` +
        measured.map((m) => `${m.limit} → ${m.perSecond.toFixed(2)}/s (${m.atProvider} in flight)`).join(", "),
    );
    const [two, six, eighteen] = measured;
    // In flight follows the limit exactly while the backlog allows...
    expect([two.atProvider, six.atProvider]).toEqual([2, 6]);
    expect(eighteen.atProvider).toBeGreaterThan(PROVIDER_PARALLEL);
    expect(eighteen.atProvider).toBeLessThanOrEqual(18);
    // ...the provider never works on more than its own 8...
    expect(Math.max(...measured.map((m) => m.worked))).toBeLessThanOrEqual(PROVIDER_PARALLEL);
    // ...so throughput rises with the limit, then the provider's pace caps it.
    expect(six.perSecond / two.perSecond).toBeGreaterThanOrEqual(2);
    expect(eighteen.perSecond / six.perSecond).toBeGreaterThanOrEqual(1.1);
    expect(eighteen.perSecond).toBeLessThanOrEqual(providerCap * 1.05);
  }, 240_000);
});

function ideas(marker: string, user: number, count = 25): string[] {
  return Array.from({ length: count }, (_, i) => `${marker} user ${user} idea ${i + 1}`);
}
