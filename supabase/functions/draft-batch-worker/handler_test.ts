/**
 * The worker's run with a call-recording queue store (no SQL semantics) and
 * the real model call against the fake OpenAI server, whose scenario each
 * test user's key chooses. What the SQL does (SKIP LOCKED claims, leases,
 * the per-user limit, one draft per idea with two workers at once, cancel)
 * is tested against the local backend through the functions runtime:
 * tests/integration/draft-batches.test.ts.
 */
import assert from "node:assert/strict";
import { type RecordedRequest, startFakeOpenAI } from "../_testing/fakes/openai_server.ts";
import { INTERNAL_LINKS_INSTRUCTIONS } from "../_shared/ai/internal_links_prompt.ts";
import { storedProvider, testDeployment } from "../_testing/provider_fixtures.ts";
import type { FindLinkTargets, LinkTargetQuery } from "../_shared/links/link_targets.ts";
import type { GeneratedArticle } from "../_shared/contracts/article.ts";
import { DRAFT_LINK_TARGETS, type LinkTarget } from "../_shared/contracts/site_content.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import type { ChatRequest } from "../_testing/text_function_harness.ts";
import { draftArticle, proposeOutline } from "./draft_article.ts";
import {
  backOffSeconds,
  createHandler,
  DEFAULT_SETTINGS,
  type DraftWorkerDependencies,
  type DraftWorkerSettings,
  type DraftWorkerSummary,
  helpersFor,
  MAX_BACKOFF_SECONDS,
  settingsFromEnv,
} from "./handler.ts";
import type { ClaimedDraftJob, DraftQueueStore } from "./queue_store.ts";
import { languageRequirement } from "../_shared/ai/article_prompt.ts";

const ENGLISH_OUTPUT = `Output language: ${languageRequirement("en")}`;

const SECRET = "sb_secret_FIXTURE-worker-not-a-real-key";
const ASSISTANT = "40000000-0000-4000-8000-000000000001";
const PRO_ASSISTANT = "40000000-0000-4000-8000-000000000002";
const user = (name: string) => `00000000-0000-4000-8000-${name.padStart(12, "0")}`;

const job = (n: number, userId = user("a"), overrides: Partial<ClaimedDraftJob> = {}): ClaimedDraftJob => ({
  jobId: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  claimId: `20000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  userId,
  batchId: "30000000-0000-4000-8000-000000000001",
  assistantId: ASSISTANT,
  idea: `Idea number ${n}`,
  focusKeyword: null,
  categories: [],
  tags: [],
  attempts: 1,
  ...overrides,
});

/** Hands out `jobs` in order, one per claim, and records every call. */
function recordingStore(jobs: ClaimedDraftJob[], options: { lose?: string[] } = {}) {
  const calls: string[] = [];
  const queue = [...jobs];
  const store: DraftQueueStore = {
    claim(rules) {
      calls.push(`claim perUser=${rules.perUser} maxInFlight=${rules.maxInFlight} lease=${rules.leaseSeconds} maxAttempts=${rules.maxAttempts}`);
      return Promise.resolve(queue.shift() ?? null);
    },
    storeOutline(claimed, headings) {
      calls.push(`outline ${claimed.jobId} ${headings.join(" | ")}`);
      return Promise.resolve(!options.lose?.includes(claimed.jobId));
    },
    complete(claimed, draft) {
      calls.push(`complete ${claimed.jobId} ${draft.title}`);
      return Promise.resolve(options.lose?.includes(claimed.jobId) ? null : crypto.randomUUID());
    },
    fail(claimed, reason, retryAfterSeconds) {
      calls.push(`fail ${claimed.jobId} retry=${retryAfterSeconds} ${reason}`);
      return Promise.resolve();
    },
    release(claimed) {
      calls.push(`release ${claimed.jobId}`);
      return Promise.resolve();
    },
    demand(rules) {
      calls.push(`demand perUser=${rules.perUser} maxInFlight=${rules.maxInFlight}`);
      return Promise.resolve({ inFlight: 0, claimable: queue.length });
    },
    recordRateLimit(userId, retryAfterSeconds, perUser) {
      calls.push(`pause ${userId} for=${retryAfterSeconds} perUser=${perUser}`);
      return Promise.resolve();
    },
  };
  return { store, calls };
}

async function withWorker(
  jobs: ClaimedDraftJob[],
  options: {
    keys?: Record<string, string | null>;
    settings?: Partial<DraftWorkerSettings>;
    deps?: Partial<DraftWorkerDependencies>;
    lose?: string[];
  },
  test: (context: {
    run: (body?: string) => Promise<Response>;
    calls: string[];
    keyReads: string[];
    logs: string[];
    requests: RecordedRequest[];
  }) => Promise<void>,
) {
  const fake = startFakeOpenAI({ retryAfterMs: 45_000 });
  const { store, calls } = recordingStore(jobs, { lose: options.lose });
  const keyReads: string[] = [];
  const handler = createHandler({
    secretKeys: [SECRET],
    store,
    readTextProvider: (userId) => {
      keyReads.push(userId);
      const key = options.keys?.[userId] ??
        (userId in (options.keys ?? {}) ? null : "sk-test-ok-FIXTURE-not-a-real-key-0123");
      return Promise.resolve(storedProvider(fake, "openai", key));
    },
    findAssistant: (_userId, assistantId) =>
      Promise.resolve(
        assistantId === ASSISTANT
          ? { id: ASSISTANT, name: "Writer", instructions: "Write well.", model: null }
          : assistantId === PRO_ASSISTANT
          ? { id: PRO_ASSISTANT, name: "Pro", instructions: "", model: "gpt-5.5-pro" }
          : null,
      ),
    findLinkTargets: () => Promise.resolve([]),
    draft: draftArticle,
    proposeOutline,
    deployment: testDeployment(fake),
    settings: { ...DEFAULT_SETTINGS, concurrency: 1, ...options.settings },
    ...options.deps,
  });
  const run = (body = "{}") =>
    handler(
      new Request("http://localhost/functions/v1/draft-batch-worker", {
        method: "POST",
        headers: { "Content-Type": "application/json", apikey: SECRET },
        body,
      }),
    );
  try {
    await withCapturedErrors((logs) => test({ run, calls, keyReads, logs, requests: fake.requests }));
  } finally {
    await fake.close();
  }
}

const linkTarget = (url: string, title: string, excerpt = ""): LinkTarget => ({
  id: crypto.randomUUID(),
  site_id: "50000000-0000-4000-8000-000000000001",
  remote_type: "post",
  url,
  title,
  excerpt,
  categories: [],
  tags: [],
  article_id: null,
  score: 1,
});

/** The counts of a lead that started no helper. */
const summaryOf = async (response: Response) => {
  assert.equal(response.status, 200);
  const { providerMs, overheadMs, helpers, helpersFailed, ...counts } = await response.json();
  assert.ok(providerMs >= 0 && overheadMs >= 0);
  assert.deepEqual([helpers, helpersFailed], [0, 0]);
  return counts;
};

Deno.test("draft-batch-worker: only the scheduler may run it, with the cron job's `{}`", () =>
  withWorker([], {}, async ({ calls }) => {
    const handler = createHandler({
      ...({} as DraftWorkerDependencies),
      secretKeys: [SECRET],
      store: recordingStore([]).store,
      settings: DEFAULT_SETTINGS,
    });
    const post = (headers: Record<string, string>, body = "{}") =>
      handler(new Request("http://localhost/", { method: "POST", headers, body }));
    assert.equal((await post({})).status, 401);
    for (const key of ["sb_publishable_abc", "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.sig"]) {
      const refused = await post({ apikey: key });
      assert.deepEqual([refused.status, await refused.json()], [403, {
        error: "Only the scheduler may call this function",
      }]);
    }
    const strange = await post({ apikey: SECRET }, '{"batchId":"x"}');
    assert.equal(strange.status, 400);
    assert.match((await strange.json()).error, /Unrecognized key/);
    const get = await handler(new Request("http://localhost/", { headers: { apikey: SECRET } }));
    assert.equal(get.status, 405);
    await get.body?.cancel();
    assert.deepEqual(calls, []);
    const empty = await post({ authorization: `Bearer ${SECRET}` });
    assert.deepEqual(await summaryOf(empty), { claimed: 0, drafted: 0, outlined: 0, retried: 0, failed: 0, released: 0, lost: 0 });
  }));

Deno.test("draft-batch-worker: claims until the queue is empty, stores each draft, reads each user's key once", () =>
  withWorker([job(1), job(2), job(3, user("b"))], {}, async ({ run, calls, keyReads }) => {
    assert.deepEqual(await summaryOf(await run()), {
      claimed: 3,
      drafted: 3,
      outlined: 0,
      retried: 0,
      failed: 0,
      released: 0,
      lost: 0,
    });
    const lease = Math.ceil(DEFAULT_SETTINGS.wallClockMs / 1000) + 30;
    assert.deepEqual(calls, [
      `claim perUser=2 maxInFlight=32 lease=${lease} maxAttempts=4`,
      `complete ${job(1).jobId} Idea number 1: A Practical Guide`,
      `claim perUser=2 maxInFlight=32 lease=${lease} maxAttempts=4`,
      `complete ${job(2).jobId} Idea number 2: A Practical Guide`,
      `claim perUser=2 maxInFlight=32 lease=${lease} maxAttempts=4`,
      `complete ${job(3).jobId} Idea number 3: A Practical Guide`,
      `claim perUser=2 maxInFlight=32 lease=${lease} maxAttempts=4`,
    ]);
    assert.deepEqual(keyReads, [user("a"), user("b")]);
  }));

Deno.test("draft-batch-worker: in a batch that reviews outlines, an idea's first claim stores the model's headings for review, without links or a draft; the claim after the approval drafts them in order", () => {
  const approved = ["Serving it cold", "The tomatoes"];
  const linkQueries: string[] = [];
  return withWorker(
    [job(1, user("a"), { proposeOutline: true, locale: "es" }), job(2, user("a"), { outline: approved })],
    { deps: { findLinkTargets: (_userId, query) => (linkQueries.push(query.focus), Promise.resolve([])) } },
    async ({ run, calls, requests }) => {
      assert.deepEqual(await summaryOf(await run()), {
        claimed: 2,
        drafted: 1,
        outlined: 1,
        retried: 0,
        failed: 0,
        released: 0,
        lost: 0,
      });
      const [proposed, drafted] = calls.filter((call) => !call.startsWith("claim"));
      assert.match(proposed, new RegExp(`^outline ${job(1).jobId} \\S.* \\| \\S`), "the proposed headings are stored on the job");
      assert.equal(drafted, `complete ${job(2).jobId} Idea number 2: A Practical Guide`);
      const outlineRequest = requests[0].body as ChatRequest;
      assert.equal((outlineRequest.response_format as { json_schema?: { name?: string } })?.json_schema?.name, "article_outline");
      assert.ok(JSON.stringify(outlineRequest.messages).includes("Write the headings in Spanish"), "in the batch's language");
      assert.deepEqual(linkQueries, ["Idea number 2"], "only the draft reads the content index");
      const draftRequest = JSON.stringify((requests[1].body as ChatRequest).messages);
      assert.ok(approved.every((heading) => draftRequest.includes(heading)), "the draft follows the approved headings");
    },
  );
});

Deno.test("draft-batch-worker: each idea's model request offers the user's most relevant posts as internal links, as generate-article does", () => {
  const asked: { userId: string; query: LinkTargetQuery }[] = [];
  const findLinkTargets: FindLinkTargets = (userId, query) => {
    asked.push({ userId, query });
    return Promise.resolve([
      linkTarget(`https://blog.example/${userId.slice(-1)}/worm-bins/`, "Worm bins on a balcony", "Red wigglers\nand\tbedding."),
      linkTarget(`https://blog.example/${userId.slice(-1)}/bokashi/`, 'The "bokashi" bucket'),
    ]);
  };
  const withKeyword = job(2, user("b"), { idea: "Composting in a small flat", focusKeyword: "worm bin" });
  return withWorker([job(1), withKeyword], { deps: { findLinkTargets } }, async ({ run, requests }) => {
    assert.equal((await summaryOf(await run())).drafted, 2);
    // The same lookup, limit and prompt section as generate-article; the brief's
    // focus keyword ranks with the idea; each user gets their own index.
    assert.deepEqual(asked, [
      { userId: user("a"), query: { focus: "Idea number 1", body: undefined, limit: DRAFT_LINK_TARGETS } },
      { userId: user("b"), query: { focus: "Composting in a small flat worm bin", body: undefined, limit: DRAFT_LINK_TARGETS } },
    ]);
    const userMessages = requests.map((request) => (request.body as ChatRequest).messages[1].content);
    assert.deepEqual(userMessages, [
      [
        "Write an article based on this idea: Idea number 1",
        [
          INTERNAL_LINKS_INSTRUCTIONS,
          '- https://blog.example/a/worm-bins/ "Worm bins on a balcony" — "Red wigglers and bedding."',
          '- https://blog.example/a/bokashi/ "The \\"bokashi\\" bucket"',
        ].join("\n"),
        ENGLISH_OUTPUT,
      ].join("\n\n"),
      [
        "Write an article based on this idea: Composting in a small flat",
        "Focus keyword: worm bin (use it as the focus_keyword, in the title, the first paragraph and the meta description).",
        [
          INTERNAL_LINKS_INSTRUCTIONS,
          '- https://blog.example/b/worm-bins/ "Worm bins on a balcony" — "Red wigglers and bedding."',
          '- https://blog.example/b/bokashi/ "The \\"bokashi\\" bucket"',
        ].join("\n"),
        ENGLISH_OUTPUT,
      ].join("\n\n"),
    ]);
  });
});

Deno.test("draft-batch-worker: an unreadable content index costs the links, not the draft", () => {
  const findLinkTargets: FindLinkTargets = () => Promise.reject(new Error("ranking link targets: timeout"));
  return withWorker([job(1)], { deps: { findLinkTargets } }, async ({ run, requests }) => {
    const warnings: string[] = [];
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(" "));
    try {
      assert.equal((await summaryOf(await run())).drafted, 1);
    } finally {
      console.warn = originalWarn;
    }
    assert.equal(
      (requests[0].body as ChatRequest).messages[1].content,
      `Write an article based on this idea: Idea number 1\n\n${ENGLISH_OUTPUT}`,
    );
    assert.deepEqual(warnings, ["[draft-batch-worker] drafting without internal links: ranking link targets: timeout"]);
  });
});

Deno.test("draft-batch-worker: only rate limits and outages are queued again; everything else ends the job at once with its reason", () =>
  withWorker(
    [
      job(1, user("limited")),
      job(2, user("down"), { attempts: 2 }),
      job(3, user("limited"), { attempts: 4 }),
      job(4, user("wrong")),
      job(5, user("nokey")),
      job(6, user("a"), { assistantId: null }),
      job(7, user("a")),
      job(8, user("broke")),
      job(9, user("broken")),
      job(10, user("cut")),
      job(11, user("a"), { assistantId: PRO_ASSISTANT }),
    ],
    {
      keys: {
        [user("limited")]: "sk-scenario-rate-limit-x",
        [user("down")]: "sk-scenario-server-error-x",
        [user("broken")]: "sk-scenario-malformed-chunk-x",
        [user("broke")]: "sk-scenario-insufficient-quota-x",
        [user("cut")]: "sk-scenario-length-x",
        [user("wrong")]: "sk-wrong-FIXTURE-not-a-real-key-abcd",
        [user("nokey")]: null,
      },
      lose: [job(7).jobId],
    },
    async ({ run, calls, logs, requests }) => {
      assert.deepEqual(await summaryOf(await run()), {
        claimed: 11,
        drafted: 0,
        outlined: 0,
        retried: 2,
        failed: 8,
        released: 0,
        lost: 1,
      });
      const outcomes = calls.filter((call) => !call.startsWith("claim"));
      assert.deepEqual(outcomes, [
        // The provider asked for 45 s (retry-after-ms), more than the first back-off of 30 s:
        // the user's other jobs wait as long, and their own limit halves.
        `pause ${user("limited")} for=45 perUser=2`,
        `fail ${job(1).jobId} retry=45 OpenAI is rate limiting your requests. Wait about 45 seconds and try again.`,
        `fail ${job(2).jobId} retry=60 OpenAI is unavailable (HTTP 500). Please try again later.`,
        `pause ${user("limited")} for=45 perUser=2`,
        `fail ${job(3).jobId} retry=null OpenAI is rate limiting your requests. Wait about 45 seconds and try again. (gave up after 4 attempts)`,
        `fail ${job(4).jobId} retry=null OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.`,
        `fail ${job(5).jobId} retry=null OpenAI API key not found: store it in Profile Settings → API Keys, then use Retry failed.`,
        `fail ${job(6).jobId} retry=null Assistant not found`,
        `complete ${job(7).jobId} Idea number 7: A Practical Guide`,
        `fail ${job(8).jobId} retry=null Your OpenAI account has no credit left for this request (insufficient_quota). ` +
        "Add credit at platform.openai.com → Settings → Billing, then try again.",
        `fail ${job(9).jobId} retry=null OpenAI answered with a body that is not JSON.`,
        `fail ${job(10).jobId} retry=null The draft was cut off at gpt-6.1-terra's length limit before it was complete. ` +
        "Shorten the idea, or choose a model that writes longer answers in Profile Settings → AI models, then use Retry failed.",
        `fail ${job(11).jobId} retry=null gpt-5.5-pro works only through OpenAI's Responses API, which Inkpress does not use. ` +
        "Choose another model for Article drafting in the assistant “Pro”. Then use Retry failed.",
      ]);
      assert.equal(logs.length, 7, "each provider failure is logged");
      assert.ok(logs.every((line) => !line.includes("sk-")), "no key in the logs");
      assert.equal(requests.filter((request) => request.apiKey === "sk-scenario-insufficient-quota-x").length, 1);
    },
  ));

Deno.test("draft-batch-worker: at most `concurrency` drafts at once", async () => {
  let inFlight = 0;
  let maxInFlight = 0;
  const slowDraft = async (): Promise<GeneratedArticle> => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 20));
    inFlight--;
    return {
      title: "T",
      content: "<p>C</p>",
      excerpt: "",
      category: "",
      tags: "",
      meta_description: "",
      focus_keyword: "",
      slug: "",
    };
  };
  await withWorker(
    Array.from({ length: 9 }, (_, i) => job(i)),
    { settings: { concurrency: 3 }, deps: { draft: slowDraft } },
    async ({ run }) => {
      assert.deepEqual(await summaryOf(await run()), {
        claimed: 9,
        drafted: 9,
        outlined: 0,
        retried: 0,
        failed: 0,
        released: 0,
        lost: 0,
      });
      assert.equal(maxInFlight, 3);
    },
  );
});

Deno.test("draft-batch-worker: no job is started once a call could not end before the wall clock; one claimed too late goes back", async () => {
  // 20 s wall clock, 2 s margin, 9 s per call: new calls start only in the first 9 s.
  const settings = settingsFromEnv(new Map([["FUNCTIONS_WALL_CLOCK_LIMIT_MS", "20000"]]));
  assert.deepEqual([settings.marginMs, settings.providerTimeoutMs], [2_000, 9_000]);
  let clock = 0;
  const draftThenLate = async (): Promise<GeneratedArticle> => {
    // The first draft takes 8.5 s: the next claim still starts in time, but it answers after the cut-off.
    clock += 8_500;
    return {
      title: "T",
      content: "<p>C</p>",
      excerpt: "",
      category: "",
      tags: "",
      meta_description: "",
      focus_keyword: "",
      slug: "",
    };
  };
  const store = recordingStore([job(1), job(2), job(3)]);
  const claim = store.store.claim;
  store.store.claim = async (rules) => {
    const claimed = await claim(rules);
    clock += 400;
    return claimed;
  };
  const deps = { draft: draftThenLate, now: () => clock, store: store.store };
  await withWorker([], { settings: { ...settings, concurrency: 1 }, deps }, async ({ run }) => {
    assert.deepEqual(await summaryOf(await run()), {
      claimed: 2,
      drafted: 1,
      outlined: 0,
      retried: 0,
      failed: 0,
      released: 1,
      lost: 0,
    });
    assert.deepEqual(store.calls.filter((call) => !call.startsWith("claim")), [
      `complete ${job(1).jobId} T`,
      `release ${job(2).jobId}`,
    ]);
  });
});

Deno.test("draft-batch-worker: a store that cannot record an outcome stops that slot; a failed claim is a 500", async () => {
  const { store } = recordingStore([job(1), job(2)]);
  store.complete = () => Promise.reject(new Error("connection reset"));
  store.fail = () => Promise.reject(new Error("connection reset"));
  await withWorker([], { deps: { store } }, async ({ run, logs }) => {
    assert.deepEqual(await summaryOf(await run()), {
      claimed: 1,
      drafted: 0,
      outlined: 0,
      retried: 0,
      failed: 0,
      released: 0,
      lost: 0,
    });
    assert.ok(logs.some((line) => line.includes("could not be recorded")), logs.join("\n"));
  });
  const broken = recordingStore([]).store;
  broken.claim = () => Promise.reject(new Error("permission denied"));
  await withWorker([], { deps: { store: broken } }, async ({ run }) => {
    const response = await run();
    assert.deepEqual([response.status, await response.json()], [500, { error: "Failed to draft queued ideas" }]);
  });
});

Deno.test("backOffSeconds doubles from the base, is capped, and never comes sooner than the provider asked", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 9].map((attempts) => backOffSeconds(attempts, 30)), [30, 60, 120, 240, 480, 600]);
  assert.equal(backOffSeconds(1, 30, 90), 90);
  assert.equal(backOffSeconds(3, 30, 5), 120);
  assert.equal(backOffSeconds(1, 30, 7200), MAX_BACKOFF_SECONDS);
});

Deno.test("settingsFromEnv: defaults, overrides, and a malformed value stops the function at boot", () => {
  assert.deepEqual(settingsFromEnv(new Map()), {
    concurrency: 8,
    maxInFlight: 32,
    perUser: 2,
    maxAttempts: 4,
    retryBaseSeconds: 30,
    wallClockMs: 150_000,
    marginMs: 10_000,
    providerTimeoutMs: 70_000,
  });
  const custom = settingsFromEnv(
    new Map([
      ["DRAFT_WORKER_CONCURRENCY", "4"],
      ["DRAFT_WORKER_MAX_IN_FLIGHT", "100"],
      ["DRAFT_WORKER_PER_USER", "3"],
      ["DRAFT_RETRY_BASE_SECONDS", "1"],
      ["FUNCTIONS_WALL_CLOCK_LIMIT_MS", "400000"],
    ]),
  );
  assert.deepEqual(
    [custom.concurrency, custom.maxInFlight, custom.perUser, custom.retryBaseSeconds, custom.providerTimeoutMs],
    [4, 100, 3, 1, 90_000],
  );
  for (
    const [name, value] of [
      ["DRAFT_WORKER_PER_USER", "0"],
      ["DRAFT_MAX_ATTEMPTS", "11"],
      ["DRAFT_WORKER_CONCURRENCY", "two"],
      ["DRAFT_WORKER_MAX_IN_FLIGHT", "1001"],
    ]
  ) {
    assert.throws(() => settingsFromEnv(new Map([[name, value]])), new RegExp(name));
  }
});

Deno.test("helpersFor: enough runs for what may start now, within the installation's limit", () => {
  const settings = { concurrency: 8, maxInFlight: 32 };
  assert.deepEqual([0, 1, 8, 9, 16, 17, 32, 500].map((claimable) => helpersFor(claimable, settings)), [0, 0, 0, 1, 1, 2, 3, 3]);
  assert.equal(helpersFor(500, { concurrency: 8, maxInFlight: 5 }), 0, "a limit below one run's slots starts no helper");
});

Deno.test("draft-batch-worker: a lead starts helpers for the backlog and answers with their counts; a helper drafts within its budget and starts none", async () => {
  const helperSummary = (drafted: number): DraftWorkerSummary => ({
    claimed: drafted,
    drafted,
    outlined: 0,
    retried: 0,
    failed: 0,
    released: 0,
    lost: 0,
    providerMs: 10,
    overheadMs: 5,
    helpers: 0,
    helpersFailed: 0,
  });
  const budgets: number[] = [];
  const startHelper = (budgetMs: number) => {
    budgets.push(budgetMs);
    return budgets.length === 3 ? Promise.reject(new Error("the helper answered 546")) : Promise.resolve(helperSummary(4));
  };
  const jobs = Array.from({ length: 20 }, (_, i) => job(i + 1, user(String(i % 5))));
  await withWorker(jobs, { settings: { concurrency: 6, maxInFlight: 30 }, deps: { startHelper } }, async ({ run, calls, logs }) => {
    const response = await run();
    const summary = await response.json();
    // 20 claimable, 6 slots a run: three helpers; one of them failed.
    assert.deepEqual(
      { ...summary, providerMs: undefined, overheadMs: undefined },
      { claimed: 28, drafted: 28, outlined: 0, retried: 0, failed: 0, released: 0, lost: 0, helpers: 3, helpersFailed: 1, providerMs: undefined, overheadMs: undefined },
    );
    assert.equal(calls[0], "demand perUser=2 maxInFlight=30");
    assert.equal(budgets.length, 3);
    const { wallClockMs, marginMs } = DEFAULT_SETTINGS;
    for (const budget of budgets) assert.ok(budget <= wallClockMs - marginMs && budget > wallClockMs - marginMs - 1_000, String(budget));
    assert.ok(logs.some((line) => line.includes("a helper run failed: Error: the helper answered 546")), logs.join("\n"));
  });

  const asked: number[] = [];
  await withWorker([job(1), job(2)], { deps: { startHelper: (budgetMs) => (asked.push(budgetMs), Promise.resolve(helperSummary(0))) } }, async ({ run, calls }) => {
    assert.deepEqual(await summaryOf(await run('{"budgetMs":20000}')), {
      claimed: 2,
      drafted: 2,
      outlined: 0,
      retried: 0,
      failed: 0,
      released: 0,
      lost: 0,
    });
    assert.deepEqual(asked, [], "a helper starts no helpers");
    assert.ok(!calls.some((call) => call.startsWith("demand")), "nor asks for the demand");
    for (const body of ['{"budgetMs":10}', '{"budgetMs":"soon"}', '{"budgetMs":1000,"more":1}']) {
      const refused = await run(body);
      assert.equal(refused.status, 400, body);
      await refused.body?.cancel();
    }
  });
});

Deno.test("draft-batch-worker: a helper's budget shortens its wall clock: no call starts that could not end within it", async () => {
  let clock = 0;
  const draftSlowly = (): Promise<GeneratedArticle> => {
    clock += 4_000;
    return Promise.resolve({
      title: "T",
      content: "<p>C</p>",
      excerpt: "",
      category: "",
      tags: "",
      meta_description: "",
      focus_keyword: "",
      slug: "",
    });
  };
  // A 10 s budget: 1 s margin, 4.5 s per call, so calls start only in the first 4.5 s: at 0 and 4 s, not at 8 s.
  await withWorker([job(1), job(2), job(3)], { deps: { draft: draftSlowly, now: () => clock } }, async ({ run, calls }) => {
    assert.deepEqual(await summaryOf(await run('{"budgetMs":10000}')), {
      claimed: 2,
      drafted: 2,
      outlined: 0,
      retried: 0,
      failed: 0,
      released: 0,
      lost: 0,
    });
    assert.deepEqual(calls.filter((call) => !call.startsWith("claim")), [`complete ${job(1).jobId} T`, `complete ${job(2).jobId} T`]);
  });
});
