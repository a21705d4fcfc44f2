/** The one reader of provider keys and settings, checked against the HTTP requests supabase-js makes. */
import assert from "node:assert/strict";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../contracts/database.types.ts";
import { imageKeyReader, textProviderReader } from "./provider_access.ts";

function clientAnswering(answer: (url: URL) => Response) {
  const seen: URL[] = [];
  const fetchStub: typeof fetch = (input, init) => {
    const url = new URL(new Request(input, init).url);
    seen.push(url);
    return Promise.resolve(answer(url));
  };
  const client = createClient<Database>("http://supabase.test", "sb_secret_test", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: fetchStub },
  });
  return { client, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Deno.test("textProviderReader: the provider, its base URL, the key and the model choices, each filtered by the user", async () => {
  const { client, seen } = clientAnswering((url) =>
    url.pathname.endsWith("/ai_provider_settings")
      ? json([{ provider: "custom", base_url: "http://127.0.0.1:11434/v1", drafting_model: "qwen3:8b", keywords_model: " ", seo_model: null }])
      : url.pathname.endsWith("/api_keys")
      ? json([{ openai_key: "  lm-token-FIXTURE  " }])
      : json([{ embeddings_model: "embeddinggemma" }])
  );
  assert.deepEqual(await textProviderReader(client)("user-1"), {
    provider: "custom",
    baseUrl: "http://127.0.0.1:11434/v1",
    apiKey: "lm-token-FIXTURE",
    models: { drafting: "qwen3:8b", keywords: null, seo: null, embeddings: "embeddinggemma" },
  });
  const filters = seen.map((url) => [url.pathname, url.searchParams.get("user_id") ?? url.searchParams.get("id")]);
  assert.deepEqual(filters.sort(), [
    ["/rest/v1/ai_provider_settings", "eq.user-1"],
    ["/rest/v1/api_keys", "eq.user-1"],
    ["/rest/v1/profiles", "eq.user-1"],
  ]);
  assert.equal(seen.find((url) => url.pathname === "/rest/v1/api_keys")?.searchParams.get("select"), "openai_key");
});

Deno.test("textProviderReader: no rows is OpenAI on the defaults without a key; a failed read throws", async () => {
  const { client } = clientAnswering(() => json([]));
  assert.deepEqual(await textProviderReader(client)("user-1"), {
    provider: "openai",
    baseUrl: null,
    apiKey: null,
    models: { drafting: null, keywords: null, seo: null, embeddings: null },
  });
  const failing = clientAnswering(() => json({ code: "XX000", message: "boom" }, 500));
  await assert.rejects(textProviderReader(failing.client)("user-1"), /Could not read the AI provider settings: boom/);
});

Deno.test("imageKeyReader: the caller's fal.ai key, trimmed; none or blank is null; errors throw", async () => {
  const answers = [[{ falai_key: "  fal-key  " }], [], [{ falai_key: "" }], [{ falai_key: null }]];
  const { client, seen } = clientAnswering(() => json(answers.shift()));
  const read = imageKeyReader(client);
  assert.equal(await read("user-1"), "fal-key");
  assert.equal(await read("user-1"), null);
  assert.equal(await read("user-1"), null);
  assert.equal(await read("user-1"), null);
  assert.equal(seen[0].pathname, "/rest/v1/api_keys");
  assert.equal(seen[0].searchParams.get("user_id"), "eq.user-1");
  assert.equal(seen[0].searchParams.get("select"), "falai_key");
  const failing = clientAnswering(() => json({ code: "XX000", message: "boom" }, 500));
  await assert.rejects(imageKeyReader(failing.client)("user-1"), /api_keys lookup failed: boom/);
});
