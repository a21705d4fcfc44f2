import assert from "node:assert/strict";
import type { PublishArticleResult } from "../_shared/contracts/publishing.ts";
import { PublishFailure, type PublishRequest } from "../_shared/publishing/publication.ts";
import type { ClaimedPublication, ScheduledPublicationStore } from "../_shared/publishing/publication_store.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import {
  createHandler,
  DEFAULT_SETTINGS,
  helpersFor,
  productionDependencies,
  publishDueArticles,
  type ScheduledPublishSettings,
  settingsFromEnv,
} from "./handler.ts";

/*
 * The handler with call-recording stubs of its store and publisher. What the
 * SQL does (claims with SKIP LOCKED and a lease, back-off, an article
 * published once every target is done) is tested for real against the local
 * backend through the functions runtime:
 * tests/integration/functions-publish-scheduled.test.ts.
 */

const SECRET = "sb_secret_test_FIXTURE-not-a-real-key-6789";
const ALICE = "00000000-0000-4000-8000-00000000000a";
const S1 = "51000000-0000-4000-8000-000000000001";
const articleId = (i: number) => `a2000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

const run = (
  handler: (req: Request) => Promise<Response>,
  headers: Record<string, string> = { authorization: `Bearer ${SECRET}` },
  body = "{}",
) =>
  handler(
    new Request("http://localhost/functions/v1/publish-scheduled", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    }),
  );

const NOTHING = { claimed: 0, published: 0, failed: 0, released: 0, helpers: 0, helpersFailed: 0 };
const summaryOf = (counts: Partial<typeof NOTHING>) => ({ ...NOTHING, ...counts });

Deno.test("publish-scheduled: callers other than the scheduler are refused", async () => {
  const { deps, calls } = recordingDeps([]);
  const handler = createHandler({ secretKeys: [SECRET, ""], ...deps, settings: DEFAULT_SETTINGS });
  assert.equal((await run(handler, {})).status, 401);
  const browser = await run(handler, {
    authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.sig",
    apikey: "sb_publishable_x",
  });
  assert.equal(browser.status, 403);
  assert.deepEqual(await browser.json(), { error: "Only the scheduler may call this function" });
  const get = await handler(new Request("http://localhost/", { method: "GET", headers: { apikey: SECRET } }));
  assert.equal(get.status, 405);
  assert.deepEqual(calls, [], "nothing is claimed for a refused caller");
  const viaApikey = await run(handler, { apikey: SECRET });
  assert.deepEqual(await viaApikey.json(), NOTHING);
  assert.deepEqual(calls, [`claimDue ${DEFAULT_SETTINGS.batchSize} ${DEFAULT_SETTINGS.leaseSeconds} ${DEFAULT_SETTINGS.perSite}`]);
  const helperBody = await run(handler, { apikey: SECRET }, JSON.stringify({ budgetMs: 10 }));
  assert.equal(helperBody.status, 400, "a budget under a second is refused");
  await helperBody.body?.cancel();
  const otherBody = await run(handler, { apikey: SECRET }, JSON.stringify({ batchSize: 100 }));
  assert.equal(otherBody.status, 400, "nothing else may be set by the caller");
  await otherBody.body?.cancel();
});

Deno.test("publish-scheduled: hosted's environment and the cron job's exact request (key in apikey only)", async () => {
  const claims: { apikey: string | null; authorization: string | null; body: unknown }[] = [];
  const counted: string[] = [];
  const postgrest = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/rest/v1/articles") {
      // The lead counts what is due (nothing: no helpers).
      counted.push(`${req.method} ${url.searchParams.get("status")}`);
      return new Response(null, { headers: { "Content-Range": "*/0" } });
    }
    assert.equal(url.pathname, "/rest/v1/rpc/claim_due_scheduled_articles");
    claims.push({
      apikey: req.headers.get("apikey"),
      authorization: req.headers.get("authorization"),
      body: await req.json(),
    });
    return Response.json([]);
  });
  try {
    const handler = createHandler(productionDependencies(
      new Map([
        ["SUPABASE_URL", `http://127.0.0.1:${postgrest.addr.port}`],
        ["SUPABASE_SECRET_KEYS", JSON.stringify({ default: "sb_secret_default-FIXTURE-not-a-real-key-0123", cron: "sb_secret_cron-FIXTURE-not-a-real-key-4567" })],
        ["SUPABASE_PUBLISHABLE_KEYS", JSON.stringify({ default: "sb_publishable_abc" })],
        ["SUPABASE_ANON_KEY", "eyJ.anon.jwt"],
        ["SUPABASE_SERVICE_ROLE_KEY", "eyJ.service-role.jwt"],
        ["PUBLISH_SCHEDULED_BATCH_SIZE", "7"],
        ["PUBLISH_SCHEDULED_PER_SITE", "3"],
      ]),
    ));
    // What net.http_post sends for the cron job: a JSON body, the key in apikey, no Authorization.
    const cron = (key: string) =>
      handler(
        new Request("https://ref.supabase.co/functions/v1/publish-scheduled", {
          method: "POST",
          headers: { "Content-Type": "application/json", apikey: key },
          body: "{}",
        }),
      );
    for (const key of ["sb_secret_cron-FIXTURE-not-a-real-key-4567", "sb_secret_default-FIXTURE-not-a-real-key-0123", "eyJ.service-role.jwt"]) {
      const response = await cron(key);
      assert.equal(response.status, 200, key);
      assert.deepEqual(await response.json(), NOTHING);
    }
    for (const key of ["sb_publishable_abc", "eyJ.anon.jwt", "sb_secret_other_project_FIXTURE-not-a-real-key"]) {
      const response = await cron(key);
      assert.equal(response.status, 403, key);
      await response.body?.cancel();
    }
    assert.equal(claims.length, 3);
    for (const claim of claims) {
      assert.equal(claim.apikey, "sb_secret_default-FIXTURE-not-a-real-key-0123", "the service client uses the default secret key");
      assert.deepEqual(claim.body, { batch_size: 7, lease_seconds: DEFAULT_SETTINGS.leaseSeconds, per_site: 3 });
    }
    assert.deepEqual(counted, ["HEAD eq.scheduled", "HEAD eq.scheduled", "HEAD eq.scheduled"]);
  } finally {
    await postgrest.shutdown();
  }
});

/** A scheduled store and publisher that only record their calls (no SQL semantics). */
function recordingDeps(
  claims: ClaimedPublication[],
  fail: (request: PublishRequest) => boolean = () => false,
) {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const pool = [...claims];
  const store: ScheduledPublicationStore = {
    claimDue({ batchSize, leaseSeconds, perSite }) {
      calls.push(`claimDue ${batchSize} ${leaseSeconds} ${perSite}`);
      return Promise.resolve(pool.splice(0, batchSize));
    },
    countDue: () => Promise.resolve(pool.length),
    renew: (tokens) => Promise.resolve([...tokens]),
    release(token) {
      calls.push(`release ${token}`);
      return Promise.resolve();
    },
  };
  const publish = async (request: PublishRequest): Promise<PublishArticleResult> => {
    calls.push(`publish ${request.articleId} ${request.status} scheduled=${request.scheduled} ${request.claimToken}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight--;
    if (fail(request)) throw new PublishFailure(502, "Failed to publish post", { detail: "refused" });
    return { link: "https://wp.test/p", remotePostId: 1, status: "publish", updated: false, seo: "none", warnings: [] };
  };
  return { deps: { store, publish }, calls, maxInFlight: () => maxInFlight };
}

const claim = (i: number, postStatus: "publish" | "draft" = "publish"): ClaimedPublication => ({
  articleId: articleId(i),
  userId: ALICE,
  siteId: S1,
  claimToken: `token-${i}`,
  postStatus,
});

Deno.test("publish-scheduled: each claim is published as scheduled, failures counted, at most `concurrency` at once", async () => {
  const claims = Array.from({ length: 5 }, (_, i) => claim(i));
  const { deps, calls, maxInFlight } = recordingDeps(claims, (request) => request.articleId === articleId(3));
  const handler = createHandler({
    secretKeys: [SECRET],
    ...deps,
    settings: { ...DEFAULT_SETTINGS, batchSize: 9, leaseSeconds: 60, concurrency: 2 },
  });
  const summary = await withCapturedErrors(async () => await (await run(handler)).json());
  assert.deepEqual(summary, summaryOf({ claimed: 5, published: 4, failed: 1 }));
  assert.equal(calls[0], "claimDue 2 60 2", "as many as there are free slots");
  assert.deepEqual(
    calls.filter((call) => call.startsWith("publish")).sort(),
    claims.map((c) => `publish ${c.articleId} publish scheduled=true ${c.claimToken}`).sort(),
  );
  assert.equal(maxInFlight(), 2);
});

Deno.test("publish-scheduled: an article scheduled as a WordPress draft is sent as a draft", async () => {
  const { deps, calls } = recordingDeps([claim(0), claim(1, "draft")]);
  const handler = createHandler({ secretKeys: [SECRET], ...deps, settings: { ...DEFAULT_SETTINGS, concurrency: 1 } });
  assert.deepEqual(await (await run(handler)).json(), summaryOf({ claimed: 2, published: 2 }));
  assert.deepEqual(calls.filter((call) => call.startsWith("publish")), [
    `publish ${articleId(0)} publish scheduled=true token-0`,
    `publish ${articleId(1)} draft scheduled=true token-1`,
  ]);
});

Deno.test("publish-scheduled: a failing claim is a 500 without details", async () => {
  const { deps, calls } = recordingDeps([]);
  deps.store.claimDue = () => Promise.reject(new Error("connection refused"));
  const handler = createHandler({ secretKeys: [SECRET], ...deps, settings: DEFAULT_SETTINGS });
  const response = await withCapturedErrors(() => run(handler));
  assert.equal(response.status, 500);
  assert.deepEqual(await response.json(), { error: "Failed to publish scheduled articles" });
  assert.deepEqual(calls, [], "nothing is published");
});

/**
 * A store that claims as claim_due_scheduled_articles does, without SQL:
 * oldest first, at most `perSite` live claims per site (live until the
 * publish settles), and records what it was asked.
 */
function sitesStore(pairs: ClaimedPublication[], options: { slowSite?: string } = {}) {
  const waiting = [...pairs];
  const live = new Map<string, number>();
  const claimSizes: number[] = [];
  const renewed: string[][] = [];
  const events: string[] = [];
  let mostPerSite = 0;
  let mostInFlight = 0;
  let inFlight = 0;
  const store: ScheduledPublicationStore = {
    claimDue({ batchSize, perSite }) {
      claimSizes.push(batchSize);
      const taken: ClaimedPublication[] = [];
      for (const pair of [...waiting]) {
        if (taken.length === batchSize) break;
        if ((live.get(pair.siteId) ?? 0) >= perSite) continue;
        live.set(pair.siteId, (live.get(pair.siteId) ?? 0) + 1);
        waiting.splice(waiting.indexOf(pair), 1);
        taken.push(pair);
      }
      return Promise.resolve(taken);
    },
    countDue: () => Promise.resolve(waiting.length),
    renew(tokens) {
      renewed.push([...tokens]);
      return Promise.resolve([...tokens]);
    },
    release(token) {
      events.push(`release ${token}`);
      return Promise.resolve();
    },
  };
  const perSiteNow = new Map<string, number>();
  const publish = async (request: PublishRequest): Promise<PublishArticleResult> => {
    inFlight++;
    perSiteNow.set(request.siteId, (perSiteNow.get(request.siteId) ?? 0) + 1);
    mostInFlight = Math.max(mostInFlight, inFlight);
    mostPerSite = Math.max(mostPerSite, perSiteNow.get(request.siteId)!);
    await new Promise((resolve) => setTimeout(resolve, request.siteId === options.slowSite ? 60 : 5));
    inFlight--;
    perSiteNow.set(request.siteId, perSiteNow.get(request.siteId)! - 1);
    live.set(request.siteId, live.get(request.siteId)! - 1);
    events.push(`published ${request.siteId} ${request.articleId} lease=${request.leaseSeconds}`);
    return { link: "https://wp.test/p", remotePostId: 1, status: "publish", updated: false, seo: "none", warnings: [] };
  };
  return {
    store,
    publish,
    claimSizes,
    renewed,
    events,
    waiting,
    mostPerSite: () => mostPerSite,
    mostInFlight: () => mostInFlight,
  };
}

const S2 = "52000000-0000-4000-8000-000000000002";
const S3 = "53000000-0000-4000-8000-000000000003";
const pairOn = (siteId: string, i: number): ClaimedPublication => ({
  articleId: articleId(i),
  userId: ALICE,
  siteId,
  claimToken: `token-${siteId.slice(0, 2)}-${i}`,
  postStatus: "publish",
});
const quick: ScheduledPublishSettings = {
  ...DEFAULT_SETTINGS,
  batchSize: 3,
  concurrency: 4,
  perSite: 2,
  renewEveryMs: 60_000,
};

Deno.test("publish-scheduled: a run drains everything due in small claims, never more than its free slots", async () => {
  const pairs = Array.from({ length: 40 }, (_, i) => pairOn([S1, S2, S3][i % 3], i));
  const fake = sitesStore(pairs);
  const summary = await publishDueArticles({ secretKeys: [SECRET], ...fake, settings: quick });
  assert.deepEqual(summary, summaryOf({ claimed: 40, published: 40 }), "40 pairs, not a batch of 3");
  assert.equal(fake.waiting.length, 0);
  assert.ok(fake.claimSizes.every((size) => size >= 1 && size <= quick.batchSize), fake.claimSizes.join());
  assert.ok(fake.claimSizes.length > 40 / quick.batchSize, "claimed again as slots freed");
  assert.equal(fake.mostInFlight(), 4, "the run's concurrency");
  assert.ok(fake.mostPerSite() <= 2, "no site had more than perSite at once");
  assert.ok(fake.events.every((event) => event.endsWith(`lease=${quick.leaseSeconds}`)), "each publish keeps the short lease");
});

Deno.test("publish-scheduled: a slow site holds its own perSite slots, not the run's others", async () => {
  const slow = Array.from({ length: 6 }, (_, i) => pairOn(S1, i));
  const fast = Array.from({ length: 20 }, (_, i) => pairOn(i % 2 ? S2 : S3, 100 + i));
  const fake = sitesStore([...slow, ...fast], { slowSite: S1 });
  const summary = await publishDueArticles({
    secretKeys: [SECRET],
    ...fake,
    settings: { ...quick, concurrency: 6, batchSize: 6 },
  });
  assert.deepEqual(summary, summaryOf({ claimed: 26, published: 26 }));
  const published = fake.events.filter((event) => event.startsWith("published"));
  const lastFast = Math.max(...fast.map((pair) => published.findIndex((event) => event.includes(pair.articleId))));
  const slowDone = published.filter((event, i) => event.includes(S1) && i < lastFast).length;
  // The slow site's six go two at a time; meanwhile the other sites' twenty all went.
  assert.ok(slowDone <= 2, `slow site's pairs published before the fast ones were done: ${slowDone}`);
  assert.equal(fake.mostPerSite(), 2);
});

Deno.test("publish-scheduled: no claim once a publish could no longer end within the wall clock; a late claim is given back", async () => {
  const pairs = Array.from({ length: 10 }, (_, i) => pairOn(i % 2 ? S1 : S2, i));
  const fake = sitesStore(pairs);
  // wallClock 100 s, margin 10 s, publish 60 s: claims are taken during the first 30 s.
  let clock = 0;
  const settings = { ...quick, concurrency: 1, batchSize: 1, wallClockMs: 100_000, marginMs: 10_000, publishTimeoutMs: 60_000 };
  const publish = async (request: PublishRequest) => {
    clock += 12_000; // each publish takes 12 s of the run's clock
    return await fake.publish(request);
  };
  const summary = await publishDueArticles({ secretKeys: [SECRET], ...fake, publish, settings, now: () => clock });
  // Claims at 0, 12, 24 s; at 36 s the deadline (30 s) has passed.
  assert.deepEqual(summary, summaryOf({ claimed: 3, published: 3 }));
  assert.equal(fake.waiting.length, 7, "the rest stay due for the next run");

  // A claim that returns after the deadline: its pairs go back at once, unpublished.
  const late = sitesStore([pairOn(S1, 50), pairOn(S2, 51)]);
  let lateClock = 0;
  const claimDue = late.store.claimDue;
  late.store.claimDue = async (options) => {
    const claimed = await claimDue(options);
    lateClock = 31_000;
    return claimed;
  };
  const lateSummary = await publishDueArticles({
    secretKeys: [SECRET],
    ...late,
    settings: { ...settings, batchSize: 2, concurrency: 2 },
    now: () => lateClock,
  });
  assert.deepEqual(lateSummary, summaryOf({ claimed: 2, released: 2 }));
  assert.deepEqual(late.events.sort(), [`release ${pairOn(S1, 50).claimToken}`, `release ${pairOn(S2, 51).claimToken}`]);
});

Deno.test("publish-scheduled: claims held are renewed while their publishes run, and no longer once settled", async () => {
  const pairs = [pairOn(S1, 1), pairOn(S1, 2)];
  const fake = sitesStore(pairs, { slowSite: S1 });
  await publishDueArticles({ secretKeys: [SECRET], ...fake, settings: { ...quick, renewEveryMs: 15 } });
  assert.ok(fake.renewed.length >= 2, `renewed ${fake.renewed.length} times during a 60 ms publish`);
  assert.deepEqual(fake.renewed[0].sort(), pairs.map((pair) => pair.claimToken).sort());
  const renewals = fake.renewed.length;
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(fake.renewed.length, renewals, "the heartbeat stops with the run");
});

Deno.test("publish-scheduled: helpersFor shares what is due among runs, within maxRuns", () => {
  const settings = { concurrency: 16, maxRuns: 4 };
  assert.equal(helpersFor(0, settings), 0);
  assert.equal(helpersFor(16, settings), 0, "one run's slots");
  assert.equal(helpersFor(17, settings), 1);
  assert.equal(helpersFor(48, settings), 2);
  assert.equal(helpersFor(1000, settings), 3, "the lead and three helpers at most");
  assert.equal(helpersFor(1000, { concurrency: 16, maxRuns: 1 }), 0);
});

Deno.test("publish-scheduled: a lead with more due than its slots starts helpers within its time, and answers with their counts", async () => {
  const pairs = Array.from({ length: 30 }, (_, i) => pairOn([S1, S2, S3][i % 3], i));
  const fake = sitesStore(pairs);
  const budgets: number[] = [];
  let helperRuns = 0;
  const deps = {
    secretKeys: [SECRET],
    ...fake,
    settings: { ...quick, concurrency: 4, maxRuns: 3, wallClockMs: 100_000, marginMs: 10_000 },
  };
  const startHelper = async (budgetMs: number) => {
    budgets.push(budgetMs);
    // The first helper drains beside the lead (a helper starts none of its own); the second never answers.
    if (helperRuns++ === 1) throw new Error("the helper answered 546");
    return await publishDueArticles({ ...deps, startHelper: () => Promise.reject(new Error("a helper's helper")) }, { budgetMs });
  };
  const summary = await withCapturedErrors(() => publishDueArticles({ ...deps, startHelper, now: () => 0 }));
  assert.deepEqual(budgets, [90_000, 90_000], "two helpers (30 due, 4 slots a run, 3 runs at most), the lead's time left");
  assert.deepEqual(summary, summaryOf({ claimed: 30, published: 30, helpers: 2, helpersFailed: 1 }));
  assert.ok(fake.mostInFlight() > 4, "the helper published beside the lead");
  assert.ok(fake.mostPerSite() <= 2, "per-site limit across runs");

  // A helper's own deadline follows its budget: 20 s → margin 2 s, publish limit 12 s → claims during 6 s.
  const helper = sitesStore([pairOn(S1, 1), pairOn(S2, 2)]);
  let clock = 0;
  const helperSummary = await publishDueArticles(
    {
      ...deps,
      ...helper,
      now: () => clock,
      startHelper: () => Promise.reject(new Error("helpers start no helpers")),
      publish: async (request) => {
        clock += 10_000;
        return await helper.publish(request);
      },
      settings: { ...deps.settings, concurrency: 1, batchSize: 1 },
    },
    { budgetMs: 20_000 },
  );
  assert.deepEqual(helperSummary, summaryOf({ claimed: 1, published: 1 }));
});

Deno.test("publish-scheduled: settings from the environment, a malformed one stops the function", () => {
  assert.deepEqual(settingsFromEnv(new Map()), DEFAULT_SETTINGS);
  const set = settingsFromEnv(
    new Map([
      ["PUBLISH_SCHEDULED_CONCURRENCY", "8"],
      ["PUBLISH_SCHEDULED_PER_SITE", "1"],
      ["PUBLISH_SCHEDULED_MAX_RUNS", "6"],
      ["FUNCTIONS_WALL_CLOCK_LIMIT_MS", "400000"],
    ]),
  );
  assert.deepEqual(
    { concurrency: set.concurrency, perSite: set.perSite, maxRuns: set.maxRuns, wallClockMs: set.wallClockMs },
    { concurrency: 8, perSite: 1, maxRuns: 6, wallClockMs: 400_000 },
  );
  assert.throws(
    () => settingsFromEnv(new Map([["PUBLISH_SCHEDULED_PER_SITE", "0"]])),
    /PUBLISH_SCHEDULED_PER_SITE must be a whole number from 1 to 100, not "0"/,
  );
  assert.throws(() => settingsFromEnv(new Map([["PUBLISH_SCHEDULED_BATCH_SIZE", "500"]])), /from 1 to 100/);
});
