import assert from "node:assert/strict";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { ARTICLE_DELETE_MESSAGES, deleteArticleResultSchema } from "../_shared/contracts/article_delete.ts";
import { createGhostClient } from "../_shared/publishing/ghost/admin_api.ts";
import type { SiteRecord } from "../_shared/publishing/publication.ts";
import { FAKE_GHOST_ADMIN_API_KEY, type FakeGhost, startFakeGhost } from "../_testing/fakes/ghost_server.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../_testing/fakes/wordpress_server.ts";
import { createHandler, type RemotePost } from "./handler.ts";

const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const ARTICLE = "a0000000-0000-4000-8000-000000000001";
const WORDPRESS_SITE = "50000000-0000-4000-8000-000000000001";
const GHOST_SITE = "50000000-0000-4000-8000-000000000002";

interface Harness {
  wp: FakeWordPress;
  ghost: FakeGhost;
  /** Post ids on the fakes the article's publications name. */
  wordpressPostId: number;
  ghostPostId: string;
  deleted: string[];
  call(body: unknown, user?: string | null): Promise<Response>;
}

async function withHarness(
  options: { wp?: FakeWordPressOptions; password?: string; wordpressPostStatus?: string },
  run: (harness: Harness) => Promise<void>,
) {
  const wp = startFakeWordPress(options.wp);
  const ghost = startFakeGhost();
  try {
    const wordpressPostId = wp.addPost({ title: "Compost", status: options.wordpressPostStatus ?? "publish" }).id;
    const created = await createGhostClient(ghost.origin, FAKE_GHOST_ADMIN_API_KEY, guardedFetch, {
      privateHostAllowlist: [ghost.hostPort],
    }).request<{ posts: { id: string }[] }>({
      method: "POST",
      path: "posts/",
      json: { posts: [{ title: "Compost", status: "published" }] },
    });
    const ghostPostId = created.posts[0].id;
    const sites: SiteRecord[] = [
      {
        id: WORDPRESS_SITE,
        kind: "wordpress",
        base_url: wp.restRoot,
        username: FAKE_USERNAME,
        seo_plugin: null,
        application_password: options.password ?? FAKE_APPLICATION_PASSWORD,
      },
      { id: GHOST_SITE, kind: "ghost", base_url: ghost.origin, admin_api_key: FAKE_GHOST_ADMIN_API_KEY },
    ];
    const posts: RemotePost[] = [
      { siteId: WORDPRESS_SITE, siteName: "Garden blog", remotePostId: wordpressPostId, remotePostRef: null },
      { siteId: GHOST_SITE, siteName: "Garden notes", remotePostId: null, remotePostRef: ghostPostId },
    ];
    const deleted: string[] = [];
    const handler = createHandler({
      authenticate: (req) => {
        const user = req.headers.get("x-test-user");
        return user ? Promise.resolve({ id: user }) : Promise.reject(new UnauthenticatedError());
      },
      // Alice owns the article and both sites; Bob owns nothing.
      findRemotePosts: (userId, articleId) =>
        Promise.resolve(userId === ALICE && articleId === ARTICLE && !deleted.includes(articleId) ? posts : null),
      findSite: (userId, siteId) => Promise.resolve(userId === ALICE ? sites.find(({ id }) => id === siteId) ?? null : null),
      deleteArticle: (_userId, articleId) => {
        deleted.push(articleId);
        return Promise.resolve(true);
      },
      fetch: guardedFetch,
      fetchOptions: { privateHostAllowlist: [wp.hostPort, ghost.hostPort] },
    });
    const call: Harness["call"] = (body, user = ALICE) => {
      const headers = new Headers({ "content-type": "application/json" });
      if (user) headers.set("x-test-user", user);
      return handler(
        new Request("http://localhost/functions/v1/delete-article", { method: "POST", headers, body: JSON.stringify(body) }),
      );
    };
    await run({ wp, ghost, wordpressPostId, ghostPostId, deleted, call });
  } finally {
    await wp.close();
    await ghost.close();
  }
}

Deno.test("delete-article: moves the WordPress post to the trash, deletes the Ghost post, then the article", async () => {
  await withHarness({}, async ({ wp, ghost, wordpressPostId, ghostPostId, deleted, call }) => {
    const response = await call({ articleId: ARTICLE });
    assert.equal(response.status, 200);
    assert.deepEqual(deleteArticleResultSchema.parse(await response.json()), {
      removed: [
        { siteId: WORDPRESS_SITE, siteName: "Garden blog", alreadyGone: false },
        { siteId: GHOST_SITE, siteName: "Garden notes", alreadyGone: false },
      ],
    });
    // Trashed, not deleted (a forced delete would drop it): the site's owner can still restore it.
    assert.equal(wp.posts.get(wordpressPostId)?.status, "trash");
    assert.equal(ghost.posts.find(({ id }) => id === ghostPostId), undefined);
    assert.deepEqual(deleted, [ARTICLE]);
  });
});

Deno.test("delete-article: a post already in the trash counts as removed", async () => {
  await withHarness({ wordpressPostStatus: "trash" }, async ({ deleted, call }) => {
    const response = await call({ articleId: ARTICLE });
    assert.equal(response.status, 200);
    const { removed } = deleteArticleResultSchema.parse(await response.json());
    assert.deepEqual(removed.map(({ alreadyGone }) => alreadyGone), [true, false]);
    assert.deepEqual(deleted, [ARTICLE]);
  });
});

Deno.test("delete-article: a refused password keeps the article and says which site and why", async () => {
  await withHarness({ password: "wrong password wrong" }, async ({ wp, wordpressPostId, ghost, deleted, call }) => {
    const response = await call({ articleId: ARTICLE });
    assert.equal(response.status, 502);
    const body = await response.json();
    assert.equal(body.error, ARTICLE_DELETE_MESSAGES.remoteRemovalFailed);
    assert.equal(body.failures.length, 1);
    assert.equal(body.failures[0].siteName, "Garden blog");
    assert.match(body.failures[0].detail, /password|401/i);
    assert.equal(wp.posts.get(wordpressPostId)?.status, "publish");
    // The other site's post is removed; the article is kept for another try.
    assert.equal(ghost.posts.length, 0);
    assert.deepEqual(body.removed.map(({ siteId }: { siteId: string }) => siteId), [GHOST_SITE]);
    assert.deepEqual(deleted, []);
  });
});

Deno.test("delete-article: another user's article is not found and no site is asked", async () => {
  await withHarness({}, async ({ wp, ghost, deleted, call }) => {
    wp.resetLog();
    ghost.resetLog();
    const response = await call({ articleId: ARTICLE }, BOB);
    assert.equal(response.status, 404);
    assert.equal((await response.json()).error, ARTICLE_DELETE_MESSAGES.articleNotFound);
    assert.equal(wp.requests.length, 0);
    assert.equal(ghost.requests.length, 0);
    assert.deepEqual(deleted, []);
  });
});

Deno.test("delete-article: refuses a signed-out caller and an id that is not one", async () => {
  await withHarness({}, async ({ call }) => {
    assert.equal((await call({ articleId: ARTICLE }, null)).status, 401);
    const invalid = await call({ articleId: "42" });
    assert.equal(invalid.status, 400);
    assert.match((await invalid.json()).error, /articleId/);
  });
});
