import { beforeAll, describe, expect, test } from "vitest";
import { env, functionsStack, ok, serviceClient, signUp, type TestUser, timestampMs } from "./support.ts";
import {
  connectSite,
  createArticle,
  functionError,
  setApplicationPassword,
  wordpressPosts,
} from "./wordpress-support.ts";

/**
 * The publish-scheduled ↔ database seam, for real: the request the hosted
 * cron job sends (private.invoke_publish_scheduled() of migration
 * 20261124000100: POST, `Content-Type: application/json`, the secret key in
 * `apikey` and nothing else, body `{}`) reaches the function through the
 * local functions runtime, which gives it hosted's environment
 * (SUPABASE_SECRET_KEYS as JSON, no SUPABASE_SECRET_KEY). The function claims
 * due (article, site) pairs with claim_due_scheduled_articles() — FOR UPDATE
 * SKIP LOCKED and a lease — on the local backend (PGlite, or PostgreSQL in
 * npm run test:integration:pg), publishes them to the fake WordPress and
 * records the outcome with the SQL back-off.
 *
 * The stack claims PUBLISH_SCHEDULED_BATCH_SIZE=2 pairs at a time, so that
 * concurrent runs contend for the same due pairs. Every due pair in the
 * suite's database is this file's (other files schedule only future
 * articles, or none with target sites), so each run's summary is exact.
 */

type Summary = { claimed: number; published: number; failed: number; released: number; helpers: number; helpersFailed: number };

const MINUTE = 60_000;
const ONLY_THE_SCHEDULER = { error: "Only the scheduler may call this function" };

/** The cron job's request, byte for byte what net.http_post sends. */
function cronRequest(apikey: string): Promise<Response> {
  return fetch(`${functionsStack().projectUrl}/functions/v1/publish-scheduled`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey },
    body: "{}",
  });
}

async function runScheduler(): Promise<Summary> {
  const response = await cronRequest(env().secretKey);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as Summary;
}

const aMinuteAgo = () => new Date(Date.now() - MINUTE).toISOString();

/** The pair's publications row, read with the secret key (null when there is none). */
async function publicationOf(articleId: string, siteId: string) {
  const { data, error } = await serviceClient()
    .from("publications")
    .select("status, remote_status, remote_post_id, attempts, last_error, next_attempt_at, updated_at")
    .eq("article_id", articleId)
    .eq("site_id", siteId)
    .maybeSingle();
  expect(error).toBeNull();
  return data;
}

/** The back-off the SQL set on a failed pair: next_attempt_at − the failure's transaction time. */
const backOffMs = (publication: { next_attempt_at: string | null; updated_at: string }) =>
  timestampMs(publication.next_attempt_at!) - timestampMs(publication.updated_at);

describe("publish-scheduled through the functions runtime", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceSite: string;
  let aliceSecondSite: string;
  let bobSite: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("scheduled-alice", undefined, { project: true }),
      signUp("scheduled-bob", undefined, { project: true }),
    ]);
    aliceSite = await connectSite(alice, "Alice's garden");
    aliceSecondSite = await connectSite(alice, "Alice's second blog");
    bobSite = await connectSite(bob, "Bob's blog");
  });

  test("only the project's secret key may run it: the publishable key and user JWTs get 403", async () => {
    const article = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: aMinuteAgo(),
      scheduled_site_ids: [aliceSite],
    });

    const publishable = await cronRequest(env().publishableKey);
    expect(publishable.status).toBe(403);
    expect(await publishable.json()).toEqual(ONLY_THE_SCHEDULER);

    const asUser = await alice.client.functions.invoke("publish-scheduled", { body: {} });
    expect(await functionError(asUser.error)).toEqual({ status: 403, body: ONLY_THE_SCHEDULER });

    const { data: session } = await alice.client.auth.getSession();
    const bearerOnly = await fetch(`${functionsStack().projectUrl}/functions/v1/publish-scheduled`, {
      method: "POST",
      headers: { "Content-Type": "application/json", authorization: `Bearer ${session.session!.access_token}` },
      body: "{}",
    });
    expect(bearerOnly.status).toBe(403);
    await bearerOnly.body?.cancel();

    const anonymous = await fetch(`${functionsStack().projectUrl}/functions/v1/publish-scheduled`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();

    expect(await publicationOf(article.id, aliceSite)).toBeNull();

    // The cron job's own request publishes it.
    expect(await runScheduler()).toEqual({ claimed: 1, published: 1, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
    expect(await publicationOf(article.id, aliceSite)).toMatchObject({ status: "publish", attempts: 0 });
    expect(ok(await alice.client.from("articles").select("status, scheduled_for").eq("id", article.id).single()))
      .toEqual({ status: "published", scheduled_for: null });
  });

  test("three runs at once publish every due pair exactly once", async () => {
    const single = await Promise.all(
      Array.from({ length: 5 }, () =>
        createArticle(alice, { status: "scheduled", scheduled_for: aMinuteAgo(), scheduled_site_ids: [aliceSite] })
      ),
    );
    const double = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: aMinuteAgo(),
      scheduled_site_ids: [aliceSite, aliceSecondSite],
    });
    // Bob's site among Alice's targets is never hers to publish to.
    const withForeignSite = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: aMinuteAgo(),
      scheduled_site_ids: [aliceSite, bobSite],
    });
    const notYet = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: new Date(Date.now() + 60 * MINUTE).toISOString(),
      scheduled_site_ids: [aliceSite],
    });
    const pairs = [
      ...single.map((article) => ({ article, siteId: aliceSite })),
      { article: double, siteId: aliceSite },
      { article: double, siteId: aliceSecondSite },
      { article: withForeignSite, siteId: aliceSite },
    ];

    const concurrent = await Promise.all([runScheduler(), runScheduler(), runScheduler()]);
    const summaries = [...concurrent];
    // Whatever the three left (batches of two articles), later runs take.
    for (let run = 0; run < 5; run++) {
      const summary = await runScheduler();
      summaries.push(summary);
      if (summary.claimed === 0) break;
    }
    expect(summaries.at(-1)).toEqual({ claimed: 0, published: 0, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
    const total = summaries.reduce((sum, summary) => ({
      claimed: sum.claimed + summary.claimed,
      published: sum.published + summary.published,
      failed: sum.failed + summary.failed,
      released: sum.released + summary.released,
      helpers: sum.helpers + summary.helpers,
      helpersFailed: sum.helpersFailed + summary.helpersFailed,
    }));
    // Seven due articles are fewer than one run's slots: no helpers.
    expect(total).toEqual({ claimed: pairs.length, published: pairs.length, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
    expect(concurrent.reduce((sum, summary) => sum + summary.claimed, 0)).toBeGreaterThan(2);

    const posts = await wordpressPosts();
    for (const { article, siteId } of pairs) {
      const publication = await publicationOf(article.id, siteId);
      expect(publication).toMatchObject({ status: "publish", attempts: 0, next_attempt_at: null });
      const post = posts.find((candidate) => candidate.id === publication!.remote_post_id);
      expect(post?.title.raw).toBe(article.title);
      expect(post?.status).toBe("publish");
    }
    for (const article of [...single, double, withForeignSite]) {
      const copies = posts.filter((post) => post.title.raw === article.title);
      expect(copies, article.title).toHaveLength(article === double ? 2 : 1);
    }
    expect(await publicationOf(withForeignSite.id, bobSite)).toBeNull();
    expect(posts.some((post) => post.title.raw === notYet.title)).toBe(false);
    expect(await publicationOf(notYet.id, aliceSite)).toBeNull();

    const statuses = ok(
      await alice.client
        .from("articles")
        .select("id, status, wordpress_site_ids")
        .in("id", [...single, double, withForeignSite, notYet].map((article) => article.id)),
    );
    for (const row of statuses) {
      if (row.id === notYet.id) expect(row).toMatchObject({ status: "scheduled", wordpress_site_ids: [] });
      else if (row.id === double.id) {
        expect(row.status).toBe("published");
        expect([...row.wordpress_site_ids].sort()).toEqual([aliceSite, aliceSecondSite].sort());
      } else expect(row).toMatchObject({ status: "published", wordpress_site_ids: [aliceSite] });
    }
  });

  test("a failed pair backs off (1 minute, then 5), is not retried before its time, and is published once fixed", async () => {
    const article = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: aMinuteAgo(),
      scheduled_site_ids: [aliceSite, aliceSecondSite],
    });
    await setApplicationPassword(aliceSecondSite, "revoked on the site");
    try {
      expect(await runScheduler()).toEqual({ claimed: 2, published: 1, failed: 1, released: 0, helpers: 0, helpersFailed: 0 });
      const failed = (await publicationOf(article.id, aliceSecondSite))!;
      expect(failed).toMatchObject({
        status: "failed",
        attempts: 1,
        last_error: "Authentication failed. Please check your username and application password.",
      });
      expect(backOffMs(failed)).toBe(MINUTE);
      expect(ok(await alice.client.from("articles").select("status, wordpress_site_ids").eq("id", article.id).single()))
        .toEqual({ status: "scheduled", wordpress_site_ids: [aliceSite] });

      // Within the back-off nothing is due: not claimed, not retried.
      expect(await runScheduler()).toEqual({ claimed: 0, published: 0, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
      expect(await publicationOf(article.id, aliceSecondSite)).toEqual(failed);

      // The minute has passed (moved back in the database): retried, and still refused.
      await backOffElapsed(article.id, aliceSecondSite);
      expect(await runScheduler()).toEqual({ claimed: 1, published: 0, failed: 1, released: 0, helpers: 0, helpersFailed: 0 });
      const again = (await publicationOf(article.id, aliceSecondSite))!;
      expect(again).toMatchObject({ status: "failed", attempts: 2 });
      expect(backOffMs(again)).toBe(5 * MINUTE);

      // A working password, and the next attempt after the back-off publishes it.
      await setApplicationPassword(aliceSecondSite, functionsStack().wordpress.applicationPassword);
      expect(await runScheduler()).toEqual({ claimed: 0, published: 0, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
      await backOffElapsed(article.id, aliceSecondSite);
      expect(await runScheduler()).toEqual({ claimed: 1, published: 1, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
    } finally {
      await setApplicationPassword(aliceSecondSite, functionsStack().wordpress.applicationPassword);
    }
    expect(await publicationOf(article.id, aliceSecondSite)).toMatchObject({
      status: "publish",
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
    });
    const row = ok(
      await alice.client.from("articles").select("status, scheduled_for, wordpress_site_ids").eq("id", article.id).single(),
    );
    expect(row.status).toBe("published");
    expect(row.scheduled_for).toBeNull();
    expect([...row.wordpress_site_ids].sort()).toEqual([aliceSite, aliceSecondSite].sort());
    // The site that worked the first time was not published to again.
    expect((await wordpressPosts()).filter((post) => post.title.raw === article.title)).toHaveLength(2);
  });

  test("a failed re-publish of a live post keeps its remote status (live) apart from the failed attempt", async () => {
    const article = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: aMinuteAgo(),
      scheduled_site_ids: [aliceSecondSite],
    });
    expect(await runScheduler()).toEqual({ claimed: 1, published: 1, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
    const live = (await publicationOf(article.id, aliceSecondSite))!;
    expect(live).toMatchObject({ status: "publish", remote_status: "publish" });

    // Scheduled again (an update at a set time); the application password was revoked meanwhile.
    ok(
      await alice.client
        .from("articles")
        .update({ status: "scheduled", scheduled_for: new Date().toISOString(), scheduled_site_ids: [aliceSecondSite] })
        .eq("id", article.id),
    );
    await setApplicationPassword(aliceSecondSite, "revoked on the site");
    try {
      expect(await runScheduler()).toEqual({ claimed: 1, published: 0, failed: 1, released: 0, helpers: 0, helpersFailed: 0 });
    } finally {
      await setApplicationPassword(aliceSecondSite, functionsStack().wordpress.applicationPassword);
    }
    const failed = (await publicationOf(article.id, aliceSecondSite))!;
    expect(failed).toMatchObject({
      status: "failed",
      remote_status: "publish",
      remote_post_id: live.remote_post_id,
      attempts: 1,
      last_error: "Authentication failed. Please check your username and application password.",
    });
    expect(backOffMs(failed)).toBe(MINUTE);
    const [post] = (await wordpressPosts()).filter((candidate) => candidate.id === live.remote_post_id);
    expect(post.status, "the post on the site is still live").toBe("publish");

    // Not left due for the other tests' exact summaries.
    ok(
      await alice.client
        .from("articles")
        .update({ status: "draft", scheduled_for: null, scheduled_site_ids: [] })
        .eq("id", article.id),
    );
  });

  test("an article scheduled as a WordPress draft is stored there as a draft, once, and leaves the schedule as a draft", async () => {
    const article = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: aMinuteAgo(),
      scheduled_site_ids: [aliceSite, aliceSecondSite],
    });
    ok(await alice.client.from("articles").update({ scheduled_post_status: "draft" }).eq("id", article.id));
    expect(await runScheduler()).toEqual({ claimed: 2, published: 2, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });
    expect(await runScheduler()).toEqual({ claimed: 0, published: 0, failed: 0, released: 0, helpers: 0, helpersFailed: 0 });

    const posts = (await wordpressPosts()).filter((post) => post.title.raw === article.title);
    expect(posts.map((post) => post.status)).toEqual(["draft", "draft"]);
    for (const site of [aliceSite, aliceSecondSite]) {
      expect(await publicationOf(article.id, site)).toMatchObject({ status: "draft", attempts: 0 });
    }
    expect(ok(await alice.client.from("articles").select("status, scheduled_for").eq("id", article.id).single()))
      .toEqual({ status: "draft", scheduled_for: null });
  });
});

/** Moves a failed pair's next attempt into the past, as the passing of its back-off would. */
async function backOffElapsed(articleId: string, siteId: string): Promise<void> {
  const rows = ok(
    await serviceClient()
      .from("publications")
      .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .eq("article_id", articleId)
      .eq("site_id", siteId)
      .select("id"),
  );
  expect(rows).toHaveLength(1);
}
