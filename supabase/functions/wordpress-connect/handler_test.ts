import assert from "node:assert/strict";
import {
  connectSiteDryRunResultSchema,
  connectSiteResultSchema,
  WORDPRESS_MESSAGES,
  type WordPressSite,
} from "../_shared/schemas/wordpress.ts";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { testWordPressConnection } from "../_shared/wordpress/discovery.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../_testing/wordpress_fake_server.ts";
import { createMemoryRateLimiter, memoryRateLimit, unlimited } from "../_testing/memory_rate_limiter.ts";
import type { RateLimit } from "../_shared/limits/rate_limit.ts";
import { createHandler } from "./handler.ts";
import type { NewSite } from "./site_store.ts";

const USER = "00000000-0000-4000-8000-00000000000a";

interface Harness {
  wp: FakeWordPress;
  saved: NewSite[];
  call(body: unknown, init?: { method?: string; signedIn?: boolean }): Promise<Response>;
}

async function withHarness(
  options: { wp?: FakeWordPressOptions; saveFails?: boolean; rateLimit?: RateLimit },
  run: (harness: Harness) => Promise<void>,
) {
  const wp = startFakeWordPress(options.wp);
  const saved: NewSite[] = [];
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") ? Promise.resolve({ id: USER }) : Promise.reject(new UnauthenticatedError()),
    testConnection: (input) =>
      testWordPressConnection(input, { fetch: guardedFetch, fetchOptions: { privateHostAllowlist: [wp.hostPort] } }),
    saveSite: (site) => {
      if (options.saveFails) return Promise.reject(new Error("insert failed"));
      saved.push(site);
      const row: WordPressSite = {
        id: "50000000-0000-4000-8000-000000000001",
        user_id: site.userId,
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
    await run({ wp, saved, call });
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
    for (const site_url of ["not a url", "ftp://example.com", "javascript:alert(1)"]) {
      const response = await call(form(wp, { site_url }));
      assert.equal((await response.json()).error, "site_url: Please enter a valid URL", site_url);
    }
    assert.equal(wp.requests.length, 0);
  });
});

Deno.test("wordpress-connect: a failed test answers 422 on the Site URL field", async () => {
  await withHarness({}, async ({ call, wp, saved }) => {
    const response = await call(form(wp, { application_password: "wrong" }));
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      error: WORDPRESS_MESSAGES.authenticationFailed,
      field: "site_url",
      reason: "authentication_failed",
    });
    assert.equal(saved.length, 0);
  });
  await withHarness({ wp: { capabilities: { upload_files: false } } }, async ({ call, wp }) => {
    const body = await (await call(form(wp))).json();
    assert.deepEqual(body, {
      error: "Required endpoint /media is not accessible. Please check WordPress permissions.",
      field: "site_url",
      reason: "endpoint_not_accessible",
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
