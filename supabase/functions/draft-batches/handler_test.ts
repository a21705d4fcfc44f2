/**
 * draft-batches with a call-recording store (no SQL semantics; the queue
 * functions are tested by pgTAP and, through the functions runtime, by
 * tests/integration/draft-batches.test.ts) and the in-memory rate limiter.
 */
import assert from "node:assert/strict";
import { aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { createMemoryRateLimiter, memoryRateLimit } from "../_testing/memory_rate_limiter.ts";
import type { ApproveOutlineOutcome, DraftBatchStore, NewDraftBatch, RegenerateOutcome } from "./batch_store.ts";
import { createHandler, MAX_BODY_BYTES } from "./handler.ts";
import { GENERATION_SETTINGS_MESSAGES } from "../_shared/contracts/generation_settings.ts";

const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const ASSISTANT = "3f2b8c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f";
const SITE = "51000000-0000-4000-8000-000000000001";
const SPANISH_SITE = "51000000-0000-4000-8000-0000000000e5";
const TEMPLATE = "81000000-0000-4000-8000-000000000001";
const BATCH = "61000000-0000-4000-8000-000000000001";
const JOB = "71000000-0000-4000-8000-000000000001";

function harness(
  options: {
    failed?: number;
    limit?: number;
    key?: string | null;
    assistantModel?: string | null;
    assistantLocale?: string | null;
    regenerate?: RegenerateOutcome;
    approveOutline?: ApproveOutlineOutcome;
  } = {},
) {
  const calls: string[] = [];
  const created: NewDraftBatch[] = [];
  const store: DraftBatchStore = {
    findTemplate(userId, templateId) {
      return Promise.resolve(
        userId === ALICE && templateId === TEMPLATE
          ? { sections: ["Why", "How", "Next steps"], wordTarget: 1200, requiredElements: ["faq" as const] }
          : null,
      );
    },
    ownSites(userId, siteIds) {
      const own = new Map([[SITE, null], [SPANISH_SITE, "es"]]);
      return Promise.resolve(
        userId === ALICE ? siteIds.flatMap((id) => (own.has(id) ? [{ id, locale: own.get(id) ?? null }] : [])) : [],
      );
    },
    create(userId, batch) {
      calls.push(`create ${userId} ${batch.ideas.length}`);
      created.push(batch);
      return Promise.resolve(BATCH);
    },
    cancel(userId, batchId) {
      calls.push(`cancel ${userId} ${batchId}`);
      return Promise.resolve(userId === ALICE && batchId === BATCH ? 3 : null);
    },
    countFailed(userId, batchId) {
      return Promise.resolve(userId === ALICE && batchId === BATCH ? options.failed ?? 2 : null);
    },
    retryFailed(userId, batchId) {
      calls.push(`retry ${userId} ${batchId}`);
      return Promise.resolve(options.failed ?? 2);
    },
    hasJob(userId, jobId) {
      return Promise.resolve(userId === ALICE && jobId === JOB);
    },
    regenerate(userId, jobId) {
      calls.push(`regenerate ${userId} ${jobId}`);
      return Promise.resolve(options.regenerate ?? "requeued");
    },
    approveOutline(userId, jobId, headings) {
      calls.push(`approve-outline ${userId} ${jobId} ${JSON.stringify(headings)}`);
      return Promise.resolve(userId === ALICE && jobId === JOB ? options.approveOutline ?? "queued" : "not_found");
    },
    approveOutlines(userId, batchId) {
      calls.push(`approve-outlines ${userId} ${batchId}`);
      return Promise.resolve(userId === ALICE && batchId === BATCH ? 4 : null);
    },
  };
  const limiter = createMemoryRateLimiter();
  const handler = createHandler({
    authenticate: (req) => {
      const user = req.headers.get("x-test-user");
      return user ? Promise.resolve({ id: user }) : Promise.reject(new UnauthenticatedError());
    },
    readTextProvider: () =>
      Promise.resolve({
        provider: "openai",
        baseUrl: null,
        apiKey: options.key === undefined ? "sk-test-FIXTURE-not-a-real-key-0123" : options.key,
        models: { drafting: null, keywords: null, seo: null, embeddings: null },
      }),
    deployment: aiDeploymentFromEnv(new Map()),
    findAssistant: (userId, id) =>
      Promise.resolve(
        userId === ALICE && id === ASSISTANT
          ? { id, name: "Writer", instructions: "", model: options.assistantModel ?? null, locale: options.assistantLocale ?? null }
          : null,
      ),
    store,
    rateLimit: memoryRateLimit("bulkDrafts", limiter, { limit: options.limit ?? 200 }),
  });
  const call = async (body: unknown, user: string | null = ALICE, raw?: string) => {
    const headers = new Headers({ "content-type": "application/json" });
    if (user) headers.set("x-test-user", user);
    const response = await handler(
      new Request("http://localhost/functions/v1/draft-batches", { method: "POST", headers, body: raw ?? JSON.stringify(body) }),
    );
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get("retry-after") };
  };
  return { call, calls, created, limiter };
}

const ideas = (count: number) => Array.from({ length: count }, (_, i) => ({ idea: `Idea ${i + 1}` }));
const create = (overrides: Record<string, unknown> = {}) => ({
  action: "create",
  assistantId: ASSISTANT,
  ideas: ideas(3),
  ...overrides,
});

Deno.test("draft-batches create: one batch of queued ideas, the estimate, the rate limit charged per idea", async () => {
  const { call, created, limiter } = harness();
  const response = await call(create({
    ideas: [
      { idea: "  Composting indoors  ", focusKeyword: " worm bin ", categories: ["Garden", "", "Garden"], tags: ["diy"] },
      { idea: "Balcony tomatoes" },
    ],
    targetSiteIds: [SITE, SITE],
  }));
  assert.deepEqual(response.body, { batchId: BATCH, jobs: 2, modelCalls: 2 });
  assert.deepEqual(created, [{
    name: "Composting indoors (+1 more)",
    assistantId: ASSISTANT,
    reviewRequired: true,
    targetSiteIds: [SITE],
    ideas: [
      { idea: "Composting indoors", focusKeyword: "worm bin", categories: ["Garden"], tags: ["diy"] },
      { idea: "Balcony tomatoes", focusKeyword: "", categories: [], tags: [] },
    ],
    locale: null,
    settings: {},
    templateId: null,
    outline: null,
    outlineReview: false,
  }]);
  assert.deepEqual(limiter.calls, [{ userId: ALICE, action: "bulk_drafts", cost: 2, allowed: true }]);
  const named = await call(create({ name: "November posts", reviewRequired: false }));
  assert.equal(named.status, 200);
  assert.deepEqual([created[1].name, created[1].reviewRequired], ["November posts", false]);
  const spanish = await call(create({ locale: "es", settings: { wordTarget: 800, elements: ["faq", "table"] } }));
  assert.equal(spanish.status, 200);
  assert.deepEqual([created[2].locale, created[2].settings], ["es", { wordTarget: 800, elements: ["faq", "table"] }]);
});

Deno.test("draft-batches create: without a language of its own or its assistant's, a batch takes its first site's that has one", async () => {
  const plain = harness();
  await plain.call(create({ targetSiteIds: [SITE, SPANISH_SITE] }));
  await plain.call(create({ targetSiteIds: [SPANISH_SITE], locale: "de" }));
  await plain.call(create({ targetSiteIds: [SITE] }));
  assert.deepEqual(plain.created.map((batch) => batch.locale), ["es", "de", null]);
  const french = harness({ assistantLocale: "fr" });
  await french.call(create({ targetSiteIds: [SPANISH_SITE] }));
  assert.equal(french.created[0].locale, null, "the assistant's language comes before the site's (the worker reads it)");
});

Deno.test("draft-batches create: a template's sections become the batch's outline; its word target and elements fill what the batch leaves unset", async () => {
  const { call, created } = harness();
  assert.equal((await call(create({ templateId: TEMPLATE }))).status, 200);
  assert.deepEqual([created[0].templateId, created[0].outline], [TEMPLATE, ["Why", "How", "Next steps"]]);
  assert.deepEqual(created[0].settings, { wordTarget: 1200, elements: ["faq"] });
  await call(create({ templateId: TEMPLATE, settings: { wordTarget: 700, elements: [], tone: "friendly" } }));
  assert.deepEqual(created[1].settings, { wordTarget: 700, elements: [], tone: "friendly" }, "the batch's own settings win, [] included");
  // Another user's template is not there for alice (read as the caller), as one that never was.
  const foreign = await call(create({ templateId: "81000000-0000-4000-8000-0000000000bb" }));
  assert.equal(foreign.status, 400);
  assert.equal(foreign.body.error, "templateId: Template not found: choose one of your templates");
  assert.equal(created.length, 2, "nothing stored for a template that is not hers");
});

Deno.test("draft-batches create with outline review: the model's outline per idea is one more call each; a template's gives it without one", async () => {
  const { call, created, limiter } = harness();
  const reviewed = await call(create({ outlineReview: true }));
  assert.deepEqual(reviewed.body, { batchId: BATCH, jobs: 3, modelCalls: 6 });
  assert.equal(created[0].outlineReview, true);
  const templated = await call(create({ outlineReview: true, templateId: TEMPLATE }));
  assert.deepEqual(templated.body, { batchId: BATCH, jobs: 3, modelCalls: 3 });
  assert.deepEqual([created[1].outlineReview, created[1].outline], [true, ["Why", "How", "Next steps"]]);
  assert.deepEqual(limiter.calls.map((charge) => charge.cost), [3, 3], "charged per idea, as without review");
});

Deno.test("draft-batches approve-outline and approve-outlines: the owner's only, edited headings validated, nothing charged", async () => {
  const { call, calls, limiter } = harness();
  const edited = await call({ action: "approve-outline", jobId: JOB, headings: ["  Serving  ", "Tomatoes"] });
  assert.deepEqual([edited.status, edited.body], [200, { approved: 1 }]);
  const asIs = await call({ action: "approve-outline", jobId: JOB });
  assert.deepEqual([asIs.status, asIs.body], [200, { approved: 1 }]);
  const bobs = await call({ action: "approve-outline", jobId: JOB }, BOB);
  assert.deepEqual([bobs.status, bobs.body.error], [404, "This idea is no longer in the batch"]);
  const blank = await call({ action: "approve-outline", jobId: JOB, headings: ["Serving", " "] });
  assert.equal(blank.status, 400);
  assert.match(blank.body.error, /Every heading needs text/);
  const twoLines = await call({ action: "approve-outline", jobId: JOB, headings: ["Serving\nit cold"] });
  assert.match(twoLines.body.error, /Keep each heading on one line/);
  const none = await call({ action: "approve-outline", jobId: JOB, headings: [] });
  assert.match(none.body.error, /Keep at least one heading/);
  const all = await call({ action: "approve-outlines", batchId: BATCH });
  assert.deepEqual([all.status, all.body], [200, { approved: 4 }]);
  const bobsBatch = await call({ action: "approve-outlines", batchId: BATCH }, BOB);
  assert.deepEqual([bobsBatch.status, bobsBatch.body.error], [404, "Batch not found"]);
  assert.deepEqual(calls, [
    `approve-outline ${ALICE} ${JOB} ["Serving","Tomatoes"]`,
    `approve-outline ${ALICE} ${JOB} null`,
    `approve-outline ${BOB} ${JOB} null`,
    `approve-outlines ${ALICE} ${BATCH}`,
    `approve-outlines ${BOB} ${BATCH}`,
  ]);
  assert.deepEqual(limiter.calls, []);
  const late = harness({ approveOutline: "not_ready" });
  const gone = await late.call({ action: "approve-outline", jobId: JOB });
  assert.deepEqual([gone.status, gone.body.error], [409, "This outline is no longer waiting for review"]);
});

Deno.test("draft-batches create: invalid input is a 400 naming the field, before anything is counted or stored", async () => {
  const { call, calls, limiter } = harness();
  const cases: [Record<string, unknown>, string][] = [
    [{ ideas: [] }, "ideas: Add at least one idea"],
    [{ ideas: ideas(101) }, "ideas: A batch holds at most 100 ideas"],
    [{ ideas: [{ idea: "   " }] }, "ideas.0.idea: Each idea needs some text"],
    [{ ideas: [{ idea: "x".repeat(2001) }] }, "ideas.0.idea: Keep each idea under 2000 characters"],
    [{ ideas: [{ idea: "ok", focusKeyword: "k".repeat(101) }] }, "ideas.0.focusKeyword: Focus keyword must be at most 100 characters"],
    [{ ideas: [{ idea: "ok", tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }] }, "ideas.0.tags: Use at most 50 tags"],
    [{ assistantId: "nope" }, "assistantId: Please select an assistant"],
    [{ targetSiteIds: ["not-a-site"] }, "targetSiteIds.0: Choose one of your connected sites"],
    [{ name: "n".repeat(201) }, "name: Keep the batch name under 200 characters"],
    [{ action: "explode" }, "action: The action must be create, cancel, retry-failed, regenerate, approve-outline or approve-outlines"],
    [{ locale: "xx" }, "locale: Choose one of the languages offered"],
    [{ settings: { wordTarget: 10 } }, "settings.wordTarget: Choose a word target between 300 and 5000"],
    [{ settings: { tone: "grumpy" } }, `settings.tone: ${GENERATION_SETTINGS_MESSAGES.tone}`],
  ];
  for (const [overrides, message] of cases) {
    const { status, body } = await call(create(overrides));
    assert.deepEqual([status, body.error], [400, message], JSON.stringify(overrides).slice(0, 80));
  }
  const bobsSite = await call(create({ targetSiteIds: ["52000000-0000-4000-8000-000000000009"] }));
  assert.deepEqual([bobsSite.status, bobsSite.body.error], [400, "targetSiteIds: Choose one of your connected sites"]);
  const otherAssistant = await call(create(), BOB);
  assert.deepEqual([otherAssistant.status, otherAssistant.body.error], [404, "Assistant not found"]);
  assert.deepEqual(calls, []);
  assert.deepEqual(limiter.calls, []);
});

Deno.test("draft-batches create: no OpenAI key stored is a 400; not signed in 401; oversized 413", async () => {
  const noKey = harness({ key: null });
  assert.deepEqual((await noKey.call(create())).body.error, "OpenAI API key not found");
  const pro = harness({ assistantModel: "gpt-5.5-pro" });
  const refused = await pro.call(create());
  assert.equal(refused.status, 400);
  assert.match(refused.body.error, /^gpt-5\.5-pro works only through OpenAI's Responses API.* the assistant “Writer”\.$/);
  assert.deepEqual(pro.calls, [], "a model Chat Completions refuses is refused before any idea is queued");
  const { call, calls } = harness();
  assert.deepEqual(await call(create(), null), {
    status: 401,
    body: { error: "User not authenticated" },
    retryAfter: null,
  });
  const huge = await call(null, ALICE, JSON.stringify(create({ name: "x".repeat(MAX_BODY_BYTES) })));
  assert.equal(huge.status, 413);
  assert.deepEqual(calls, []);
  assert.deepEqual(noKey.calls, []);
});

Deno.test("draft-batches create: over the bulk limit is a 429 that says when, and nothing is queued", async () => {
  const { call, calls, limiter } = harness({ limit: 5 });
  assert.equal((await call(create({ ideas: ideas(4) }))).status, 200);
  const refused = await call(create({ ideas: ideas(2) }));
  assert.equal(refused.status, 429);
  assert.equal(refused.body.error, "Too many drafts: you can queue 5 every 24 hours. Try again in 24 hours.");
  assert.equal(refused.retryAfter, "86400");
  const tooBig = await call(create({ ideas: ideas(6) }));
  assert.deepEqual([tooBig.status, tooBig.body.error], [429, "You can queue at most 5 drafts every 24 hours."]);
  assert.deepEqual(calls, [`create ${ALICE} 4`]);
  limiter.advance(86_400);
  assert.equal((await call(create({ ideas: ideas(2) }))).status, 200);
});

Deno.test("draft-batches cancel and retry-failed: the owner's batch only; a retry is charged per draft", async () => {
  const { call, calls, limiter } = harness({ failed: 2 });
  assert.deepEqual((await call({ action: "cancel", batchId: BATCH })).body, { cancelled: 3 });
  assert.deepEqual((await call({ action: "retry-failed", batchId: BATCH })).body, { requeued: 2 });
  assert.deepEqual(limiter.calls, [{ userId: ALICE, action: "bulk_drafts", cost: 2, allowed: true }]);
  for (const action of ["cancel", "retry-failed"]) {
    const bobs = await call({ action, batchId: BATCH }, BOB);
    assert.deepEqual([bobs.status, bobs.body], [404, { error: "Batch not found", field: "batchId" }]);
    const invalid = await call({ action, batchId: "x" });
    assert.deepEqual([invalid.status, invalid.body.error], [400, "batchId: Batch not found"]);
  }
  assert.deepEqual(calls, [`cancel ${ALICE} ${BATCH}`, `retry ${ALICE} ${BATCH}`, `cancel ${BOB} ${BATCH}`]);
  const nothing = harness({ failed: 0 });
  assert.deepEqual((await nothing.call({ action: "retry-failed", batchId: BATCH })).body, { requeued: 0 });
  assert.deepEqual(nothing.limiter.calls, [], "nothing to retry costs nothing");
});

Deno.test("draft-batches regenerate: the owner's idea only, charged as one idea; busy and scheduled drafts refused", async () => {
  const { call, calls, limiter } = harness();
  assert.deepEqual((await call({ action: "regenerate", jobId: JOB })).body, { requeued: true });
  assert.deepEqual(limiter.calls, [{ userId: ALICE, action: "bulk_drafts", cost: 1, allowed: true }]);
  const bobs = await call({ action: "regenerate", jobId: JOB }, BOB);
  assert.deepEqual([bobs.status, bobs.body], [404, { error: "This idea is no longer in the batch", field: "jobId" }]);
  assert.deepEqual(calls, [`regenerate ${ALICE} ${JOB}`], "another user's idea reaches no queue function");
  assert.equal(limiter.calls.length, 1, "and costs nothing");

  const busy = await harness({ regenerate: "busy" }).call({ action: "regenerate", jobId: JOB });
  assert.deepEqual([busy.status, busy.body.error], [409, "This idea is being drafted already"]);
  const scheduled = await harness({ regenerate: "not_a_draft" }).call({ action: "regenerate", jobId: JOB });
  assert.deepEqual([scheduled.status, scheduled.body.error], [409, "This draft was scheduled or published: change it in the editor instead"]);
  const once = harness({ limit: 1 });
  assert.equal((await once.call({ action: "regenerate", jobId: JOB })).status, 200);
  assert.equal((await once.call({ action: "regenerate", jobId: JOB })).status, 429);
});
