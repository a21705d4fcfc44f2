/**
 * ai-provider against the strict fakes of each flavour: Check key, and the
 * model list with its per-user cache (an in-memory store for the table).
 */
import assert from "node:assert/strict";
import type { AiOperation, ModelList, ProviderModel } from "../_shared/contracts/ai_provider.ts";
import type { ModelListStore } from "../_shared/ai/model_list_store.ts";
import { type FakeOpenAI, type FakeOpenAIFlavour, startFakeOpenAI } from "../_testing/fakes/openai_server.ts";
import { storedProvider, testDeployment } from "../_testing/provider_fixtures.ts";
import { withCapturedErrors } from "../_testing/captured_errors.ts";
import { unlimited } from "../_testing/memory_rate_limiter.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { APIError } from "openai";
import { type AiProviderDeps, createHandler } from "./handler.ts";

const ALICE = "0b5e1c52-5f0e-4f7a-9a0e-6d3f2f1b9a01";

function memoryModelLists() {
  const rows = new Map<string, { provider: string; models: ProviderModel[]; fetchedAt: string }>();
  const store: ModelListStore = {
    read: (userId) => Promise.resolve(rows.get(userId) ?? null),
    write: (userId, provider, _baseUrl, models) => {
      const fetchedAt = new Date().toISOString();
      rows.set(userId, { provider, models, fetchedAt });
      return Promise.resolve(fetchedAt);
    },
  };
  return { store, rows };
}

interface Harness {
  fake: FakeOpenAI;
  call: (body: unknown) => Promise<{ status: number; body: Record<string, unknown> }>;
  lists: ReturnType<typeof memoryModelLists>;
  setKey: (key: string | null) => void;
  now: { value: Date };
}

async function withHarness(
  options: {
    flavour?: FakeOpenAIFlavour;
    key?: string | null;
    models?: Partial<Record<AiOperation, string>>;
    privateHosts?: string[];
    fetchModels?: AiProviderDeps["fetchModels"];
  },
  test: (harness: Harness) => Promise<void>,
) {
  const flavour = options.flavour ?? "openai";
  const fake = startFakeOpenAI({ flavour, today: "2026-11-27" });
  let key = options.key === undefined ? "sk-test-alice-FIXTURE-not-a-real-key-6789" : options.key;
  const lists = memoryModelLists();
  const now = { value: new Date() };
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer alice-token"
        ? Promise.resolve({ id: ALICE })
        : Promise.reject(new UnauthenticatedError()),
    readTextProvider: () => Promise.resolve(storedProvider(fake, flavour, key, options.models)),
    deployment: testDeployment(fake, options.privateHosts ? { privateHostAllowlist: options.privateHosts } : {}),
    modelLists: lists.store,
    rateLimit: unlimited("aiText"),
    now: () => now.value,
    ...(options.fetchModels ? { fetchModels: options.fetchModels } : {}),
  });
  const call = async (body: unknown) => {
    const response = await handler(
      new Request("http://localhost/functions/v1/ai-provider", {
        method: "POST",
        headers: { authorization: "Bearer alice-token", "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  try {
    await withCapturedErrors(() => test({ fake, call, lists, setKey: (value) => key = value, now }));
  } finally {
    await fake.close();
  }
}

Deno.test("Check key: one look at the model list, the count, or the provider's reason", () =>
  withHarness({}, async ({ call, fake, setKey }) => {
    const works = await call({ action: "check" });
    assert.equal(works.status, 200);
    assert.match(String(works.body.message), /^Key works: \d+ models$/);
    assert.deepEqual(fake.requests.map((request) => request.path), ["/v1/models", "/v1/chat/completions"]);
    const probe = fake.requests[1].body as { model: string; max_completion_tokens?: number; stream?: boolean };
    assert.equal(probe.model, "gpt-6-luna", "the keywords model, the cheapest default");
    assert.ok(probe.max_completion_tokens! <= 16 && !probe.stream, "one short answer");

    // OpenAI lists models for a key without credit; only the probe is refused.
    setKey("sk-scenario-insufficient-quota-x");
    const noCredit = await call({ action: "check" });
    assert.equal(noCredit.status, 400);
    assert.equal((noCredit.body.problem as { kind: string }).kind, "no-credit");
    assert.match(String(noCredit.body.error), /^Your OpenAI account has no credit left/);

    setKey("sk-wrong-FIXTURE-not-a-real-key-abcd");
    const refused = await call({ action: "check" });
    assert.deepEqual([refused.status, refused.body.error], [
      400,
      "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.",
    ]);
    setKey(null);
    const missing = await call({ action: "check" });
    assert.deepEqual([missing.status, missing.body.error], [400, "OpenAI API key not found"]);

    setKey("sk-scenario-server-error-x");
    const down = await call({ action: "check" });
    assert.deepEqual([down.status, (down.body.problem as { kind: string }).kind], [502, "unavailable"]);
  }));

Deno.test("Check key on OpenRouter asks its key endpoint (its model list is public)", () =>
  withHarness({ flavour: "openrouter" }, async ({ call, fake, setKey }) => {
    assert.equal((await call({ action: "check" })).status, 200);
    assert.ok(fake.requests.some((request) => request.path === "/api/v1/key"));
    setKey("sk-wrong-FIXTURE-not-a-real-key-abcd");
    const refused = await call({ action: "check" });
    assert.equal(refused.status, 400);
    assert.match(String(refused.body.error), /^OpenRouter refused the API key/);
  }));

Deno.test("Check key on a local Ollama: no key needed; a private address needs the operator's allowlist", async () => {
  await withHarness({ flavour: "ollama", key: null }, async ({ call }) => {
    const answer = await call({ action: "check" });
    assert.deepEqual([answer.status, answer.body.message], [200, "Server answers: 4 models"]);
  });
  await withHarness({ flavour: "ollama", key: null, privateHosts: [] }, async ({ call, fake }) => {
    const refused = await call({ action: "check" });
    assert.equal(refused.status, 400);
    assert.match(String(refused.body.error), /PRIVATE_HOST_ALLOWLIST/);
    assert.equal(fake.requests.length, 0);
  });
});

Deno.test("models: the provider's list with today's defaults, cached per user, refreshed on request", () =>
  withHarness({}, async ({ call, fake, lists, now }) => {
    const first = await call({ action: "models" });
    assert.equal(first.status, 200);
    const list = first.body as unknown as ModelList;
    assert.equal(list.listed, true);
    assert.deepEqual(list.defaults, {
      drafting: "gpt-6.1-terra",
      keywords: "gpt-6-luna",
      seo: "gpt-6-luna",
      embeddings: "text-embedding-3-small",
    });
    assert.ok(list.models.some((model) => model.id === "gpt-6-luna" && model.kind === "chat"));
    assert.ok(!list.models.some((model) => model.id === "gpt-4"), "nothing shut down is offered");
    assert.equal(lists.rows.get(ALICE)?.models.length, list.models.length);

    await call({ action: "models" });
    assert.equal(fake.requests.length, 1, "the second answer came from the cache");
    await call({ action: "models", refresh: true });
    assert.equal(fake.requests.length, 2, "refresh asks the provider again");
    now.value = new Date(now.value.getTime() + 25 * 3600_000);
    await call({ action: "models" });
    assert.equal(fake.requests.length, 3, "a list older than a day is fetched again");
  }));

Deno.test("models: no key yet, or a provider that cannot answer, leave the page a reason; free text only without a list", async () => {
  await withHarness({ key: null }, async ({ call, fake }) => {
    const { body } = await call({ action: "models" });
    assert.deepEqual([body.listed, body.typed, body.notice], [false, false, "Save your OpenAI API key to see its models."]);
    assert.equal(fake.requests.length, 0);
  });
  await withHarness({ key: "sk-scenario-server-error-x" }, async ({ call }) => {
    const { status, body } = await call({ action: "models" });
    assert.equal(status, 200);
    assert.deepEqual([body.listed, body.typed, body.notice], [
      false,
      false,
      "OpenAI is unavailable (HTTP 500). Please try again later.",
    ]);
  });
  // A server without GET /models answers 404 as for any route it lacks: the user types model names there.
  const noList = () => Promise.reject(APIError.generate(404, { error: { message: "Not Found" } }, undefined, new Headers()));
  await withHarness({ flavour: "ollama", key: null, fetchModels: noList }, async ({ call, fake }) => {
    const { status, body } = await call({ action: "models" });
    assert.equal(status, 200);
    assert.deepEqual([body.listed, body.typed, body.notice], [
      false,
      true,
      `Your server at ${fake.url} does not list its models; type the model names.`,
    ]);
  });
  await withHarness({ flavour: "ollama", key: null }, async ({ call }) => {
    const { body } = await call({ action: "models" });
    const list = body as unknown as ModelList;
    assert.deepEqual(list.defaults, { drafting: null, keywords: null, seo: null, embeddings: null });
    assert.deepEqual(list.models.map((model) => model.id), [
      "embeddinggemma:latest",
      "gpt-oss:20b",
      "llama3.2:latest",
      "qwen3:8b",
    ]);
  });
});

Deno.test("the body is checked; a stranger is refused", () =>
  withHarness({}, async ({ call }) => {
    assert.equal((await call({ action: "delete-everything" })).status, 400);
    assert.equal((await call({ action: "models", refresh: "yes" })).status, 400);
  }));
