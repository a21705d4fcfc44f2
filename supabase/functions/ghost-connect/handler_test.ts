import assert from "node:assert/strict";
import { guardedFetch } from "../_shared/net/ssrf.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { GHOST_MESSAGES } from "../_shared/contracts/ghost_sites.ts";
import { WORDPRESS_MESSAGES, type ConnectedSite } from "../_shared/contracts/sites.ts";
import { testGhostConnection } from "../_shared/publishing/ghost/connection_check.ts";
import {
  FAKE_GHOST_ADMIN_API_KEY,
  FAKE_GHOST_KEY_ID,
  type FakeGhost,
  type FakeGhostOptions,
  startFakeGhost,
} from "../_testing/fakes/ghost_server.ts";
import { createMemoryRateLimiter, memoryRateLimit, unlimited } from "../_testing/memory_rate_limiter.ts";
import type { RateLimit } from "../_shared/limits/rate_limit.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { createHandler } from "./handler.ts";
import type { NewGhostSite } from "./site_store.ts";

const USER = "00000000-0000-4000-8000-00000000000a";

interface Harness {
  ghost: FakeGhost;
  saved: NewGhostSite[];
  call(body: unknown, init?: { method?: string; signedIn?: boolean }): Promise<Response>;
}

async function withHarness(
  options: { ghost?: FakeGhostOptions; saveFails?: boolean; rateLimit?: RateLimit; allowlist?: string[] },
  run: (harness: Harness) => Promise<void>,
) {
  const ghost = startFakeGhost(options.ghost);
  const saved: NewGhostSite[] = [];
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") ? Promise.resolve({ id: USER }) : Promise.reject(new UnauthenticatedError()),
    testConnection: (input) =>
      testGhostConnection(input, {
        fetch: guardedFetch,
        fetchOptions: { privateHostAllowlist: options.allowlist ?? [ghost.hostPort] },
      }),
    saveSite: (site) => {
      if (options.saveFails) return Promise.reject(new Error("insert failed"));
      saved.push(site);
      const row: ConnectedSite = {
        id: "50000000-0000-4000-8000-000000000009",
        user_id: site.userId,
        kind: "ghost",
        name: site.name,
        site_url: site.siteUrl,
        username: null,
        base_url: site.adminApiRoot,
        seo_plugin: null,
        created_at: "2026-11-24T12:00:00.000Z",
        updated_at: "2026-11-24T12:00:00.000Z",
      };
      return Promise.resolve(row);
    },
    rateLimit: options.rateLimit ?? unlimited("wordpressConnect"),
  });
  const call: Harness["call"] = (body, init = {}) =>
    handler(
      new Request("http://localhost/functions/v1/ghost-connect", {
        method: init.method ?? "POST",
        headers: {
          "content-type": "application/json",
          ...(init.signedIn === false ? {} : { authorization: "Bearer user-jwt" }),
        },
        body: init.method === "GET" ? undefined : JSON.stringify(body),
      }),
    );
  try {
    await run({ ghost, saved, call });
  } finally {
    await ghost.close();
  }
}

const form = (ghost: FakeGhost, overrides: Record<string, unknown> = {}) => ({
  name: "My Ghost",
  admin_url: ghost.origin,
  admin_api_key: FAKE_GHOST_ADMIN_API_KEY,
  ...overrides,
});

Deno.test("ghost-connect: method, authentication and validation (400 per field)", async () => {
  await withHarness({}, async ({ call, ghost }) => {
    assert.equal((await call(null, { method: "GET" })).status, 405);
    assert.equal((await call(form(ghost), { signedIn: false })).status, 401);
    const empty = await call({ name: "", admin_url: "", admin_api_key: "" });
    assert.equal(empty.status, 400);
    const body = await empty.json();
    assert.equal(body.error, "name: Site name is required");
    assert.deepEqual(
      body.issues.map((issue: { path: string[]; message: string }) => [issue.path.join("."), issue.message]),
      [
        ["name", "Site name is required"],
        ["admin_url", "Please enter a valid URL"],
        ["admin_api_key", "Admin API key is required"],
      ],
    );
    const wrongShape = await call(form(ghost, { admin_api_key: "abc" }));
    assert.equal(wrongShape.status, 400);
    assert.equal((await wrongShape.json()).error, `admin_api_key: ${GHOST_MESSAGES.invalidAdminApiKey}`);
    assert.equal((await call(form(ghost, { admin_url: "javascript:alert(1)" }))).status, 400);
    assert.equal(ghost.requests.length, 0);
  });
});

Deno.test("ghost-connect: tested (site info, then a permission check) and saved", async () => {
  await withHarness({}, async ({ call, ghost, saved }) => {
    const response = await call(form(ghost, { admin_url: `${ghost.origin}/ghost/`, admin_api_key: FAKE_GHOST_ADMIN_API_KEY.toUpperCase() }));
    assert.equal(response.status, 201);
    const { site } = await response.json();
    assert.equal(site.kind, "ghost");
    assert.equal(JSON.stringify(site).includes(FAKE_GHOST_ADMIN_API_KEY.split(":")[1]), false, "the key never comes back");
    assert.deepEqual(saved, [{
      userId: USER,
      name: "My Ghost",
      siteUrl: `${ghost.origin}/`,
      adminApiRoot: `${ghost.origin}/ghost/api/admin/`,
      adminApiKey: FAKE_GHOST_ADMIN_API_KEY,
    }]);
    assert.deepEqual(ghost.requests.map((request) => `${request.method} ${request.path}${request.search}`), [
      "GET site/",
      "GET posts/?limit=1&fields=id",
    ]);
  });
});

Deno.test("ghost-connect: a wrong key, a key without permission, a site that is not Ghost → 422 with the field", async () => {
  await withHarness({}, async ({ call, ghost, saved }) => {
    const wrongKey = await call(form(ghost, { admin_api_key: `${FAKE_GHOST_KEY_ID}:${"ab".repeat(32)}` }));
    assert.equal(wrongKey.status, 422);
    assert.deepEqual(await wrongKey.json(), {
      error: GHOST_MESSAGES.authenticationFailed,
      field: "admin_api_key",
      reason: "unauthorized",
    });
    assert.equal(saved.length, 0);
  });
  await withHarness({ ghost: { forbidden: ["posts/"] } }, async ({ call, ghost }) => {
    const forbidden = await call(form(ghost));
    assert.deepEqual(await forbidden.json(), {
      error: GHOST_MESSAGES.permissionDenied,
      field: "admin_api_key",
      reason: "forbidden",
    });
  });
  const wordpressLike = (_request: Request, path: string) =>
    path === "site/" ? new Response("<!doctype html><p>Just another WordPress site", { status: 404, headers: { "content-type": "text/html" } }) : undefined;
  await withHarness({ ghost: { intercept: wordpressLike } }, async ({ call, ghost }) => {
    const notGhost = await call(form(ghost));
    assert.equal(notGhost.status, 422);
    assert.deepEqual(await notGhost.json(), { error: GHOST_MESSAGES.notGhost, field: "admin_url", reason: "not_ghost" });
    assert.equal(ghost.requests.length, 1, "no key is sent to a site that is not Ghost");
  });
});

Deno.test("ghost-connect: a private address is refused by the SSRF guard before any request", async () => {
  await withHarness({ allowlist: [] }, async ({ call, ghost }) => {
    const response = await call(form(ghost));
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      error: WORDPRESS_MESSAGES.privateAddress,
      field: "admin_url",
      reason: "private_address",
    });
    assert.equal(ghost.requests.length, 0);
  });
});

Deno.test("ghost-connect: rate limited (shared with wordpress-connect), and a failed save is a 500", async () => {
  const limiter = createMemoryRateLimiter();
  await withHarness({ rateLimit: memoryRateLimit("wordpressConnect", limiter, { limit: 1 }) }, async ({ call, ghost }) => {
    assert.equal((await call(form(ghost))).status, 201);
    const limited = await call(form(ghost));
    assert.equal(limited.status, 429);
  });
  await withHarness({ saveFails: true }, async ({ call, ghost }) => {
    let errors: string[] = [];
    const response = await withCapturedErrors((logs) => {
      errors = logs;
      return call(form(ghost));
    });
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), { error: GHOST_MESSAGES.connectFailed });
    assert.equal(errors.some((line) => line.includes(FAKE_GHOST_ADMIN_API_KEY.split(":")[1])), false);
  });
});
