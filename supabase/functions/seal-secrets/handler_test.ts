import assert from "node:assert/strict";
import { createHandler } from "./handler.ts";

const SECRET = "sb_secret_seal_FIXTURE-not-a-real-key-0001";

Deno.test("seal-secrets: only the secret key runs it; it seals, then reports what is left in plain text", async () => {
  const calls: string[] = [];
  const handler = createHandler({
    secretKeys: [SECRET],
    sealStoredSecrets: () => {
      calls.push("seal");
      return Promise.resolve({
        "api_keys.openai_key": 3,
        "api_keys.falai_key": 0,
        "wordpress_site_credentials.application_password": 1,
        "wordpress_site_credentials.webhook_secret": 0,
        "ghost_site_credentials.admin_api_key": 0,
        "keyword_data_providers.password": 0,
      });
    },
    plainTextLeft: () => {
      calls.push("count");
      return Promise.resolve({ "api_keys.openai_key": 0 });
    },
  });
  const run = (apikey?: string) =>
    handler(new Request("http://localhost/functions/v1/seal-secrets", { method: "POST", headers: apikey ? { apikey } : {} }));

  assert.equal((await run()).status, 401);
  assert.equal((await run("sb_publishable_x")).status, 403);
  assert.deepEqual(calls, []);
  const response = await run(SECRET);
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.sealed["api_keys.openai_key"], 3);
  assert.deepEqual(body.plainTextLeft, { "api_keys.openai_key": 0 });
  assert.deepEqual(calls, ["seal", "count"]);
});
