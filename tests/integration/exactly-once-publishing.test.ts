import { beforeAll, describe, expect, test } from "vitest";
import { env, functionsStack, ok, serviceClient, signUp, type TestUser } from "./support.ts";
import { connectSite, createArticle, functionError, type WordPressPost } from "./wordpress-support.ts";

/**
 * Exactly-once publishing for real (migration 20261204000100_publication_claims.sql,
 * supabase/functions/_shared/publishing/publication.ts): publish-article and
 * publish-scheduled through the local functions runtime, their claims in
 * the local backend (PGlite, or PostgreSQL with npm run test:integration:pg),
 * the posts on the fake WordPress and Ghost of the functions stack, which
 * look posts up as the real ones do (search over raw content with explicit
 * statuses; NQL tag filters).
 *
 * Crashes are real: the stack holds WordPress's answer to a create (the post
 * is saved), the function's process is killed (SIGKILL) while it waits, and
 * the answer is then let go to nobody. Nothing is recorded of that post but
 * the announcement that a create was under way.
 */

type PublishResult = { link: string; remotePostId: number | string; status: string; updated: boolean };

const control = (path: string, init?: RequestInit) => fetch(`${functionsStack().controlUrl}${path}`, init);

/** Posts on the fake WordPress with this title, any status (trash included), read through its REST API. */
async function postsTitled(title: string): Promise<WordPressPost[]> {
  const { restRoot, username, applicationPassword } = functionsStack().wordpress;
  const url = `${restRoot}wp/v2/posts?context=edit&per_page=100&status=publish,future,draft,pending,private,trash` +
    `&search=${encodeURIComponent(`"${title}"`)}`;
  const response = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${applicationPassword}`).toString("base64")}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as WordPressPost[]).filter((post) => post.title.raw === title);
}

/** The cron job's request to publish-scheduled. */
async function runScheduler(): Promise<{ claimed: number; published: number; failed: number; released: number }> {
  const response = await fetch(`${functionsStack().projectUrl}/functions/v1/publish-scheduled`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey: env().secretKey },
    body: "{}",
  });
  expect(response.status).toBe(200);
  return await response.json();
}

/**
 * Starts `work` with the next WordPress create held open, waits until
 * WordPress has saved that post, kills `functionName`'s process, and lets the
 * answer go. Returns the post WordPress saved and how `work` ended.
 */
async function crashAfterCreate<T>(functionName: string, work: () => Promise<T>): Promise<{ postId: number; outcome: T }> {
  expect((await control("/wordpress/hold-create", { method: "POST" })).status).toBe(200);
  const running = work();
  const held = await control("/wordpress/held");
  expect(held.status, "WordPress saved the post").toBe(200);
  const { id } = (await held.json()) as { id: number };
  expect(await (await control(`/functions/${functionName}/kill`, { method: "POST" })).json()).toEqual({ killed: true });
  await control("/wordpress/release", { method: "POST" });
  return { postId: id, outcome: await running };
}

/** What a lapsed lease looks like: the claim's time is up (120 s in production). */
async function expireClaim(articleId: string, siteId: string) {
  ok(
    await serviceClient()
      .from("publications")
      .update({ claimed_until: new Date(Date.now() - 1000).toISOString() })
      .eq("article_id", articleId)
      .eq("site_id", siteId),
  );
}

async function publicationOf(articleId: string, siteId: string) {
  return ok(
    await serviceClient()
      .from("publications")
      .select("status, remote_post_id, remote_post_ref, claim_token, remote_create_started_at, attempts")
      .eq("article_id", articleId)
      .eq("site_id", siteId)
      .single(),
  );
}

describe("exactly-once publishing", () => {
  let alice: TestUser;
  let site: string;

  beforeAll(async () => {
    alice = await signUp("once-alice", undefined, { project: true });
    site = await connectSite(alice, "Alice's once-only blog");
  });

  test("five concurrent publishes of one article make one WordPress post; the others are told it is under way", async () => {
    const article = await createArticle(alice);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        alice.client.functions.invoke<PublishResult>("publish-article", {
          body: { articleId: article.id, siteId: site, status: "publish" },
        })
      ),
    );
    // Each either found the pair taken (409) or, once the first had finished,
    // updated the post the first created: never a second post.
    const succeeded = answers.filter((answer) => answer.error === null);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(succeeded.map((answer) => answer.data!.remotePostId)).size).toBe(1);
    expect(succeeded.filter((answer) => !answer.data!.updated)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.error !== null)) {
      const { status, body } = await functionError(refused.error);
      expect(status).toBe(409);
      expect(body.error).toBe(
        "This article is already being published to this site. Wait for that to finish, then try again.",
      );
    }
    expect(succeeded.length, "the publishes overlapped").toBeLessThan(5);
    const posts = await postsTitled(article.title);
    expect(posts.map((post) => post.id)).toEqual([succeeded[0].data!.remotePostId]);
    expect(await publicationOf(article.id, site)).toMatchObject({
      status: "publish",
      remote_post_id: posts[0].id,
      claim_token: null,
      remote_create_started_at: null,
    });

    // Once it is done, publishing again is an update of that post.
    const again = await alice.client.functions.invoke<PublishResult>("publish-article", {
      body: { articleId: article.id, siteId: site, status: "publish" },
    });
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ updated: true, remotePostId: posts[0].id });
    expect(await postsTitled(article.title)).toHaveLength(1);
  });

  test("a manual publish racing the scheduler is refused while the scheduler holds the pair: one post", async () => {
    const article = await createArticle(alice, {
      status: "scheduled",
      // Due long ago, so that the scheduler takes it first whatever else is due.
      scheduled_for: new Date(Date.now() - 86_400_000).toISOString(),
      scheduled_site_ids: [site],
    });
    expect((await control("/wordpress/hold-create", { method: "POST" })).status).toBe(200);
    const scheduled = runScheduler();
    const held = (await (await control("/wordpress/held")).json()) as { id: number };

    const manual = await alice.client.functions.invoke("publish-article", {
      body: { articleId: article.id, siteId: site, status: "publish" },
    });
    expect(await functionError(manual.error)).toMatchObject({
      status: 409,
      body: {
        error: "The scheduler is publishing this article to this site right now. Wait for it to finish, then try again.",
      },
    });
    await control("/wordpress/release", { method: "POST" });
    expect((await scheduled).published).toBeGreaterThanOrEqual(1);

    const posts = await postsTitled(article.title);
    expect(posts.map((post) => post.id)).toEqual([held.id]);
    expect(await publicationOf(article.id, site)).toMatchObject({ status: "publish", remote_post_id: held.id });
    expect(
      ok(await alice.client.from("articles").select("status").eq("id", article.id).single()),
    ).toEqual({ status: "published" });
  });

  test("a crash between WordPress's create and our record: the retry adopts the post instead of making another", async () => {
    const article = await createArticle(alice);
    const { postId, outcome } = await crashAfterCreate("publish-article", () =>
      alice.client.functions.invoke("publish-article", {
        body: { articleId: article.id, siteId: site, status: "publish" },
      }));
    expect((await functionError(outcome.error)).status).toBe(500);
    // Nothing of the post was recorded; only that a create was under way.
    const crashed = await publicationOf(article.id, site);
    expect(crashed.remote_post_id).toBeNull();
    expect(crashed.remote_create_started_at).not.toBeNull();
    expect(crashed.claim_token).not.toBeNull();

    // Until the dead publish's lease lapses, a retry is told it is under way.
    const early = await alice.client.functions.invoke("publish-article", {
      body: { articleId: article.id, siteId: site, status: "publish" },
    });
    expect((await functionError(early.error)).status).toBe(409);

    await expireClaim(article.id, site);
    const retry = await alice.client.functions.invoke<PublishResult>("publish-article", {
      body: { articleId: article.id, siteId: site, status: "publish" },
    });
    expect(retry.error).toBeNull();
    expect(retry.data).toMatchObject({ remotePostId: postId, updated: true });
    const posts = await postsTitled(article.title);
    expect(posts.map((post) => post.id)).toEqual([postId]);
    expect(posts[0].status).toBe("publish");
    expect(await publicationOf(article.id, site)).toMatchObject({
      status: "publish",
      remote_post_id: postId,
      claim_token: null,
      remote_create_started_at: null,
    });
  });

  test("the scheduler after a crash: its next run adopts the post, one post, the article published", async () => {
    const article = await createArticle(alice, {
      status: "scheduled",
      scheduled_for: new Date(Date.now() - 86_400_000).toISOString(),
      scheduled_site_ids: [site],
    });
    const { postId, outcome } = await crashAfterCreate("publish-scheduled", () =>
      fetch(`${functionsStack().projectUrl}/functions/v1/publish-scheduled`, {
        method: "POST",
        headers: { "Content-Type": "application/json", apikey: env().secretKey },
        body: "{}",
      }));
    expect(outcome.status).toBe(500);
    await outcome.body?.cancel();
    expect(await publicationOf(article.id, site)).toMatchObject({ status: "pending", remote_post_id: null });

    // A run while the dead run's lease holds leaves the pair alone.
    await runScheduler();
    expect(await postsTitled(article.title)).toHaveLength(1);
    expect((await publicationOf(article.id, site)).remote_post_id).toBeNull();

    await expireClaim(article.id, site);
    expect((await runScheduler()).published).toBeGreaterThanOrEqual(1);
    const posts = await postsTitled(article.title);
    expect(posts.map((post) => post.id)).toEqual([postId]);
    expect(await publicationOf(article.id, site)).toMatchObject({
      status: "publish",
      remote_post_id: postId,
      claim_token: null,
      remote_create_started_at: null,
    });
    expect(
      ok(await alice.client.from("articles").select("status").eq("id", article.id).single()),
    ).toEqual({ status: "published" });
  });

  test("Ghost: five concurrent publishes make one post, carrying its internal marker tag", async () => {
    const { data, error } = await alice.client.functions.invoke<{ site: { id: string } }>("ghost-connect", {
      body: { name: "Alice's Ghost", admin_url: functionsStack().ghost.origin, admin_api_key: functionsStack().ghost.adminApiKey },
    });
    expect(error).toBeNull();
    const ghostSite = data!.site.id;
    const article = await createArticle(alice);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        alice.client.functions.invoke<PublishResult>("publish-article", {
          body: { articleId: article.id, siteId: ghostSite, status: "publish" },
        })
      ),
    );
    const succeeded = answers.filter((answer) => answer.error === null);
    expect(new Set(succeeded.map((answer) => answer.data!.remotePostId)).size).toBe(1);
    expect(succeeded.filter((answer) => !answer.data!.updated)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.error !== null)) {
      expect((await functionError(refused.error)).status).toBe(409);
    }
    expect(succeeded.length, "the publishes overlapped").toBeLessThan(5);
    const posts = ((await (await control("/ghost/posts")).json()) as { id: string; title: string; tags: string[] }[])
      .filter((post) => post.title === article.title);
    expect(posts.map((post) => post.id)).toEqual([succeeded[0].data!.remotePostId]);
    const marker = ok(
      await serviceClient().from("publications").select("remote_marker").eq("article_id", article.id).single(),
    ).remote_marker;
    expect(posts[0].tags).toContain(`#inkpress-${marker}`);
  });
});
