import assert from "node:assert/strict";
import { guardedFetch, OutboundRequestError } from "../../net/ssrf.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../../../_testing/fakes/wordpress_server.ts";
import { createWordPressClient, WordPressError } from "./rest.ts";
import {
  fetchSiteContent,
  type FetchSiteContentOptions,
  modifiedAfter,
  modifiedGmtToIso,
  SiteContentError,
} from "./site_content.ts";

/** Every request's route and query, as the fake WordPress received them. */
type Seen = { route: string | null; query: Record<string, string> };

async function withSite(
  options: FakeWordPressOptions,
  run: (wp: FakeWordPress, seen: Seen[]) => Promise<void>,
) {
  const seen: Seen[] = [];
  const wp = startFakeWordPress({
    ...options,
    intercept(request, route) {
      seen.push({ route, query: Object.fromEntries(new URL(request.url).searchParams) });
      return options.intercept?.(request, route);
    },
  });
  try {
    await run(wp, seen);
  } finally {
    await wp.close();
  }
}

function sync(wp: FakeWordPress, options: FetchSiteContentOptions, applicationPassword = FAKE_APPLICATION_PASSWORD) {
  const client = createWordPressClient(wp.restRoot, { username: FAKE_USERNAME, applicationPassword }, guardedFetch, {
    privateHostAllowlist: [wp.hostPort],
  });
  return fetchSiteContent(client, options);
}

const gmt = (iso: string) => iso.slice(0, 19);
const POSTS_ROUTE = "/wp/v2/posts";

/** `count` published posts, modified one minute apart, newest last. */
function addPublishedPosts(wp: FakeWordPress, count: number, firstModified = Date.parse("2026-10-01T00:00:00Z")) {
  return Array.from({ length: count }, (_, i) =>
    wp.addPost({
      title: `Post number ${i + 1}`,
      status: "publish",
      content: `<p>Body of post ${i + 1}.</p>`,
      modified: gmt(new Date(firstModified + i * 60_000).toISOString()),
    }));
}

Deno.test("a full sync reads every page the site announces in X-WP-TotalPages, 100 at a time", async () => {
  await withSite({}, async (wp, seen) => {
    const gardening = wp.addTerm("categories", "Gardening & Soil");
    const compost = wp.addTerm("tags", "compost");
    const posts = addPublishedPosts(wp, 250);
    Object.assign(posts[0], { categories: [gardening], tags: [compost], excerpt: "Brown & green layers" });
    Object.assign(posts[1], { title: "Salt & pepper" });
    wp.addPost({ title: "A draft", status: "draft" });
    wp.addPage({ title: "About", content: "<p>Who writes here.</p>", modified: "2026-09-01T00:00:00" });
    wp.addPage({ title: "Unfinished page", status: "draft", modified: "2026-09-01T00:00:00" });

    const snapshot = await sync(wp, { mode: "full" });

    assert.equal(snapshot.mode, "full");
    assert.equal(snapshot.entries.filter((entry) => entry.remote_type === "post").length, 250);
    assert.deepEqual(snapshot.entries.filter((entry) => entry.remote_type === "page").map((entry) => entry.title), [
      "About",
    ]);
    assert.deepEqual(snapshot.removed, []);
    assert.equal(snapshot.truncated, false);
    const postPages = seen.filter((request) => request.route === POSTS_ROUTE);
    assert.deepEqual(postPages.map((request) => request.query.page).sort(), ["1", "2", "3"]);
    for (const { query } of postPages) {
      assert.equal(query.per_page, "100");
      assert.equal(query.status, "publish");
      assert.equal(query.orderby, "id");
      assert.equal(query.modified_after, undefined);
    }
    // Posts, pages, and the one category and tag seen: names fetched by id.
    assert.equal(snapshot.requests, 3 + 1 + 2);
    assert.deepEqual(seen.find((request) => request.route === "/wp/v2/tags")?.query.include, String(compost));

    const first = snapshot.entries.find((entry) => entry.remote_id === posts[0].id)!;
    assert.deepEqual(first, {
      remote_type: "post",
      remote_id: posts[0].id,
      url: `${wp.origin}/post-number-1/`,
      title: "Post number 1",
      excerpt: "Brown & green layers",
      categories: ["Gardening & Soil"],
      tags: ["compost"],
      modified_at: "2026-10-01T00:00:00Z",
    });
    assert.equal(snapshot.entries.find((entry) => entry.remote_id === posts[1].id)?.title, "Salt & pepper");
    // The excerpt WordPress generates from the content when there is none.
    assert.equal(snapshot.entries.find((entry) => entry.remote_id === posts[2].id)?.excerpt, "Body of post 3.");
    // The latest modification among everything listed (post 250; the page is older).
    assert.equal(snapshot.cursor, "2026-10-01T04:09:00Z");
  });
});

Deno.test("an incremental sync asks for what changed after the cursor, in every status, and removes what left publish", async () => {
  await withSite({}, async (wp, seen) => {
    const posts = addPublishedPosts(wp, 5);
    const snapshot = await sync(wp, { mode: "full" });
    const cursor = snapshot.cursor!;
    seen.length = 0;

    const later = gmt(new Date(Date.parse(cursor) + 3600_000).toISOString());
    Object.assign(posts[1], { title: "Post two, revised", modified: later });
    Object.assign(posts[2], { status: "trash", modified: later });
    Object.assign(posts[3], { status: "draft", modified: later });
    const added = wp.addPost({ title: "Brand new", status: "publish", modified: later });

    const changes = await sync(wp, { mode: "incremental", since: cursor });

    assert.equal(changes.mode, "incremental");
    // Post 5 was modified at the cursor: the overlap reads it again.
    assert.deepEqual(changes.entries.map((entry) => entry.title).sort(), [
      "Brand new",
      "Post number 5",
      "Post two, revised",
    ]);
    assert.deepEqual(
      changes.removed.map((entry) => entry.remote_id).sort(),
      [posts[2].id, posts[3].id].sort(),
    );
    assert.equal(changes.cursor, `${later}Z`);
    const postRequest = seen.find((request) => request.route === POSTS_ROUTE)!;
    assert.equal(postRequest.query.modified_after, modifiedAfter(cursor));
    assert.equal(postRequest.query.status, "publish,future,draft,pending,private,trash");
    assert.ok(added.id > 0);
    // Nothing else changed: one page of posts and one of pages; no terms.
    assert.equal(changes.requests, 2);
  });
});

Deno.test("modified_after overlaps the previous sync by 10 seconds (WordPress compares whole seconds, exclusively)", () => {
  assert.equal(modifiedAfter("2026-11-22T12:00:00Z"), "2026-11-22T11:59:50Z");
  assert.equal(modifiedAfter("2026-11-22T12:00:00.900Z"), "2026-11-22T11:59:50Z");
  assert.equal(modifiedGmtToIso("2026-11-22T12:00:00"), "2026-11-22T12:00:00Z");
  assert.equal(modifiedGmtToIso("0000-00-00 00:00:00"), null);
  assert.equal(modifiedGmtToIso(null), null);
});

Deno.test("a site that refuses other statuses is synced incrementally with published posts only", async () => {
  await withSite({
    intercept(request) {
      const status = new URL(request.url).searchParams.get("status");
      if (status && status !== "publish") {
        return Response.json(
          { code: "rest_invalid_param", message: "Invalid parameter(s): status", data: { status: 400 } },
          { status: 400 },
        );
      }
    },
  }, async (wp, seen) => {
    addPublishedPosts(wp, 2);
    const changes = await sync(wp, { mode: "incremental", since: "2026-09-01T00:00:00Z" });
    assert.equal(changes.entries.length, 2);
    assert.deepEqual(changes.removed, []);
    assert.deepEqual(
      seen.filter((request) => request.route === POSTS_ROUTE).map((request) => request.query.status),
      ["publish,future,draft,pending,private,trash", "publish"],
    );
  });
});

Deno.test("without X-WP-TotalPages (a proxy dropped it) pages are read while they are full", async () => {
  await withSite({}, async (wp, seen) => {
    addPublishedPosts(wp, 200);
    const server = startFakeWordPress();
    try {
      // A proxy in front of the fake that removes the paging headers.
      const proxy = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
        const url = new URL(request.url);
        const upstream = await fetch(`${wp.origin}${url.pathname}${url.search}`, { headers: request.headers });
        const headers = new Headers(upstream.headers);
        headers.delete("x-wp-totalpages");
        headers.delete("x-wp-total");
        return new Response(upstream.body, { status: upstream.status, headers });
      });
      try {
        const restRoot = `http://127.0.0.1:${proxy.addr.port}/wp-json/`;
        const client = createWordPressClient(
          restRoot,
          { username: FAKE_USERNAME, applicationPassword: FAKE_APPLICATION_PASSWORD },
          guardedFetch,
          { privateHostAllowlist: [`127.0.0.1:${proxy.addr.port}`] },
        );
        const snapshot = await fetchSiteContent(client, { mode: "full" });
        assert.equal(snapshot.entries.length, 200);
        // Pages 1 and 2 are full, so page 3 is asked for: past the end, it counts as empty.
        assert.deepEqual(seen.filter((request) => request.route === POSTS_ROUTE).map((r) => r.query.page), [
          "1",
          "2",
          "3",
        ]);
      } finally {
        await proxy.shutdown();
      }
    } finally {
      await server.close();
    }
  });
});

Deno.test("at most the configured number of pages is read, the newest posts first", async () => {
  await withSite({}, async (wp) => {
    const posts = addPublishedPosts(wp, 250);
    const snapshot = await sync(wp, { mode: "full", maxPostPages: 2 });
    assert.equal(snapshot.truncated, true);
    assert.equal(snapshot.entries.length, 200);
    assert.ok(!snapshot.entries.some((entry) => entry.remote_id === posts[0].id), "the oldest posts are left out");
    assert.ok(snapshot.entries.some((entry) => entry.remote_id === posts[249].id));
  });
});

Deno.test("a collection that shrinks while it is read ends early instead of failing", async () => {
  await withSite({
    intercept(request, route) {
      if (route === POSTS_ROUTE && new URL(request.url).searchParams.get("page") === "3") {
        return Response.json({
          code: "rest_post_invalid_page_number",
          message: "The page number requested is larger than the number of pages available.",
          data: { status: 400 },
        }, { status: 400 });
      }
    },
  }, async (wp) => {
    addPublishedPosts(wp, 250);
    const snapshot = await sync(wp, { mode: "full" });
    assert.equal(snapshot.entries.length, 200);
  });
});

Deno.test("a failing page fails the whole sync: nothing half-read is returned", async () => {
  await withSite({
    intercept(request, route) {
      if (route === POSTS_ROUTE && new URL(request.url).searchParams.get("page") === "2") {
        return new Response("<html>Internal Server Error</html>", { status: 500 });
      }
    },
  }, async (wp) => {
    addPublishedPosts(wp, 150);
    await assert.rejects(sync(wp, { mode: "full" }), (error: unknown) => {
      assert.ok(error instanceof WordPressError);
      assert.equal(error.status, 500);
      return true;
    });
  });
});

Deno.test("a refused application password, an answer that is not a list, and an unreachable site are errors", async () => {
  await withSite({}, async (wp) => {
    addPublishedPosts(wp, 1);
    await assert.rejects(sync(wp, { mode: "full" }, "wrong password"), (error: unknown) => {
      assert.ok(error instanceof WordPressError);
      assert.equal(error.status, 401);
      return true;
    });
  });
  await withSite({
    intercept: (_request, route) => (route === POSTS_ROUTE ? Response.json({ posts: [] }) : undefined),
  }, async (wp) => {
    await assert.rejects(sync(wp, { mode: "full" }), SiteContentError);
  });
  const closed = startFakeWordPress();
  await closed.close();
  await assert.rejects(sync(closed, { mode: "full" }), OutboundRequestError);
});

Deno.test("links that are not http(s) never enter the index; a protected post keeps its title but no excerpt", async () => {
  await withSite({ postLink: "javascript:alert(1)" }, async (wp) => {
    const [post] = addPublishedPosts(wp, 1);
    const snapshot = await sync(wp, { mode: "full" });
    assert.deepEqual(snapshot.entries, []);
    assert.deepEqual(snapshot.removed, [{ remote_type: "post", remote_id: post.id }]);
  });
  await withSite({
    intercept: (_request, route) =>
      route === POSTS_ROUTE
        ? Response.json([{
          id: 7,
          link: "https://example.com/secret/",
          title: { rendered: "Protected: <em>Tom&#8217;s</em> secret" },
          excerpt: { rendered: "<p>There is no excerpt because this is a protected post.</p>", protected: true },
          categories: [],
          tags: [],
          modified_gmt: "2026-11-01T00:00:00",
          status: "publish",
        }], { headers: { "X-WP-TotalPages": "1" } })
        : undefined,
  }, async (wp) => {
    const snapshot = await sync(wp, { mode: "full" });
    assert.deepEqual(snapshot.entries.map(({ title, excerpt }) => ({ title, excerpt })), [
      { title: "Protected: Tom\u2019s secret", excerpt: "" },
    ]);
  });
});
