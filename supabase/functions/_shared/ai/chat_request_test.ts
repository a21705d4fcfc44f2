import assert from "node:assert/strict";
import { buildChatRequest, type ChatRequestSpec } from "./chat_request.ts";
import { modelFamily } from "./model_family.ts";

const spec = (model: string, extra: Partial<ChatRequestSpec> = {}): ChatRequestSpec => ({
  model,
  messages: [{ role: "user", content: "hi" }],
  output: { type: "json_schema", name: "x", schema: { type: "object" } },
  effort: ["none", "minimal", "low"],
  temperature: 0.7,
  maxOutputTokens: 1000,
  stream: false,
  ...extra,
});

Deno.test("modelFamily: reasoning families, their efforts, and Responses-only models", () => {
  const cases: [string, boolean, string[], boolean][] = [
    ["gpt-6-luna", true, ["none", "low", "medium", "high", "xhigh", "max"], false],
    ["gpt-6.1-terra", true, ["none", "low", "medium", "high", "xhigh", "max"], false],
    ["gpt-6.2-sol", true, ["low", "medium", "high", "xhigh", "max"], false],
    ["gpt-6-astra", true, ["low", "medium", "high", "xhigh", "max"], false],
    ["gpt-5-mini", true, ["minimal", "low", "medium", "high"], false],
    ["o3", true, ["low", "medium", "high"], false],
    ["chat-latest", true, [], false],
    ["gpt-5.5-pro", true, ["none", "low", "medium", "high", "xhigh", "max"], true],
    ["gpt-5.1-codex-max", true, ["none", "low", "medium", "high", "xhigh", "max"], true],
    ["gpt-4.1", false, [], false],
    ["openai/gpt-6-luna:nitro", true, ["none", "low", "medium", "high", "xhigh", "max"], false],
    ["gpt-oss:20b", false, [], false],
    ["llama3.2", false, [], false],
  ];
  for (const [model, reasoning, efforts, responsesOnly] of cases) {
    const family = modelFamily(model);
    assert.deepEqual([family.reasoning, [...family.efforts], family.responsesOnly], [reasoning, efforts, responsesOnly], model);
  }
});

Deno.test("OpenAI: reasoning models get max_completion_tokens and sampling only with effort none", () => {
  assert.deepEqual(buildChatRequest("openai", spec("gpt-6-luna")), {
    model: "gpt-6-luna",
    messages: [{ role: "user", content: "hi" }],
    reasoning_effort: "none",
    temperature: 0.7,
    max_completion_tokens: 1000,
    response_format: { type: "json_schema", json_schema: { name: "x", strict: true, schema: { type: "object" } } },
  });
  const sol = buildChatRequest("openai", spec("gpt-6.2-sol"));
  assert.deepEqual([sol.reasoning_effort, sol.temperature, sol.max_completion_tokens], ["low", undefined, 1000]);
  const mini = buildChatRequest("openai", spec("gpt-5-mini"));
  assert.deepEqual([mini.reasoning_effort, mini.temperature], ["minimal", undefined]);
  const latest = buildChatRequest("openai", spec("chat-latest"));
  assert.deepEqual([latest.reasoning_effort, latest.temperature], [undefined, undefined]);
  const classic = buildChatRequest("openai", spec("gpt-4.1", { stream: true }));
  assert.deepEqual([classic.reasoning_effort, classic.temperature, classic.stream], [undefined, 0.7, true]);
  assert.equal("max_tokens" in classic, false);
});

Deno.test("OpenRouter: OpenAI's rules by the model's name, and require_parameters with json_schema", () => {
  const request = buildChatRequest("openrouter", spec("openai/gpt-6.1-terra", { effort: ["low"] }));
  assert.deepEqual([request.reasoning_effort, request.temperature, request.provider], ["low", undefined, {
    require_parameters: true,
  }]);
  const plain = buildChatRequest("openrouter", spec("meta-llama/llama-3.3-70b-instruct", { output: { type: "json_object" } }));
  assert.deepEqual([plain.temperature, plain.provider, plain.response_format], [0.7, undefined, { type: "json_object" }]);
});

Deno.test("a user's own server: max_tokens (Ollama ignores max_completion_tokens), no reasoning_effort", () => {
  const request = buildChatRequest("custom", spec("qwen3:8b", { output: { type: "text" } }));
  assert.deepEqual(request, {
    model: "qwen3:8b",
    messages: [{ role: "user", content: "hi" }],
    temperature: 0.7,
    max_tokens: 1000,
  });
  // An OpenAI model behind a compatible proxy keeps OpenAI's rules.
  const proxied = buildChatRequest("custom", spec("gpt-6.2-sol"));
  assert.deepEqual([proxied.max_completion_tokens, proxied.reasoning_effort, proxied.temperature], [1000, "low", undefined]);
});
