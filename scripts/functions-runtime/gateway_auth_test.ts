import assert from "node:assert/strict";
import { checkGatewayAuth } from "./gateway_auth.ts";
import { signHs256Jwt, verifyHs256Jwt } from "./jwt.ts";

const SECRET = "jwt-secret";
const now = () => Math.floor(Date.now() / 1000);
const credentials = { jwtSecret: SECRET, secretKey: "sb_secret_abc" };

Deno.test("verifyHs256Jwt accepts a good token and rejects tampering", async () => {
  const token = await signHs256Jwt({ sub: "u1", exp: now() + 60 }, SECRET);
  const verification = await verifyHs256Jwt(token, SECRET);
  assert.ok(verification.valid);
  assert.equal(verification.payload.sub, "u1");

  const [header, , signature] = token.split(".");
  const otherPayload = btoa(JSON.stringify({ sub: "admin", exp: now() + 60 })).replace(/=+$/, "");
  assert.deepEqual(await verifyHs256Jwt(`${header}.${otherPayload}.${signature}`, SECRET), {
    valid: false,
    reason: "bad signature",
  });
  assert.deepEqual(await verifyHs256Jwt(token, "wrong-secret"), { valid: false, reason: "bad signature" });
});

Deno.test("verifyHs256Jwt enforces exp and nbf", async () => {
  const expired = await signHs256Jwt({ exp: now() - 1 }, SECRET);
  assert.deepEqual(await verifyHs256Jwt(expired, SECRET), { valid: false, reason: "expired" });
  const future = await signHs256Jwt({ nbf: now() + 60 }, SECRET);
  assert.deepEqual(await verifyHs256Jwt(future, SECRET), { valid: false, reason: "not yet valid" });
  const badExp = await signHs256Jwt({ exp: "never" }, SECRET);
  assert.deepEqual(await verifyHs256Jwt(badExp, SECRET), { valid: false, reason: "expired" });
});

Deno.test("verifyHs256Jwt refuses alg none and other algorithms", async () => {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  const unsigned = `${encode({ alg: "none", typ: "JWT" })}.${encode({ sub: "u1" })}.`;
  assert.deepEqual(await verifyHs256Jwt(unsigned, SECRET), { valid: false, reason: "unsupported alg none" });
  const rs256 = `${encode({ alg: "RS256" })}.${encode({ sub: "u1" })}.c2ln`;
  assert.deepEqual(await verifyHs256Jwt(rs256, SECRET), { valid: false, reason: "unsupported alg RS256" });
  assert.deepEqual(await verifyHs256Jwt("not-a-jwt", SECRET), { valid: false, reason: "not a JWT" });
});

Deno.test("checkGatewayAuth: who gets through verify_jwt", async () => {
  const userToken = await signHs256Jwt({ sub: "u1", exp: now() + 60 }, SECRET);
  const allowed = (headers: HeadersInit) => checkGatewayAuth(new Headers(headers), credentials).then((r) => r.ok);
  assert.equal(await allowed({ authorization: `Bearer ${userToken}` }), true);
  assert.equal(await allowed({ authorization: `bearer ${userToken}` }), true);
  assert.equal(await allowed({ authorization: "Bearer sb_secret_abc" }), true);
  assert.equal(await allowed({ apikey: "sb_secret_abc" }), true);
  assert.equal(await allowed({ apikey: "sb_secret_abc", authorization: "Bearer junk" }), true);
  assert.equal(await allowed({ authorization: "Bearer sb_secret_ab" }), false);
  assert.equal(await allowed({ apikey: "sb_publishable_xyz" }), false);
  assert.equal(await allowed({}), false);
});

Deno.test("checkGatewayAuth: an unknown secret key never matches", async () => {
  const result = await checkGatewayAuth(new Headers({ authorization: "Bearer ", apikey: "" }), {
    jwtSecret: SECRET,
    secretKey: "",
  });
  assert.equal(result.ok, false);
});
