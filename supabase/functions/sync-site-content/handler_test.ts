import assert from "node:assert/strict";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { embedSiteContentResultSchema, syncSiteContentResultSchema } from "../_shared/contracts/site_content.ts";
import { createEmbeddingsClient } from "../_shared/ai/embeddings.ts";
import { embedContentIndex, type EmbeddingStore, MISSING_KEY_FOR_EMBEDDINGS } from "../_shared/links/index_embeddings.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../_testing/fakes/openai_server.ts";
import { testTarget } from "../_testing/provider_fixtures.ts";
import type { SiteRecord, WordPressSiteRecord } from "../_shared/publishing/publication.ts";
import { createWordPressClient } from "../_shared/publishing/wordpress/rest.ts";
import { fetchSiteContent, type SiteContentSnapshot } from "../_shared/publishing/wordpress/site_content.ts";
import { createMemoryRateLimiter, memoryRateLimit, unlimited } from "../_testing/memory_rate_limiter.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../_testing/fakes/wordpress_server.ts";
import { createHandler, resolveSyncMode, type SyncSiteContentDependencies } from "./handler.ts";
import type { SyncState, SyncStore } from "./sync_store.ts";

/** An OpenAI user whose requests go nowhere (tests that never call the provider). */
const openAITarget = (apiKey: string | null, embeddingsModel: string | null = null) =>
  testTarget({ url: "http://127.0.0.1:9/v1" } as FakeOpenAI, "openai", apiKey, { embeddings: embeddingsModel });

const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const SITE = "50000000-0000-4000-8000-000000000001";
const BOBS_SITE = "50000000-0000-4000-8000-000000000002";
const ALICES_GHOST_SITE = "50000000-0000-4000-8000-000000000003";

/**
 * A SyncStore that keeps the sync state per site and records what it is
 * asked to write. It does not imitate record_site_content_sync() (pgTAP and
 * tests/integration/site-content.test.ts run the SQL): it counts entries.
 */
interface RecordingSyncStore extends SyncStore {
  states: Map<string, SyncState>;
  synced: { userId: string; siteId: string; snapshot: SiteContentSnapshot }[];
  failures: { userId: string; siteId: string; message: string }[];
}

function recordingSyncStore(): RecordingSyncStore {
  const store: RecordingSyncStore = {
    states: new Map(),
    synced: [],
    failures: [],
    findSyncState: (_userId, siteId) => Promise.resolve(store.states.get(siteId) ?? null),
    recordSync(userId, siteId, snapshot) {
      store.synced.push({ userId, siteId, snapshot });
      const previous = store.states.get(siteId);
      store.states.set(siteId, {
        modifiedCursor: snapshot.cursor ?? previous?.modifiedCursor ?? null,
        lastFullSyncAt: snapshot.mode === "full" ? new Date().toISOString() : previous?.lastFullSyncAt ?? null,
      });
      return Promise.resolve({
        upserted: snapshot.entries.length,
        removed: snapshot.removed.length,
        entryCount: snapshot.entries.length,
      });
    },
    recordFailure(userId, siteId, message) {
      store.failures.push({ userId, siteId, message });
      return Promise.resolve();
    },
  };
  return store;
}

interface Harness {
  wp: FakeWordPress;
  store: RecordingSyncStore;
  call(body: unknown, user?: string | null): Promise<Response>;
}

async function withHarness(
  options: { wp?: FakeWordPressOptions; deps?: Partial<SyncSiteContentDependencies>; password?: string },
  run: (harness: Harness) => Promise<void>,
) {
  const wp = startFakeWordPress(options.wp);
  const store = recordingSyncStore();
  const site = (id: string, password: string): WordPressSiteRecord => ({
    id,
    kind: "wordpress",
    base_url: wp.restRoot,
    username: FAKE_USERNAME,
    seo_plugin: null,
    application_password: password,
  });
  const ghostSite: SiteRecord = {
    id: ALICES_GHOST_SITE,
    kind: "ghost",
    base_url: `http://${wp.hostPort}/ghost/api/admin/`,
    admin_api_key: `6a1b2c3d4e5f60718293a4b5:${"0f".repeat(32)}`,
  };
  const sites: { userId: string; record: SiteRecord }[] = [
    { userId: ALICE, record: site(SITE, options.password ?? FAKE_APPLICATION_PASSWORD) },
    { userId: BOB, record: site(BOBS_SITE, FAKE_APPLICATION_PASSWORD) },
    { userId: ALICE, record: ghostSite },
  ];
  const handler = createHandler({
    authenticate: (req) => {
      const user = req.headers.get("x-test-user");
      return user ? Promise.resolve({ id: user }) : Promise.reject(new UnauthenticatedError());
    },
    findSite: (userId, siteId) =>
      Promise.resolve(sites.find((row) => row.userId === userId && row.record.id === siteId)?.record ?? null),
    fetchContent: (record, fetchOptions) =>
      fetchSiteContent(
        createWordPressClient(
          record.base_url,
          { username: record.username, applicationPassword: record.application_password },
          guardedFetch,
          { privateHostAllowlist: [wp.hostPort] },
        ),
        fetchOptions,
      ),
    store,
    rateLimit: unlimited("siteContentSync"),
    readLinkRelevance: () => Promise.resolve("full_text"),
    readTarget: () => Promise.resolve(openAITarget(null)),
    embedIndex: () => Promise.reject(new Error("the index is embedded only when the user ranks by embeddings")),
    ...options.deps,
  });
  const call: Harness["call"] = (body, user = ALICE) => {
    const headers = new Headers({ "content-type": "application/json" });
    if (user) headers.set("x-test-user", user);
    return handler(
      new Request("http://localhost/functions/v1/sync-site-content", {
        method: "POST",
        headers,
        body: JSON.stringify(body),
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
  return body;
}

Deno.test("sync-site-content: authentication, validation, and another user's site", async () => {
  await withHarness({}, async ({ call, wp, store }) => {
    await expectError(await call({ siteId: SITE }, null), 401, "User not authenticated");
    await expectError(await call({}), 400, "siteId: Selected site not found");
    await expectError(await call({ siteId: SITE, mode: "everything" }), 400, 'mode: Invalid option: expected one of "auto"|"full"|"incremental"|"embed"');
    const others = await expectError(await call({ siteId: BOBS_SITE }), 404, "Selected site not found");
    assert.equal(others.field, "siteId");
    assert.equal(wp.requests.length, 0, "WordPress is never asked for another user's site");
    assert.deepEqual([store.synced, store.failures], [[], []]);
  });
});

Deno.test("sync-site-content: a Ghost site is refused with 422 (the index is WordPress-only) and never asked", async () => {
  await withHarness({}, async ({ call, wp, store }) => {
    const body = await expectError(
      await call({ siteId: ALICES_GHOST_SITE }),
      422,
      "Only WordPress sites have a content index: Ghost posts are not indexed for internal links",
    );
    assert.equal(body.field, "siteId");
    assert.equal(wp.requests.length, 0);
    assert.deepEqual([store.synced, store.failures], [[], []]);
  });
});

Deno.test("sync-site-content: the first refresh is full, the next one incremental from the cursor", async () => {
  await withHarness({}, async ({ call, wp, store }) => {
    wp.addPost({ title: "Compost heaps", status: "publish", modified: "2026-11-01T08:00:00" });
    wp.addPost({ title: "Raised beds", status: "publish", modified: "2026-11-02T08:00:00" });
    wp.addPage({ title: "About", modified: "2026-10-01T08:00:00" });

    const first = await call({ siteId: SITE });
    assert.equal(first.status, 200);
    const result = syncSiteContentResultSchema.parse(await first.json());
    assert.deepEqual({ ...result, syncedAt: undefined }, {
      mode: "full",
      upserted: 3,
      removed: 0,
      entryCount: 3,
      truncated: false,
      syncedAt: undefined,
    });
    assert.equal(store.synced[0].userId, ALICE);
    assert.equal(store.synced[0].snapshot.cursor, "2026-11-02T08:00:00Z");

    wp.addPost({ title: "Mulching", status: "publish", modified: "2026-11-03T08:00:00" });
    const second = syncSiteContentResultSchema.parse(await (await call({ siteId: SITE })).json());
    assert.equal(second.mode, "incremental");
    // Raised beds were modified at the cursor: the overlap reads them again; compost heaps not.
    assert.deepEqual(store.synced[1].snapshot.entries.map((entry) => entry.title).sort(), ["Mulching", "Raised beds"]);

    const forced = syncSiteContentResultSchema.parse(await (await call({ siteId: SITE, mode: "full" })).json());
    assert.equal(forced.mode, "full");
    assert.equal(store.synced[2].snapshot.entries.length, 4);
  });
});

Deno.test("sync-site-content: auto is incremental within a day of the last full sync, full after it", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const recent = { modifiedCursor: "2026-11-24T08:00:00Z", lastFullSyncAt: "2026-11-24T06:00:00Z" };
  assert.equal(resolveSyncMode("auto", null, now), "full");
  assert.equal(resolveSyncMode("auto", recent, now), "incremental");
  assert.equal(resolveSyncMode("auto", { ...recent, lastFullSyncAt: "2026-11-23T11:59:00Z" }, now), "full");
  assert.equal(resolveSyncMode("auto", { ...recent, modifiedCursor: null }, now), "full");
  // An empty site has no cursor to continue from: incremental falls back to full.
  assert.equal(resolveSyncMode("incremental", { modifiedCursor: null, lastFullSyncAt: null }, now), "full");
  assert.equal(resolveSyncMode("full", recent, now), "full");
});

Deno.test("sync-site-content: a site that cannot be read answers 502 with the reason, kept for the site card", async () => {
  await withHarness({ password: "revoked password" }, async ({ call, store }) => {
    const body = await expectError(await call({ siteId: SITE }), 502, "Failed to refresh the site's content");
    assert.equal(body.detail, "Authentication failed. Please check your username and application password.");
    assert.deepEqual(store.failures, [{ userId: ALICE, siteId: SITE, message: body.detail }]);
    assert.deepEqual(store.synced, [], "the index is left as it was");
  });
  await withHarness({
    wp: { intercept: (_request, route) => (route === "/wp/v2/pages" ? new Response("down", { status: 503 }) : undefined) },
  }, async ({ call, store }) => {
    const body = await expectError(await call({ siteId: SITE }), 502, "Failed to refresh the site's content");
    assert.equal(body.detail, "WordPress answered 503: The site answered HTTP 503");
    assert.deepEqual(store.synced, []);
  });
});

Deno.test("sync-site-content: refreshes are rate-limited per user; a refused one never reaches WordPress", async () => {
  const limiter = createMemoryRateLimiter();
  await withHarness({
    deps: { rateLimit: memoryRateLimit("siteContentSync", limiter, { limit: 2, windowSeconds: 600 }) },
  }, async ({ call, wp }) => {
    assert.equal((await call({ siteId: SITE })).status, 200);
    assert.equal((await call({ siteId: SITE })).status, 200);
    const requests = wp.requests.length;
    const refused = await call({ siteId: SITE });
    assert.equal(refused.status, 429);
    assert.match((await refused.json()).error, /^Too many content refreshes: you can run 2 every 10 minutes\./);
    assert.equal(wp.requests.length, requests);
  });
});

/**
 * An EmbeddingStore over a list of entries: what the SQL queue would return
 * (entries whose stored hash differs), and what was recorded. The queue and
 * the hash are SQL's (pgTAP and tests/integration/embeddings.test.ts).
 */
function memoryEmbeddingStore(inputs: string[]) {
  const stored = new Map<string, { textHash: string; embedding: number[] }>();
  const entries = inputs.map((input, i) => ({ contentId: `c${i}`, input, textHash: `h${i}`.padEnd(32, "0") }));
  const store: EmbeddingStore = {
    queue(_userId, _model, limit) {
      const stale = entries.filter((entry) => stored.get(entry.contentId)?.textHash !== entry.textHash);
      return Promise.resolve({ entries: stale.slice(0, limit), pending: stale.length });
    },
    record(_userId, _model, rows) {
      for (const row of rows) stored.set(row.contentId, { textHash: row.textHash, embedding: row.embedding });
      return Promise.resolve(rows.length);
    },
  };
  return { store, stored };
}

Deno.test("sync-site-content: with embeddings chosen, the sync embeds the index with the user's key and reports it", async () => {
  const openai = startFakeOpenAI();
  const memory = memoryEmbeddingStore(["Compost heaps", "Raised beds"]);
  const keys: (string | null)[] = [];
  try {
    await withHarness({
      deps: {
        readLinkRelevance: () => Promise.resolve("embeddings"),
        readTarget: () => Promise.resolve(testTarget(openai, "openai", "sk-test-FIXTURE-not-a-real-key")),
        embedIndex: (_userId, target, model) => {
          keys.push(target.apiKey);
          return embedContentIndex(memory.store, createEmbeddingsClient({ target }), ALICE, model);
        },
      },
    }, async ({ call, wp }) => {
      wp.addPost({ title: "Compost heaps", status: "publish", modified: "2026-11-01T08:00:00" });
      const result = syncSiteContentResultSchema.parse(await (await call({ siteId: SITE })).json());
      assert.deepEqual(result.embeddings, { model: "text-embedding-3-small", embedded: 2, pending: 0 });
      assert.deepEqual(keys, ["sk-test-FIXTURE-not-a-real-key"]);
      assert.equal(memory.stored.size, 2);
      assert.deepEqual(openai.requests.map((request) => request.path), ["/v1/embeddings"]);
    });
  } finally {
    await openai.close();
  }
});

Deno.test("sync-site-content: a failure to embed never fails the sync; it is reported with it", async () => {
  const openai = startFakeOpenAI();
  try {
    for (
      const [apiKey, expected] of [
        ["sk-wrong-FIXTURE-not-a-real-key", "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys."],
        ["sk-scenario-rate-limit-FIXTURE", "OpenAI is rate limiting your requests. Wait about 1 second and try again."],
        ["sk-scenario-malformed-chunk-FIXTURE", "OpenAI answered the embeddings request with something that is not a list of embeddings."],
        [null, MISSING_KEY_FOR_EMBEDDINGS],
      ] as const
    ) {
      const memory = memoryEmbeddingStore(["Compost heaps"]);
      await withHarness({
        deps: {
          readLinkRelevance: () => Promise.resolve("embeddings"),
          readTarget: () => Promise.resolve(testTarget(openai, "openai", apiKey)),
          embedIndex: (_userId, target, model) =>
            embedContentIndex(memory.store, target.apiKey ? createEmbeddingsClient({ target }) : null, ALICE, model),
        },
      }, async ({ call, store }) => {
        const response = await call({ siteId: SITE });
        assert.equal(response.status, 200);
        const result = syncSiteContentResultSchema.parse(await response.json());
        assert.deepEqual(result.embeddings, { model: "text-embedding-3-small", embedded: 0, pending: 1, error: expected });
        assert.equal(store.synced.length, 1, "the sync itself was recorded");
      });
    }
    await withHarness({
      deps: {
        readLinkRelevance: () => Promise.resolve("embeddings"),
        readTarget: () => Promise.resolve(openAITarget("sk-test-FIXTURE-not-a-real-key", "m")),
        embedIndex: () => Promise.reject(new Error("connection reset")),
      },
    }, async ({ call }) => {
      const result = syncSiteContentResultSchema.parse(await (await call({ siteId: SITE })).json());
      assert.deepEqual(result.embeddings, {
        model: "m",
        embedded: 0,
        pending: 0,
        error: "The embeddings could not be stored; the next refresh tries again.",
      });
    });
  } finally {
    await openai.close();
  }
});

Deno.test("sync-site-content: full text chosen, nothing is embedded and the result has no embeddings", async () => {
  await withHarness({}, async ({ call }) => {
    const body = await (await call({ siteId: SITE })).json();
    assert.equal(body.embeddings, undefined);
  });
});

Deno.test("sync-site-content: a user's own server without an embeddings model: the sync says so", async () => {
  await withHarness({
    deps: {
      readLinkRelevance: () => Promise.resolve("embeddings"),
      readTarget: () => Promise.resolve(testTarget({ url: "http://127.0.0.1:9/v1" } as FakeOpenAI, "ollama", null)),
      embedIndex: () => Promise.reject(new Error("never: there is no model")),
    },
  }, async ({ call }) => {
    const result = syncSiteContentResultSchema.parse(await (await call({ siteId: SITE })).json());
    assert.match(result.embeddings?.error ?? "", /^No embeddings model is chosen for your server at http:\/\/127\.0\.0\.1:9\/v1/);
  });
});

Deno.test("sync-site-content: mode embed embeds what is indexed without reading a site; no key is a 400", async () => {
  const openai = startFakeOpenAI();
  const memory = memoryEmbeddingStore(["Compost heaps", "Raised beds", "Mulching"]);
  let key: string | null = null;
  try {
    await withHarness({
      deps: {
        readTarget: () => Promise.resolve(testTarget(openai, "openai", key)),
        embedIndex: (_userId, target, model) =>
          embedContentIndex(memory.store, createEmbeddingsClient({ target }), ALICE, model),
      },
    }, async ({ call, wp }) => {
      await expectError(await call({ mode: "embed" }), 400, "OpenAI API key not found");
      await expectError(await call({ mode: "embed", siteId: "nope" }), 400, "siteId: Selected site not found");
      key = "sk-test-FIXTURE-not-a-real-key";
      const done = await call({ mode: "embed" });
      assert.equal(done.status, 200);
      assert.deepEqual(embedSiteContentResultSchema.parse(await done.json()), {
        mode: "embed",
        embeddings: { model: "text-embedding-3-small", embedded: 3, pending: 0 },
      });
      assert.equal(wp.requests.length, 0, "no site is read");

      key = "sk-wrong-FIXTURE-not-a-real-key";
      memory.stored.clear();
      const refused = await expectError(await call({ mode: "embed" }), 502, "Failed to embed the content index");
      assert.equal(refused.detail, "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.");
      assert.deepEqual(refused.embeddings, {
        model: "text-embedding-3-small",
        embedded: 0,
        pending: 3,
        error: refused.detail,
      });
    });
  } finally {
    await openai.close();
  }
});
