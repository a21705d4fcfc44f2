import assert from "node:assert/strict";
import {
  newSecretsKey,
  parseSecretsKey,
  SEALED,
  secretBox,
  secretBoxFromEnv,
  SecretBoxError,
  type SecretPlace,
} from "./secret_box.ts";

const KEY = parseSecretsKey(newSecretsKey());
const PLACE: SecretPlace = { column: "wordpress_site_credentials.application_password", userId: "u1", rowKey: "s1" };

Deno.test("secret box: sealed values open to what was sealed, never hold it, and differ every time", async () => {
  const box = secretBox(KEY);
  const first = await box.seal("abcd efgh ijkl mnop", PLACE);
  const second = await box.seal("abcd efgh ijkl mnop", PLACE);
  assert.match(first, SEALED);
  assert.notEqual(first, second, "a fresh IV each time");
  assert.doesNotMatch(first, /abcd/);
  assert.deepEqual(await box.open(first, PLACE), { value: "abcd efgh ijkl mnop", sealedWith: "current" });
  assert.deepEqual(await box.open("🔑 unicode key", PLACE), { value: "🔑 unicode key", sealedWith: "nothing" });
  assert.equal((await box.open(await box.seal("🔑 unicode key", PLACE), PLACE)).value, "🔑 unicode key");
});

Deno.test("secret box: a value is bound to its column and row, and tampering is detected", async () => {
  const box = secretBox(KEY);
  const sealed = await box.seal("secret", PLACE);
  for (const elsewhere of [{ ...PLACE, userId: "u2" }, { ...PLACE, rowKey: "s2" }, { ...PLACE, column: "wordpress_site_credentials.webhook_secret" as const }]) {
    await assert.rejects(box.open(sealed, elsewhere), /does not open: altered, or moved from another row/);
  }
  const tampered = sealed.slice(0, -2) + (sealed.endsWith("AA") ? "BB" : "AA");
  await assert.rejects(box.open(tampered, PLACE), SecretBoxError);
});

Deno.test("secret box: rotation opens what a previous key sealed and says so; an unknown key is named", async () => {
  const oldKey = parseSecretsKey(newSecretsKey());
  const sealedBefore = await secretBox(oldKey).seal("old", PLACE);
  assert.deepEqual(await secretBox(KEY, [oldKey]).open(sealedBefore, PLACE), { value: "old", sealedWith: "previous" });
  await assert.rejects(secretBox(KEY).open(sealedBefore, PLACE), /sealed with key [0-9a-f]{8}, which is neither INKPRESS_SECRETS_KEY/);
});

Deno.test("secret box from the environment: made on first use; a missing or malformed key is a clear error", async () => {
  const missing = secretBoxFromEnv(new Map());
  await assert.rejects(missing.seal("x", PLACE), /INKPRESS_SECRETS_KEY is not set/);
  await assert.rejects(secretBoxFromEnv(new Map([["INKPRESS_SECRETS_KEY", btoa("short")]])).seal("x", PLACE), /must be 32 bytes/);
  const key = newSecretsKey();
  const box = secretBoxFromEnv(new Map([["INKPRESS_SECRETS_KEY", key]]));
  assert.equal((await secretBox(parseSecretsKey(key)).open(await box.seal("x", PLACE), PLACE)).value, "x");
  const base64Key = btoa(String.fromCharCode(...parseSecretsKey(key)));
  assert.equal(
    (await secretBoxFromEnv(new Map([["INKPRESS_SECRETS_KEY", base64Key]])).open(await box.seal("y", PLACE), PLACE)).value,
    "y",
    "base64 (openssl rand -base64 32) and base64url name the same key",
  );
});
