import assert from "node:assert/strict";
import {
  AUTH_RATE_LIMIT_BURST,
  authRateLimitsFromEnv,
  createAuthRateLimiter,
  HOSTED_AUTH_RATE_LIMITS,
} from "./auth-rate-limit.ts";

const request = (method: string, path: string) => new Request(`http://127.0.0.1:5173${path}`, { method });
const passwordGrant = () => request("POST", "/auth/v1/token?grant_type=password");

Deno.test("sign-ins: a burst of 30 per IP, then one every 2 s (150 per 5 minutes), answered as GoTrue does", async () => {
  let now = 0;
  const limiter = createAuthRateLimiter(HOSTED_AUTH_RATE_LIMITS, () => now);
  for (let i = 0; i < AUTH_RATE_LIMIT_BURST; i++) assert.equal(limiter.check(passwordGrant(), "127.0.0.1"), null, `request ${i + 1}`);
  const refused = limiter.check(passwordGrant(), "127.0.0.1");
  assert.ok(refused);
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("Content-Type"), "application/json");
  assert.deepEqual(await refused.json(), { code: 429, error_code: "over_request_rate_limit", msg: "Request rate limit reached" });
  // Another address has its own bucket.
  assert.equal(limiter.check(passwordGrant(), "10.0.0.2"), null);
  now += 1_999;
  assert.ok(limiter.check(passwordGrant(), "127.0.0.1"));
  now += 2_000;
  assert.equal(limiter.check(passwordGrant(), "127.0.0.1"), null);
  assert.ok(limiter.check(passwordGrant(), "127.0.0.1"));
  // Refreshes share the /token bucket.
  assert.ok(limiter.check(request("POST", "/auth/v1/token?grant_type=refresh_token"), "127.0.0.1"));
});

Deno.test("60 wrong passwords in 12 s: 35 are answered, the rest and the right one after them are refused", () => {
  let now = 0;
  const limiter = createAuthRateLimiter(HOSTED_AUTH_RATE_LIMITS, () => now);
  let answered = 0;
  for (let i = 0; i < 60; i++) {
    now = i * 200;
    if (!limiter.check(passwordGrant(), "127.0.0.1")) answered++;
  }
  assert.equal(answered, 35);
  assert.ok(limiter.check(passwordGrant(), "127.0.0.1"));
});

Deno.test("sign-ups, recovery, OTP, user updates and verification each have their own bucket at their own rate", () => {
  let now = 0;
  const limiter = createAuthRateLimiter({ tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 60 }, () => now);
  for (const [method, path] of [["POST", "/auth/v1/signup"], ["POST", "/auth/v1/recover"], ["POST", "/auth/v1/otp"], ["PUT", "/auth/v1/user"], ["GET", "/auth/v1/verify"]]) {
    for (let i = 0; i < AUTH_RATE_LIMIT_BURST; i++) assert.equal(limiter.check(request(method, path), "127.0.0.1"), null, path);
    assert.ok(limiter.check(request(method, path), "127.0.0.1"), path);
  }
  now += 10_000; // 30 per 5 min refills one in 10 s; 60 per 5 min two.
  assert.equal(limiter.check(request("POST", "/auth/v1/signup"), "127.0.0.1"), null);
  assert.ok(limiter.check(request("POST", "/auth/v1/signup"), "127.0.0.1"));
  assert.equal(limiter.check(request("GET", "/auth/v1/verify"), "127.0.0.1"), null);
  assert.equal(limiter.check(request("GET", "/auth/v1/verify"), "127.0.0.1"), null);
});

Deno.test("what hosted Auth does not limit by IP passes", () => {
  const limiter = createAuthRateLimiter({ tokenRefresh: 1, signInSignUps: 1, tokenVerifications: 1 }, () => 0);
  for (let i = 0; i < 100; i++) {
    assert.equal(limiter.check(request("GET", "/auth/v1/user"), "127.0.0.1"), null);
    assert.equal(limiter.check(request("GET", "/auth/v1/health"), "127.0.0.1"), null);
    assert.equal(limiter.check(request("POST", "/auth/v1/logout"), "127.0.0.1"), null);
  }
});

Deno.test("limits come from AUTH_RATE_LIMIT_*, hosted's defaults otherwise, and a bad value is refused", () => {
  assert.deepEqual(authRateLimitsFromEnv({}), HOSTED_AUTH_RATE_LIMITS);
  assert.deepEqual(
    authRateLimitsFromEnv({ AUTH_RATE_LIMIT_TOKEN_REFRESH: "100000", AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "", AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: "45" }),
    { tokenRefresh: 100000, signInSignUps: 30, tokenVerifications: 45 },
  );
  assert.throws(() => authRateLimitsFromEnv({ AUTH_RATE_LIMIT_TOKEN_REFRESH: "0" }), /AUTH_RATE_LIMIT_TOKEN_REFRESH must be a positive whole number/);
  assert.throws(() => authRateLimitsFromEnv({ AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "lots" }), /AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS/);
});
