import assert from "node:assert/strict";
import type { PublishArticleResult } from "../_shared/contracts/publishing.ts";
import { PublishFailure, type PublishRequest } from "../_shared/publishing/publication.ts";
import type { ClaimedPublication, ScheduledPublicationStore } from "../_shared/publishing/publication_store.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { createHandler, DEFAULT_SETTINGS, productionDependencies } from "./handler.ts";

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
) => handler(new Request("http://localhost/functions/v1/publish-scheduled", { method: "POST", headers, body: "{}" }));

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
  assert.deepEqual(await viaApikey.json(), { claimed: 0, published: 0, failed: 0, released: 0 });
  assert.deepEqual(calls, [`claimDue ${DEFAULT_SETTINGS.batchSize} ${DEFAULT_SETTINGS.leaseSeconds}`]);
});

Deno.test("publish-scheduled: hosted's environment and the cron job's exact request (key in apikey only)", async () => {
  const claims: { apikey: string | null; authorization: string | null; body: unknown }[] = [];
  const postgrest = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    assert.equal(new URL(req.url).pathname, "/rest/v1/rpc/claim_due_scheduled_articles");
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
      assert.deepEqual(await response.json(), { claimed: 0, published: 0, failed: 0, released: 0 });
    }
    for (const key of ["sb_publishable_abc", "eyJ.anon.jwt", "sb_secret_other_project_FIXTURE-not-a-real-key"]) {
      const response = await cron(key);
      assert.equal(response.status, 403, key);
      await response.body?.cancel();
    }
    assert.equal(claims.length, 3);
    for (const claim of claims) {
      assert.equal(claim.apikey, "sb_secret_default-FIXTURE-not-a-real-key-0123", "the service client uses the default secret key");
      assert.deepEqual(claim.body, { batch_size: 7, lease_seconds: DEFAULT_SETTINGS.leaseSeconds });
    }
  } finally {
    await postgrest.shutdown();
  }
});

/** A scheduled store and publisher that only record their calls (no SQL semantics). */
function recordingDeps(
  claims: ClaimedPublication[],
  fail: (request: PublishRequest) => boolean = () => false,
  wordpressDrafts: readonly string[] = [],
) {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const store: ScheduledPublicationStore = {
    claimDue(batchSize, leaseSeconds) {
      calls.push(`claimDue ${batchSize} ${leaseSeconds}`);
      return Promise.resolve(claims);
    },
    release(token) {
      calls.push(`release ${token}`);
      return Promise.resolve();
    },
    scheduledPostStatuses(claimed) {
      return Promise.resolve(
        new Map(claimed.map((c) => [c.articleId, wordpressDrafts.includes(c.articleId) ? "draft" : "publish"])),
      );
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

const claim = (i: number): ClaimedPublication => ({
  articleId: articleId(i),
  userId: ALICE,
  siteId: S1,
  claimToken: `token-${i}`,
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
  assert.deepEqual(summary, { claimed: 5, published: 4, failed: 1, released: 0 });
  assert.equal(calls[0], "claimDue 9 60");
  assert.deepEqual(
    calls.slice(1).sort(),
    claims.map((c) => `publish ${c.articleId} publish scheduled=true ${c.claimToken}`).sort(),
  );
  assert.equal(maxInFlight(), 2);
});

Deno.test("publish-scheduled: an article scheduled as a WordPress draft is sent as a draft", async () => {
  const { deps, calls } = recordingDeps([claim(0), claim(1)], undefined, [articleId(1)]);
  const handler = createHandler({ secretKeys: [SECRET], ...deps, settings: { ...DEFAULT_SETTINGS, concurrency: 1 } });
  assert.deepEqual(await (await run(handler)).json(), { claimed: 2, published: 2, failed: 0, released: 0 });
  assert.deepEqual(calls.slice(1), [
    `publish ${articleId(0)} publish scheduled=true token-0`,
    `publish ${articleId(1)} draft scheduled=true token-1`,
  ]);
});

Deno.test("publish-scheduled: work not started before the deadline is given back", async () => {
  const { deps, calls } = recordingDeps([claim(0), claim(1), claim(2)]);
  let clockReads = 0;
  // The clock jumps past the deadline after the first publish has started.
  const now = () => (clockReads++ < 2 ? 0 : 200_000);
  const handler = createHandler({
    secretKeys: [SECRET],
    ...deps,
    settings: { ...DEFAULT_SETTINGS, concurrency: 1, deadlineMs: 90_000 },
    now,
  });
  assert.deepEqual(await (await run(handler)).json(), { claimed: 3, published: 1, failed: 0, released: 2 });
  assert.deepEqual(calls.slice(1), [
    `publish ${articleId(0)} publish scheduled=true token-0`,
    "release token-1",
    "release token-2",
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
