/**
 * The user's AI provider with the real supabase-js, on the local backend and
 * through the local functions runtime: the settings under row-level security
 * as owner, another user and anon; a key removed with its provider; and the
 * three recipes of docs/ai-providers.md (OpenAI, OpenRouter, a local Ollama)
 * end to end, each against its strict fake.
 */
import { FunctionsHttpError } from "@supabase/supabase-js";
import { beforeAll, describe, expect, test } from "vitest";
import { anonClient, expectError, expectRefusedOrEmpty, functionsStack, ok, saveApiKeys, serviceClient, signUp, type TestUser } from "./support.ts";

type Recorded = { path: string; apiKey: string | null; model?: string };

async function requestsOf(fake: "openai" | "openrouter" | "ollama"): Promise<Recorded[]> {
  return await (await fetch(`${functionsStack().controlUrl}/${fake}/requests`)).json();
}

/** The body of a function's answer, and its status (an error's JSON body too). */
async function invoke(user: TestUser, name: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await user.client.functions.invoke(name, { body });
  if (!error) return { status: 200, body: data };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json() };
}

describe("ai_provider_settings under row-level security", () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUp("alice", undefined, { project: true }), signUp("bob")]);
  });

  test("the owner picks models in their own row; the provider only through save_ai_provider()", async () => {
    ok(await alice.client.from("ai_provider_settings").upsert({ user_id: alice.id, seo_model: "gpt-6.1-terra" }, { onConflict: "user_id" }));
    expect(ok(await alice.client.from("ai_provider_settings").select("provider, base_url, seo_model").single())).toEqual({
      provider: "openai",
      base_url: null,
      seo_model: "gpt-6.1-terra",
    });
    expectError(await alice.client.from("ai_provider_settings").update({ provider: "custom", base_url: "http://10.0.0.1/v1" }).eq("user_id", alice.id).select().single());
    expectError(await alice.client.from("ai_provider_settings").insert({ user_id: bob.id }).select().single());
  });

  test("another user and anon see and change nothing", async () => {
    expectRefusedOrEmpty(await bob.client.from("ai_provider_settings").select("*").eq("user_id", alice.id));
    await bob.client.from("ai_provider_settings").update({ seo_model: "planted" }).eq("user_id", alice.id);
    expect(ok(await serviceClient().from("ai_provider_settings").select("seo_model").eq("user_id", alice.id).single()).seo_model)
      .toBe("gpt-6.1-terra");
    expectRefusedOrEmpty(await anonClient().from("ai_provider_settings").select("*"));
    expectError(await anonClient().rpc("save_ai_provider", { provider: "openrouter" }));
  });

  test("a key is removed with its provider, with the model choices", async () => {
    await saveApiKeys(alice, { openaiKey: "sk-alice-FIXTURE-not-a-real-key-OPEN" });
    expect(ok(await alice.client.rpc("save_ai_provider", { provider: "openrouter" }))).toBe(true);
    expect(ok(await alice.client.rpc("api_key_status").single<{ openai_key_last4: string | null }>()).openai_key_last4).toBeNull();
    expect(ok(await alice.client.from("ai_provider_settings").select("provider, seo_model").single())).toEqual({
      provider: "openrouter",
      seo_model: null,
    });
  });
});

describe("the provider recipes, through the functions runtime", () => {
  test("OpenAI (the deployment's OPENAI_BASE_URL): Check key, the model list cached per user, keywords with gpt-6-luna", async () => {
    const user = await signUp("openai-user", undefined, { project: true });
    await saveApiKeys(user, { openaiKey: "sk-recipe-openai-FIXTURE-not-a-real-key-0001" });
    const check = await invoke(user, "ai-provider", { action: "check" });
    expect(check.status).toBe(200);
    expect(check.body.message).toMatch(/^Key works: \d+ models$/);
    const models = await invoke(user, "ai-provider", { action: "models" });
    expect(models.body.listed).toBe(true);
    expect((models.body.defaults as Record<string, string>).keywords).toBe("gpt-6-luna");
    const cached = ok(await serviceClient().from("ai_provider_settings").select("models, models_fetched_at").eq("user_id", user.id).single());
    expect((cached.models as { id: string }[]).some((model) => model.id === "gpt-6-luna")).toBe(true);
    expect(cached.models_fetched_at).not.toBeNull();

    const keywords = await invoke(user, "keywords", { topic: "sourdough" });
    expect(keywords.status).toBe(200);
    expect((keywords.body.keywords as unknown[]).length).toBe(15);
    const sent = (await requestsOf("openai")).filter((request) => request.apiKey === "sk-recipe-openai-FIXTURE-not-a-real-key-0001");
    expect(sent.filter((request) => request.path === "/v1/models").length, "the list was read once: Check key cached it").toBe(1);
    expect(sent.at(-1)?.model).toBe("gpt-6-luna");

    // A model that disappeared is reported by name, with where it is chosen.
    ok(await user.client.from("ai_provider_settings").update({ seo_model: "gpt-4" }).eq("user_id", user.id));
    const seo = await invoke(user, "seo-analysis", { url: "https://example.com" });
    expect(seo.status).toBe(400);
    expect(seo.body.error).toMatch(/^The model gpt-4 is not available at OpenAI.*SEO analysis in Profile Settings → AI models\.$/);
  });

  test("OpenRouter (OPENROUTER_BASE_URL): its own key and model names", async () => {
    const user = await signUp("openrouter-user", undefined, { project: true });
    ok(await user.client.rpc("save_ai_provider", { provider: "openrouter" }));
    await saveApiKeys(user, { openaiKey: "sk-or-v1-recipe-FIXTURE-not-a-real-key-02" });
    expect((await invoke(user, "ai-provider", { action: "check" })).status).toBe(200);
    const keywords = await invoke(user, "keywords", { topic: "tea" });
    expect(keywords.status).toBe(200);
    const sent = (await requestsOf("openrouter")).filter((request) => request.apiKey === "sk-or-v1-recipe-FIXTURE-not-a-real-key-02");
    expect(sent.some((request) => request.path === "/api/v1/key")).toBe(true);
    expect(sent.at(-1)?.model).toBe("openai/gpt-6-luna");
  });

  test("a local Ollama by base URL: no key, its pulled models chosen; a private address the operator did not allow is refused", async () => {
    const user = await signUp("ollama-user", undefined, { project: true });
    ok(await user.client.rpc("save_ai_provider", { provider: "custom", base_url: functionsStack().ollamaUrl }));
    const check = await invoke(user, "ai-provider", { action: "check" });
    expect(check.body.message).toBe("Server answers: 4 models");
    const missing = await invoke(user, "keywords", { topic: "tea" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^No model is chosen for Keyword research at your server/);
    ok(await user.client.from("ai_provider_settings").update({ keywords_model: "llama3.2" }).eq("user_id", user.id));
    const keywords = await invoke(user, "keywords", { topic: "tea" });
    expect(keywords.status).toBe(200);
    expect((await requestsOf("ollama")).at(-1)?.model).toBe("llama3.2");

    ok(await user.client.rpc("save_ai_provider", { provider: "custom", base_url: "http://127.0.0.1:9/v1" }));
    const refused = await invoke(user, "ai-provider", { action: "check" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/PRIVATE_HOST_ALLOWLIST/);
  });
});
