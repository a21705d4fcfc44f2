/**
 * Images in the body moved to the site on publish (body_images.ts), for
 * WordPress and Ghost against their fakes, with a stand-in for our Storage
 * that counts downloads: upload and rewrite, one upload per distinct image,
 * reuse on update, external images untouched, and files that are too big or
 * not images refused at the body_images step before any post is sent.
 */
import assert from "node:assert/strict";
import { guardedFetch } from "../net/ssrf.ts";
import { MAX_IMAGE_BYTES } from "../images/image_format.ts";
import type { PublishStepEvent } from "../contracts/publish_events.ts";
import { FAKE_APPLICATION_PASSWORD, FAKE_USERNAME, PNG_BYTES, startFakeWordPress } from "../../_testing/fakes/wordpress_server.ts";
import { FAKE_GHOST_ADMIN_API_KEY, startFakeGhost } from "../../_testing/fakes/ghost_server.ts";
import { memoryPublicationStore, TEST_MARKER } from "../../_testing/memory_publication_store.ts";
import { PUBLISH_MESSAGES } from "../contracts/publishing.ts";
import { PublishFailure, publishArticleToSite } from "./publication.ts";
import { rewriteImageSources, storedBodyImages, storedImagePrefix } from "./body_images.ts";
import { PublishStepError, remoteCreateGuard } from "./steps.ts";
import { sanitizeArticleHtml } from "../html/sanitize_article_html.ts";
import { createWordPressClient } from "./wordpress/rest.ts";
import { publishPost } from "./wordpress/publish_post.ts";
import { markerToken } from "./wordpress/post_marker.ts";
import { createGhostClient } from "./ghost/admin_api.ts";
import { publishGhostPost } from "./ghost/publish_post.ts";

/** Our Storage: PNGs, one file over the size limit, one HTML page; every download counted by path. */
function startStorage() {
  const downloads: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const path = new URL(request.url).pathname;
    downloads.push(path);
    if (path.endsWith("/too-big.png")) {
      const bytes = new Uint8Array(MAX_IMAGE_BYTES + 1);
      bytes.set(PNG_BYTES);
      return new Response(bytes, { headers: { "content-type": "image/png" } });
    }
    if (path.endsWith("/page.png")) return new Response("<!doctype html><p>Not found</p>", { headers: { "content-type": "image/png" } });
    return new Response(PNG_BYTES, { headers: { "content-type": "image/png" } });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    origin,
    hostPort: `127.0.0.1:${server.addr.port}`,
    prefix: storedImagePrefix(origin),
    url: (name: string) => `${storedImagePrefix(origin)}user-1/2026/12/${name}`,
    downloads,
    close: () => server.shutdown(),
  };
}
type Storage = ReturnType<typeof startStorage>;

const EXTERNAL = "https://images.example.com/photo.jpg?w=800&h=600";

/** Two stored images (the first twice, once with a query-free duplicate), one external. */
function bodyWith(storage: Storage, names = ["mountain.png", "lake.png"]): string {
  return sanitizeArticleHtml([
    "<h2>Day one</h2>",
    `<p><img src="${storage.url(names[0])}" alt="The “Aiguille” at dawn"></p>`,
    `<p><img src="${EXTERNAL}" alt="Elsewhere"></p>`,
    ...names.slice(1).map((name, index) => `<p><img src="${storage.url(name)}" alt="Image ${index + 2}" width="800"></p>`),
    `<p><img src="${storage.url(names[0])}" alt=""></p>`,
  ].join(""));
}

const srcs = (html: string) => [...html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].map((match) => match[1]);
const stepLines = (events: PublishStepEvent[]) =>
  events.filter((event) => event.name === "body_images").map((event) =>
    [event.state, event.reason ?? event.detail].filter(Boolean).join(" ")
  );

Deno.test("body images: only stored images, distinct, with their alt text; rewriting keeps every other attribute", async () => {
  const storage = startStorage();
  try {
    const html = bodyWith(storage);
    const images = await storedBodyImages(html, storage.prefix);
    assert.deepEqual(images.map(({ source, alt }) => ({ source, alt })), [
      { source: storage.url("mountain.png"), alt: "The “Aiguille” at dawn" },
      { source: storage.url("lake.png"), alt: "Image 2" },
    ]);
    assert.match(images[0].token, /^inkpress-[0-9a-f]{12}$/);
    assert.notEqual(images[0].token, images[1].token);
    assert.deepEqual(await storedBodyImages(html, "https://other.example/storage/v1/object/public/images/"), []);

    const rewritten = rewriteImageSources(html, new Map([[storage.url("lake.png"), "https://site.example/a.png?x=1&y=2"]]));
    assert.ok(rewritten.includes('<img src="https://site.example/a.png?x=1&amp;y=2" alt="Image 2" width="800" />'), rewritten);
    assert.ok(rewritten.includes(`src="${EXTERNAL.replace("&", "&amp;")}"`), "the external image is untouched");
    assert.equal(sanitizeArticleHtml(rewritten), rewritten, "still the sanitiser's own form");
  } finally {
    await storage.close();
  }
});

async function withWordPress(
  run: (context: {
    storage: Storage;
    wp: ReturnType<typeof startFakeWordPress>;
    publish: (content: string, previousPostId?: number) => Promise<{ postId: number; events: PublishStepEvent[] }>;
  }) => Promise<void>,
) {
  const storage = startStorage();
  const wp = startFakeWordPress({});
  const publish = async (content: string, previousPostId?: number) => {
    const events: PublishStepEvent[] = [];
    const client = createWordPressClient(
      wp.restRoot,
      { username: FAKE_USERNAME, applicationPassword: FAKE_APPLICATION_PASSWORD },
      guardedFetch,
      { privateHostAllowlist: [wp.hostPort] },
    );
    const published = await publishPost({
      client,
      seoPlugin: null,
      status: "publish",
      previous: previousPostId ? { remotePostId: previousPostId, featuredMediaId: null, featuredMediaSourceUrl: null } : null,
      guard: remoteCreateGuard(TEST_MARKER, false, () => Promise.resolve()),
      article: {
        title: "Ten days in the Alps",
        content,
        excerpt: "",
        slug: "ten-days-in-the-alps",
        categories: [],
        tags: [],
        featuredImageUrl: null,
        metaDescription: null,
        focusKeyword: null,
      },
    }, {
      fetch: guardedFetch,
      imageFetchOptions: { privateHostAllowlist: [storage.hostPort] },
      storedImagePrefix: storage.prefix,
      onStep: (event) => events.push(event),
    }).catch((error) => {
      throw Object.assign(error, { events });
    });
    return { postId: published.remotePostId, events };
  };
  try {
    await run({ storage, wp, publish });
  } finally {
    await wp.close();
    await storage.close();
  }
}

Deno.test("wordpress: each stored image uploaded once to the media library, its src rewritten, external ones untouched", async () => {
  await withWordPress(async ({ storage, wp, publish }) => {
    const { postId, events } = await publish(bodyWith(storage));
    assert.deepEqual(stepLines(events), ["started", "done"]);
    assert.equal(wp.media.length, 2);
    assert.deepEqual(storage.downloads.toSorted(), [
      new URL(storage.url("lake.png")).pathname,
      new URL(storage.url("mountain.png")).pathname,
    ]);
    const [mountain, lake] = await storedBodyImages(bodyWith(storage), storage.prefix);
    const byName = (token: string) => wp.media.find((item) => item.filename.includes(token));
    assert.equal(byName(mountain.token)?.filename, `ten-days-in-the-alps-${mountain.token}.png`);
    assert.equal(byName(mountain.token)?.altText, "The “Aiguille” at dawn");
    assert.equal(byName(lake.token)?.altText, "Image 2");

    const content = wp.posts.get(postId)!.content;
    assert.ok(!content.includes(storage.origin), "no URL of our storage is left");
    const sources = srcs(content);
    assert.deepEqual(sources, [
      `${wp.origin}/wp-content/uploads/2026/11/ten-days-in-the-alps-${mountain.token}.png`,
      EXTERNAL.replace("&", "&amp;"),
      `${wp.origin}/wp-content/uploads/2026/11/ten-days-in-the-alps-${lake.token}.png`,
      `${wp.origin}/wp-content/uploads/2026/11/ten-days-in-the-alps-${mountain.token}.png`,
    ]);
    assert.ok(content.includes('alt="The “Aiguille” at dawn"'));
    assert.ok(content.endsWith(`<!-- ${markerToken(TEST_MARKER)} -->`), "the marker still ends the content");
  });
});

Deno.test("wordpress: an update reuses the images the post already shows and uploads only new ones", async () => {
  await withWordPress(async ({ storage, wp, publish }) => {
    const first = await publish(bodyWith(storage));
    storage.downloads.length = 0;

    const again = await publish(bodyWith(storage), first.postId);
    assert.deepEqual(stepLines(again.events), ["skipped body_images_on_site"]);
    assert.equal(wp.media.length, 2, "nothing uploaded again");
    assert.deepEqual(storage.downloads, []);
    assert.equal(wp.posts.size, 1);
    assert.ok(!wp.posts.get(first.postId)!.content.includes(storage.origin));

    const third = await publish(bodyWith(storage, ["mountain.png", "lake.png", "glacier.png"]), first.postId);
    assert.deepEqual(stepLines(third.events), ["started", "done"]);
    assert.equal(wp.media.length, 3);
    assert.deepEqual(storage.downloads, [new URL(storage.url("glacier.png")).pathname]);
    assert.ok(!wp.posts.get(first.postId)!.content.includes(storage.origin));
  });
});

async function refusedAtBodyImages(promise: Promise<unknown>, pattern: RegExp): Promise<PublishStepEvent[]> {
  let events: PublishStepEvent[] = [];
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof PublishStepError, String(error));
    assert.equal(error.step, "body_images");
    assert.match(error.message, pattern);
    events = (error as unknown as { events: PublishStepEvent[] }).events;
    return true;
  });
  return events;
}

Deno.test("wordpress: a body image too big or not an image fails the step, and no post is sent", async () => {
  await withWordPress(async ({ storage, wp, publish }) => {
    const tooBig = await refusedAtBodyImages(
      publish(bodyWith(storage, ["mountain.png", "too-big.png"])),
      /^The image “too-big\.png” in the article is larger than 10 MB\. Replace or remove it in the editor, then publish again\.$/,
    );
    assert.deepEqual(stepLines(tooBig).at(-1), "failed The image “too-big.png” in the article is larger than 10 MB. Replace or remove it in the editor, then publish again.");
    assert.ok(!tooBig.some((event) => event.name === "post"), "the post step never started");
    await refusedAtBodyImages(
      publish(bodyWith(storage, ["page.png"])),
      /^The image “page\.png” in the article is not a PNG, JPEG, WebP or GIF file\. Replace or remove it/,
    );
    assert.equal(wp.posts.size, 0);
  });
});

Deno.test("wordpress: with only external images the step is skipped and nothing is uploaded", async () => {
  await withWordPress(async ({ wp, publish }) => {
    const { postId, events } = await publish(`<p><img src="${EXTERNAL.replace("&", "&amp;")}" alt="x" /></p>`);
    assert.deepEqual(stepLines(events), ["skipped no_body_images"]);
    assert.equal(wp.media.length, 0);
    assert.deepEqual(srcs(wp.posts.get(postId)!.content), [EXTERNAL.replace("&", "&amp;")]);
  });
});

async function withGhost(
  run: (context: {
    storage: Storage;
    ghost: ReturnType<typeof startFakeGhost>;
    publish: (html: string, previousRef?: string) => Promise<{ ref: string; events: PublishStepEvent[] }>;
  }) => Promise<void>,
) {
  const storage = startStorage();
  const ghost = startFakeGhost();
  const publish = async (html: string, previousRef?: string) => {
    const events: PublishStepEvent[] = [];
    const published = await publishGhostPost({
      client: createGhostClient(`${ghost.origin}/ghost/api/admin/`, FAKE_GHOST_ADMIN_API_KEY, guardedFetch, {
        privateHostAllowlist: [ghost.hostPort],
      }),
      status: "publish",
      previous: previousRef ? { remotePostRef: previousRef, featuredMediaSourceUrl: null } : null,
      guard: remoteCreateGuard(TEST_MARKER, false, () => Promise.resolve()),
      article: {
        title: "Ten days in the Alps",
        html,
        excerpt: "",
        slug: "ten-days-in-the-alps",
        categories: [],
        tags: [],
        featuredImageUrl: null,
        metaDescription: null,
      },
    }, {
      fetch: guardedFetch,
      imageFetchOptions: { privateHostAllowlist: [storage.hostPort] },
      storedImagePrefix: storage.prefix,
      onStep: (event) => events.push(event),
    }).catch((error) => {
      throw Object.assign(error, { events });
    });
    return { ref: published.remotePostRef, events };
  };
  try {
    await run({ storage, ghost, publish });
  } finally {
    await ghost.close();
    await storage.close();
  }
}

Deno.test("ghost: each stored image uploaded once, its src rewritten to Ghost's URL, external ones untouched", async () => {
  await withGhost(async ({ storage, ghost, publish }) => {
    const { ref, events } = await publish(bodyWith(storage));
    assert.deepEqual(stepLines(events), ["started", "done"]);
    const [mountain, lake] = await storedBodyImages(bodyWith(storage), storage.prefix);
    // Uploaded in parallel: in either order.
    const mountainUrl = `${ghost.origin}/content/images/2026/11/ten-days-in-the-alps-${mountain.token}.png`;
    const lakeUrl = `${ghost.origin}/content/images/2026/11/ten-days-in-the-alps-${lake.token}.png`;
    assert.deepEqual(ghost.images.toSorted(), [mountainUrl, lakeUrl].toSorted());
    assert.equal(storage.downloads.length, 2);
    const html = ghost.posts.find((post) => post.id === ref)!.html;
    assert.ok(!html.includes(storage.origin));
    assert.deepEqual(srcs(html), [mountainUrl, EXTERNAL.replace("&", "&amp;"), lakeUrl, mountainUrl]);
    assert.ok(html.includes('alt="The “Aiguille” at dawn"'));
  });
});

Deno.test("ghost: an update reuses the images the post already shows (found by the token Ghost keeps in the file name)", async () => {
  await withGhost(async ({ storage, ghost, publish }) => {
    const first = await publish(bodyWith(storage));
    storage.downloads.length = 0;
    const again = await publish(bodyWith(storage), first.ref);
    assert.deepEqual(stepLines(again.events), ["skipped body_images_on_site"]);
    assert.equal(ghost.images.length, 2);
    assert.deepEqual(storage.downloads, []);
    assert.equal(ghost.posts.length, 1);

    const third = await publish(bodyWith(storage, ["mountain.png", "lake.png", "glacier.png"]), first.ref);
    assert.deepEqual(stepLines(third.events), ["started", "done"]);
    assert.equal(ghost.images.length, 3);
    assert.ok(!ghost.posts[0].html.includes(storage.origin));
  });
});

Deno.test("ghost: a body image that is not an image or too big fails the step, and no post is sent", async () => {
  await withGhost(async ({ storage, ghost, publish }) => {
    await refusedAtBodyImages(publish(bodyWith(storage, ["page.png"])), /“page\.png” in the article is not a PNG/);
    await refusedAtBodyImages(publish(bodyWith(storage, ["too-big.png"])), /“too-big\.png” in the article is larger than 10 MB/);
    assert.equal(ghost.posts.length, 0);
  });
});

Deno.test("a publish whose body image cannot be moved fails with the step's message, is recorded, and sends no post", async () => {
  const storage = startStorage();
  const wp = startFakeWordPress({});
  const userId = "00000000-0000-4000-8000-00000000000a";
  const articleId = "a0000000-0000-4000-8000-000000000001";
  const siteId = "50000000-0000-4000-8000-000000000001";
  const store = memoryPublicationStore({
    findArticle: () =>
      Promise.resolve({
        id: articleId,
        title: "Ten days in the Alps",
        content: bodyWith(storage, ["mountain.png", "page.png"]),
        excerpt: "",
        featured_image_url: null,
        meta_description: null,
        focus_keyword: null,
        slug: "ten-days-in-the-alps",
        categories: [],
        tags: [],
      }),
    findSite: () =>
      Promise.resolve({
        kind: "wordpress" as const,
        id: siteId,
        base_url: wp.restRoot,
        username: FAKE_USERNAME,
        seo_plugin: null,
        application_password: FAKE_APPLICATION_PASSWORD,
      }),
  });
  try {
    await assert.rejects(
      publishArticleToSite({ userId, articleId, siteId, status: "publish", scheduled: false }, {
        store,
        fetch: guardedFetch,
        fetchOptions: { privateHostAllowlist: [wp.hostPort] },
        imageFetchOptions: { privateHostAllowlist: [storage.hostPort] },
        storedImagePrefix: storage.prefix,
      }),
      (error: unknown) => {
        assert.ok(error instanceof PublishFailure);
        assert.equal(error.status, 502);
        assert.equal(error.message, PUBLISH_MESSAGES.uploadBodyImagesFailed);
        assert.equal(error.details.step, "body_images");
        assert.match(String(error.details.detail), /“page\.png” in the article is not a PNG/);
        return true;
      },
    );
    assert.equal(wp.posts.size, 0);
    assert.deepEqual(store.failures.map((failure) => failure.error), [
      "The image “page.png” in the article is not a PNG, JPEG, WebP or GIF file. Replace or remove it in the editor, then publish again.",
    ]);
    assert.equal(store.announced.length, 0, "no create was announced");
  } finally {
    await wp.close();
    await storage.close();
  }
});
