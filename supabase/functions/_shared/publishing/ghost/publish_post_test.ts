/**
 * Publishing to a Ghost site through the shared publish path
 * (publishArticleToSite dispatches on the site's kind), against the fake
 * Ghost at HTTP level: what is sent, what is recorded, the round trips, and
 * the edge cases (stale updated_at, deleted post, image upload failure, a
 * refused key, HTML instead of JSON).
 */
import assert from "node:assert/strict";
import type { CheckInternalLinks } from "../../links/internal_link_check.ts";
import { guardedFetch } from "../../net/ssrf.ts";
import { GHOST_MESSAGES } from "../../contracts/ghost_sites.ts";
import type { PublishStepEvent } from "../../contracts/publish_events.ts";
import { PUBLISH_MESSAGES } from "../../contracts/publishing.ts";
import {
  type ArticleRecord,
  type PublicationFailureRecord,
  type PublicationRecord,
  type PublicationSuccess,
  PublishFailure,
  publishArticleToSite,
  type PublishRequest,
} from "../publication.ts";
import {
  FAKE_GHOST_ADMIN_API_KEY,
  FAKE_GHOST_KEY_ID,
  type FakeGhost,
  type FakeGhostOptions,
  ghostError,
  startFakeGhost,
} from "../../../_testing/fakes/ghost_server.ts";
import { type MemoryPublicationStore, memoryPublicationStore, TEST_MARKER } from "../../../_testing/memory_publication_store.ts";
import { PNG_BYTES } from "../../../_testing/fakes/wordpress_server.ts";

const ALICE = "00000000-0000-4000-8000-00000000000a";
const ARTICLE = "a0000000-0000-4000-8000-000000000001";
const SITE = "50000000-0000-4000-8000-000000000003";

interface Harness {
  ghost: FakeGhost;
  imageUrl: string;
  successes: PublicationSuccess[];
  failures: PublicationFailureRecord[];
  events: PublishStepEvent[];
  /** What the database holds for the pair (a test sets it after a publish, as recordSuccess would). */
  previous: { record: PublicationRecord | null };
  store: MemoryPublicationStore;
  publish(status?: "publish" | "draft"): Promise<Awaited<ReturnType<typeof publishArticleToSite>>>;
}

async function withGhost(
  options: {
    ghost?: FakeGhostOptions;
    article?: Partial<ArticleRecord>;
    adminApiKey?: string;
    checkInternalLinks?: CheckInternalLinks;
  },
  run: (harness: Harness) => Promise<void>,
) {
  const ghost = startFakeGhost(options.ghost);
  const images = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () =>
    new Response(PNG_BYTES, { headers: { "content-type": "image/png" } }));
  const imageUrl = `http://127.0.0.1:${images.addr.port}/storage/v1/object/public/images/a/featured.png`;
  const successes: PublicationSuccess[] = [];
  const failures: PublicationFailureRecord[] = [];
  const events: PublishStepEvent[] = [];
  const article: ArticleRecord = {
    id: ARTICLE,
    title: "Ten days in the Alps",
    content: '<h2>Day one</h2><p>Snow <script>alert(1)</script>everywhere.</p>',
    excerpt: "A walk from Chamonix to Zermatt",
    featured_image_url: imageUrl,
    meta_description: "Ten days on the Haute Route",
    focus_keyword: "haute route",
    slug: "ten-days-in-the-alps",
    categories: ["Travel"],
    tags: ["Hiking", "Alps", "hiking"],
    ...options.article,
  };
  const store = memoryPublicationStore({
    findArticle: (userId) => Promise.resolve(userId === ALICE ? article : null),
    findSite: (userId) =>
      Promise.resolve(
        userId === ALICE
          ? {
            kind: "ghost" as const,
            id: SITE,
            base_url: `${ghost.origin}/ghost/api/admin/`,
            admin_api_key: options.adminApiKey ?? FAKE_GHOST_ADMIN_API_KEY,
          }
          : null,
      ),
  });
  const previous = {
    get record() {
      return store.previous;
    },
    set record(record: PublicationRecord | null) {
      store.previous = record;
    },
  };
  const recordSuccess = store.recordSuccess;
  store.recordSuccess = (success) => {
    successes.push(success);
    return recordSuccess(success);
  };
  const recordFailure = store.recordFailure;
  store.recordFailure = (failure) => {
    failures.push(failure);
    return recordFailure(failure);
  };
  const publish: Harness["publish"] = (status = "publish") => {
    const request: PublishRequest = {
      userId: ALICE,
      articleId: ARTICLE,
      siteId: SITE,
      status,
      scheduled: false,
      onStep: (event) => events.push(event),
    };
    return publishArticleToSite(request, {
      store,
      fetch: guardedFetch,
      fetchOptions: { privateHostAllowlist: [ghost.hostPort] },
      imageFetchOptions: { privateHostAllowlist: [`127.0.0.1:${images.addr.port}`] },
      checkInternalLinks: options.checkInternalLinks,
    });
  };
  try {
    await run({ ghost, imageUrl, successes, failures, events, previous, store, publish });
  } finally {
    await ghost.close();
    await images.shutdown();
  }
}

Deno.test("ghost publish: HTML, title, excerpt, slug, tags by name, feature image with alt, meta fields, in 2 round trips", async () => {
  await withGhost({ ghost: { responseDelayMs: 20 } }, async ({ ghost, imageUrl, publish, successes, events }) => {
    const result = await publish("publish");
    assert.equal(ghost.posts.length, 1);
    const post = ghost.posts[0];
    assert.equal(post.title, "Ten days in the Alps");
    assert.equal(post.html, "<h2>Day one</h2><p>Snow everywhere.</p>", "sanitised on the way out");
    assert.equal(post.status, "published");
    assert.equal(post.custom_excerpt, "A walk from Chamonix to Zermatt");
    assert.equal(post.slug, "ten-days-in-the-alps");
    assert.deepEqual(post.tags.map((tag) => tag.name), ["Travel", "Hiking", "Alps", `#inkpress-${TEST_MARKER}`]);
    assert.deepEqual(post.tags.at(-1), {
      id: post.tags.at(-1)!.id,
      name: `#inkpress-${TEST_MARKER}`,
      slug: `hash-inkpress-${TEST_MARKER}`,
      visibility: "internal",
    });
    assert.equal(post.feature_image, ghost.images[0]);
    assert.equal(post.feature_image_alt, "Ten days in the Alps");
    assert.equal(post.meta_title, "Ten days in the Alps");
    assert.equal(post.meta_description, "Ten days on the Haute Route");
    assert.deepEqual(result, {
      link: `${ghost.origin}/ten-days-in-the-alps/`,
      remotePostId: post.id,
      status: "publish",
      updated: false,
      seo: "written",
      warnings: [],
    });
    assert.deepEqual(successes, [{
      userId: ALICE,
      articleId: ARTICLE,
      siteId: SITE,
      remotePostId: null,
      remotePostRef: post.id,
      link: `${ghost.origin}/ten-days-in-the-alps/`,
      status: "publish",
      featuredMediaId: null,
      featuredMediaSourceUrl: imageUrl,
      scheduled: false,
      claimToken: "claim-1",
    }]);
    assert.deepEqual(ghost.requests.map((request) => `${request.wave} ${request.method} ${request.path}${request.search}`), [
      "1 POST images/upload/",
      "2 POST posts/?source=html",
    ]);
    assert.deepEqual(
      events.filter((event) => event.state === "skipped").map((event) => [event.name, event.reason]),
      [["terms", "tags_with_post"], ["body_images", "no_body_images"], ["seo", "seo_with_post"]],
    );
  });
});

Deno.test("ghost publish: internal links are not checked (Ghost sites have no content index in this version)", async () => {
  const checked: string[] = [];
  const checkInternalLinks: CheckInternalLinks = (_userId, siteId) => {
    checked.push(siteId);
    return Promise.resolve(["a warning no Ghost publish may carry"]);
  };
  await withGhost({
    checkInternalLinks,
    article: { content: '<p>See <a href="/an-older-post/">an older post</a>.</p>', featured_image_url: null },
  }, async ({ ghost, publish }) => {
    const result = await publish("publish");
    assert.equal(ghost.posts.length, 1);
    assert.deepEqual(result.warnings, []);
    assert.deepEqual(checked, [], "the check is never asked for a Ghost site");
  });
});

Deno.test("ghost re-publish: the same post updated with its current updated_at, the image reused, still 2 round trips", async () => {
  await withGhost({ ghost: { responseDelayMs: 20 } }, async ({ ghost, publish }) => {
    const first = await publish("publish");
    ghost.resetLog();
    const second = await publish("draft");
    assert.equal(second.updated, true);
    assert.equal(second.remotePostId, first.remotePostId);
    assert.equal(ghost.posts.length, 1, "never a duplicate");
    assert.equal(ghost.posts[0].status, "draft");
    assert.equal(ghost.images.length, 1, "the unchanged image is not uploaded again");
    assert.deepEqual(ghost.requests.map((request) => `${request.wave} ${request.method} ${request.path}`), [
      `1 GET posts/${first.remotePostId}/`,
      `2 PUT posts/${first.remotePostId}/`,
    ]);
  });
});

Deno.test("ghost re-publish: one stale edit (409) is tried again with the post's updated_at read again: one post, updated", async () => {
  let touch: (() => void) | undefined;
  const options: FakeGhostOptions = {
    intercept: (request) => {
      if (request.method === "PUT") {
        touch?.();
        touch = undefined;
      }
      return undefined;
    },
  };
  await withGhost({ ghost: options }, async ({ ghost, publish, failures }) => {
    const first = await publish("publish");
    touch = () => ghost.touchPost(String(first.remotePostId));
    const second = await publish("publish");
    assert.equal(second.updated, true);
    assert.equal(second.remotePostId, first.remotePostId);
    assert.equal(ghost.posts.length, 1);
    assert.equal(failures.length, 0);
    assert.equal(ghost.requests.filter((request) => request.method === "PUT").length, 2, "the refused edit, then the one that went through");
  });
});

Deno.test("ghost re-publish: a post changed in Ghost meanwhile, and again (409 twice), is a clear failure, never a second post", async () => {
  let touch: (() => void) | undefined;
  const options: FakeGhostOptions = {
    intercept: (request) => {
      if (request.method === "PUT") touch?.();
      return undefined;
    },
  };
  await withGhost({ ghost: options }, async ({ ghost, publish, failures }) => {
    const first = await publish("publish");
    touch = () => ghost.touchPost(String(first.remotePostId));
    const failure = await publish("publish").then(() => null, (error) => error);
    assert.ok(failure instanceof PublishFailure);
    assert.equal(failure.status, 502);
    assert.equal(failure.message, PUBLISH_MESSAGES.publishPostFailed);
    assert.equal(failure.details.detail, GHOST_MESSAGES.updateCollision);
    assert.equal(failure.details.remotePostId, first.remotePostId);
    assert.equal(ghost.posts.length, 1);
    assert.equal(failures.length, 1);
    assert.equal(failures[0].remotePostRef, first.remotePostId, "the post is kept for the next attempt");
  });
});

Deno.test("ghost re-publish: a post deleted in Ghost is published anew", async () => {
  await withGhost({}, async ({ ghost, publish }) => {
    const first = await publish("publish");
    ghost.posts.splice(0, 1);
    const second = await publish("publish");
    assert.equal(second.updated, false);
    assert.notEqual(second.remotePostId, first.remotePostId);
    assert.equal(ghost.posts.length, 1);
    assert.equal(ghost.images.length, 2, "the image is uploaded again: the old post's is unknown");
  });
});

Deno.test("ghost publish: after an interrupted create, the post carrying the marker tag is adopted", async () => {
  await withGhost({}, async ({ ghost, publish, store }) => {
    // A publish that died after Ghost saved its post: the post is there, we hold no id for it.
    const orphan = (await publish("draft")).remotePostId;
    store.previous = null;
    store.earlierCreateMayExist = true;
    ghost.resetLog();
    const result = await publish("publish");
    assert.equal(result.remotePostId, orphan);
    assert.equal(result.updated, true);
    assert.equal(ghost.posts.length, 1, "no second post");
    assert.equal(ghost.posts[0].status, "published");
    const lookup = ghost.requests.find((request) => request.method === "GET" && request.path === "posts/");
    assert.equal(
      new URL(`http://x/${lookup?.search}`).searchParams.get("filter"),
      `tag:'hash-inkpress-${TEST_MARKER}'`,
    );
    assert.equal(ghost.requests.filter((request) => request.method === "POST" && request.path === "posts/").length, 0);
  });
});

Deno.test("ghost publish: an interrupted create that never reached Ghost is created after the lookup", async () => {
  await withGhost({}, async ({ ghost, publish, store }) => {
    store.earlierCreateMayExist = true;
    const result = await publish("publish");
    assert.equal(result.updated, false);
    assert.equal(ghost.posts.length, 1);
    assert.deepEqual(ghost.requests.map((request) => `${request.method} ${request.path}`).filter((r) => r.endsWith("posts/")), [
      "GET posts/",
      "POST posts/",
    ]);
  });
});

Deno.test("ghost publish: an image upload failure stops before any post is created", async () => {
  const options: FakeGhostOptions = {
    intercept: (_request, path) =>
      path === "images/upload/" ? ghostError(415, "UnsupportedMediaTypeError", "Please select a valid image.") : undefined,
  };
  await withGhost({ ghost: options }, async ({ ghost, publish, failures, events }) => {
    const failure = await publish().then(() => null, (error) => error);
    assert.ok(failure instanceof PublishFailure);
    assert.equal(failure.message, PUBLISH_MESSAGES.uploadFeaturedImageFailed);
    assert.equal(failure.details.step, "featured_image");
    assert.equal(failure.details.detail, "Ghost answered 415: Please select a valid image.");
    assert.equal(ghost.posts.length, 0);
    assert.equal(failures.length, 1);
    assert.ok(events.some((event) => event.name === "featured_image" && event.state === "failed"));
  });
});

Deno.test("ghost publish: a refused key is the general message; HTML instead of JSON says so", async () => {
  await withGhost({ adminApiKey: `${FAKE_GHOST_KEY_ID}:${"ab".repeat(32)}`, article: { featured_image_url: null } }, async ({ publish }) => {
    const failure = await publish().then(() => null, (error) => error);
    assert.ok(failure instanceof PublishFailure);
    assert.equal(failure.message, GHOST_MESSAGES.publishFailed);
    assert.equal(failure.details.detail, GHOST_MESSAGES.authenticationFailed);
  });
  const loginWall: FakeGhostOptions = {
    intercept: (_request, path) =>
      path === "posts/" ? new Response("<html><body>Sign in</body></html>", { headers: { "content-type": "text/html" } }) : undefined,
  };
  await withGhost({ ghost: loginWall, article: { featured_image_url: null } }, async ({ publish }) => {
    const failure = await publish().then(() => null, (error) => error);
    assert.ok(failure instanceof PublishFailure);
    assert.equal(failure.details.detail, "The address answered with a web page, not the Ghost Admin API");
  });
});

Deno.test("ghost publish: Ghost's length limits are kept, with a warning", async () => {
  await withGhost({ article: { excerpt: "x".repeat(400), featured_image_url: null } }, async ({ ghost, publish }) => {
    const result = await publish("draft");
    assert.equal(ghost.posts[0].custom_excerpt?.length, 300);
    assert.deepEqual(result.warnings, ["The excerpt was shortened to 300 characters, Ghost's limit"]);
    assert.equal(ghost.posts[0].feature_image, null);
  });
});
