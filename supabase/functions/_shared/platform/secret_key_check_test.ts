import assert from "node:assert/strict";
import { checkSecretKey } from "./secret_key_check.ts";

const SECRET = "sb_secret_test_FIXTURE-not-a-real-key-6789";
const check = (headers: Record<string, string>, keys: string[] = [SECRET]) => checkSecretKey(new Headers(headers), keys);

Deno.test("checkSecretKey: the secret key in apikey (as the cron job sends it) or as the bearer", () => {
  assert.equal(check({ apikey: SECRET }), "ok");
  assert.equal(check({ authorization: `Bearer ${SECRET}` }), "ok");
  assert.equal(check({ apikey: "sb_publishable_x", authorization: `Bearer ${SECRET}` }), "ok");
  assert.equal(check({ apikey: SECRET, authorization: "Bearer eyJ.user.jwt" }), "ok");
});

Deno.test("checkSecretKey: any one of the project's keys is accepted", () => {
  const keys = ["sb_secret_default", "sb_secret_rotated", "eyJ.legacy.service-role"];
  for (const key of keys) assert.equal(check({ apikey: key }, keys), "ok", key);
  assert.equal(check({ apikey: "sb_secret_other_project_FIXTURE-not-a-real-key" }, keys), "forbidden");
});

Deno.test("checkSecretKey: nothing is missing; anything else is forbidden", () => {
  assert.equal(check({}), "missing");
  assert.equal(check({ authorization: "Bearer " }), "missing");
  assert.equal(check({ authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.sig" }), "forbidden");
  assert.equal(check({ apikey: "sb_publishable_x" }), "forbidden");
  assert.equal(check({ authorization: `Bearer ${SECRET}x` }), "forbidden");
  assert.equal(check({ apikey: SECRET.slice(0, -1) }), "forbidden");
  assert.equal(check({ apikey: "anything" }, ["", ""]), "forbidden", "an unset key never matches");
});
