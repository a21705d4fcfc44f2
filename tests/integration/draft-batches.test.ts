import { beforeAll, describe, expect, test } from "vitest";
import { env, functionsStack, ok, serviceClient, saveApiKeys, signUp, type TestUser } from "./support.ts";
import { connectSite, functionError } from "./wordpress-support.ts";

/**
 * Bulk drafting for real: batches are created with the draft-batches
 * function as the app does (the real supabase-js, a user's session), the
 * draft-batch-worker is run with the cron job's exact request through the
 * local functions runtime, against the local backend (PGlite, or PostgreSQL
 * in npm run test:integration:pg, where concurrent claims really contend for
 * row locks) and the functions stack's fake OpenAI. The stack runs the
 * worker with DRAFT_WORKER_PER_USER=3, DRAFT_WORKER_CONCURRENCY=4 and
 * DRAFT_RETRY_BASE_SECONDS=1. No other file queues drafts, so every job the
 * worker sees is this file's.
 */

type Summary = {
  claimed: number;
  drafted: number;
  retried: number;
  failed: number;
  released: number;
  lost: number;
  providerMs: number;
  overheadMs: number;
};
type Job = {
  id: string;
  position: number;
  idea: string;
  status: string;
  attempts: number;
  last_error: string | null;
  article_id: string | null;
};
type FakeRequest = { lastUserMessage: string; scenario: string; receivedAt: number; answeredAt?: number };
type PlanRule = { match: string; scenarios: string[] };

async function runWorker(): Promise<Summary> {
  const response = await fetch(`${functionsStack().projectUrl}/functions/v1/draft-batch-worker`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey: env().secretKey },
    body: "{}",
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as Summary;
}

async function fakeOpenAI(settings: { plan?: PlanRule[]; firstTokenDelayMs?: number | null }) {
  const response = await fetch(`${functionsStack().controlUrl}/openai/settings`, {
    method: "POST",
    body: JSON.stringify(settings),
  });
  expect(response.status).toBe(200);
}

async function openAIRequests(marker: string): Promise<FakeRequest[]> {
  const all = (await (await fetch(`${functionsStack().controlUrl}/openai/requests`)).json()) as FakeRequest[];
  return all.filter((request) => request.lastUserMessage.includes(marker));
}

async function jobsOf(batchId: string): Promise<Job[]> {
  return ok(
    await serviceClient()
      .from("draft_jobs")
      .select("id, position, idea, status, attempts, last_error, article_id")
      .eq("batch_id", batchId)
      .order("position"),
  ) as Job[];
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `workers` worker requests at once, round after round, until no job of the batch is queued or drafting. */
async function drainWithWorkers(batchId: string, workers: number): Promise<Summary[][]> {
  const rounds: Summary[][] = [];
  for (let round = 0; round < 60; round++) {
    rounds.push(await Promise.all(Array.from({ length: workers }, runWorker)));
    const open = (await jobsOf(batchId)).filter((job) => job.status === "queued" || job.status === "drafting");
    if (open.length === 0) return rounds;
    await delay(500);
  }
  throw new Error(`batch ${batchId} still has open jobs`);
}

function total(rounds: Summary[][]): Omit<Summary, "providerMs" | "overheadMs"> {
  const sum = { claimed: 0, drafted: 0, retried: 0, failed: 0, released: 0, lost: 0 };
  for (const summary of rounds.flat()) {
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += summary[key];
  }
  return sum;
}

async function createBatch(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const { data, error } = await user.client.functions.invoke<{ batchId: string; jobs: number; modelCalls: number }>(
    "draft-batches",
    { body: { action: "create", ...body } },
  );
  expect(error).toBeNull();
  return data!.batchId;
}

/** The most requests that were with the provider at the same moment. */
function maxOverlap(requests: FakeRequest[]): number {
  const events = requests.flatMap((request) => [
    { at: request.receivedAt, change: 1 },
    { at: request.answeredAt ?? Infinity, change: -1 },
  ]).sort((a, b) => a.at - b.at || a.change - b.change);
  let current = 0;
  let most = 0;
  for (const event of events) most = Math.max(most, (current += event.change));
  return most;
}

describe("bulk drafting through the functions runtime", () => {
  let alice: TestUser;
  let bob: TestUser;
  let assistantId: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("bulk-alice", undefined, { project: true }),
      signUp("bulk-bob", undefined, { project: true }),
    ]);
    for (const user of [alice, bob]) await saveApiKeys(user, { openaiKey: "sk-test-bulk-FIXTURE-not-a-real-key-6789" });
    assistantId = ok(await alice.client.from("assistants").select("id").order("created_at").limit(1).single()).id;
  });

  test("20 ideas, two workers at once, rate limits, outages and unusable answers: each idea ends as one draft or one failure with its reason; only rate limits and outages are retried", async () => {
    const marker = `lemon-${Date.now()}`;
    const idea = (n: number) => `${marker} idea ${String(n).padStart(2, "0")}`;
    await fakeOpenAI({
      firstTokenDelayMs: 150,
      plan: [
        { match: idea(3), scenarios: ["rate-limit"] },
        { match: idea(5), scenarios: ["malformed-chunk"] },
        { match: idea(7), scenarios: ["rate-limit", "rate-limit", "server-error", "rate-limit"] },
        { match: idea(9), scenarios: ["invalid-json", "empty"] },
        { match: idea(11), scenarios: ["cut-stream"] },
      ],
    });
    try {
      const batchId = await createBatch(alice, {
        assistantId,
        ideas: Array.from({ length: 20 }, (_, i) => ({ idea: idea(i + 1), tags: i === 0 ? ["citrus"] : [] })),
      });
      const queued = await jobsOf(batchId);
      expect(queued.map((job) => [job.status, job.attempts])).toEqual(Array(20).fill(["queued", 0]));

      const rounds = await drainWithWorkers(batchId, 2);
      const sums = total(rounds);
      expect(sums).toEqual({ claimed: 20 + sums.retried, drafted: 17, retried: 5, failed: 3, released: 0, lost: 0 });

      const jobs = await jobsOf(batchId);
      const byIdea = (n: number) => jobs[n - 1];
      expect(jobs.filter((job) => job.status === "done")).toHaveLength(17);
      expect(byIdea(7)).toMatchObject({
        status: "failed",
        attempts: 4,
        article_id: null,
        last_error: "OpenAI is rate limiting your requests. Wait about 1 second and try again. (gave up after 4 attempts)",
      });
      // An unusable answer would come back the same: the job ends at once with the reason.
      expect(byIdea(5)).toMatchObject({ status: "failed", attempts: 1, last_error: "OpenAI answered with a body that is not JSON." });
      expect(byIdea(9)).toMatchObject({ status: "failed", attempts: 1, last_error: "Failed to parse response from OpenAI" });
      expect([3, 11].map((n) => [byIdea(n).status, byIdea(n).attempts])).toEqual([["done", 2], ["done", 2]]);
      expect(jobs.filter((job) => ![3, 5, 7, 9, 11].includes(job.position + 1)).every((job) => job.attempts === 1))
        .toBe(true);

      // None twice: one article per done job, linked to the batch, and one answered request per draft.
      const drafts = ok(
        await alice.client
          .from("articles")
          .select("id, title, status, content, tags, draft_batch_id, approval_required, approved_at")
          .eq("draft_batch_id", batchId),
      );
      expect(drafts).toHaveLength(17);
      expect(new Set(drafts.map((draft) => draft.id))).toEqual(new Set(jobs.map((job) => job.article_id).filter(Boolean)));
      for (const draft of drafts) {
        expect(draft).toMatchObject({ status: "draft", approval_required: true, approved_at: null });
        expect(draft.content).toMatch(/^<p>Everyone talks about/);
      }
      expect(drafts.find((draft) => draft.title.startsWith(capitalised(idea(1))))?.tags).toEqual(["citrus"]);
      const requests = await openAIRequests(marker);
      expect(requests.filter((request) => request.scenario === "ok")).toHaveLength(17);
      expect(requests).toHaveLength(17 + 8);
      // Drafts ran side by side, and the per-user limit held across both workers (8 slots between them).
      expect(maxOverlap(requests)).toBeGreaterThanOrEqual(2);
      expect(maxOverlap(requests)).toBeLessThanOrEqual(3);
    } finally {
      await fakeOpenAI({ plan: [], firstTokenDelayMs: null });
    }
  });

  test("Cancel stops the rest: jobs being drafted finish, queued ones are cancelled and never drafted", async () => {
    const marker = `cancel-${Date.now()}`;
    await fakeOpenAI({ firstTokenDelayMs: 1_500 });
    try {
      const batchId = await createBatch(alice, {
        assistantId,
        ideas: Array.from({ length: 10 }, (_, i) => ({ idea: `${marker} idea ${i}` })),
      });
      const running = runWorker();
      for (let wait = 0; wait < 100; wait++) {
        if ((await jobsOf(batchId)).some((job) => job.status === "drafting")) break;
        await delay(50);
      }
      const { data, error } = await alice.client.functions.invoke("draft-batches", {
        body: { action: "cancel", batchId },
      });
      expect(error).toBeNull();
      expect(data.cancelled).toBeGreaterThanOrEqual(7);
      const summary = await running;
      expect(await runWorker()).toMatchObject({ claimed: 0 });

      const jobs = await jobsOf(batchId);
      const done = jobs.filter((job) => job.status === "done");
      const cancelled = jobs.filter((job) => job.status === "cancelled");
      expect(done.length).toBe(summary.drafted);
      expect(done.length + cancelled.length).toBe(10);
      expect(cancelled).toHaveLength(data.cancelled);
      const requests = await openAIRequests(marker);
      expect(requests).toHaveLength(done.length);
      for (const job of cancelled) expect(requests.some((request) => request.lastUserMessage.includes(job.idea))).toBe(false);
      const batch = ok(await alice.client.from("draft_batches").select("cancelled_at").eq("id", batchId).single());
      expect(batch.cancelled_at).not.toBeNull();
    } finally {
      await fakeOpenAI({ firstTokenDelayMs: null });
    }
  });

  test("Retry failed queues the failed drafts again and charges them; other users' batches are out of reach", async () => {
    const marker = `retry-${Date.now()}`;
    await fakeOpenAI({ plan: [{ match: `${marker} b`, scenarios: Array(4).fill("server-error") }] });
    try {
      const batchId = await createBatch(alice, { assistantId, ideas: [{ idea: `${marker} a` }, { idea: `${marker} b` }] });
      await drainWithWorkers(batchId, 1);
      expect((await jobsOf(batchId)).map((job) => job.status)).toEqual(["done", "failed"]);

      for (const action of ["cancel", "retry-failed"]) {
        const refused = await bob.client.functions.invoke("draft-batches", { body: { action, batchId } });
        expect(await functionError(refused.error)).toEqual({
          status: 404,
          body: { error: "Batch not found", field: "batchId" },
        });
      }
      expect(ok(await bob.client.from("draft_batches").select("id").eq("id", batchId))).toEqual([]);
      expect(ok(await bob.client.from("draft_jobs").select("id").eq("batch_id", batchId))).toEqual([]);

      const { data } = await alice.client.functions.invoke("draft-batches", { body: { action: "retry-failed", batchId } });
      expect(data).toEqual({ requeued: 1 });
      expect((await jobsOf(batchId))[1]).toMatchObject({ status: "queued", attempts: 0, last_error: null });
      await drainWithWorkers(batchId, 1);
      expect((await jobsOf(batchId)).map((job) => job.status)).toEqual(["done", "done"]);
    } finally {
      await fakeOpenAI({ plan: [] });
    }
  });

  test("the review gate: an unapproved draft cannot be scheduled until approved, or until the batch's review is off", async () => {
    const marker = `gate-${Date.now()}`;
    const site = await connectSite(alice, "Alice's drip blog");
    const batchId = await createBatch(alice, {
      assistantId,
      ideas: [{ idea: `${marker} one` }, { idea: `${marker} two` }],
      targetSiteIds: [site],
    });
    await drainWithWorkers(batchId, 1);
    const [first, second] = (await jobsOf(batchId)).map((job) => job.article_id!);
    const schedule = (id: string) =>
      alice.client
        .from("articles")
        .update({ status: "scheduled", scheduled_for: "2031-01-01T09:00:00Z", scheduled_site_ids: [site] })
        .eq("id", id)
        .select("status");

    const refused = await schedule(first);
    expect(refused.error?.message).toMatch(/articles_approved_before_scheduling/);

    // Bob cannot approve Alice's draft; Alice can.
    expect(ok(await bob.client.from("articles").update({ approved_at: new Date().toISOString() }).eq("id", first).select("id")))
      .toEqual([]);
    ok(await alice.client.from("articles").update({ approved_at: new Date().toISOString() }).eq("id", first));
    expect(ok(await schedule(first))).toEqual([{ status: "scheduled" }]);
    // The approval of a scheduled article cannot be withdrawn.
    const withdrawn = await alice.client.from("articles").update({ approved_at: null }).eq("id", first).select("id");
    expect(withdrawn.error?.message).toMatch(/articles_approved_before_scheduling/);

    expect((await schedule(second)).error).not.toBeNull();
    ok(await alice.client.from("draft_batches").update({ review_required: false }).eq("id", batchId));
    expect(ok(await alice.client.from("articles").select("approval_required").eq("id", second).single()))
      .toEqual({ approval_required: false });
    expect(ok(await schedule(second))).toEqual([{ status: "scheduled" }]);
    // Bob cannot turn Alice's gate back on (no row of his to update).
    expect(ok(await bob.client.from("draft_batches").update({ review_required: true }).eq("id", batchId).select("id")))
      .toEqual([]);
    // The browser cannot write approval_required itself.
    expect((await alice.client.from("articles").update({ approval_required: false }).eq("id", first)).error).not
      .toBeNull();
  });

  test("a batch in Spanish: drafts asked in Spanish, checked; one that drifts into English is held until its language is confirmed", async () => {
    const marker = `lang-${Date.now()}`;
    await fakeOpenAI({ plan: [{ match: `${marker} drift`, scenarios: ["language-drift"] }] });
    const batchId = await createBatch(alice, {
      assistantId,
      ideas: [{ idea: `${marker} tapas` }, { idea: `${marker} drift` }],
      reviewRequired: false,
      locale: "es",
      settings: { wordTarget: 700, elements: ["faq"] },
    });
    expect(ok(await alice.client.from("draft_batches").select("locale, generation_settings").eq("id", batchId).single()))
      .toEqual({ locale: "es", generation_settings: { wordTarget: 700, elements: ["faq"] } });
    await drainWithWorkers(batchId, 1);
    const [asked, drifted] = (await jobsOf(batchId)).map((job) => job.article_id!);
    const draftOf = async (id: string) =>
      ok(
        await alice.client
          .from("articles")
          .select("title, slug, locale, detected_locale, language_mismatch, approval_required")
          .eq("id", id)
          .single(),
      );
    expect(await draftOf(asked)).toMatchObject({
      title: expect.stringMatching(/: una guía práctica$/),
      slug: expect.stringMatching(/^lang-\d+-tapas-una-guia-practica$/),
      locale: "es",
      detected_locale: "es",
      language_mismatch: false,
      approval_required: false,
    });
    // Held for review although the batch needs none.
    expect(await draftOf(drifted)).toMatchObject({
      locale: "es",
      detected_locale: "en",
      language_mismatch: true,
      approval_required: true,
    });
    const approve = () =>
      alice.client.from("articles").update({ approved_at: new Date().toISOString() }).eq("id", drifted).select("id");
    expect((await approve()).error?.message).toMatch(/articles_language_confirmed_before_approval/);
    // Bob cannot confirm it; Alice can, and may approve it then.
    expect(ok(await bob.client.from("articles").update({ language_confirmed_at: new Date().toISOString() }).eq("id", drifted).select("id")))
      .toEqual([]);
    ok(await alice.client.from("articles").update({ language_confirmed_at: new Date().toISOString() }).eq("id", drifted));
    expect(ok(await approve())).toEqual([{ id: drifted }]);
    const prompts = await openAIRequests(marker);
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    for (const prompt of prompts) expect(prompt.lastUserMessage).toContain("Write the whole article in Spanish (es)");
  });

  test("a drifted draft corrected in the editor is released: save-article checks it again and clears the flag, with the version the editor saves from next", async () => {
    const marker = `fix-${Date.now()}`;
    await fakeOpenAI({ plan: [{ match: `${marker} drift`, scenarios: ["language-drift"] }] });
    const batchId = await createBatch(alice, {
      assistantId,
      ideas: [{ idea: `${marker} tapas` }, { idea: `${marker} drift` }],
      locale: "es",
    });
    await drainWithWorkers(batchId, 1);
    const [spanishId, driftedId] = (await jobsOf(batchId)).map((job) => job.article_id!);
    const spanish = ok(await alice.client.from("articles").select("title, content").eq("id", spanishId).single());
    const drifted = ok(await alice.client.from("articles").select("version, language_mismatch").eq("id", driftedId).single());
    expect(drifted.language_mismatch).toBe(true);
    const save = (user: TestUser, version: number) =>
      user.client.functions.invoke("save-article", {
        body: { id: driftedId, expectedVersion: version, title: spanish.title, content: spanish.content, excerpt: "Tapas" },
      });
    expect((await functionError((await save(bob, drifted.version)).error)).status).toBe(404);
    const { data, error } = await save(alice, drifted.version);
    expect(error).toBeNull();
    expect(data.article).toMatchObject({ language_mismatch: false, version: drifted.version + 2 });
    expect(ok(await alice.client.from("articles").select("language_mismatch, detected_locale, version").eq("id", driftedId).single()))
      .toEqual({ language_mismatch: false, detected_locale: "es", version: drifted.version + 2 });
    expect((await save(alice, data.article.version)).error, "the next save starts from the version answered").toBeNull();
    // Approved without confirming the language: the text is Spanish now.
    expect(ok(await alice.client.from("articles").update({ approved_at: new Date().toISOString() }).eq("id", driftedId).select("id")))
      .toEqual([{ id: driftedId }]);
  });

  test("a batch that follows a template: every draft's h2s are its sections, in order; bob cannot name alice's template", async () => {
    const marker = `tpl-${Date.now()}`;
    const template = ok(
      await alice.client
        .from("article_templates")
        .insert({ name: `How-to ${marker}`, sections: ["Why it matters", "Getting started", "Next steps"], word_target: 800 })
        .select("id")
        .single(),
    ).id;
    const refused = await bob.client.functions.invoke("draft-batches", {
      body: { action: "create", assistantId: ok(await bob.client.from("assistants").select("id").limit(1).single()).id, ideas: [{ idea: "x" }], templateId: template },
    });
    expect(refused.error).not.toBeNull();
    const batchId = await createBatch(alice, { assistantId, ideas: [{ idea: `${marker} worm bins` }], templateId: template });
    expect(ok(await alice.client.from("draft_batches").select("template_id, outline, generation_settings").eq("id", batchId).single()))
      .toEqual({
        template_id: template,
        outline: ["Why it matters", "Getting started", "Next steps"],
        generation_settings: { wordTarget: 800, elements: null },
      });
    await drainWithWorkers(batchId, 1);
    const [job] = await jobsOf(batchId);
    const { content } = ok(await alice.client.from("articles").select("content").eq("id", job.article_id!).single());
    expect([...content.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match: RegExpMatchArray) => match[1]))
      .toEqual(["Why it matters", "Getting started", "Next steps"]);
    const [prompt] = await openAIRequests(marker);
    expect(prompt.lastUserMessage).toContain("Outline: use exactly these section headings");
  });

  test("a batch whose outlines are reviewed: the worker proposes each idea's headings and waits; the drafts follow them as approved, edited or as they stand; bob can approve none of them", async () => {
    const marker = `outl-${Date.now()}`;
    const batchId = await createBatch(alice, {
      assistantId,
      ideas: [{ idea: `${marker} worm bins` }, { idea: `${marker} leaf mould` }],
      outlineReview: true,
    });
    await drainWithWorkers(batchId, 1);
    const proposed = ok(
      await alice.client.from("draft_jobs").select("id, status, outline, article_id").eq("batch_id", batchId).order("position"),
    );
    expect(proposed.map((job) => [job.status, job.article_id])).toEqual([["outline_ready", null], ["outline_ready", null]]);
    for (const job of proposed) expect(job.outline!.length).toBeGreaterThan(1);
    const requests = await openAIRequests(marker);
    expect(requests).toHaveLength(2);
    expect(requests.every((request) => !request.lastUserMessage.includes("Outline: use exactly"))).toBe(true);

    const [first, second] = proposed;
    const bobs = await bob.client.functions.invoke("draft-batches", { body: { action: "approve-outline", jobId: first.id } });
    expect(await functionError(bobs.error)).toMatchObject({ status: 404, body: { error: "This idea is no longer in the batch" } });
    const bobsAll = await bob.client.functions.invoke("draft-batches", { body: { action: "approve-outlines", batchId } });
    expect(await functionError(bobsAll.error)).toMatchObject({ status: 404, body: { error: "Batch not found" } });

    const edited = [`${first.outline![1]} first`, first.outline![0]];
    expect((await alice.client.functions.invoke("draft-batches", {
      body: { action: "approve-outline", jobId: first.id, headings: edited },
    })).data).toEqual({ approved: 1 });
    expect((await alice.client.functions.invoke("draft-batches", { body: { action: "approve-outlines", batchId } })).data)
      .toEqual({ approved: 1 });
    await drainWithWorkers(batchId, 1);
    const drafted = await jobsOf(batchId);
    expect(drafted.map((job) => job.status)).toEqual(["done", "done"]);
    const headingsOf = async (articleId: string) => {
      const { content } = ok(await alice.client.from("articles").select("content").eq("id", articleId).single());
      return [...content.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match: RegExpMatchArray) => match[1]);
    };
    expect(await headingsOf(drafted[0].article_id!)).toEqual(edited);
    expect(await headingsOf(drafted[1].article_id!)).toEqual(second.outline);
  });

  test("the drip rule: times in the user's time zone across DST changes, applied in order to approved drafts only", async () => {
    const times = async (args: Record<string, unknown>) =>
      (ok(await alice.client.rpc("drip_schedule_times", args)) as { slot: number; scheduled_for: string }[])
        .map((row) => new Date(row.scheduled_for.replace(" ", "T").replace(/\+00$/, "Z")).toISOString());
    const daily = {
      p_count: 5,
      p_per_period: 1,
      p_period: "day",
      p_window_start: "09:00",
      p_window_end: "10:00",
      p_not_before: "2026-01-01T00:00:00Z",
    };
    // Berlin springs forward on 29 March 2026: 09:00 local is 08:00Z before, 07:00Z after.
    expect(await times({ ...daily, p_start_date: "2026-03-27", p_time_zone: "Europe/Berlin" })).toEqual([
      "2026-03-27T08:00:00.000Z",
      "2026-03-28T08:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-31T07:00:00.000Z",
    ]);
    // New York falls back on 1 November 2026: 09:00 local is 13:00Z before, 14:00Z after.
    expect(await times({ ...daily, p_count: 3, p_start_date: "2026-10-31", p_time_zone: "America/New_York" })).toEqual([
      "2026-10-31T13:00:00.000Z",
      "2026-11-01T14:00:00.000Z",
      "2026-11-02T14:00:00.000Z",
    ]);
    // Three a week, 10:00–16:00 in Berlin: days 0, 2 and 4 of each week, at 10:00.
    expect(
      await times({
        ...daily,
        p_count: 4,
        p_per_period: 3,
        p_period: "week",
        p_window_start: "10:00",
        p_window_end: "16:00",
        p_start_date: "2026-10-19",
        p_time_zone: "Europe/Berlin",
      }),
    ).toEqual([
      "2026-10-19T08:00:00.000Z",
      "2026-10-21T08:00:00.000Z",
      "2026-10-23T08:00:00.000Z",
      // Berlin fell back on 25 October: 10:00 is 09:00Z now.
      "2026-10-26T09:00:00.000Z",
    ]);
    const unknownZone = await alice.client.rpc("drip_schedule_times", { ...daily, p_start_date: "2026-03-27", p_time_zone: "Mars/Olympus" });
    expect(unknownZone.error?.message).toBe("Unknown time zone: Mars/Olympus");

    // Applied to drafts: in the order given, with the sites and the WordPress status.
    const marker = `drip-${Date.now()}`;
    const site = await connectSite(alice, "Alice's dripping blog");
    const batchId = await createBatch(alice, {
      assistantId,
      ideas: [1, 2, 3].map((n) => ({ idea: `${marker} ${n}` })),
    });
    await drainWithWorkers(batchId, 1);
    const ids = (await jobsOf(batchId)).map((job) => job.article_id!);
    const rule = {
      p_article_ids: [ids[2], ids[0], ids[1]],
      p_start_date: "2031-03-29",
      p_per_period: 2,
      p_period: "day",
      p_window_start: "09:00",
      p_window_end: "17:00",
      p_time_zone: "Europe/Berlin",
      p_site_ids: [site],
      p_post_status: "draft",
    };
    const unapproved = await alice.client.rpc("apply_drip_schedule", rule);
    expect(unapproved.error?.message).toBe(
      "3 of these drafts are waiting for approval: approve them first, or turn the review off for their batch",
    );
    ok(await alice.client.from("articles").update({ approved_at: new Date().toISOString() }).eq("draft_batch_id", batchId));
    const foreignSite = await connectSite(bob, "Bob's blog");
    expect((await alice.client.rpc("apply_drip_schedule", { ...rule, p_site_ids: [foreignSite] })).error?.message)
      .toBe("Site not found");
    expect((await bob.client.rpc("apply_drip_schedule", { ...rule, p_site_ids: [foreignSite] })).error?.message)
      .toBe("3 of these articles cannot be scheduled (not found, or already published)");

    ok(await alice.client.rpc("apply_drip_schedule", rule));
    const scheduled = ok(
      await alice.client
        .from("articles")
        .select("id, status, scheduled_for, scheduled_site_ids, scheduled_post_status")
        .in("id", ids),
    );
    const at = (id: string) => {
      const row = scheduled.find((candidate) => candidate.id === id)!;
      expect(row).toMatchObject({ status: "scheduled", scheduled_site_ids: [site], scheduled_post_status: "draft" });
      return new Date(row.scheduled_for!.replace(" ", "T").replace(/\+00$/, "Z")).toISOString();
    };
    // Berlin springs forward on 30 March 2031: the third slot is an hour earlier in UTC.
    expect([at(ids[2]), at(ids[0]), at(ids[1])]).toEqual([
      "2031-03-29T08:00:00.000Z",
      "2031-03-29T12:00:00.000Z",
      "2031-03-30T07:00:00.000Z",
    ]);
  });
});

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);


