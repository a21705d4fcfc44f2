/** The model list against the strict fakes of each flavour (their GET /models shapes). */
import assert from "node:assert/strict";
import { type FakeOpenAIFlavour, startFakeOpenAI } from "../../_testing/fakes/openai_server.ts";
import { testTarget } from "../../_testing/provider_fixtures.ts";
import { fetchModelList } from "./model_list.ts";
import { createOpenAIClient } from "./openai_client.ts";

async function listOf(flavour: FakeOpenAIFlavour, apiKey: string | null, today = "2026-11-27") {
  const fake = startFakeOpenAI({ flavour, today });
  try {
    const target = testTarget(fake, flavour, apiKey);
    const list = await fetchModelList(createOpenAIClient(target, 5_000), target, AbortSignal.timeout(5_000), today);
    return { list, requests: fake.requests.map((request) => request.path) };
  } finally {
    await fake.close();
  }
}

Deno.test("OpenAI: chat and embeddings models only, nothing shut down or Responses-only, shutdown dates kept", async () => {
  const { list } = await listOf("openai", "sk-test-FIXTURE-not-a-real-key-0000");
  const ids = list.models.map((model) => model.id);
  for (const id of ["gpt-6-luna", "gpt-6.1-terra", "gpt-6.2-sol", "text-embedding-3-small"]) assert.ok(ids.includes(id), id);
  for (const id of ["gpt-4", "gpt-3.5-turbo", "o4-mini", "gpt-5.5-pro", "omni-moderation-latest", "gpt-image-1.5"]) {
    assert.ok(!ids.includes(id), id);
  }
  assert.deepEqual(list.models.find((model) => model.id === "gpt-5-mini"), { id: "gpt-5-mini", kind: "chat", shutdownDate: "2026-12-11" });
  assert.equal(list.models.find((model) => model.id === "text-embedding-3-small")?.kind, "embeddings");
  assert.ok(list.total > list.models.length, "Key works counts everything the provider listed");

  const later = await listOf("openai", "sk-test-FIXTURE-not-a-real-key-0000", "2026-12-20");
  assert.ok(!later.list.models.some((model) => model.id === "gpt-5-mini"), "gone after its shutdown day");
});

Deno.test("OpenRouter: the key is checked, text and embeddings lists read, author/slug ids", async () => {
  const { list, requests } = await listOf("openrouter", "sk-or-v1-FIXTURE-not-a-real-key");
  assert.deepEqual(requests.sort(), ["/api/v1/key", "/api/v1/models", "/api/v1/models?output_modalities=embeddings"]);
  assert.ok(list.models.some((model) => model.id === "openai/gpt-6-luna" && model.kind === "chat"));
  assert.ok(list.models.some((model) => model.id === "openai/text-embedding-3-small" && model.kind === "embeddings"));
  await assert.rejects(listOf("openrouter", "sk-wrong-FIXTURE-not-a-real-key"), (error: { status?: number }) => error.status === 401);
});

Deno.test("Ollama: the pulled models, embeddings models told apart by name", async () => {
  const { list } = await listOf("ollama", null);
  assert.deepEqual(list.models, [
    { id: "embeddinggemma:latest", kind: "embeddings", shutdownDate: null },
    { id: "gpt-oss:20b", kind: "chat", shutdownDate: null },
    { id: "llama3.2:latest", kind: "chat", shutdownDate: null },
    { id: "qwen3:8b", kind: "chat", shutdownDate: null },
  ]);
});
