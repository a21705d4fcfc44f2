import assert from "node:assert/strict";
import { createEmbeddingsClient as createClient, EMBEDDING_BATCH_SIZE, EmbeddingsError } from "./embeddings.ts";

const KEY = "sk-test-FIXTURE-not-a-real-key-1234";

/** The client for an OpenAI-like provider at `baseURL`. */
const createEmbeddingsClient = (options: { baseURL: string; apiKey: string; fetch: typeof fetch; timeoutMs?: number }) =>
  createClient({
    target: {
      provider: "openai",
      label: "OpenAI",
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      guarded: false,
      privateHostAllowlist: [],
    },
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });

interface Call {
  url: string;
  headers: Headers;
  body: { model: string; input: string[]; encoding_format: string };
}

/** A fetch answering each request with `answer(body)`, recording what it was sent. */
function stubFetch(answer: (body: Call["body"], index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(input), headers: new Headers(init?.headers), body });
    return await answer(body, calls.length - 1);
  }) as typeof fetch;
  return { calls, fetch: fetchStub };
}

const embeddingsAnswer = (input: string[], dimension = 3, order: "asc" | "desc" = "asc") => {
  const data = input.map((text, index) => ({
    object: "embedding",
    index,
    embedding: Array.from({ length: dimension }, (_, d) => (text.length + d) / 100),
  }));
  if (order === "desc") data.reverse();
  return Response.json({
    object: "list",
    data,
    model: "text-embedding-3-small",
    usage: { prompt_tokens: input.length, total_tokens: input.length },
  });
};

async function rejectsWith(promise: Promise<unknown>, kind: string, message: RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof EmbeddingsError, String(error));
    assert.equal(error.kind, kind);
    assert.match(error.message, message);
    assert.ok(!error.message.includes(KEY) && !error.detail.includes(KEY), "the key never appears in an error");
    return true;
  });
}

Deno.test("embeddings: the OpenAI wire format, the key as bearer, answers matched by index", async () => {
  const stub = stubFetch((body) => embeddingsAnswer(body.input, 3, "desc"));
  const embed = createEmbeddingsClient({ baseURL: "https://api.example/v1/", apiKey: KEY, fetch: stub.fetch });
  const vectors = await embed("text-embedding-3-small", ["a", "bbb"]);
  assert.equal(stub.calls.length, 1);
  assert.equal(stub.calls[0].url, "https://api.example/v1/embeddings");
  assert.equal(stub.calls[0].headers.get("authorization"), `Bearer ${KEY}`);
  assert.deepEqual(stub.calls[0].body, { model: "text-embedding-3-small", input: ["a", "bbb"], encoding_format: "float" });
  assert.deepEqual(vectors, [[0.01, 0.02, 0.03], [0.03, 0.04, 0.05]]);
});

Deno.test("embeddings: inputs go in batches, in order; empty inputs are sent as a placeholder, long ones cut", async () => {
  const stub = stubFetch((body) => embeddingsAnswer(body.input, 2));
  const embed = createEmbeddingsClient({ baseURL: "https://api.example/v1", apiKey: KEY, fetch: stub.fetch });
  const texts = Array.from({ length: EMBEDDING_BATCH_SIZE * 2 + 5 }, (_, i) => "x".repeat(i % 7));
  texts[3] = "y".repeat(20_000);
  const vectors = await embed("m", texts);
  assert.deepEqual(stub.calls.map((call) => call.body.input.length), [EMBEDDING_BATCH_SIZE, EMBEDDING_BATCH_SIZE, 5]);
  assert.equal(vectors.length, texts.length);
  assert.equal(stub.calls[0].body.input[0], "-");
  assert.equal(stub.calls[0].body.input[3].length, 8_000);
  const later = EMBEDDING_BATCH_SIZE + 1;
  assert.equal(vectors[later][0], texts[later].length / 100, "the second batch's answers land at their own positions");
});

Deno.test("embeddings: a refused key, a rate limit, an outage and a refused model are told apart", async () => {
  const error = (status: number, message: string) =>
    Response.json({ error: { message, type: "invalid_request_error", param: null, code: null } }, { status });
  const cases: [Response, string, RegExp][] = [
    [error(401, `Incorrect API key provided: ${KEY}.`), "invalid-key", /^OpenAI refused the API key .*Profile Settings → API Keys\.$/],
    [error(429, "Rate limit reached"), "rate-limited", /OpenAI is rate limiting your requests/],
    [error(503, "overloaded"), "unavailable", /unavailable/],
    [
      error(404, "The model `text-embedding-9` does not exist"),
      "model-not-found",
      /^The model m is not available at OpenAI.* Choose another model for embeddings in Profile Settings → Internal links\.$/,
    ],
  ];
  for (const [response, kind, message] of cases) {
    const embed = createEmbeddingsClient({ baseURL: "https://api.example/v1", apiKey: KEY, fetch: stubFetch(() => response).fetch });
    await rejectsWith(embed("m", ["a"]), kind, message);
  }
});

Deno.test("embeddings: malformed answers are refused (not JSON, missing items, mixed dimensions, wrong shape)", async () => {
  const answers = [
    new Response("<html>proxy error</html>", { status: 200 }),
    Response.json({ object: "list", data: [{ object: "embedding", index: 0, embedding: [0.1] }] }),
    Response.json({
      object: "list",
      data: [{ object: "embedding", index: 0, embedding: [0.1, 0.2] }, { object: "embedding", index: 1, embedding: [0.1] }],
    }),
    Response.json({ object: "list", data: [{ index: 0, embedding: "AAAA" }, { index: 1, embedding: "AAAA" }] }),
  ];
  for (const answer of answers) {
    const embed = createEmbeddingsClient({ baseURL: "https://api.example/v1", apiKey: KEY, fetch: stubFetch(() => answer).fetch });
    await rejectsWith(embed("m", ["a", "b"]), "malformed", /not a list of embeddings/);
  }
});

Deno.test("embeddings: an unreachable provider and one too slow to answer", async () => {
  const unreachable = createEmbeddingsClient({
    baseURL: "https://api.example/v1",
    apiKey: KEY,
    fetch: (() => Promise.reject(new TypeError(`connection refused (${KEY})`))) as typeof fetch,
  });
  await rejectsWith(unreachable("m", ["a"]), "unavailable", /OpenAI could not be reached/);

  const slow = createEmbeddingsClient({
    baseURL: "https://api.example/v1",
    apiKey: KEY,
    timeoutMs: 20,
    fetch: ((_input: unknown, init?: RequestInit) =>
      new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch,
  });
  await rejectsWith(slow("m", ["a"]), "timed-out", /did not answer the embeddings request in time/);
});

Deno.test("embeddings at each provider's strict fake: OpenAI, OpenRouter (author/slug), a local Ollama (no key)", async () => {
  const { startFakeOpenAI } = await import("../../_testing/fakes/openai_server.ts");
  const { testTarget } = await import("../../_testing/provider_fixtures.ts");
  const cases = [
    ["openai", "text-embedding-3-small", KEY],
    ["openrouter", "openai/text-embedding-3-small", KEY],
    ["ollama", "embeddinggemma", null],
  ] as const;
  for (const [flavour, model, key] of cases) {
    const fake = startFakeOpenAI({ flavour });
    try {
      const vectors = await createClient({ target: testTarget(fake, flavour, key) })(model, ["worm bins", "compost"]);
      assert.equal(vectors.length, 2, flavour);
      assert.equal(fake.requests[0].path, `${new URL(fake.url).pathname}/embeddings`, flavour);
      // A chat model, or one the server does not have, is refused with the model's name.
      await rejectsWith(
        createClient({ target: testTarget(fake, flavour, key) })(
          flavour === "ollama" ? "nomic-embed-text" : flavour === "openrouter" ? "openai/gpt-6-luna" : "gpt-6-luna",
          ["a"],
        ),
        flavour === "ollama" ? "model-not-found" : "rejected",
        flavour === "ollama" ? /nomic-embed-text is not available at your server/ : /refused the request/,
      );
    } finally {
      await fake.close();
    }
  }
});
