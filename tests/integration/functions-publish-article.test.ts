import { beforeAll, describe, expect, test } from "vitest";
import { functionsStack, ok, serviceClient, saveApiKeys, signUp, type TestUser } from "./support.ts";
import {
  connectSite,
  createArticle,
  functionError,
  setApplicationPassword,
  wordpressPosts,
  wordpressRequestCount,
} from "./wordpress-support.ts";

/**
 * The publish-article ↔ database seam, for real: signed-in users call
 * wordpress-connect and publish-article with the real supabase-js through
 * the local functions runtime; the functions read articles and sites as the
 * caller, and credentials and record publications with the secret key, in the
 * local backend (the SQL functions of 20261122002000_scheduled_publishing.sql),
 * and publish to the fake WordPress of the functions stack over HTTP, which
 * the tests read back through its REST API.
 */

type PublishResult = { link: string; remotePostId: number; status: string; updated: boolean; seo: string };

describe("publish-article through the functions runtime", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceSite: string;
  let bobSite: string;
  /** A PNG in our Storage (made by generate-image), used as a featured image. */
  let storedImageUrl: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      signUp("publish-alice", undefined, { project: true }),
      signUp("publish-bob", undefined, { project: true }),
    ]);
    [aliceSite, bobSite] = await Promise.all([connectSite(alice, "Alice's garden"), connectSite(bob, "Bob's blog")]);
    await saveApiKeys(alice, { falaiKey: "fal-integration-key" });
    const { data, error } = await alice.client.functions.invoke<{ images: { url: string }[] }>("generate-image", {
      body: { prompt: "Compost heap", imageSize: "square" },
    });
    expect(error).toBeNull();
    storedImageUrl = data!.images[0].url;
  });

  test("publishes the article, records the publication, and publishing again updates the same post", async () => {
    const article = await createArticle(alice, { featured_image_url: storedImageUrl });
    const postsBefore = (await wordpressPosts()).length;

    const first = await alice.client.functions.invoke<PublishResult>("publish-article", {
      body: { articleId: article.id, siteId: aliceSite, status: "publish" },
    });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ status: "publish", updated: false });
    const { remotePostId, link } = first.data!;

    const posts = await wordpressPosts();
    expect(posts).toHaveLength(postsBefore + 1);
    const post = posts.find((candidate) => candidate.id === remotePostId)!;
    expect(post).toMatchObject({ status: "publish", link, title: { raw: article.title } });
    const { remote_marker: marker } = ok(
      await serviceClient().from("publications").select("remote_marker").eq("article_id", article.id).single(),
    );
    // The article's HTML, then the publication's marker (exactly-once creates: wordpress/post_marker.ts).
    expect(post.content.raw).toBe(`<p>Start with <strong>brown</strong> and green layers.</p>\n<!-- inkpress-pub-${marker} -->`);
    // The featured image went from our Storage to WordPress's media library.
    expect(post.featured_media).toBeGreaterThan(0);
    const media = (await (await fetch(`${functionsStack().controlUrl}/wordpress/media`)).json()) as {
      id: number;
      bytes: number;
    }[];
    const stored = new Uint8Array(await (await fetch(storedImageUrl)).arrayBuffer());
    expect(media.find((item) => item.id === post.featured_media)?.bytes).toBe(stored.byteLength);

    const publication = ok(
      await alice.client
        .from("publications")
        .select("site_id, remote_post_id, link, status, attempts, last_error, featured_media_id")
        .eq("article_id", article.id)
        .single(),
    );
    expect(publication).toEqual({
      site_id: aliceSite,
      remote_post_id: remotePostId,
      link,
      status: "publish",
      attempts: 0,
      last_error: null,
      featured_media_id: post.featured_media,
    });
    expect(
      ok(await alice.client.from("articles").select("status, wordpress_site_ids").eq("id", article.id).single()),
    ).toEqual({ status: "published", wordpress_site_ids: [aliceSite] });

    // Edited, then published again as a draft: the same remote post changes.
    ok(await alice.client.from("articles").update({ title: `${article.title} (revised)` }).eq("id", article.id));
    const second = await alice.client.functions.invoke<PublishResult>("publish-article", {
      body: { articleId: article.id, siteId: aliceSite, status: "draft" },
    });
    expect(second.error).toBeNull();
    expect(second.data).toMatchObject({ status: "draft", updated: true, remotePostId });

    const after = await wordpressPosts();
    expect(after).toHaveLength(postsBefore + 1);
    expect(after.find((candidate) => candidate.id === remotePostId)).toMatchObject({
      status: "draft",
      title: { raw: `${article.title} (revised)` },
      featured_media: post.featured_media,
    });
    const publications = ok(
      await alice.client.from("publications").select("remote_post_id, status").eq("article_id", article.id),
    );
    expect(publications).toEqual([{ remote_post_id: remotePostId, status: "draft" }]);
    expect(
      ok(await alice.client.from("articles").select("status, wordpress_site_ids").eq("id", article.id).single()),
    ).toEqual({ status: "draft", wordpress_site_ids: [aliceSite] });
  });

  test("another user's article or site is not found, nothing is recorded and WordPress is never asked", async () => {
    const aliceArticle = await createArticle(alice);
    const bobArticle = await createArticle(bob);
    const requestsBefore = await wordpressRequestCount();

    const othersArticle = await bob.client.functions.invoke("publish-article", {
      body: { articleId: aliceArticle.id, siteId: bobSite, status: "publish" },
    });
    expect(await functionError(othersArticle.error)).toEqual({
      status: 404,
      body: { error: "Article not found", field: "articleId" },
    });
    const othersSite = await bob.client.functions.invoke("publish-article", {
      body: { articleId: bobArticle.id, siteId: aliceSite, status: "publish" },
    });
    expect(await functionError(othersSite.error)).toEqual({
      status: 404,
      body: { error: "Selected site not found", field: "siteId" },
    });

    expect(await wordpressRequestCount()).toBe(requestsBefore);
    const recorded = ok(
      await serviceClient().from("publications").select("id").in("article_id", [aliceArticle.id, bobArticle.id]),
    );
    expect(recorded).toEqual([]);
    const articles = ok(
      await serviceClient()
        .from("articles")
        .select("status, wordpress_site_ids")
        .in("id", [aliceArticle.id, bobArticle.id]),
    );
    expect(articles).toEqual([
      { status: "draft", wordpress_site_ids: [] },
      { status: "draft", wordpress_site_ids: [] },
    ]);
  });

  test("a refused publish is recorded as failed, not retried, and answers with WordPress's reason", async () => {
    const article = await createArticle(alice);
    await setApplicationPassword(aliceSite, "revoked on the site");
    try {
      const { error } = await alice.client.functions.invoke("publish-article", {
        body: { articleId: article.id, siteId: aliceSite, status: "publish" },
      });
      const { status, body } = await functionError(error);
      expect(status).toBe(502);
      expect(body.error).toBe("Failed to publish to WordPress");
      expect(body.detail).toBe("Authentication failed. Please check your username and application password.");
      expect(
        ok(
          await alice.client
            .from("publications")
            .select("status, attempts, last_error, next_attempt_at")
            .eq("article_id", article.id)
            .single(),
        ),
      ).toEqual({ status: "failed", attempts: 1, last_error: body.detail, next_attempt_at: null });
    } finally {
      await setApplicationPassword(aliceSite, functionsStack().wordpress.applicationPassword);
    }
  });
});
