import assert from "node:assert/strict";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "npm:jose@6.2.17";
import { signLegacyApiKeys } from "./legacy_api_keys.ts";

const SECRET = "legacy-keys-test-secret-0123456789";
const ISSUED_AT = 1_765_416_695;

Deno.test("legacy keys carry the claims of a hosted project's anon and service_role keys", async () => {
  const keys = await signLegacyApiKeys(SECRET, "inkpress", ISSUED_AT);
  for (const [key, role] of [[keys.anonKey, "anon"], [keys.serviceRoleKey, "service_role"]] as const) {
    assert.deepEqual(decodeProtectedHeader(key), { alg: "HS256", typ: "JWT" });
    // Hosted: {"iss":"supabase","ref":"<ref>","role":"anon","iat":1765416695,"exp":2080992695}
    assert.deepEqual(decodeJwt(key), { iss: "supabase", ref: "inkpress", role, iat: ISSUED_AT, exp: 2_080_992_695 });
    await jwtVerify(key, new TextEncoder().encode(SECRET), { algorithms: ["HS256"] });
  }
});

Deno.test("legacy keys are the same for the same secret, ref and issue time", async () => {
  assert.deepEqual(
    await signLegacyApiKeys(SECRET, "inkpress", ISSUED_AT),
    await signLegacyApiKeys(SECRET, "inkpress", ISSUED_AT),
  );
  assert.notEqual(
    (await signLegacyApiKeys(SECRET, "inkpress", ISSUED_AT)).anonKey,
    (await signLegacyApiKeys("another-secret", "inkpress", ISSUED_AT)).anonKey,
  );
});
