import assert from "node:assert/strict";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import {
  FAKE_GHOST_ADMIN_API_KEY,
  FAKE_GHOST_KEY_ID,
  ghostError,
  startFakeGhost,
} from "../../../_testing/fakes/ghost_server.ts";
import { guardedFetch, OutboundRequestError } from "../../net/ssrf.ts";
import { adminApiRoot, createGhostClient, GhostError } from "./admin_api.ts";
import { ghostAdminToken, parseAdminApiKey } from "./admin_token.ts";

Deno.test("the Admin API token: HS256, kid = key id, aud /admin/, 5 minutes, hex secret", async () => {
  const issuedAt = new Date("2026-11-24T12:00:00Z");
  const token = await ghostAdminToken(FAKE_GHOST_ADMIN_API_KEY, issuedAt);
  assert.deepEqual(decodeProtectedHeader(token), { alg: "HS256", typ: "JWT", kid: FAKE_GHOST_KEY_ID });
  const claims = decodeJwt(token);
  assert.equal(claims.aud, "/admin/");
  assert.equal(claims.iat, issuedAt.getTime() / 1000);
  assert.equal(claims.exp, issuedAt.getTime() / 1000 + 300);
  const { secret } = parseAdminApiKey(FAKE_GHOST_ADMIN_API_KEY);
  assert.equal(secret.length, 32);
  await jwtVerify(token, secret, { currentDate: issuedAt, audience: "/admin/" });
  assert.throws(() => parseAdminApiKey("not:a-key"), (error: Error) => !error.message.includes("a-key"));
});

Deno.test("adminApiRoot: the integration's API URL, with or without /ghost/... behind it", () => {
  assert.equal(adminApiRoot("https://blog.example.com"), "https://blog.example.com/ghost/api/admin/");
  assert.equal(adminApiRoot("https://blog.example.com/"), "https://blog.example.com/ghost/api/admin/");
  assert.equal(adminApiRoot("https://example.com/blog/ghost/#/settings"), "https://example.com/blog/ghost/api/admin/");
  assert.equal(adminApiRoot("https://example.com/ghost/api/admin/posts/?x=1"), "https://example.com/ghost/api/admin/");
});

function clientFor(ghost: { origin: string; hostPort: string }, key = FAKE_GHOST_ADMIN_API_KEY, now?: () => Date) {
  return createGhostClient(ghost.origin, key, guardedFetch, { privateHostAllowlist: [ghost.hostPort] }, now);
}

Deno.test("requests carry a fresh token and the Accept-Version header, through the SSRF guard", async () => {
  const seen: Headers[] = [];
  const ghost = startFakeGhost({
    intercept: (request) => {
      seen.push(request.headers);
      return undefined;
    },
  });
  try {
    const answer = await clientFor(ghost).request<{ posts: unknown[] }>({ path: "posts/", query: { limit: 1 } });
    assert.deepEqual(answer.posts, []);
    assert.match(seen[0].get("authorization") ?? "", /^Ghost ey/);
    assert.equal(seen[0].get("accept-version"), "v5.0");
    // Without the loopback allowlist the guard refuses before anything is sent.
    await assert.rejects(
      createGhostClient(ghost.origin, FAKE_GHOST_ADMIN_API_KEY, guardedFetch, { privateHostAllowlist: [] })
        .request({ path: "site/", authenticate: false }),
      (error: unknown) => error instanceof OutboundRequestError && error.kind === "forbidden_address",
    );
    assert.equal(seen.length, 1);
  } finally {
    await ghost.close();
  }
});

Deno.test("errors by status: 401 wrong key or expired token, 403, 404, 409, 422", async () => {
  const ghost = startFakeGhost({ forbidden: ["tags/"] });
  try {
    const wrongKey = `${FAKE_GHOST_KEY_ID}:${"ab".repeat(32)}`;
    await assert.rejects(clientFor(ghost, wrongKey).request({ path: "posts/" }), (error: unknown) =>
      error instanceof GhostError && error.kind === "unauthorized" && error.status === 401 &&
      error.type === "UnauthorizedError");
    const anHourAgo = () => new Date(Date.now() - 3600_000);
    await assert.rejects(clientFor(ghost, FAKE_GHOST_ADMIN_API_KEY, anHourAgo).request({ path: "posts/" }), (
      error: unknown,
    ) => error instanceof GhostError && error.kind === "unauthorized");
    await assert.rejects(
      clientFor(ghost).request({ path: "posts/", authenticate: false }),
      (error: unknown) => error instanceof GhostError && error.kind === "forbidden" && error.status === 403,
    );
    await assert.rejects(
      clientFor(ghost).request({ path: "tags/" }),
      (error: unknown) => error instanceof GhostError && error.kind === "forbidden",
    );
    await assert.rejects(
      clientFor(ghost).request({ path: "posts/0123456789abcdef01234567/" }),
      (error: unknown) => error instanceof GhostError && error.kind === "not_found" && error.message === "Post not found.",
    );
    const created = await clientFor(ghost).request<{ posts: { id: string; updated_at: string }[] }>({
      method: "POST",
      path: "posts/",
      query: { source: "html" },
      json: { posts: [{ title: "A", html: "<p>a</p>" }] },
    });
    const { id, updated_at } = created.posts[0];
    ghost.touchPost(id);
    await assert.rejects(
      clientFor(ghost).request({ method: "PUT", path: `posts/${id}/`, json: { posts: [{ title: "B", updated_at }] } }),
      (error: unknown) =>
        error instanceof GhostError && error.kind === "collision" && error.status === 409 &&
        error.type === "UpdateCollisionError",
    );
    await assert.rejects(
      clientFor(ghost).request({ method: "PUT", path: `posts/${id}/`, json: { posts: [{ title: "B" }] } }),
      (error: unknown) =>
        error instanceof GhostError && error.kind === "validation" &&
        error.message === "Validation error, cannot edit post. updated_at is required",
    );
  } finally {
    await ghost.close();
  }
});

Deno.test("an HTML page where JSON was expected: not the Admin API", async () => {
  const page = () => new Response("<!doctype html><h1>Welcome</h1>", { headers: { "content-type": "text/html" } });
  const ghost = startFakeGhost({
    intercept: (_request, path) => {
      if (path === "site/") return page();
      if (path === "posts/") return new Response("<html>Bad gateway</html>", { status: 502 });
      if (path === "tags/") return ghostError(500, "InternalServerError", "Database is locked");
      return undefined;
    },
  });
  try {
    await assert.rejects(
      clientFor(ghost).request({ path: "site/", authenticate: false }),
      (error: unknown) =>
        error instanceof GhostError && error.kind === "not_json" && error.status === 200 &&
        error.message === "The address answered with a web page, not the Ghost Admin API",
    );
    await assert.rejects(
      clientFor(ghost).request({ path: "posts/" }),
      (error: unknown) =>
        error instanceof GhostError && error.kind === "not_json" &&
        error.message === "The address answered HTTP 502 with a web page, not the Ghost Admin API",
    );
    await assert.rejects(
      clientFor(ghost).request({ path: "tags/" }),
      (error: unknown) => error instanceof GhostError && error.kind === "server" && error.message === "Database is locked",
    );
  } finally {
    await ghost.close();
  }
});
