/**
 * A fake OpenAI-compatible server for tests, end-to-end runs and benchmarks.
 * It speaks the real Chat Completions wire format: `POST /v1/chat/completions`
 * answered as JSON, or with `stream: true` as Server-Sent Events of
 * `chat.completion.chunk` objects ending in `data: [DONE]`; errors use
 * OpenAI's `{ "error": { message, type, param, code } }` body.
 *
 * What it answers is decided from the request:
 * - structured output named "article" → an article JSON in the schema's key order;
 * - a prompt mentioning an "SEO analysis" → an SEO analysis object;
 * - a prompt mentioning keywords → a JSON array of 15 keyword items;
 * - anything else → a short plain-text reply.
 *
 * `POST /v1/embeddings` (`{ model, input: string | string[], encoding_format?,
 * dimensions? }`) answers `{ object: "list", data: [{ object: "embedding",
 * index, embedding }], model, usage }`: each text's English word stems
 * (stop words left out) hashed into `dimensions` (default 1536, 3072 for a
 * "-large" model) signed buckets, weighted 1 + ln(count), L2-normalised.
 * Deterministic and lexical: texts that share words are near, which is
 * enough to test the plumbing but says nothing of a real model's quality.
 * `encoding_format: "base64"` answers little-endian float32 in base64, as
 * OpenAI does. The same keys, scenarios ("rate-limit", "server-error",
 * "malformed-chunk" and "cut-stream" give a truncated body) and 401 apply.
 *
 * Authorization: `Bearer <key>` is required; a key starting with `sk-wrong`
 * gets OpenAI's 401 `invalid_api_key`; a key starting with
 * `sk-scenario-<scenario>` selects that scenario for its request (handy
 * end to end, where the key is the only thing a test controls). Otherwise a
 * `plan` rule whose text the last user message contains gives the next
 * matching requests its scenarios in turn (one idea of a bulk batch rate
 * limited twice, then answered); then the server-wide `scenario`.
 *
 * `requestLimit` ({ requests, windowMs }, off by default) is OpenAI's
 * requests-per-minute limit, per key: past `requests` accepted chat
 * requests in the last `windowMs` (60,000 for a real RPM; tests scale the
 * minute down), a request gets 429 `rate_limit_exceeded` (type `requests`)
 * with OpenAI's message form and `x-ratelimit-*-requests` headers, and
 * `retry-after-ms` until the oldest request leaves the window (source of the
 * shapes: /work/notes/ai-providers.md §1.6).
 *
 * `parallel` (unlimited by default) is a server that works on that many
 * chat requests at once and queues the rest in arrival order, as Ollama does
 * with OLLAMA_NUM_PARALLEL (the queue, OLLAMA_MAX_QUEUE, is 512 by default:
 * ollama/ollama PR #4144): its pace, not the caller's, then caps throughput.
 *
 * Not OpenAI's: `GET /v1/fake/stream-timings` lists when each streamed
 * request arrived and sent its first content token (epoch ms), so a
 * benchmark in another process can time from the provider's first token.
 *
 * Library: `startFakeOpenAI(options)` → `{ url, requests, scenario, plan,
 * firstTokenDelayMs, close() }` where `url` ends in `/v1` (use it as
 * OPENAI_BASE_URL); `scenario`, `plan` and `firstTokenDelayMs` may be changed
 * while it runs.
 * CLI: `deno run -A supabase/functions/_testing/fakes/openai_server.ts --port 0
 *   [--scenario <name>] [--first-token-delay-ms N] [--tokens-per-second N]`
 * prints the URL as its first line of output and runs until SIGINT/SIGTERM.
 *
 * Self-contained on purpose (no imports), so it runs anywhere Deno does.
 */

export const FAKE_OPENAI_SCENARIOS = [
  /** Answer normally. */
  "ok",
  /** Stream a few chunks, then one whose data is not JSON (non-streaming: a truncated JSON body). */
  "malformed-chunk",
  /** Stream half the chunks, then drop the connection without `[DONE]` (non-streaming: half a body). */
  "cut-stream",
  /** 429 rate_limit_exceeded with `retry-after-ms`. */
  "rate-limit",
  /** 500 server_error. */
  "server-error",
  /** Wait `firstTokenDelayMs` (default 60 s) before the first token. */
  "slow-first-token",
  /** The model's content is prose with broken JSON. */
  "invalid-json",
  /** The model's content is empty. */
  "empty",
  /** The JSON is wrapped in prose and a Markdown fence. */
  "wrapped",
] as const;

export type FakeOpenAIScenario = (typeof FAKE_OPENAI_SCENARIOS)[number];

export interface FakeOpenAIOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  hostname?: string;
  /** Delay before the first token in every scenario; "slow-first-token" defaults it to 60 s. */
  firstTokenDelayMs?: number;
  /** Streaming pace; each chunk is about one token (four characters). Unlimited by default. */
  tokensPerSecond?: number;
  scenario?: FakeOpenAIScenario;
  /** Sent as `retry-after-ms` with 429 and 500 answers (the SDK waits that long before retrying). */
  retryAfterMs?: number;
  /** The per-key requests-per-window limit (see the header comment); none by default. */
  requestLimit?: FakeRequestLimit;
  /** Chat requests worked on at once, the rest queued (see the header comment); unlimited by default. */
  parallel?: number;
}

export interface FakeRequestLimit {
  /** Chat requests accepted per key within `windowMs`. */
  requests: number;
  /** 60,000 for OpenAI's requests per minute. */
  windowMs: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The bearer key, or null when none was sent. */
  apiKey: string | null;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  scenario: FakeOpenAIScenario;
  stream: boolean;
  /** When the request arrived and when its answer (or refusal) was sent, in ms (performance.now()). */
  receivedAt: number;
  answeredAt?: number;
  /** When a stream sent its first content token (performance.now()). */
  firstTokenAt?: number;
  /** When the server started working on it, after waiting for a free place (`parallel`). */
  startedAt?: number;
  /**
   * True when the client went away before the answer was delivered. A
   * non-streaming answer notices only when it is sent (a slow one waits its
   * full delay first); a stream notices at once.
   */
  aborted: boolean;
}

export interface FakeOpenAIPlanRule {
  /** Applies to requests whose last user message contains this text. */
  match: string;
  /** The scenarios of the next matching requests, in order (consumed); later ones get the usual scenario. */
  scenarios: FakeOpenAIScenario[];
}

export interface FakeOpenAI {
  /** The base URL including `/v1`, e.g. http://127.0.0.1:41234/v1. */
  url: string;
  requests: RecordedRequest[];
  /** The scenario for requests whose key and plan do not choose one; may be changed at any time. */
  scenario: FakeOpenAIScenario;
  /** Scenarios by request text, for requests whose key does not choose one; may be changed at any time. */
  plan: FakeOpenAIPlanRule[];
  /** Delay before the first token (see FakeOpenAIOptions); may be changed at any time. */
  firstTokenDelayMs: number | undefined;
  /** The per-key request limit (see FakeOpenAIOptions); may be changed at any time. */
  requestLimit: FakeRequestLimit | undefined;
  /** Chat requests worked on at once (see FakeOpenAIOptions); may be changed at any time. */
  parallel: number | undefined;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

type AnswerKind = "article" | "seo" | "keywords" | "chat";

interface Pace {
  firstTokenDelayMs: number;
  chunkDelayMs: number;
}

const SLOW_FIRST_TOKEN_DEFAULT_MS = 60_000;

/** Fails a response body on purpose, so the connection drops mid-answer. */
class FakeConnectionDrop extends Error {
  constructor() {
    super("fake connection drop");
  }
}
const encoder = new TextEncoder();

export function startFakeOpenAI(options: FakeOpenAIOptions = {}): FakeOpenAI {
  const requests: RecordedRequest[] = [];
  const closing = new AbortController();
  const tokensPerSecond = options.tokensPerSecond ?? Infinity;
  const retryAfterMs = options.retryAfterMs ?? 10;

  const fake = {
    url: "",
    requests,
    scenario: options.scenario ?? "ok",
    plan: [] as FakeOpenAIPlanRule[],
    firstTokenDelayMs: options.firstTokenDelayMs,
    requestLimit: options.requestLimit,
    parallel: options.parallel,
    close: async () => {
      closing.abort();
      await server.shutdown();
    },
  } satisfies FakeOpenAI;

  const server = Deno.serve(
    {
      port: options.port ?? 0,
      hostname: options.hostname ?? "127.0.0.1",
      onListen: () => {},
      onError: (error) => {
        if (!(error instanceof FakeConnectionDrop)) console.error("fake OpenAI server:", error);
        return new Response(null, { status: 500 });
      },
    },
    async (req, info) => {
      const path = new URL(req.url).pathname;
      if (req.method === "GET" && path === "/v1/fake/stream-timings") return Response.json(streamTimings(requests));
      if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/v1/embeddings")) {
        return openAIError(404, `Invalid URL (${req.method} ${path})`, "invalid_request_error", null);
      }
      const apiKey = req.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() || null;
      const body = await req.json().catch(() => undefined) as Json | undefined;
      const scenario = scenarioForKey(apiKey) ?? plannedScenario(fake.plan, body) ?? fake.scenario;
      const record: RecordedRequest = {
        method: req.method,
        path,
        apiKey,
        body,
        scenario,
        stream: body?.stream === true,
        receivedAt: performance.now(),
        aborted: false,
      };
      requests.push(record);
      // Not req.signal: reading it switches Deno.serve into its legacy
      // abort-on-success mode with a warning. A failed delivery means the
      // client went away.
      const disconnected = new AbortController();
      info.completed.then(
        () => record.answeredAt = performance.now(),
        () => {
          record.answeredAt = performance.now();
          record.aborted = true;
          disconnected.abort();
        },
      );
      const signal = AbortSignal.any([disconnected.signal, closing.signal]);

      if (path === "/v1/embeddings") {
        return authenticationError(apiKey) ?? invalidEmbeddingsRequest(body) ?? transportError(scenario, retryAfterMs) ??
          embeddingsAnswer(body as Json, scenario);
      }
      const refusal = authenticationError(apiKey) ?? invalidRequest(body) ?? transportError(scenario, retryAfterMs) ??
        overRequestLimit(apiKey!, String((body as Json).model), record);
      if (refusal) return refusal;

      const pace: Pace = {
        firstTokenDelayMs: fake.firstTokenDelayMs ??
          (scenario === "slow-first-token" ? SLOW_FIRST_TOKEN_DEFAULT_MS : 0),
        chunkDelayMs: Number.isFinite(tokensPerSecond) && tokensPerSecond > 0 ? 1000 / tokensPerSecond : 0,
      };
      const validBody = body as Json;
      const content = shapeContent(answerFor(validBody), scenario);
      const model = String(validBody.model);
      // A place among `parallel`, held until the answer is delivered (or the client is gone).
      if (!(await workers.enter(signal))) return new Response(null, { status: 499 });
      record.startedAt = performance.now();
      info.completed.finally(() => workers.leave()).catch(() => {});
      return record.stream
        ? streamedAnswer(content, model, scenario, pace, validBody, signal, record)
        : await wholeAnswer(content, model, scenario, pace, signal, record);
    },
  );
  const workers = placesOf(() => fake.parallel);
  /** Accepted chat requests per key (performance.now()), oldest first, within the limit's window. */
  const accepted = new Map<string, number[]>();
  function overRequestLimit(apiKey: string, model: string, record: RecordedRequest): Response | undefined {
    const limit = fake.requestLimit;
    if (!limit) return undefined;
    const now = performance.now();
    const recent = (accepted.get(apiKey) ?? []).filter((at) => at > now - limit.windowMs);
    accepted.set(apiKey, recent);
    if (recent.length < limit.requests) {
      recent.push(now);
      return undefined;
    }
    record.scenario = "rate-limit";
    const waitMs = Math.max(1, Math.ceil(recent[0] + limit.windowMs - now));
    return openAIError(
      429,
      `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit ${limit.requests}, ` +
        `Used ${recent.length}, Requested 1. Please try again in ${waitMs}ms. ` +
        "Visit https://platform.openai.com/account/rate-limits to learn more.",
      "requests",
      "rate_limit_exceeded",
      {
        "retry-after-ms": String(waitMs),
        "x-ratelimit-limit-requests": String(limit.requests),
        "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": `${waitMs}ms`,
      },
    );
  }

  fake.url = `http://${server.addr.hostname}:${server.addr.port}/v1`;
  return fake;
}

/** Up to `limit()` holders at once (unlimited when undefined); the others wait in arrival order. */
function placesOf(limit: () => number | undefined) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    const most = limit() ?? Infinity;
    while (busy < most && waiting.length > 0) {
      busy++;
      waiting.shift()!();
    }
  };
  return {
    /** Resolves true once a place is held, false if `signal` aborts first. */
    enter(signal: AbortSignal): Promise<boolean> {
      return new Promise((resolve) => {
        if (signal.aborted) return resolve(false);
        const granted = () => {
          signal.removeEventListener("abort", gone);
          resolve(true);
        };
        const gone = () => {
          const at = waiting.indexOf(granted);
          if (at >= 0) waiting.splice(at, 1);
          resolve(false);
        };
        signal.addEventListener("abort", gone, { once: true });
        waiting.push(granted);
        next();
      });
    },
    leave() {
      busy--;
      next();
    },
  };
}

/** The streamed requests' timings on the wall clock (epoch ms), for benchmarks in other processes. */
function streamTimings(requests: RecordedRequest[]): { receivedAt: number; firstTokenAt: number | null }[] {
  const wallClock = (at: number) => performance.timeOrigin + at;
  return requests.filter((request) => request.stream).map((request) => ({
    receivedAt: wallClock(request.receivedAt),
    firstTokenAt: request.firstTokenAt === undefined ? null : wallClock(request.firstTokenAt),
  }));
}

function scenarioForKey(apiKey: string | null): FakeOpenAIScenario | undefined {
  if (!apiKey?.startsWith("sk-scenario-")) return undefined;
  const rest = apiKey.slice("sk-scenario-".length);
  return [...FAKE_OPENAI_SCENARIOS]
    .sort((a, b) => b.length - a.length)
    .find((scenario) => rest === scenario || rest.startsWith(`${scenario}-`));
}

/** The next scenario of the first plan rule matching the request's last user message (consumed). */
function plannedScenario(plan: FakeOpenAIPlanRule[], body: Json | undefined): FakeOpenAIScenario | undefined {
  const messages = body?.messages;
  if (!Array.isArray(messages) || !messages.every((message) => message && typeof message === "object")) {
    return undefined;
  }
  const { lastUser } = messageTexts(body as Json);
  const rule = plan.find((candidate) => candidate.scenarios.length > 0 && lastUser.includes(candidate.match));
  return rule?.scenarios.shift();
}

// ---------------------------------------------------------------- errors

function openAIError(
  status: number,
  message: string,
  type: string,
  code: string | null,
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { error: { message, type, param: null, code } },
    { status, headers: { "x-request-id": requestId(), ...headers } },
  );
}

function authenticationError(apiKey: string | null): Response | undefined {
  if (!apiKey) {
    return openAIError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth " +
        "(i.e. Authorization: Bearer YOUR_KEY), or as the password field (i.e. user:YOUR_KEY) in basic auth. " +
        "You can obtain an API key from https://platform.openai.com/account/api-keys.",
      "invalid_request_error",
      null,
    );
  }
  if (!apiKey.startsWith("sk-wrong")) return undefined;
  // Like OpenAI, quote the start and the end of the key: callers must not pass this text on.
  const masked = `${apiKey.slice(0, 8)}${"*".repeat(Math.max(4, apiKey.length - 12))}${apiKey.slice(-4)}`;
  return openAIError(
    401,
    `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    "invalid_request_error",
    "invalid_api_key",
  );
}

/** The checks OpenAI makes that a caller's bug would trip, with its messages. */
function invalidRequest(body: Json | undefined): Response | undefined {
  const invalid = (message: string, code: string | null = null) =>
    openAIError(400, message, "invalid_request_error", code);
  if (!body || typeof body !== "object") {
    return invalid(
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library " +
        "correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
    );
  }
  if (typeof body.model !== "string" || !body.model) return invalid("you must provide a model parameter");
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return invalid("[] is too short - 'messages'", "empty_array");
  }
  const format = body.response_format as Json | undefined;
  if (format?.type === "json_schema") {
    const jsonSchema = format.json_schema as Json | undefined;
    if (!jsonSchema?.name) return invalid("Missing required parameter: 'response_format.json_schema.name'.");
    if (jsonSchema.strict === true) {
      const problem = strictSchemaProblem(jsonSchema.schema, "()");
      if (problem) {
        return invalid(`Invalid schema for response_format '${jsonSchema.name}': ${problem}`, "invalid_json_schema");
      }
    }
  }
  return undefined;
}

/** Structured Outputs' strict-mode rules for objects: every key required, no additional properties. */
function strictSchemaProblem(schema: unknown, context: string): string | undefined {
  if (!schema || typeof schema !== "object") return `In context=${context}, schema must be a JSON Schema object.`;
  const node = schema as Json;
  if (node.type === "object") {
    if (node.additionalProperties !== false) {
      return `In context=${context}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(node.required) ? node.required : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing) {
      return `In context=${context}, 'required' is required to be supplied and to be an array including every ` +
        `key in properties. Missing '${missing}'.`;
    }
    for (const [key, child] of Object.entries(properties)) {
      const problem = strictSchemaProblem(child, `('properties', '${key}')`);
      if (problem) return problem;
    }
  }
  if (node.type === "array" && node.items) return strictSchemaProblem(node.items, `${context}, 'items'`);
  return undefined;
}

function transportError(scenario: FakeOpenAIScenario, retryAfterMs: number): Response | undefined {
  const retryHeaders = { "retry-after-ms": String(retryAfterMs) };
  if (scenario === "rate-limit") {
    return openAIError(
      429,
      "Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
      "requests",
      "rate_limit_exceeded",
      { ...retryHeaders, "x-ratelimit-limit-requests": "3", "x-ratelimit-remaining-requests": "0" },
    );
  }
  if (scenario === "server-error") {
    return openAIError(
      500,
      "The server had an error while processing your request. Sorry about that!",
      "server_error",
      null,
      retryHeaders,
    );
  }
  return undefined;
}

// ---------------------------------------------------------------- answers

function messageTexts(body: Json): { all: string; lastUser: string } {
  const texts = (body.messages as Json[]).map((message) => ({
    role: message.role,
    text: typeof message.content === "string"
      ? message.content
      : Array.isArray(message.content)
      ? (message.content as Json[]).map((part) => (typeof part.text === "string" ? part.text : "")).join(" ")
      : "",
  }));
  return {
    all: texts.map((entry) => entry.text).join("\n"),
    lastUser: texts.findLast((entry) => entry.role === "user")?.text ?? "",
  };
}

function answerKind(body: Json, allText: string): AnswerKind {
  const format = body.response_format as Json | undefined;
  if ((format?.json_schema as Json | undefined)?.name === "article") return "article";
  if (/seo analysis/i.test(allText)) return "seo";
  if (/keyword/i.test(allText)) return "keywords";
  return "chat";
}

function answerFor(body: Json): string {
  const { all, lastUser } = messageTexts(body);
  const kind = answerKind(body, all);
  if (kind === "article") {
    const schema = (body.response_format as Json).json_schema as Json;
    const properties = ((schema.schema as Json | undefined)?.properties ?? {}) as Record<string, unknown>;
    return JSON.stringify(fakeArticle(topicOf(lastUser), Object.keys(properties)));
  }
  if (kind === "seo") return JSON.stringify(fakeSeoAnalysis(lastUser), null, 2);
  if (kind === "keywords") return JSON.stringify(fakeKeywords(topicOf(lastUser)), null, 2);
  return "This is a reply from the fake OpenAI server.";
}

/** The subject of a request: the first line of the user's text, after its last "label: ". */
function topicOf(userText: string): string {
  const firstLine = userText.trim().split("\n")[0] ?? "";
  const topic = firstLine.slice(firstLine.lastIndexOf(": ") + 1).trim().replace(/[.?!]+$/, "");
  return (topic || "your topic").slice(0, 80);
}

function slugify(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "article";
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Text with quotes, line breaks, accents and an emoji, so clients meet real JSON escapes. */
function fakeArticle(topic: string, keys: string[]): Record<string, string> {
  const title = `${capitalise(topic)}: A Practical Guide`;
  const values: Record<string, string> = {
    title,
    content: [
      `<p>Everyone talks about ${topic}, but few explain it "step by step". This guide does — café-table simple 🚀.</p>`,
      `<h2>Why ${topic} matters</h2>`,
      `<p>Getting ${topic} right saves time, money and nerves. Here's what the best practitioners do differently.</p>`,
      `<h2>Getting started</h2>`,
      `<ol>\n<li>Define what success looks like.</li>\n<li>Start small and measure.</li>\n<li>Keep what works.</li>\n</ol>`,
      `<h3>Common mistakes</h3>`,
      `<ul>\n<li>Doing everything at once.</li>\n<li>Ignoring the data.</li>\n</ul>`,
      `<blockquote>Progress beats perfection.</blockquote>`,
      `<h2>Conclusion</h2>`,
      `<p>With these steps, ${topic} becomes a habit rather than a chore.</p>`,
    ].join("\n"),
    excerpt: `A practical, step-by-step guide to ${topic}: why it matters, how to start and which mistakes to avoid.`,
    category: "Guides",
    tags: `${topic}, how-to, beginners, tips`,
    meta_description:
      `Learn ${topic} step by step: why it matters, how to get started and the common mistakes to avoid.`
        .slice(0, 160),
    focus_keyword: topic.toLowerCase(),
    slug: slugify(title),
  };
  const ordered = keys.length ? keys : Object.keys(values);
  return Object.fromEntries(ordered.map((key) => [key, values[key] ?? `Fake ${key}`]));
}

const KEYWORD_PATTERNS = [
  "{t} tips",
  "best {t}",
  "{t} for beginners",
  "how to start {t}",
  "{t} guide",
  "{t} ideas",
  "{t} examples",
  "{t} tools",
  "{t} checklist",
  "common {t} mistakes",
  "{t} vs alternatives",
  "affordable {t}",
  "{t} trends 2026",
  "{t} near me",
  "what is {t}",
];

function fakeKeywords(topic: string): Json[] {
  const levels = ["low", "medium", "high"];
  return KEYWORD_PATTERNS.map((pattern, index) => {
    const difficulty = 12 + ((index * 37) % 85);
    return {
      keyword: pattern.replace("{t}", topic.toLowerCase()),
      searchVolume: `${(((index * 7919) % 240) / 10 + 0.5).toFixed(1)}K`,
      difficulty,
      cpc: `$${(0.35 + ((index * 13) % 40) / 10).toFixed(2)}`,
      competition: levels[Math.min(2, Math.floor(difficulty / 34))],
    };
  });
}

function fakeSeoAnalysis(userText: string): Json {
  const url = userText.match(/https?:\/\/[^\s"']+/)?.[0];
  let host = "the website";
  try {
    if (url) host = new URL(url).hostname;
  } catch {
    // Keep the generic name.
  }
  return {
    title: `SEO analysis of ${host}`,
    trafficMetrics: {
      monthlyVisits: "~45K (estimate)",
      avgDuration: "2m 35s",
      pagesPerVisit: "2.8",
      bounceRate: "48%",
      topCountry: "United States",
    },
    contentStrategy: {
      types: ["Blog posts", "How-to guides", "Product pages"],
      freshness: "New content roughly every week",
      examples: [`${host} beginner guide`, `Top 10 tips from ${host}`],
    },
    backlinkProfile: {
      strength: "Moderate: around 300 referring domains (estimate)",
      opportunities: "Guest posts on industry blogs; listings in niche directories",
    },
    technicalSeo: {
      structure: "Clear hierarchy with descriptive URLs",
      improvements: ["Compress large images", "Add structured data", "Fix duplicate title tags"],
    },
    summaryTable: [
      { metric: "Monthly visits", value: "~45K", insight: "Steady organic growth" },
      { metric: "Bounce rate", value: "48%", insight: "Average for content sites" },
      { metric: "Referring domains", value: "~300", insight: "Room to grow with outreach" },
    ],
    recommendations: [
      "Publish in-depth guides for high-intent keywords",
      "Improve Core Web Vitals on mobile",
      "Build links from relevant industry sites",
    ],
  };
}

function shapeContent(content: string, scenario: FakeOpenAIScenario): string {
  if (scenario === "empty") return "";
  if (scenario === "invalid-json") return "Sure! Here is what you asked for: {title: 'Oops', content: <p>not json";
  if (scenario === "wrapped") {
    return `Here you go:\n\n\`\`\`json\n${content}\n\`\`\`\n\nLet me know if you need changes.`;
  }
  return content;
}

// ---------------------------------------------------------------- embeddings

const EMBEDDING_STOP_WORDS = new Set(
  ("a an and are as at be but by for from has have how i if in into is it its of on or our so than that the their " +
    "them then there these they this to up was we were what when where which while who why will with you your do " +
    "does can not no all any more most some such only own same too very just also about after before over under").split(" "),
);

/** OpenAI's checks of an embeddings request, with its messages. */
function invalidEmbeddingsRequest(body: Json | undefined): Response | undefined {
  const invalid = (message: string) => openAIError(400, message, "invalid_request_error", null);
  if (!body || typeof body !== "object") return invalid("We could not parse the JSON body of your request.");
  if (typeof body.model !== "string" || !body.model) return invalid("you must provide a model parameter");
  const input = body.input;
  const texts = typeof input === "string" ? [input] : input;
  if (!Array.isArray(texts) || texts.length === 0 || texts.length > 2048) {
    return invalid("'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.");
  }
  if (texts.some((text) => typeof text !== "string" || text === "")) {
    return invalid("'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.");
  }
  if (body.dimensions !== undefined && (!Number.isInteger(body.dimensions) || (body.dimensions as number) < 1)) {
    return invalid("Invalid value for 'dimensions': must be a positive integer.");
  }
  if (body.encoding_format !== undefined && body.encoding_format !== "float" && body.encoding_format !== "base64") {
    return invalid("Invalid value for 'encoding_format': expected 'float' or 'base64'.");
  }
  return undefined;
}

/** A light English stemmer: "beds" = "bed", "composting" = "compost". */
function embeddingStem(word: string): string {
  let w = word.replace(/['\u2019]s$/, "").replace(/['\u2019]/g, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ches|shes|sses|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The fake's embedding of `text`: hashed word stems, unit length. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu) ?? []) {
    if (EMBEDDING_STOP_WORDS.has(word)) continue;
    const stem = embeddingStem(word);
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  const vector = new Array<number>(dimensions).fill(0);
  for (const [stem, count] of counts) {
    const hash = fnv1a(stem);
    vector[hash % dimensions] += (hash & 0x80000000 ? -1 : 1) * (1 + Math.log(count));
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / norm);
}

function base64Float32(vector: number[]): string {
  const bytes = new Uint8Array(new Float32Array(vector).buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function embeddingsAnswer(body: Json, scenario: FakeOpenAIScenario): Response {
  const texts = (typeof body.input === "string" ? [body.input] : body.input) as string[];
  const model = String(body.model);
  const dimensions = typeof body.dimensions === "number" ? body.dimensions : /-large\b/.test(model) ? 3072 : 1536;
  const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  const answer = JSON.stringify({
    object: "list",
    data: texts.map((text, index) => {
      const vector = fakeEmbedding(text, dimensions);
      return { object: "embedding", index, embedding: body.encoding_format === "base64" ? base64Float32(vector) : vector };
    }),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
  const broken = scenario === "malformed-chunk" || scenario === "cut-stream";
  return new Response(broken ? answer.slice(0, Math.floor(answer.length / 2)) : answer, {
    headers: { "content-type": "application/json", "x-request-id": requestId(), "openai-model": model },
  });
}

// ---------------------------------------------------------------- wire format

function requestId(): string {
  return `req_${crypto.randomUUID().replaceAll("-", "")}`;
}

function completionId(): string {
  return `chatcmpl-${crypto.randomUUID().replaceAll("-", "").slice(0, 29)}`;
}

function usageFor(body: Json, content: string): Json {
  const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
  const completionTokens = Math.ceil(content.length / 4);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

/** About one token per chunk: four characters, never splitting a surrogate pair. */
function tokenize(content: string): string[] {
  const characters = Array.from(content);
  const chunks: string[] = [];
  for (let index = 0; index < characters.length; index += 4) chunks.push(characters.slice(index, index + 4).join(""));
  return chunks;
}

/** Resolves after `ms`, or early (false) when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

async function wholeAnswer(
  content: string,
  model: string,
  scenario: FakeOpenAIScenario,
  pace: Pace,
  signal: AbortSignal,
  record: RecordedRequest,
): Promise<Response> {
  if (!(await sleep(pace.firstTokenDelayMs, signal))) return new Response(null, { status: 499 });
  const headers = { "content-type": "application/json", "x-request-id": requestId() };
  const text = JSON.stringify({
    id: completionId(),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{
      index: 0,
      message: { role: "assistant", content, refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: "stop",
    }],
    usage: usageFor(record.body as Json, content),
    service_tier: "default",
    system_fingerprint: "fp_fake",
  });
  if (scenario === "malformed-chunk") return new Response(text.slice(0, text.length / 2), { headers });
  if (scenario === "cut-stream") {
    const half = encoder.encode(text.slice(0, text.length / 2));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half);
        controller.error(new FakeConnectionDrop());
      },
    });
    return new Response(body, { headers });
  }
  return new Response(text, { headers });
}

function streamedAnswer(
  content: string,
  model: string,
  scenario: FakeOpenAIScenario,
  pace: Pace,
  body: Json,
  signal: AbortSignal,
  record: RecordedRequest,
): Response {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Json, finishReason: string | null, extra: Json = {}) =>
    encoder.encode(
      `data: ${
        JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created,
          model,
          system_fingerprint: "fp_fake",
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
          ...extra,
        })
      }\n\n`,
    );
  const includeUsage = (body.stream_options as Json | undefined)?.include_usage === true;
  const tokens = tokenize(content);

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (bytes: Uint8Array) => {
        if (!signal.aborted) controller.enqueue(bytes);
      };
      try {
        send(chunk({ role: "assistant", content: "", refusal: null }, null));
        if (!(await sleep(pace.firstTokenDelayMs, signal))) return;
        for (const [index, token] of tokens.entries()) {
          if (index > 0 && !(await sleep(pace.chunkDelayMs, signal))) return;
          if (signal.aborted) return;
          if (scenario === "malformed-chunk" && index === 3) {
            send(encoder.encode(`data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"del\n\n`));
            controller.close();
            return;
          }
          if (scenario === "cut-stream" && index === Math.floor(tokens.length / 2)) {
            controller.error(new FakeConnectionDrop());
            return;
          }
          if (index === 0) record.firstTokenAt = performance.now();
          send(chunk({ content: token }, null));
        }
        send(chunk({}, "stop"));
        if (includeUsage) {
          send(encoder.encode(
            `data: ${
              JSON.stringify({
                id,
                object: "chat.completion.chunk",
                created,
                model,
                system_fingerprint: "fp_fake",
                choices: [],
                usage: usageFor(body, content),
              })
            }\n\n`,
          ));
        }
        send(encoder.encode("data: [DONE]\n\n"));
        if (!signal.aborted) controller.close();
      } catch {
        // The client disconnected while a chunk was being written.
      }
    },
    cancel() {
      record.aborted = true;
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-request-id": requestId(),
    },
  });
}

// ---------------------------------------------------------------- CLI

function parseCliOptions(args: string[]): FakeOpenAIOptions {
  const options: FakeOpenAIOptions = {};
  for (let index = 0; index < args.length; index++) {
    const [flag, inline] = args[index].split("=", 2);
    const value = () => inline ?? args[++index];
    if (flag === "--port") options.port = Number(value());
    else if (flag === "--hostname") options.hostname = value();
    else if (flag === "--first-token-delay-ms") options.firstTokenDelayMs = Number(value());
    else if (flag === "--tokens-per-second") options.tokensPerSecond = Number(value());
    else if (flag === "--retry-after-ms") options.retryAfterMs = Number(value());
    else if (flag === "--scenario") {
      const scenario = value() as FakeOpenAIScenario;
      if (!FAKE_OPENAI_SCENARIOS.includes(scenario)) {
        throw new Error(`Unknown scenario ${scenario}; one of ${FAKE_OPENAI_SCENARIOS.join(", ")}`);
      }
      options.scenario = scenario;
    } else throw new Error(`Unknown option ${args[index]}`);
  }
  return options;
}

if (import.meta.main) {
  const fake = startFakeOpenAI(parseCliOptions(Deno.args));
  console.log(fake.url);
  const stop = async () => {
    await fake.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}
