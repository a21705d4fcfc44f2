import assert from "node:assert/strict";
import { generateKeyPair, SignJWT } from "npm:jose@6.2.17";
import { checkGatewayAuth, type GatewayAuthResult } from "./gateway_auth.ts";
import { signLegacyApiKeys } from "./legacy_api_keys.ts";

const SECRET = "gateway-auth-test-secret-0123456789";
const SECRET_KEY = "sb_secret_gateway_auth_FIXTURE-not-a-real-key";
const PUBLISHABLE_KEY = "sb_publishable_gatewayauthtest";
const now = () => Math.floor(Date.now() / 1000);

const hs256 = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(secret));
const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
const check = (headers: HeadersInit) => checkGatewayAuth(new Headers(headers), SECRET);
const refusal = (result: GatewayAuthResult) => result.ok ? "accepted" : `${result.code}: ${result.message}`;

Deno.test("verify_jwt accepts JWTs signed with the project's secret: user tokens and the legacy keys", async () => {
  const userToken = await hs256({ sub: "u1", role: "authenticated", exp: now() + 60 });
  const legacy = await signLegacyApiKeys(SECRET, "inkpress", now());
  for (const token of [userToken, legacy.anonKey, legacy.serviceRoleKey]) {
    assert.equal(refusal(await check({ authorization: `Bearer ${token}` })), "accepted");
    // An API key alongside (as supabase-js sends it) changes nothing.
    assert.equal(refusal(await check({ authorization: `Bearer ${token}`, apikey: PUBLISHABLE_KEY })), "accepted");
  }
});

Deno.test("verify_jwt refuses API keys wherever they are sent", async () => {
  const missing = "UNAUTHORIZED_NO_AUTH_HEADER: Missing authorization header";
  const notAJwt = "UNAUTHORIZED_INVALID_JWT_FORMAT: Invalid JWT";
  const cases: [HeadersInit, string][] = [
    [{ apikey: SECRET_KEY }, missing],
    [{ apikey: PUBLISHABLE_KEY }, missing],
    [{ authorization: `Bearer ${SECRET_KEY}` }, notAJwt],
    [{ authorization: `Bearer ${PUBLISHABLE_KEY}` }, notAJwt],
    [{ authorization: `Bearer ${SECRET_KEY}`, apikey: SECRET_KEY }, notAJwt],
  ];
  for (const [headers, expected] of cases) {
    assert.equal(refusal(await check(headers)), expected, JSON.stringify(headers));
  }
});

Deno.test("verify_jwt refuses malformed, forged, expired and foreign tokens with hosted's codes", async () => {
  const userToken = await hs256({ sub: "u1", exp: now() + 60 });
  const [header, , signature] = userToken.split(".");
  const { privateKey } = await generateKeyPair("ES256");
  const es256 = await new SignJWT({ sub: "u1", exp: now() + 60 }).setProtectedHeader({ alg: "ES256" }).sign(privateKey);
  const cases: [HeadersInit, string][] = [
    [{}, "UNAUTHORIZED_NO_AUTH_HEADER: Missing authorization header"],
    [{ authorization: `Basic ${userToken}` }, "UNAUTHORIZED_INVALID_JWT_FORMAT: Auth header is not 'Bearer {token}'"],
    [{ authorization: `bearer ${userToken}` }, "UNAUTHORIZED_INVALID_JWT_FORMAT: Auth header is not 'Bearer {token}'"],
    [{ authorization: "Bearer not-a-jwt" }, "UNAUTHORIZED_INVALID_JWT_FORMAT: Invalid JWT"],
    [
      { authorization: `Bearer ${await hs256({ sub: "u1" }, "another-secret")}` },
      "UNAUTHORIZED_LEGACY_JWT: Invalid JWT",
    ],
    [{ authorization: `Bearer ${await hs256({ exp: now() - 1 })}` }, "UNAUTHORIZED_LEGACY_JWT: Invalid JWT"],
    [{ authorization: `Bearer ${await hs256({ nbf: now() + 60 })}` }, "UNAUTHORIZED_LEGACY_JWT: Invalid JWT"],
    [
      { authorization: `Bearer ${header}.${base64url({ sub: "admin", exp: now() + 60 })}.${signature}` },
      "UNAUTHORIZED_LEGACY_JWT: Invalid JWT",
    ],
    [{ authorization: `Bearer ${es256}` }, "UNAUTHORIZED_ASYMMETRIC_JWT: Invalid JWT"],
    [
      { authorization: `Bearer ${base64url({ alg: "none" })}.${base64url({ sub: "u1" })}.` },
      "UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM: Unsupported JWT algorithm none",
    ],
    [
      { authorization: `Bearer ${base64url({ alg: "PS256" })}.${base64url({ sub: "u1" })}.c2ln` },
      "UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM: Unsupported JWT algorithm PS256",
    ],
  ];
  for (const [headers, expected] of cases) {
    assert.equal(refusal(await check(headers)), expected, JSON.stringify(headers));
  }
});
