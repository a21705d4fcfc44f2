import assert from "node:assert/strict";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { createHandler } from "./handler.ts";

const ALICE = "00000000-0000-4000-8000-00000000000a";

function harness() {
  const saved: { userId: string; keys: Record<string, unknown> }[] = [];
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") ? Promise.resolve({ id: ALICE }) : Promise.reject(new UnauthenticatedError()),
    saveApiKeys(userId, keys) {
      saved.push({ userId, keys });
      return Promise.resolve({ openaiKeyLast4: keys.openaiKey ? keys.openaiKey.slice(-4) : null, falaiKeyLast4: null });
    },
  });
  const call = async (body: unknown, signedIn = true) => {
    const response = await handler(
      new Request("http://localhost/functions/v1/save-api-keys", {
        method: "POST",
        headers: { "content-type": "application/json", ...(signedIn ? { authorization: "Bearer t" } : {}) },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  return { call, saved };
}

Deno.test("save-api-keys: keys are trimmed and passed on to be sealed; '' removes, absent keeps; only the last four come back", async () => {
  const { call, saved } = harness();
  assert.deepEqual(await call({ openaiKey: "  sk-FIXTURE-not-a-real-key-6789 ", falaiKey: "" }), {
    status: 200,
    body: { openaiKeyLast4: "6789", falaiKeyLast4: null },
  });
  assert.deepEqual(saved, [{ userId: ALICE, keys: { openaiKey: "sk-FIXTURE-not-a-real-key-6789", falaiKey: null } }]);
  await call({ falaiKey: "fal-FIXTURE-0000" });
  assert.deepEqual(saved[1].keys, { openaiKey: undefined, falaiKey: "fal-FIXTURE-0000" });
});

Deno.test("save-api-keys: refusals name the field; nothing is saved", async () => {
  const { call, saved } = harness();
  assert.deepEqual((await call({ openaiKey: "short" })).body.error, "openaiKey: API key must be at least 8 characters");
  assert.deepEqual((await call({ falaiKey: "x".repeat(513) })).body.error, "falaiKey: API key must be at most 512 characters");
  assert.deepEqual((await call({})).body.error, "openaiKey: At least one API key must be provided");
  assert.deepEqual((await call({ openaiKey: "sk-FIXTURE\u0000-key" })).body.field, "openaiKey");
  assert.equal((await call({ openaiKey: "sk-FIXTURE-not-a-real-key" }, false)).status, 401);
  assert.deepEqual(saved, []);
});
