import assert from "node:assert/strict";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  startFakeWordPress,
} from "../_testing/wordpress_fake_server.ts";
import {
  createMemoryStore,
  memoryArticle,
  type MemorySite,
  type MemoryStore,
} from "../_testing/wordpress_memory_store.ts";
import type { PublishArticleResult } from "../_shared/schemas/wordpress.ts";
import { publishArticleToSite, PublishFailure, type PublishRequest } from "../_shared/wordpress/publication.ts";
import type { ClaimedPublication } from "../_shared/wordpress/publication_store.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { createHandler, DEFAULT_SETTINGS, productionDependencies, type ScheduledPublishSettings } from "./handler.ts";

const SECRET = "sb_secret_test_0123456789";
const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const MINUTE = 60_000;
const S1 = "51000000-0000-4000-8000-000000000001";
const S2 = "51000000-0000-4000-8000-000000000002";
const BOBS = "51000000-0000-4000-8000-000000000003";
const DUE = "a1000000-0000-4000-8000-000000000001";
const TWO_SITES = "a1000000-0000-4000-8000-000000000002";
const LATER = "a1000000-0000-4000-8000-000000000003";
const DRAFT = "a1000000-0000-4000-8000-000000000004";
const articleId = (i: number) => `a2000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

const site = (id: string, userId: string, wp: FakeWordPress, password = FAKE_APPLICATION_PASSWORD): MemorySite => ({
  id,
  user_id: userId,
  base_url: wp.restRoot,
  username: FAKE_USERNAME,
  seo_plugin: null,
  application_password: password,
});

function scheduledHandler(
  store: MemoryStore,
  wps: FakeWordPress[],
  settings: Partial<ScheduledPublishSettings> = {},
  now?: () => number,
) {
  const allowlist = { privateHostAllowlist: wps.map((wp) => wp.hostPort) };
  return createHandler({
    secretKeys: [SECRET, ""],
    store,
    publish: (request) =>
      publishArticleToSite(request, {
        store,
        fetch: guardedFetch,
        fetchOptions: allowlist,
        imageFetchOptions: allowlist,
      }),
    settings: { ...DEFAULT_SETTINGS, ...settings },
    now,
  });
}

const run = (
  handler: (req: Request) => Promise<Response>,
  headers: Record<string, string> = { authorization: `Bearer ${SECRET}` },
) => handler(new Request("http://localhost/functions/v1/publish-scheduled", { method: "POST", headers, body: "{}" }));

Deno.test("publish-scheduled: callers other than the scheduler are refused", async () => {
  const handler = scheduledHandler(createMemoryStore({}), []);
  assert.equal((await run(handler, {})).status, 401);
  const browser = await run(handler, {
    authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.sig",
    apikey: "sb_publishable_x",
  });
  assert.equal(browser.status, 403);
  assert.deepEqual(await browser.json(), { error: "Only the scheduler may call this function" });
  const get = await handler(new Request("http://localhost/", { method: "GET", headers: { apikey: SECRET } }));
  assert.equal(get.status, 405);
  const viaApikey = await run(handler, { apikey: SECRET });
  assert.deepEqual(await viaApikey.json(), { claimed: 0, published: 0, failed: 0, released: 0 });
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
        ["SUPABASE_SECRET_KEYS", JSON.stringify({ default: "sb_secret_default_0123", cron: "sb_secret_cron_4567" })],
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
    for (const key of ["sb_secret_cron_4567", "sb_secret_default_0123", "eyJ.service-role.jwt"]) {
      const response = await cron(key);
      assert.equal(response.status, 200, key);
      assert.deepEqual(await response.json(), { claimed: 0, published: 0, failed: 0, released: 0 });
    }
    for (const key of ["sb_publishable_abc", "eyJ.anon.jwt", "sb_secret_other_project"]) {
      const response = await cron(key);
      assert.equal(response.status, 403, key);
      await response.body?.cancel();
    }
    assert.equal(claims.length, 3);
    for (const claim of claims) {
      assert.equal(claim.apikey, "sb_secret_default_0123", "the service client uses the default secret key");
      assert.deepEqual(claim.body, { batch_size: 7, lease_seconds: DEFAULT_SETTINGS.leaseSeconds });
    }
  } finally {
    await postgrest.shutdown();
  }
});

Deno.test("publish-scheduled: publishes due articles to their sites, retries failures with back-off", async () => {
  const good = startFakeWordPress();
  const broken = startFakeWordPress({ capabilities: { publish_posts: false } });
  let clock = Date.parse("2026-11-22T12:00:00Z");
  const now = () => clock;
  try {
    const store = createMemoryStore({
      sites: [site(S1, ALICE, good), site(S2, ALICE, broken), site(BOBS, BOB, good)],
      articles: [
        memoryArticle({
          id: DUE,
          user_id: ALICE,
          status: "scheduled",
          scheduled_for: clock - MINUTE,
          scheduled_site_ids: [S1, BOBS],
        }),
        memoryArticle({
          id: TWO_SITES,
          user_id: ALICE,
          title: "Two sites",
          slug: "two",
          status: "scheduled",
          scheduled_for: clock - 2 * MINUTE,
          scheduled_site_ids: [S1, S2],
        }),
        memoryArticle({
          id: LATER,
          user_id: ALICE,
          status: "scheduled",
          scheduled_for: clock + 60 * MINUTE,
          scheduled_site_ids: [S1],
        }),
        memoryArticle({ id: DRAFT, user_id: ALICE, scheduled_site_ids: [S1] }),
      ],
    }, now);
    const handler = scheduledHandler(store, [good, broken], {}, now);

    const first = await run(handler);
    assert.equal(first.status, 200);
    assert.deepEqual(await first.json(), { claimed: 3, published: 2, failed: 1, released: 0 });
    assert.equal(store.articles.get(DUE)?.status, "published", "Bob's site is never a target of Alice's article");
    assert.equal(store.articles.get(DUE)?.scheduled_for, null);
    assert.deepEqual(store.articles.get(DUE)?.wordpress_site_ids, [S1]);
    assert.equal(store.publication(DUE, BOBS), undefined);
    assert.equal(store.articles.get(TWO_SITES)?.status, "scheduled", "one of its sites failed");
    assert.deepEqual(store.articles.get(TWO_SITES)?.wordpress_site_ids, [S1]);
    const failed = store.publication(TWO_SITES, S2);
    assert.equal(failed?.status, "failed");
    assert.equal(failed?.attempts, 1);
    assert.equal(failed?.next_attempt_at, clock + MINUTE);
    assert.match(failed?.last_error ?? "", /not allowed to publish posts/);
    assert.equal(good.posts.size, 2);
    assert.ok([...good.posts.values()].every((post) => post.status === "publish"));

    // Within the back-off nothing is due; the published site is not published again.
    assert.deepEqual(await (await run(handler)).json(), { claimed: 0, published: 0, failed: 0, released: 0 });
    clock += MINUTE;
    assert.deepEqual(await (await run(handler)).json(), { claimed: 1, published: 0, failed: 1, released: 0 });
    assert.equal(store.publication(TWO_SITES, S2)?.next_attempt_at, clock + 5 * MINUTE);

    // The site is fixed; after the back-off the article is published everywhere.
    store.sites.set(S2, site(S2, ALICE, good));
    clock += 5 * MINUTE;
    assert.deepEqual(await (await run(handler)).json(), { claimed: 1, published: 1, failed: 0, released: 0 });
    assert.equal(store.articles.get(TWO_SITES)?.status, "published");
    assert.deepEqual(store.articles.get(TWO_SITES)?.wordpress_site_ids, [S1, S2]);
    assert.equal(good.posts.size, 3);
  } finally {
    await good.close();
    await broken.close();
  }
});

Deno.test("publish-scheduled: concurrent runs never publish one article twice", async () => {
  const wp = startFakeWordPress({ responseDelayMs: 20 });
  try {
    const articles = Array.from(
      { length: 6 },
      (_, i) =>
        memoryArticle({
          id: articleId(i),
          user_id: ALICE,
          slug: `post-${i}`,
          status: "scheduled",
          scheduled_for: Date.now() - MINUTE,
          scheduled_site_ids: [S1],
        }),
    );
    const store = createMemoryStore({ sites: [site(S1, ALICE, wp)], articles });
    const handler = scheduledHandler(store, [wp], { batchSize: 4 });
    const summaries = await Promise.all(
      [run(handler), run(handler), run(handler)].map(async (response) => (await response).json()),
    );
    assert.equal(summaries.reduce((sum, summary) => sum + summary.published, 0), 6);
    assert.equal(wp.posts.size, 6);
    assert.ok(articles.every((article) => store.articles.get(article.id)?.status === "published"));
  } finally {
    await wp.close();
  }
});

/** A scheduled store and publisher that only record their calls (no SQL semantics). */
function recordingDeps(claims: ClaimedPublication[], fail: (claim: ClaimedPublication) => boolean = () => false) {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const deps = {
    store: {
      claimDue(batchSize: number, leaseSeconds: number) {
        calls.push(`claimDue ${batchSize} ${leaseSeconds}`);
        return Promise.resolve(claims);
      },
      release(claim: ClaimedPublication) {
        calls.push(`release ${claim.articleId}`);
        return Promise.resolve();
      },
    },
    async publish(request: PublishRequest): Promise<PublishArticleResult> {
      calls.push(`publish ${request.articleId} ${request.status} scheduled=${request.scheduled}`);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      if (fail(request)) throw new PublishFailure(502, "Failed to publish post", { detail: "refused" });
      return {
        link: "https://wp.test/p",
        remotePostId: 1,
        status: "publish",
        updated: false,
        seo: "none",
        warnings: [],
      };
    },
  };
  return { deps, calls, maxInFlight: () => maxInFlight };
}

const claim = (i: number): ClaimedPublication => ({ articleId: articleId(i), userId: ALICE, siteId: S1 });

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
    claims.map((c) => `publish ${c.articleId} publish scheduled=true`).sort(),
  );
  assert.equal(maxInFlight(), 2);
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
    `publish ${articleId(0)} publish scheduled=true`,
    `release ${articleId(1)}`,
    `release ${articleId(2)}`,
  ]);
});

Deno.test("publish-scheduled: a failing claim is a 500 without details", async () => {
  const store = createMemoryStore({});
  store.claimDue = () => Promise.reject(new Error("connection refused"));
  const response = await run(scheduledHandler(store, []));
  assert.equal(response.status, 500);
  assert.deepEqual(await response.json(), { error: "Failed to publish scheduled articles" });
});

Deno.test("publish-scheduled: a claimed pair is pending; a failed re-publish keeps the live post's status and says why", async () => {
  const wp = startFakeWordPress();
  let clock = Date.parse("2026-11-22T12:00:00Z");
  const now = () => clock;
  try {
    const store = createMemoryStore({
      sites: [site(S1, ALICE, wp)],
      articles: [memoryArticle({ id: DUE, user_id: ALICE })],
    }, now);
    const allowlist = { privateHostAllowlist: [wp.hostPort] };
    const deps = { store, fetch: guardedFetch, fetchOptions: allowlist, imageFetchOptions: allowlist };
    await publishArticleToSite(
      { userId: ALICE, articleId: DUE, siteId: S1, status: "publish", scheduled: false },
      deps,
    );
    assert.equal(store.publication(DUE, S1)?.remote_status, "publish");

    // Scheduled again (an update at a set time); the application password was revoked meanwhile.
    Object.assign(store.articles.get(DUE)!, {
      status: "scheduled",
      scheduled_for: clock + MINUTE,
      scheduled_site_ids: [S1],
    });
    store.sites.set(S1, site(S1, ALICE, wp, "revoked"));
    clock += 2 * MINUTE;
    const [claim] = await store.claimDue(5, 600);
    assert.equal(store.publication(DUE, S1)?.status, "pending", "being published: pending for the lease");
    await store.release(claim);

    const handler = scheduledHandler(store, [wp], {}, now);
    assert.deepEqual(await (await run(handler)).json(), { claimed: 1, published: 0, failed: 1, released: 0 });
    const publication = store.publication(DUE, S1);
    assert.equal(publication?.status, "failed");
    assert.equal(publication?.remote_status, "publish", "the post on the site is still live");
    assert.equal(
      publication?.last_error,
      "Authentication failed. Please check your username and application password.",
    );
    assert.equal(publication?.next_attempt_at, clock + MINUTE, "retried with back-off");
    assert.equal(store.articles.get(DUE)?.status, "scheduled");
  } finally {
    await wp.close();
  }
});
