import assert from "node:assert/strict";
import { connectSiteDryRunResultSchema, connectSiteResultSchema, privateAddressHelp, WORDPRESS_MESSAGES, type ConnectedSite } from "../_shared/contracts/sites.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { testWordPressConnection } from "../_shared/publishing/wordpress/discovery.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../_testing/fakes/wordpress_server.ts";
import { createMemoryRateLimiter, memoryRateLimit, unlimited } from "../_testing/memory_rate_limiter.ts";
import type { RateLimit } from "../_shared/limits/rate_limit.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { createHandler } from "./handler.ts";
import type { NewSite, SiteUpdate, StoredSite } from "./site_store.ts";

const USER = "00000000-0000-4000-8000-00000000000a";
const OTHER_USER = "00000000-0000-4000-8000-00000000000b";
const SITE_ID = "50000000-0000-4000-8000-000000000001";
const OTHERS_SITE_ID = "50000000-0000-4000-8000-000000000002";

interface Harness {
  wp: FakeWordPress;
  saved: NewSite[];
  /** Connected sites by id: whose they are, and what is stored for them. */
  stored: Map<string, StoredSite & { userId: string }>;
  updates: SiteUpdate[];
  call(body: unknown, init?: { method?: string; signedIn?: boolean }): Promise<Response>;
}

type StoredSites = Map<string, StoredSite & { userId: string }>;

async function withHarness(
  options: {
    wp?: FakeWordPressOptions;
    saveFails?: boolean;
    rateLimit?: RateLimit;
    updateFails?: boolean;
    /** Runs on every request WordPress receives (e.g. the site is removed in another tab meanwhile). */
    whileWordPressAnswers?: (stored: StoredSites) => void;
  },
  run: (harness: Harness) => Promise<void>,
) {
  const wp = startFakeWordPress({
    ...options.wp,
    intercept: (request, route) => {
      options.whileWordPressAnswers?.(stored);
      return options.wp?.intercept?.(request, route);
    },
  });
  const saved: NewSite[] = [];
  const updates: SiteUpdate[] = [];
  const stored: StoredSites = new Map([
    [SITE_ID, { userId: USER, name: "My blog", siteUrl: wp.origin, username: FAKE_USERNAME, applicationPassword: FAKE_APPLICATION_PASSWORD }],
    [OTHERS_SITE_ID, { userId: OTHER_USER, name: "Theirs", siteUrl: wp.origin, username: FAKE_USERNAME, applicationPassword: FAKE_APPLICATION_PASSWORD }],
  ]);
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") ? Promise.resolve({ id: USER }) : Promise.reject(new UnauthenticatedError()),
    testConnection: (input) =>
      testWordPressConnection(input, { fetch: guardedFetch, fetchOptions: { privateHostAllowlist: [wp.hostPort] } }),
    saveSite: (site) => {
      if (options.saveFails) return Promise.reject(new Error("insert failed"));
      saved.push(site);
      const row: ConnectedSite = {
        id: "50000000-0000-4000-8000-000000000001",
        user_id: site.userId,
        kind: "wordpress",
        name: site.name,
        site_url: site.siteUrl,
        username: site.username,
        base_url: site.baseUrl,
        seo_plugin: site.seoPlugin,
        created_at: "2026-11-22T12:00:00.000Z",
        updated_at: "2026-11-22T12:00:00.000Z",
      };
      return Promise.resolve(row);
    },
    rateLimit: options.rateLimit ?? unlimited("wordpressConnect"),
    loadSite: (userId, siteId) => {
      const site = stored.get(siteId);
      if (!site || site.userId !== userId) return Promise.resolve(null);
      const { name, siteUrl, username, applicationPassword } = site;
      return Promise.resolve({ name, siteUrl, username, applicationPassword });
    },
    updateSite: (update) => {
      updates.push(update);
      if (options.updateFails) return Promise.reject(new Error("updating the site: value too long"));
      const site = stored.get(update.siteId);
      if (!site || site.userId !== update.userId) return Promise.resolve(null);
      if (update.applicationPassword !== null) site.applicationPassword = update.applicationPassword;
      site.username = update.username;
      if (update.connection) site.siteUrl = update.connection.siteUrl;
      return Promise.resolve({
        id: update.siteId,
        user_id: update.userId,
        kind: "wordpress",
        name: update.name,
        site_url: site.siteUrl,
        username: update.username,
        base_url: update.connection?.baseUrl ?? `${site.siteUrl}/wp-json/`,
        seo_plugin: update.connection ? update.connection.seoPlugin : "yoast",
        created_at: "2026-11-22T12:00:00.000Z",
        updated_at: "2026-11-23T12:00:00.000Z",
      });
    },
  });
  const call: Harness["call"] = (body, init = {}) =>
    handler(
      new Request("http://localhost/functions/v1/wordpress-connect", {
        method: init.method ?? "POST",
        headers: {
          "content-type": "application/json",
          ...(init.signedIn === false ? {} : { authorization: "Bearer user-jwt" }),
        },
        body: init.method === "GET" || init.method === "OPTIONS" ? undefined : JSON.stringify(body),
      }),
    );
  try {
    await run({ wp, saved, stored, updates, call });
  } finally {
    await wp.close();
  }
}

const form = (wp: FakeWordPress, overrides: Record<string, unknown> = {}) => ({
  name: "My blog",
  site_url: `${wp.origin}/`,
  username: FAKE_USERNAME,
  application_password: FAKE_APPLICATION_PASSWORD,
  webhook_secret: "hook-secret",
  ...overrides,
});

Deno.test("wordpress-connect: preflight, method and authentication", async () => {
  await withHarness({}, async ({ call, wp }) => {
    const preflight = await call(null, { method: "OPTIONS" });
    assert.equal(preflight.status, 200);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    assert.equal((await call(null, { method: "GET" })).status, 405);
    const unauthenticated = await call(form(wp), { signedIn: false });
    assert.equal(unauthenticated.status, 401);
    assert.deepEqual(await unauthenticated.json(), { error: "User not authenticated" });
    assert.equal(wp.requests.length, 0);
  });
});

Deno.test("wordpress-connect: the spec's validation messages, per field", async () => {
  await withHarness({}, async ({ call, wp }) => {
    const empty = await call({ name: " ", site_url: "", username: "", application_password: "" });
    assert.equal(empty.status, 400);
    const body = await empty.json();
    assert.equal(body.error, "name: Site name is required");
    assert.equal(body.field, "name");
    assert.deepEqual(
      body.issues.map((issue: { path: string[]; message: string }) => [issue.path.join("."), issue.message]),
      [
        ["name", "Site name is required"],
        ["site_url", "Please enter a valid URL"],
        ["username", "Username is required"],
        ["application_password", "Application password is required"],
      ],
    );
    for (const site_url of ["not a url", "ftp://example.com", "javascript:alert(1)", "https://ada:pw@example.com"]) {
      const response = await call(form(wp, { site_url }));
      assert.equal((await response.json()).error, "site_url: Please enter a valid URL", site_url);
    }
    assert.equal(wp.requests.length, 0);
  });
});

Deno.test("wordpress-connect: a failed test answers 422 under the field it is about, with help behind the message", async () => {
  await withHarness({}, async ({ call, wp, saved }) => {
    const response = await call(form(wp, { application_password: "wrong" }));
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      error: WORDPRESS_MESSAGES.authenticationFailed,
      field: "application_password",
      reason: "authentication_failed",
      help: WORDPRESS_MESSAGES.authenticationHelp,
    });
    assert.equal(saved.length, 0);
  });
  // WordPress 6.1 answers a wrong password as it answers a dropped header: the same message, field and help.
  await withHarness({ wp: { stripAuthorization: true } }, async ({ call, wp }) => {
    const body = await (await call(form(wp))).json();
    assert.deepEqual([body.error, body.field, body.help], [
      WORDPRESS_MESSAGES.authenticationFailed,
      "application_password",
      WORDPRESS_MESSAGES.authenticationHelp,
    ]);
    assert.doesNotMatch(body.error, /htaccess|CGIPassAuth/, "no server jargon up front");
  });
  await withHarness({ wp: { capabilities: { upload_files: false } } }, async ({ call, wp }) => {
    const body = await (await call(form(wp))).json();
    assert.deepEqual(body, {
      error: "Required endpoint /media is not accessible. Please check WordPress permissions.",
      field: "username",
      reason: "endpoint_not_accessible",
      help: WORDPRESS_MESSAGES.endpointHelp,
      path: "/media",
      missingCapability: "upload_files",
    });
  });
  await withHarness({
    wp: { intercept: (_request, route) => (route === null ? undefined : new Response("<html></html>")) },
  }, async ({ call, wp }) => {
    const body = await (await call(form(wp))).json();
    assert.equal(body.error, WORDPRESS_MESSAGES.restApiNotFound);
  });
});

Deno.test("wordpress-connect: saves the tested site and returns it without secrets", async () => {
  await withHarness({ wp: { extraNamespaces: ["yoast/v1"] } }, async ({ call, wp, saved }) => {
    const response = await call(
      form(wp, { site_url: `${wp.origin.toUpperCase().replace("HTTP://", "http://")}/?utm=x` }),
    );
    const text = await response.text();
    assert.equal(response.status, 201, text);
    const { site } = connectSiteResultSchema.parse(JSON.parse(text));
    assert.equal(site.site_url, wp.origin);
    assert.equal(site.base_url, wp.restRoot);
    assert.equal(site.seo_plugin, "yoast");
    assert.doesNotMatch(text, /application_password|webhook|hook-secret|abcd/i);
    assert.deepEqual(saved, [{
      userId: USER,
      name: "My blog",
      siteUrl: wp.origin,
      username: FAKE_USERNAME,
      baseUrl: wp.restRoot,
      seoPlugin: "yoast",
      applicationPassword: FAKE_APPLICATION_PASSWORD,
      webhookSecret: "hook-secret",
    }]);
  });
});

Deno.test("wordpress-connect: dryRun tests without saving; an empty webhook secret is stored as null", async () => {
  await withHarness({}, async ({ call, wp, saved }) => {
    const response = await call(form(wp, { dryRun: true }));
    assert.equal(response.status, 200);
    assert.deepEqual(connectSiteDryRunResultSchema.parse(await response.json()), {
      ok: true,
      site_url: wp.origin,
      base_url: wp.restRoot,
      seo_plugin: null,
    });
    assert.equal(saved.length, 0);

    assert.equal((await call(form(wp, { webhook_secret: "" }))).status, 201);
    assert.equal(saved[0].webhookSecret, null);
  });
});

Deno.test("wordpress-connect: a failed save is the spec's message", async () => {
  await withHarness({ saveFails: true }, async ({ call, wp }) => {
    const response = await call(form(wp));
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), { error: "Failed to connect WordPress site" });
  });
});

Deno.test("wordpress-connect: dry runs count against the rate limit; past it 429 and the site is not contacted", async () => {
  const limiter = createMemoryRateLimiter();
  const rateLimit = memoryRateLimit("wordpressConnect", limiter, { limit: 3, windowSeconds: 600 });
  await withHarness({ rateLimit }, async ({ call, wp, saved }) => {
    for (let i = 0; i < 3; i++) {
      const response = await call({ ...form(wp), dryRun: true });
      assert.equal(response.status, 200, `dry run ${i + 1}`);
      await response.body?.cancel();
      limiter.advance(10);
    }
    const contacted = wp.requests.length;
    const refused = await call(form(wp));
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get("retry-after"), "570");
    assert.deepEqual(await refused.json(), {
      error: "Too many connection tests: you can run 3 every 10 minutes. Try again in 10 minutes.",
      retryAfterSeconds: 570,
      limit: 3,
      windowSeconds: 600,
    });
    assert.equal(wp.requests.length, contacted, "no request went to the site");
    assert.deepEqual(saved, []);
  });
});

Deno.test("wordpress-connect: invalid input is refused before it is counted", async () => {
  const limiter = createMemoryRateLimiter();
  await withHarness({ rateLimit: memoryRateLimit("wordpressConnect", limiter, { limit: 1 }) }, async ({ call }) => {
    const response = await call({ name: "", site_url: "x", username: "", application_password: "" });
    assert.equal(response.status, 400);
    await response.body?.cancel();
    assert.deepEqual(limiter.calls, []);
  });
});

Deno.test("wordpress-connect: an address typed without a scheme is tried as https://", async () => {
  await withHarness({}, async ({ call, wp, saved }) => {
    const response = await call(form(wp, { site_url: wp.hostPort, dryRun: true }));
    // The fake speaks plain HTTP, so the https:// address it was completed to cannot connect.
    assert.equal(response.status, 422);
    assert.equal((await response.json()).field, "site_url");
    assert.equal(saved.length, 0);
  });
});

const edit = (overrides: Record<string, unknown> = {}) => ({
  action: "update",
  siteId: SITE_ID,
  name: "Renamed blog",
  username: FAKE_USERNAME,
  application_password: "",
  ...overrides,
});

Deno.test("wordpress-connect update: a new name alone is saved without asking WordPress", async () => {
  await withHarness({}, async ({ call, wp, updates }) => {
    const response = await call(edit());
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const { site } = connectSiteResultSchema.parse(JSON.parse(text));
    assert.deepEqual([site.name, site.username], ["Renamed blog", FAKE_USERNAME]);
    assert.doesNotMatch(text, /application_password|abcd/i);
    assert.equal(wp.requests.length, 0);
    assert.deepEqual(updates, [{
      userId: USER,
      siteId: SITE_ID,
      name: "Renamed blog",
      username: FAKE_USERNAME,
      connection: null,
      applicationPassword: null,
      previousApplicationPassword: FAKE_APPLICATION_PASSWORD,
    }]);
  });
});

Deno.test("wordpress-connect update: a new username is tested with the stored password, which never leaves the server", async () => {
  const otherUser = "author-two";
  await withHarness(
    { wp: { username: otherUser, extraNamespaces: ["rankmath/v1"] } },
    async ({ call, wp, stored, updates }) => {
      const response = await call(edit({ username: otherUser }));
      const text = await response.text();
      assert.equal(response.status, 200, text);
      const { site } = connectSiteResultSchema.parse(JSON.parse(text));
      assert.deepEqual([site.username, site.seo_plugin], [otherUser, "rank_math"]);
      assert.doesNotMatch(text, /application_password|abcd/i);
      assert.ok(
        wp.requests.some((request) => request.authenticated),
        "the connection was tested with the stored password",
      );
      assert.deepEqual(updates, [{
        userId: USER,
        siteId: SITE_ID,
        name: "Renamed blog",
        username: otherUser,
        connection: { siteUrl: wp.origin, baseUrl: wp.restRoot, seoPlugin: "rank_math" },
        applicationPassword: null,
        previousApplicationPassword: FAKE_APPLICATION_PASSWORD,
      }]);
      assert.equal(stored.get(SITE_ID)?.applicationPassword, FAKE_APPLICATION_PASSWORD);
    },
  );
});

Deno.test("wordpress-connect update: a new password is tested first and saved only when WordPress accepts it", async () => {
  const newPassword = "wxyz 1234 WXYZ 5678 abcd EFGH";
  await withHarness({ wp: { applicationPassword: newPassword } }, async ({ call, wp, stored, updates }) => {
    assert.equal((await call(edit({ application_password: ` ${newPassword} ` }))).status, 200);
    assert.ok(wp.requests.some((request) => request.authenticated));
    assert.equal(updates[0].applicationPassword, newPassword);
    assert.equal(stored.get(SITE_ID)?.applicationPassword, newPassword);
  });
  await withHarness({}, async ({ call, stored, updates }) => {
    const response = await call(edit({ application_password: "wrong wrong wrong" }));
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      error: WORDPRESS_MESSAGES.authenticationFailed,
      field: "application_password",
      reason: "authentication_failed",
      help: WORDPRESS_MESSAGES.authenticationHelp,
    });
    assert.equal(updates.length, 0);
    assert.equal(stored.get(SITE_ID)?.applicationPassword, FAKE_APPLICATION_PASSWORD);
  });
});

Deno.test("wordpress-connect update: a re-test counts against the connection-test limit; a new name alone does not", async () => {
  const limiter = createMemoryRateLimiter();
  const rateLimit = memoryRateLimit("wordpressConnect", limiter, { limit: 1, windowSeconds: 600 });
  await withHarness({ rateLimit }, async ({ call, wp, updates }) => {
    const renamed = await call(edit());
    assert.equal(renamed.status, 200);
    await renamed.body?.cancel();
    assert.deepEqual(limiter.calls, [], "no connection test, nothing counted");

    const retested = await call(edit({ application_password: FAKE_APPLICATION_PASSWORD }));
    assert.equal(retested.status, 200);
    await retested.body?.cancel();
    const contacted = wp.requests.length;
    const refused = await call(edit({ application_password: FAKE_APPLICATION_PASSWORD }));
    assert.equal(refused.status, 429);
    assert.equal((await refused.json()).limit, 1);
    assert.equal(wp.requests.length, contacted, "no request went to the site");
    assert.equal(updates.length, 2, "the refused update saved nothing");
    assert.deepEqual(limiter.calls.map(({ userId, allowed }) => ({ userId, allowed })), [
      { userId: USER, allowed: true },
      { userId: USER, allowed: false },
    ]);
  });
});

Deno.test("wordpress-connect update: a username WordPress does not know is refused, nothing saved", async () => {
  await withHarness({}, async ({ call, stored, updates }) => {
    const response = await call(edit({ username: "someone-else" }));
    assert.equal(response.status, 422);
    assert.equal((await response.json()).reason, "authentication_failed");
    assert.equal(updates.length, 0);
    assert.equal(stored.get(SITE_ID)?.username, FAKE_USERNAME);
  });
});

Deno.test("wordpress-connect update: the re-test goes through the SSRF guard (a stored private address is refused)", async () => {
  await withHarness({}, async ({ call, stored, updates }) => {
    // What a site connected while PRIVATE_HOST_ALLOWLIST let it through looks like once it no longer does.
    stored.get(SITE_ID)!.siteUrl = "http://10.0.0.7";
    const response = await call(edit({ application_password: "wxyz 1234" }));
    assert.equal(response.status, 422);
    const body = await response.json();
    assert.deepEqual([body.error, body.reason, body.field], [WORDPRESS_MESSAGES.privateAddress, "private_address", "site_url"]);
    assert.equal(body.help, privateAddressHelp("10.0.0.7:80"));
    assert.match(body.help, /PRIVATE_HOST_ALLOWLIST/);
    assert.equal(updates.length, 0);
  });
});

Deno.test("wordpress-connect recheck: the stored credentials are tested again and the SEO plugin found is recorded", async () => {
  await withHarness({ wp: { extraNamespaces: ["rankmath/v1"] } }, async ({ call, updates, wp }) => {
    const response = await call({ action: "recheck", siteId: SITE_ID });
    assert.equal(response.status, 200);
    assert.equal((await response.json()).site.seo_plugin, "rank_math");
    assert.ok(wp.requests.some((request) => request.authenticated), "tested with the stored password");
    assert.deepEqual(
      { ...updates[0], connection: { ...updates[0].connection, baseUrl: "…" } },
      {
        userId: USER,
        siteId: SITE_ID,
        name: "My blog",
        username: FAKE_USERNAME,
        connection: { siteUrl: wp.origin, baseUrl: "…", seoPlugin: "rank_math" },
        applicationPassword: null,
        previousApplicationPassword: FAKE_APPLICATION_PASSWORD,
      },
    );
    const others = await call({ action: "recheck", siteId: OTHERS_SITE_ID });
    assert.equal(others.status, 404);
    assert.equal((await others.json()).error, WORDPRESS_MESSAGES.siteGone);
  });
  await withHarness({ wp: { applicationPassword: "rotated elsewhere" } }, async ({ call, updates }) => {
    const response = await call({ action: "recheck", siteId: SITE_ID });
    assert.equal(response.status, 422);
    assert.equal((await response.json()).field, "application_password");
    assert.equal(updates.length, 0, "a failed re-check changes nothing");
  });
});

Deno.test("wordpress-connect update: another user's site, or one removed meanwhile, is not found; WordPress is not asked", async () => {
  await withHarness({}, async ({ call, wp, updates }) => {
    for (const siteId of [OTHERS_SITE_ID, "50000000-0000-4000-8000-000000000099"]) {
      const response = await call(edit({ siteId, application_password: "new password" }));
      assert.equal(response.status, 404, siteId);
      assert.deepEqual(await response.json(), { error: WORDPRESS_MESSAGES.siteGone });
    }
    assert.equal(wp.requests.length, 0);
    assert.equal(updates.length, 0);
  });
  await withHarness(
    { whileWordPressAnswers: (stored) => stored.delete(SITE_ID) },
    async ({ call, updates }) => {
      const response = await call(edit({ application_password: FAKE_APPLICATION_PASSWORD }));
      assert.equal(response.status, 404);
      assert.deepEqual(await response.json(), { error: WORDPRESS_MESSAGES.siteGone });
      assert.equal(updates.length, 1, "the update found no row");
    },
  );
});

Deno.test("wordpress-connect update: a failed save is the edit form's message; the cause is logged", async () => {
  await withHarness({ updateFails: true }, async ({ call }) => {
    await withCapturedErrors(async (logs) => {
      const response = await call(edit());
      assert.equal(response.status, 500);
      assert.deepEqual(await response.json(), { error: WORDPRESS_MESSAGES.updateFailed });
      assert.deepEqual(logs, ["[wordpress-connect] unexpected failure: updating the site: value too long"]);
    });
  });
});

Deno.test("wordpress-connect update: the form's messages, per field", async () => {
  await withHarness({}, async ({ call, wp, updates }) => {
    const response = await call(edit({ name: " ", username: "" }));
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(body.error, "name: Site name is required");
    assert.deepEqual(
      body.issues.map((issue: { path: string[]; message: string }) => [issue.path.join("."), issue.message]),
      [["name", "Site name is required"], ["username", "Username is required"]],
    );
    assert.equal((await (await call(edit({ siteId: "1" }))).json()).error, "siteId: Site id must be a UUID");
    const longPassword = await (await call(edit({ application_password: "x".repeat(201) }))).json();
    assert.equal(longPassword.error, "application_password: Application password must be at most 200 characters");
    const unknownAction = await call(edit({ action: "delete" }));
    assert.equal(unknownAction.status, 400);
    assert.match((await unknownAction.json()).error, /^action: /);
    assert.equal(wp.requests.length, 0);
    assert.equal(updates.length, 0);
  });
});
