import assert from "node:assert/strict";
import type { SeoPlugin } from "../../contracts/sites.ts";
import { guardedFetch, type GuardedFetchOptions } from "../../net/ssrf.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../../../_testing/fakes/wordpress_server.ts";
import type { PublishStepEvent } from "../../contracts/publish_events.ts";
import { type PreviousPublication, publishPost } from "./publish_post.ts";
import {
  type ArticleContent,
  PublishStepError,
  type PublishStepListener,
  type RemoteCreateGuard,
  remoteCreateGuard,
} from "../steps.ts";
import { TEST_MARKER } from "../../../_testing/memory_publication_store.ts";
import { createWordPressClient } from "./rest.ts";

const YOAST_META = ["_yoast_wpseo_metadesc", "_yoast_wpseo_focuskw"];

function article(wp: FakeWordPress, overrides: Partial<ArticleContent> = {}): ArticleContent {
  return {
    title: "Ten SEO tips",
    content: "<p>Write well.</p>",
    excerpt: "Tips for better rankings",
    slug: "ten-seo-tips",
    categories: ["News"],
    tags: ["tips"],
    featuredImageUrl: wp.imageUrl,
    metaDescription: "Ten tips to rank better",
    focusKeyword: "seo tips",
    ...overrides,
  };
}

interface PublishOptions {
  article?: Partial<ArticleContent>;
  status?: "draft" | "publish";
  seoPlugin?: SeoPlugin | null;
  previous?: PreviousPublication | null;
  fetchOptions?: GuardedFetchOptions;
  imageFetchOptions?: GuardedFetchOptions;
  applicationPassword?: string;
  onStep?: PublishStepListener;
  guard?: RemoteCreateGuard;
  storedImagePrefix?: string;
}

function publish(wp: FakeWordPress, options: PublishOptions = {}) {
  const allowlisted = { privateHostAllowlist: [wp.hostPort] };
  const client = createWordPressClient(
    wp.restRoot,
    { username: FAKE_USERNAME, applicationPassword: options.applicationPassword ?? FAKE_APPLICATION_PASSWORD },
    guardedFetch,
    { ...allowlisted, ...options.fetchOptions },
  );
  return publishPost(
    {
      client,
      seoPlugin: options.seoPlugin === undefined ? "yoast" : options.seoPlugin,
      article: article(wp, options.article),
      status: options.status ?? "publish",
      previous: options.previous ?? null,
      guard: options.guard ?? remoteCreateGuard(TEST_MARKER, false, () => Promise.resolve()),
    },
    {
      fetch: guardedFetch,
      imageFetchOptions: { ...allowlisted, ...options.imageFetchOptions },
      onStep: options.onStep,
      storedImagePrefix: options.storedImagePrefix,
    },
  );
}

async function withSite(options: FakeWordPressOptions, run: (wp: FakeWordPress) => Promise<void>) {
  const wp = startFakeWordPress({ registeredMeta: YOAST_META, ...options });
  try {
    await run(wp);
  } finally {
    await wp.close();
  }
}

async function failsAt(
  promise: Promise<unknown>,
  step: PublishStepError["step"],
  pattern?: RegExp,
): Promise<PublishStepError> {
  let caught: PublishStepError | undefined;
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof PublishStepError, `expected PublishStepError, got ${error}`);
    assert.equal(error.step, step, error.message);
    if (pattern) assert.match(error.message, pattern);
    caught = error;
    return true;
  });
  return caught as PublishStepError;
}

Deno.test("a new post: terms reused or created, image uploaded with alt text, Yoast fields written", async () => {
  await withSite({}, async (wp) => {
    const seoId = wp.addTerm("categories", "SEO");
    const tipsId = wp.addTerm("tags", "Tips & Tricks");
    const result = await publish(wp, {
      article: { categories: ["seo", "News", "NEWS"], tags: ["tips & tricks", "beginners"] },
    });

    assert.equal(result.updated, false);
    assert.equal(result.status, "publish");
    assert.equal(result.seo, "written");
    assert.equal(result.seoMessage, undefined);
    assert.deepEqual(result.warnings, []);
    const post = wp.posts.get(result.remotePostId);
    assert.ok(post);
    assert.equal(result.link, `${wp.origin}/ten-seo-tips/`);
    assert.equal(post.status, "publish");
    assert.equal(post.title, "Ten SEO tips");
    assert.equal(post.excerpt, "Tips for better rankings");

    const newsId = wp.terms.categories.find((term) => term.name === "News")?.id;
    assert.deepEqual(post.categories.toSorted(), [seoId, newsId].toSorted());
    assert.equal(wp.terms.categories.length, 2, "SEO reused, News created once");
    const beginnersId = wp.terms.tags.find((term) => term.name === "beginners")?.id;
    assert.deepEqual(post.tags.toSorted(), [tipsId, beginnersId].toSorted());

    assert.equal(wp.media.length, 1);
    assert.deepEqual(
      { id: wp.media[0].id, filename: wp.media[0].filename, mime: wp.media[0].mimeType, alt: wp.media[0].altText },
      { id: post.featured_media, filename: "ten-seo-tips.png", mime: "image/png", alt: "Ten SEO tips" },
    );
    assert.equal(result.featuredMediaId, post.featured_media);
    assert.equal(result.featuredMediaSourceUrl, wp.imageUrl);
    assert.deepEqual(
      { description: post.meta._yoast_wpseo_metadesc, keyword: post.meta._yoast_wpseo_focuskw },
      { description: "Ten tips to rank better", keyword: "seo tips" },
    );
    assert.ok(wp.requests.filter((r) => r.route.startsWith("/wp/v2/")).every((r) => r.authenticated));
  });
});

Deno.test("a new site's first uploads, sent together, race for the month's folder: the one that lost it is sent again", () =>
  withSite({ newUploadsFolder: true }, async (wp) => {
    const stored = `${new URL(wp.imageUrl).origin}/images/`;
    const result = await publish(wp, {
      storedImagePrefix: stored,
      article: { content: `<p>Intro</p><img src="${wp.imageUrl}" alt="A"><p>More</p><img src="${wp.imageUrl}?v=2" alt="B">` },
    });
    assert.equal(wp.media.length, 3, "the featured image and both images of the body are in the media library");
    const uploads = wp.requests.filter((request) => request.method === "POST" && request.route === "/wp/v2/media");
    assert.ok(uploads.length > 3, `an upload that lost the race was sent again (${uploads.length} sent)`);
    const post = wp.posts.get(result.remotePostId)!;
    assert.ok(!post.content.includes(stored), "the post points at none of the stored images");
  }));

Deno.test("sequential round trips: terms ∥ image, then the post, then the SEO fields", async () => {
  await withSite({ responseDelayMs: 40 }, async (wp) => {
    await publish(wp, { article: { categories: ["News", "SEO"], tags: ["a", "b", "c"] } });
    const waves = (
      route: string,
      method = "POST",
    ) => [...new Set(wp.requests.filter((r) => r.route === route && r.method === method).map((r) => r.wave))];
    assert.deepEqual(waves("/images/featured.png", "GET"), [1], "image download with the terms");
    assert.deepEqual(waves("/wp/v2/categories"), [1]);
    assert.deepEqual(waves("/wp/v2/tags"), [1]);
    assert.deepEqual(waves("/wp/v2/media"), [2]);
    const postWaves = wp.requests.filter((r) => r.route.startsWith("/wp/v2/posts")).map((r) => r.wave);
    assert.deepEqual(postWaves, [3, 4], "create (read back in its answer), then Yoast meta");
    // Three WordPress round trips (terms ∥ media upload, post, SEO) after the Storage download.
    assert.equal(wp.maxWave(), 4);
  });

  await withSite({ responseDelayMs: 40, extraNamespaces: ["rankmath/v1"] }, async (wp) => {
    await publish(wp, { seoPlugin: "rank_math", article: { featuredImageUrl: null } });
    assert.equal(wp.maxWave(), 3, "terms, post, Rank Math updateMeta");
  });

  await withSite({ responseDelayMs: 40 }, async (wp) => {
    await publish(wp, { article: { featuredImageUrl: null, metaDescription: null, focusKeyword: "" } });
    assert.equal(wp.maxWave(), 2, "terms, post");
  });
});

Deno.test("an existing publication updates its post and reuses its image", async () => {
  await withSite({}, async (wp) => {
    const first = await publish(wp, { status: "draft" });
    assert.equal(first.status, "draft");
    assert.match(first.link, /\?p=\d+$/);
    wp.resetLog();

    const second = await publish(wp, {
      article: { title: "Ten SEO tips (updated)" },
      previous: {
        remotePostId: first.remotePostId,
        featuredMediaId: first.featuredMediaId,
        featuredMediaSourceUrl: first.featuredMediaSourceUrl,
      },
    });
    assert.equal(second.updated, true);
    assert.equal(second.remotePostId, first.remotePostId);
    assert.equal(wp.posts.size, 1);
    assert.equal(wp.media.length, 1, "the same image is not uploaded twice");
    assert.equal(wp.posts.get(first.remotePostId)?.title, "Ten SEO tips (updated)");
    assert.equal(wp.posts.get(first.remotePostId)?.status, "publish");
    assert.ok(wp.requests.some((r) => r.method === "POST" && r.route === `/wp/v2/posts/${first.remotePostId}`));
    assert.ok(!wp.requests.some((r) => r.route === "/images/featured.png"));
  });
});

Deno.test("a remote post deleted since, or its image deleted: a new post, a new upload", async () => {
  await withSite({}, async (wp) => {
    const result = await publish(wp, {
      previous: { remotePostId: 9_999, featuredMediaId: null, featuredMediaSourceUrl: null },
    });
    assert.equal(result.updated, false);
    assert.ok(wp.posts.has(result.remotePostId));

    const again = await publish(wp, {
      previous: { remotePostId: result.remotePostId, featuredMediaId: 8_888, featuredMediaSourceUrl: wp.imageUrl },
    });
    assert.equal(again.updated, true);
    assert.equal(wp.media.length, 2);
    assert.equal(again.featuredMediaId, wp.media[1].id);
    assert.equal(wp.posts.get(result.remotePostId)?.featured_media, wp.media[1].id);
  });
});

Deno.test("post created but its meta refused: published, SEO reported as not supported", async () => {
  await withSite({ registeredMeta: [], protectedMeta: YOAST_META }, async (wp) => {
    const result = await publish(wp);
    assert.equal(wp.posts.get(result.remotePostId)?.status, "publish");
    assert.equal(result.seo, "not_supported");
    assert.match(
      result.seoMessage ?? "",
      /^Yoast SEO did not save the meta description and focus keyword \(WordPress answered 403: Sorry, you are not allowed to edit the _yoast_wpseo_metadesc custom field\.\)/,
    );
  });
});

Deno.test("Yoast fields the site does not expose: not supported, or partial", async () => {
  await withSite({ registeredMeta: [] }, async (wp) => {
    const result = await publish(wp);
    assert.equal(result.seo, "not_supported");
    assert.match(result.seoMessage ?? "", /does not accept them through the REST API/);
  });
  await withSite({ registeredMeta: ["_yoast_wpseo_metadesc"] }, async (wp) => {
    const result = await publish(wp);
    assert.equal(result.seo, "partial");
    assert.match(result.seoMessage ?? "", /did not save the focus keyword/);
  });
});

Deno.test("Rank Math fields go through its updateMeta route", async () => {
  await withSite({ extraNamespaces: ["rankmath/v1"] }, async (wp) => {
    const result = await publish(wp, { seoPlugin: "rank_math" });
    assert.equal(result.seo, "written");
    assert.deepEqual(wp.rankMathMeta.get(result.remotePostId), {
      rank_math_description: "Ten tips to rank better",
      rank_math_focus_keyword: "seo tips",
    });
  });
  await withSite({}, async (wp) => {
    const result = await publish(wp, { seoPlugin: "rank_math" });
    assert.equal(result.seo, "not_supported");
    assert.match(result.seoMessage ?? "", /^Rank Math did not save/);
  });
});

Deno.test("no SEO plugin, or no SEO fields", async () => {
  await withSite({}, async (wp) => {
    const result = await publish(wp, { seoPlugin: null });
    assert.equal(result.seo, "not_supported");
    assert.match(result.seoMessage ?? "", /No SEO plugin/);
    const empty = await publish(wp, { article: { metaDescription: " ", focusKeyword: null } });
    assert.equal(empty.seo, "none");
  });
});

Deno.test("an account that may not create terms uses existing ones, and says which is missing", async () => {
  await withSite({ capabilities: { manage_categories: false } }, async (wp) => {
    const newsId = wp.addTerm("categories", "News");
    const tipsId = wp.addTerm("tags", "Tips");
    const result = await publish(wp, { article: { categories: ["news"], tags: ["TIPS"] } });
    assert.deepEqual(wp.posts.get(result.remotePostId)?.categories, [newsId]);
    assert.deepEqual(wp.posts.get(result.remotePostId)?.tags, [tipsId]);
    await failsAt(
      publish(wp, { article: { categories: ["Brand new"] } }),
      "terms",
      /category "Brand new" does not exist/,
    );
  });
});

Deno.test("wrong credentials stop the publish with the authentication message", async () => {
  await withSite({}, async (wp) => {
    await failsAt(
      publish(wp, { applicationPassword: "revoked", article: { featuredImageUrl: null } }),
      "terms",
      /^Authentication failed\. Please check your username and application password\.$/,
    );
    assert.equal(wp.posts.size, 0);
  });
});

Deno.test("a write answered with a redirect is not followed", async () => {
  await withSite({
    intercept: (request, route) =>
      request.method === "POST" && route === "/wp/v2/posts"
        ? new Response(null, { status: 301, headers: { location: "https://www.example.com/wp-json/wp/v2/posts" } })
        : undefined,
  }, async (wp) => {
    const error = await failsAt(publish(wp), "post", /redirect/);
    assert.ok(error.remote.featuredMediaId, "the uploaded image is reported for the retry");
    assert.equal(wp.posts.size, 0);
  });
});

Deno.test("WordPress storing another status is a failure that keeps the remote post id", async () => {
  await withSite({ forcedPostStatus: "pending" }, async (wp) => {
    const error = await failsAt(publish(wp), "post", /saved the post as "pending" instead of "publish"/);
    assert.ok(error.remote.remotePostId && wp.posts.has(error.remote.remotePostId));
  });
});

Deno.test("a title filtered by WordPress is published with a warning", async () => {
  await withSite({}, async (wp) => {
    const result = await publish(wp, { article: { title: "Tips<script>alert(1)</script> for you" } });
    assert.deepEqual(result.warnings, ['WordPress changed the title to "Tips for you"']);
  });
});

Deno.test("featured image problems stop at the image step", async () => {
  await withSite({}, async (wp) => {
    await failsAt(
      publish(wp, { article: { featuredImageUrl: `${wp.origin}/images-missing.png` } }),
      "featured_image",
      /HTTP 404/,
    );
    await failsAt(
      publish(wp, { article: { featuredImageUrl: `${wp.origin}/` } }),
      "featured_image",
      /not a PNG, JPEG, WebP or GIF/,
    );
    await failsAt(
      publish(wp, { imageFetchOptions: { privateHostAllowlist: [] } }),
      "featured_image",
      /private network/,
    );
    await failsAt(
      publish(wp, { article: { featuredImageUrl: "http://169.254.169.254/latest/meta-data/" } }),
      "featured_image",
    );
    assert.equal(wp.posts.size, 0);
  });
  await withSite({ capabilities: { upload_files: false } }, async (wp) => {
    await failsAt(publish(wp), "featured_image", /not allowed to upload media/);
  });
});

Deno.test("a site that stops answering fails the step it was on", async () => {
  await withSite({
    intercept: async (request, route) => {
      if (request.method === "POST" && route === "/wp/v2/posts") {
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      return undefined;
    },
  }, async (wp) => {
    await failsAt(publish(wp, { fetchOptions: { timeoutMs: 150 } }), "post", /did not respond in time/);
  });
});

// ---------------------------------------------------------------- steps as they happen

/** The step events of one publish, as "name state[ action|reason]" lines. */
function recordSteps() {
  const events: PublishStepEvent[] = [];
  return {
    onStep: (event: PublishStepEvent) => events.push(event),
    events,
    lines: () => events.map((e) => [e.name, e.state, e.action ?? e.reason].filter(Boolean).join(" ")),
    of: (name: string) =>
      events.filter((e) => e.name === name).map((e) => [e.state, e.action ?? e.reason].filter(Boolean).join(" ")),
  };
}

Deno.test("steps: a new post reports terms and image (in parallel), then the post created, then SEO", async () => {
  await withSite({}, async (wp) => {
    const steps = recordSteps();
    await publish(wp, { onStep: steps.onStep });
    assert.deepEqual(steps.of("terms"), ["started", "done"]);
    assert.deepEqual(steps.of("featured_image"), ["started", "done"]);
    assert.deepEqual(steps.lines().slice(-4), ["post started create", "post done", "seo started", "seo done"]);
    assert.ok(
      steps.lines().indexOf("post started create") > steps.lines().indexOf("featured_image done"),
      "the post starts after the image is uploaded",
    );
  });
});

Deno.test("steps: what does not apply is skipped, with the reason", async () => {
  await withSite({}, async (wp) => {
    const steps = recordSteps();
    await publish(wp, {
      article: { featuredImageUrl: null, categories: [" "], tags: [], metaDescription: null, focusKeyword: "" },
      onStep: steps.onStep,
    });
    assert.deepEqual(steps.lines(), [
      "terms skipped no_terms",
      "body_images skipped no_body_images",
      "featured_image skipped no_featured_image",
      "post started create",
      "post done",
      "seo skipped no_seo_fields",
    ]);
  });
  await withSite({}, async (wp) => {
    const steps = recordSteps();
    const result = await publish(wp, { seoPlugin: null, onStep: steps.onStep });
    assert.equal(result.seo, "not_supported");
    assert.deepEqual(steps.of("seo"), ["skipped no_seo_plugin"]);
  });
});

Deno.test("steps: a re-publish updates the post and reuses the image on the site", async () => {
  await withSite({}, async (wp) => {
    const first = await publish(wp);
    const steps = recordSteps();
    const second = await publish(wp, {
      previous: {
        remotePostId: first.remotePostId,
        featuredMediaId: first.featuredMediaId,
        featuredMediaSourceUrl: first.featuredMediaSourceUrl,
      },
      onStep: steps.onStep,
    });
    assert.equal(second.updated, true);
    assert.deepEqual(steps.of("featured_image"), ["skipped featured_image_on_site"]);
    assert.deepEqual(steps.of("post"), ["started update", "done"]);
  });
});

Deno.test("steps: an update of a post deleted on the site becomes a create; a deleted image is uploaded again", async () => {
  await withSite({}, async (wp) => {
    const steps = recordSteps();
    await publish(wp, {
      previous: { remotePostId: 9_999, featuredMediaId: 8_888, featuredMediaSourceUrl: wp.imageUrl },
      onStep: steps.onStep,
    });
    assert.deepEqual(steps.of("featured_image"), ["skipped featured_image_on_site", "started", "done"]);
    // WordPress saves a created post BEFORE it refuses the deleted image
    // (WP_REST_Posts_Controller::create_item() runs handle_featured_media()
    // after wp_insert_post()): the second save finds that post by its marker
    // and updates it, instead of creating a second one.
    assert.deepEqual(steps.of("post"), ["started update", "started create", "started update", "done"]);
    assert.equal(wp.posts.size, 1);
  });
});

Deno.test("steps: a failure ends its step with the reason; later steps never start", async () => {
  await withSite({ capabilities: { upload_files: false } }, async (wp) => {
    const steps = recordSteps();
    await failsAt(publish(wp, { onStep: steps.onStep }), "featured_image");
    assert.deepEqual(steps.of("terms"), ["started", "done"]);
    const [started, failed] = steps.events.filter((e) => e.name === "featured_image");
    assert.equal(started.state, "started");
    assert.equal(failed.state, "failed");
    assert.match(failed.detail ?? "", /not allowed to upload media/);
    assert.deepEqual(steps.of("post"), []);
    assert.deepEqual(steps.of("seo"), []);
  });
  await withSite({ forcedPostStatus: "pending" }, async (wp) => {
    const steps = recordSteps();
    const error = await failsAt(publish(wp, { onStep: steps.onStep }), "post");
    assert.deepEqual(steps.of("post"), ["started create", "failed"]);
    assert.match(steps.events.at(-1)?.detail ?? "", /saved the post as "pending"/);
    assert.equal(error.remote.remoteStatus, "pending", "the status WordPress stored is reported");
  });
});

Deno.test("steps: SEO fields the plugin refused fail the SEO step, not the publish", async () => {
  await withSite({ registeredMeta: [], protectedMeta: YOAST_META }, async (wp) => {
    const steps = recordSteps();
    const result = await publish(wp, { onStep: steps.onStep });
    assert.equal(result.seo, "not_supported");
    assert.deepEqual(steps.of("post"), ["started create", "done"]);
    assert.deepEqual(steps.of("seo"), ["started", "failed"]);
  });
});

Deno.test("steps: a listener that throws does not break the publish", async () => {
  await withSite({}, async (wp) => {
    const result = await publish(wp, {
      onStep: () => {
        throw new Error("listener broke");
      },
    });
    assert.ok(wp.posts.has(result.remotePostId));
  });
});
