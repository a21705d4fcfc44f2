/**
 * A fake OpenAI-compatible server for tests, end-to-end runs and benchmarks,
 * strict: it refuses what the real services refuse, as they refuse it, each
 * rule with its source (docs/research/provider-sources.md as of 2026-11-27,
 * whose sections the §N below are; model facts in
 * ./openai_models.ts). Three flavours:
 *
 * - "openai" (default), base `<origin>/v1`: `POST /chat/completions`
 *   answered as JSON, or with `stream: true` as Server-Sent Events of
 *   `chat.completion.chunk` objects ending in `data: [DONE]`; `POST
 *   /embeddings`; `GET /models` (`{ object: "list", data: [{ id, object,
 *   created, owned_by, shutdown_date }] }`, §1.9). Errors `{ error: {
 *   message, type, param, code } }`. Rules: a shut-down or unknown model 404
 *   `model_not_found` (§1.2); a Responses-only model 404 (§1.3); reasoning
 *   models refuse `max_tokens` (400 unsupported_parameter), temperature/top_p
 *   ≠ 1 unless reasoning_effort is "none", and efforts they do not take (400
 *   unsupported_value, §1.4); `json_object` needs the word "json" in the
 *   messages and strict `json_schema` needs every key required and no
 *   additional properties (400, §1.8); the token limit counts reasoning
 *   tokens and cuts the answer with `finish_reason: "length"` (§1.4, §1.7).
 * - "openrouter", base `<origin>/api/v1`: model ids `author/slug` (§2.1);
 *   an unknown id 400 "… is not a valid model ID", a shut-down one 404 with
 *   `availability.code: "model_deprecated"` (§2.4); `GET /models` is public,
 *   with `?output_modalities=embeddings` for embeddings models (§2.2);
 *   `GET /key` checks the key (§2.3); errors `{ error: { code: <status>,
 *   message, metadata } }`, OpenAI's own refusals wrapped as "Provider
 *   returned error" with the raw body (§2.5); 402 for no credits; upstream
 *   failures inside a 200 (scenario "error-in-200", §2.4).
 * - "ollama", base `<origin>/v1`: no key needed; only pulled models exist
 *   (404 `not_found_error` "model 'x' not found"); max_completion_tokens is
 *   ignored, max_tokens applies; reasoning_effort on a model without
 *   thinking is 400 (§3).
 *
 * What it answers is decided from the request:
 * - structured output named "article" → an article JSON in the schema's key order,
 *   in the language the prompt's output requirement names when the fake has
 *   text for it (openai_article_languages.ts: es, de, fr), else in English;
 * - named "article_outline", or a prompt asking for `{"headings": [...]}` → proposed
 *   section headings (openai_outlines.ts); an article prompt carrying an approved
 *   outline → an article whose h2s are those headings, in order;
 * - named "section_images", or a prompt asking for `{"images": [{"prompt"…` → one image
 *   prompt and alt text per "Section N:" of the request (openai_section_images.ts);
 * - named "keyword_ideas", or a prompt mentioning keywords → 15 keyword items
 *   (`{ keywords: [...] }` for JSON output, a bare list for plain text);
 * - named "seo_analysis", or a prompt mentioning an "SEO analysis" → an SEO analysis object;
 * - edit-selection's passage and action → the passage edited (openai_selection.ts);
 * - anything else → a short plain-text reply.
 *
 * Embeddings: each text's English word stems (stop words left out) hashed
 * into `dimensions` (default 1536, 3072 for a "-large" model) signed buckets,
 * weighted 1 + ln(count), L2-normalised: deterministic and lexical, enough to
 * test the plumbing, nothing about a real model's quality.
 * `encoding_format: "base64"` answers little-endian float32 in base64, as
 * OpenAI does.
 *
 * Authorization: `Bearer <key>` is required (not on "ollama"); a key
 * starting with `sk-wrong` is refused with the provider's 401; a key
 * starting with `sk-scenario-<scenario>` selects that scenario for its
 * request (handy end to end, where the key is the only thing a test
 * controls). Otherwise a `plan` rule whose text the last user message
 * contains gives the next matching requests its scenarios in turn (one idea
 * of a bulk batch rate limited twice, then answered); then the server-wide
 * `scenario`.
 *
 * `requestLimit` ({ requests, windowMs }, off by default) is a requests-per-minute
 * limit per key ("openai" and "openrouter"; Ollama has none): past `requests` accepted chat
 * requests in the last `windowMs` (60,000 for a real RPM; tests scale the
 * minute down), a request gets 429 `rate_limit_exceeded` (type `requests`)
 * with OpenAI's message form and `x-ratelimit-*-requests` headers, and
 * `retry-after-ms` until the oldest request leaves the window (source of the
 * shapes: provider-sources.md §1.6); OpenRouter's 429 `{ error: { code:
 * 429, message } }` with `Retry-After` in seconds and `X-RateLimit-*` (§2.4).
 *
 * `parallel` (unlimited by default) is a server that works on that many
 * chat requests at once and queues the rest in arrival order, as Ollama does
 * with OLLAMA_NUM_PARALLEL (the queue, OLLAMA_MAX_QUEUE, is 512 by default:
 * ollama/ollama PR #4144): its pace, not the caller's, then caps throughput.
 *
 * Not a provider's: `GET /v1/fake/stream-timings` lists when each streamed
 * request arrived and sent its first content token (epoch ms), so a
 * benchmark in another process can time from the provider's first token.
 *
 * Library: `startFakeOpenAI(options)` → `{ url, requests, scenario, plan,
 * firstTokenDelayMs, close() }` where `url` is the base URL (use it as
 * OPENAI_BASE_URL, OPENROUTER_BASE_URL or a custom provider's base URL);
 * `scenario`, `plan` and `firstTokenDelayMs` may be changed while it runs.
 * CLI: `deno run -A supabase/functions/_testing/fakes/openai_server.ts --port 0
 *   [--flavour openai|openrouter|ollama] [--scenario <name>] [--first-token-delay-ms N] [--tokens-per-second N]`
 * prints the URL as its first line of output and runs until SIGINT/SIGTERM.
 */
import {
  type FakeModel,
  isShutDown,
  OLLAMA_MODELS,
  OLLAMA_THINKING,
  OPENAI_MODELS,
  OPENROUTER_OTHER_MODELS,
} from "./openai_models.ts";
import { articleInLanguage, requestedLanguageTag } from "./openai_article_languages.ts";
import { isSelectionRequest, selectionAnswer } from "./openai_selection.ts";
import { contentFollowingOutline, fakeOutline, requestedOutline } from "./openai_outlines.ts";
import { isSectionImagesRequest, sectionImagePlans } from "./openai_section_images.ts";

export const FAKE_OPENAI_SCENARIOS = [
  /** Answer normally. */
  "ok",
  /** Stream a few chunks, then one whose data is not JSON (non-streaming: a truncated JSON body). */
  "malformed-chunk",
  /** Stream half the chunks, then drop the connection without `[DONE]` (non-streaming: half a body). */
  "cut-stream",
  /** 429 rate_limit_exceeded with `retry-after-ms` (§1.6). */
  "rate-limit",
  /** 500 server_error. */
  "server-error",
  /** Wait `firstTokenDelayMs` (default 60 s) before the first token. */
  "slow-first-token",
  /** The model's content is prose with broken JSON (a model not held to structured output). */
  "invalid-json",
  /** The model's content is empty. */
  "empty",
  /** The JSON is wrapped in prose and a Markdown fence. */
  "wrapped",
  /** No credit: OpenAI 429 `insufficient_quota` (§1.6), OpenRouter 402 (§2.4); model lists still answer. */
  "insufficient-quota",
  /** An unverified organisation: streaming a model that needs verification is 400 `param: "stream"` (§1.5). */
  "unverified-org",
  /** The model refuses: `message.refusal` set, `content` null (§1.7). */
  "refusal",
  /** `finish_reason: "content_filter"`, no content (§1.7). */
  "content-filter",
  /** The answer stops half way with `finish_reason: "length"` (§1.7). */
  "length",
  /** OpenRouter: the upstream failed after the 200, in the choice or as a stream's error event (§2.4). */
  "error-in-200",
  /** json_schema refused, as by a model or server without structured outputs (400 `param: "response_format"`). */
  "no-json-schema",
  /** An article in English whatever language was asked for (openai_article_languages.ts). */
  "language-drift",
] as const;

export type FakeOpenAIScenario = (typeof FAKE_OPENAI_SCENARIOS)[number];

export type FakeOpenAIFlavour = "openai" | "openrouter" | "ollama";

export interface FakeOpenAIOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  hostname?: string;
  /** Which service it plays (see the top of this file); default "openai". */
  flavour?: FakeOpenAIFlavour;
  /** The fake's calendar day, YYYY-MM-DD, for shutdown dates; default today (UTC). */
  today?: string;
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

type AnswerKind = "article" | "outline" | "section-images" | "seo" | "keywords" | "selection" | "chat";

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
  const flavour = options.flavour ?? "openai";
  const prefix = flavour === "openrouter" ? "/api/v1" : "/v1";
  const today = () => options.today ?? new Date().toISOString().slice(0, 10);

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
      const url = new URL(req.url);
      const path = url.pathname;
      if (req.method === "GET" && path === "/v1/fake/stream-timings") return Response.json(streamTimings(requests));
      const route = path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : "";
      const apiKey = req.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() || null;
      const errors = errorsFor(flavour);
      if (req.method === "GET" && (route === "/models" || (route === "/key" && flavour === "openrouter"))) {
        const keyScenario = scenarioForKey(apiKey) ?? fake.scenario;
        requests.push({
          method: "GET",
          path: `${path}${url.search}`,
          apiKey,
          body: undefined,
          scenario: keyScenario,
          stream: false,
          receivedAt: performance.now(),
          answeredAt: performance.now(),
          aborted: false,
        });
        // OpenRouter's model list is public (§2.2); its /key and OpenAI's /models need the key.
        const refused = flavour === "openrouter" && route === "/models" ? undefined : errors.authentication(apiKey);
        if (refused) return refused;
        if (keyScenario === "server-error") return errors.error(500, { message: "The server had an error", type: "server_error" });
        if (route === "/key") return openRouterKeyAnswer(keyScenario);
        return modelListAnswer(flavour, url.searchParams.get("output_modalities"), today());
      }
      if (req.method !== "POST" || (route !== "/chat/completions" && route !== "/embeddings")) {
        return errors.error(404, { message: `Invalid URL (${req.method} ${path})`, type: "invalid_request_error" });
      }
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

      const refusedAtTheDoor = errors.authentication(apiKey) ?? errors.quota(scenario) ??
        transportError(errors, scenario, retryAfterMs);
      if (route === "/embeddings") {
        if (refusedAtTheDoor) return refusedAtTheDoor;
        const invalid = invalidEmbeddingsRequest(errors, body);
        if (invalid) return invalid;
        const model = resolveModel(flavour, String((body as Json).model), today());
        if ("refusal" in model) return errors.error(model.refusal.status, model.refusal);
        if (model.kind !== "embeddings") {
          // UNCONFIRMED wording; a chat model is no embeddings model on any of them.
          return errors.error(400, { message: `${model.id} is not an embeddings model`, type: "invalid_request_error", param: "model" });
        }
        return embeddingsAnswer(body as Json, scenario);
      }
      const invalid = invalidRequest(errors, body);
      if (invalid) return invalid;
      const validBody = body as Json;
      const model = resolveModel(flavour, String(validBody.model), today());
      if ("refusal" in model) return errors.error(model.refusal.status, model.refusal);
      const refused = refusedAtTheDoor ?? modelRuleRefusal(flavour, errors, model, validBody, scenario) ??
        overRequestLimit(errors, apiKey, String(validBody.model), record);
      if (refused) return refused;

      const pace: Pace = {
        firstTokenDelayMs: fake.firstTokenDelayMs ??
          (scenario === "slow-first-token" ? SLOW_FIRST_TOKEN_DEFAULT_MS : 0),
        chunkDelayMs: Number.isFinite(tokensPerSecond) && tokensPerSecond > 0 ? 1000 / tokensPerSecond : 0,
      };
      const answer = limitAnswer(flavour, model, validBody, shapeContent(answerFor(validBody, scenario), scenario), scenario);
      // A place among `parallel`, held until the answer is delivered (or the client is gone).
      if (!(await workers.enter(signal))) return new Response(null, { status: 499 });
      record.startedAt = performance.now();
      info.completed.finally(() => workers.leave()).catch(() => {});
      return record.stream
        ? streamedAnswer(answer, String(validBody.model), scenario, pace, validBody, signal, record)
        : await wholeAnswer(answer, String(validBody.model), scenario, pace, signal, record);
    },
  );
  const workers = placesOf(() => fake.parallel);
  /** Accepted chat requests per key (performance.now()), oldest first, within the limit's window. */
  const accepted = new Map<string, number[]>();
  function overRequestLimit(
    errors: FlavourErrors,
    apiKey: string | null,
    model: string,
    record: RecordedRequest,
  ): Response | undefined {
    const limit = fake.requestLimit;
    if (!limit || flavour === "ollama" || !apiKey) return undefined;
    const now = performance.now();
    const recent = (accepted.get(apiKey) ?? []).filter((at) => at > now - limit.windowMs);
    accepted.set(apiKey, recent);
    if (recent.length < limit.requests) {
      recent.push(now);
      return undefined;
    }
    record.scenario = "rate-limit";
    const waitMs = Math.max(1, Math.ceil(recent[0] + limit.windowMs - now));
    if (flavour === "openrouter") {
      // §2.4: a platform 429 may carry Retry-After (seconds) and X-RateLimit-Limit/Remaining.
      return errors.error(429, { message: "Rate limit exceeded" }, {
        "retry-after": String(Math.ceil(waitMs / 1000)),
        "x-ratelimit-limit": String(limit.requests),
        "x-ratelimit-remaining": "0",
      });
    }
    return errors.error(
      429,
      {
        message: `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit ${limit.requests}, ` +
          `Used ${recent.length}, Requested 1. Please try again in ${waitMs}ms. ` +
          "Visit https://platform.openai.com/account/rate-limits to learn more.",
        type: "requests",
        code: "rate_limit_exceeded",
      },
      {
        "retry-after-ms": String(waitMs),
        "x-ratelimit-limit-requests": String(limit.requests),
        "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": `${waitMs}ms`,
      },
    );
  }

  fake.url = `http://${server.addr.hostname}:${server.addr.port}${prefix}`;
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

/** An error as OpenAI words it; the flavours put it into their own body shapes. */
interface ErrorFields {
  message: string;
  type?: string;
  param?: string | null;
  code?: string | null;
  status?: number;
}

interface FlavourErrors {
  error(status: number, fields: ErrorFields, headers?: Record<string, string>): Response;
  /** A refusal of OpenAI's own (an OpenAI model's rule): OpenRouter relays it wrapped (§2.5). */
  upstream(status: number, fields: ErrorFields): Response;
  authentication(apiKey: string | null): Response | undefined;
  quota(scenario: FakeOpenAIScenario): Response | undefined;
}

function requestIdHeaders(headers: Record<string, string> = {}) {
  return { "x-request-id": requestId(), ...headers };
}

/** OpenAI's body: `{ error: { message, type, param, code } }` (§1.2–1.8). */
function openAIBody(fields: ErrorFields): Json {
  return {
    error: {
      message: fields.message,
      type: fields.type ?? "invalid_request_error",
      param: fields.param ?? null,
      code: fields.code ?? null,
    },
  };
}

function errorsFor(flavour: FakeOpenAIFlavour): FlavourErrors {
  if (flavour === "openrouter") {
    // `{ error: { code: <status>, message, metadata? } }` (§2.4).
    const error = (status: number, fields: ErrorFields & { metadata?: Json; availability?: Json }, headers = {}) =>
      Response.json(
        {
          error: {
            code: status,
            message: fields.message,
            ...(fields.metadata ? { metadata: fields.metadata } : {}),
            ...(fields.availability ? { availability: fields.availability } : {}),
          },
        },
        { status, headers: requestIdHeaders(headers) },
      );
    return {
      error,
      upstream: (status, fields) =>
        error(status, {
          message: "Provider returned error",
          metadata: { raw: JSON.stringify(openAIBody(fields)), provider_name: "OpenAI" },
        }),
      authentication: (apiKey) =>
        !apiKey
          ? error(401, { message: "Missing Authentication header" })
          : apiKey.startsWith("sk-wrong")
          ? error(401, { message: "Invalid API key" })
          : undefined,
      quota: (scenario) =>
        scenario === "insufficient-quota"
          ? error(402, {
            message: "Insufficient credits. Add more using https://openrouter.ai/credits",
            metadata: { limit_source: "openrouter_credits" },
          })
          : undefined,
    };
  }
  if (flavour === "ollama") {
    // Types by status: 400 invalid_request_error, 404 not_found_error, else api_error (§3, openai/openai.go NewError).
    const error = (status: number, fields: ErrorFields, headers = {}) =>
      Response.json(
        {
          error: {
            message: fields.message,
            type: status === 400 ? "invalid_request_error" : status === 404 ? "not_found_error" : "api_error",
            param: null,
            code: null,
          },
        },
        { status, headers },
      );
    return { error, upstream: error, authentication: () => undefined, quota: () => undefined };
  }
  const error = (status: number, fields: ErrorFields, headers = {}) =>
    Response.json(openAIBody(fields), { status, headers: requestIdHeaders(headers) });
  return {
    error,
    upstream: error,
    authentication: (apiKey) => openAIAuthenticationError(apiKey, error),
    quota: (scenario) =>
      scenario === "insufficient-quota"
        ? error(429, {
          message: "You exceeded your current quota, please check your plan and billing details. For more information " +
            "on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
          type: "insufficient_quota",
          code: "insufficient_quota",
        })
        : undefined,
  };
}

/** OpenAI's 401s (§1.6): no key, or a refused one (quoting its start and end: callers must not pass this text on). */
function openAIAuthenticationError(apiKey: string | null, error: FlavourErrors["error"]): Response | undefined {
  if (!apiKey) {
    return error(401, {
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth " +
        "(i.e. Authorization: Bearer YOUR_KEY), or as the password field (i.e. user:YOUR_KEY) in basic auth. " +
        "You can obtain an API key from https://platform.openai.com/account/api-keys.",
    });
  }
  if (!apiKey.startsWith("sk-wrong")) return undefined;
  const masked = `${apiKey.slice(0, 8)}${"*".repeat(Math.max(4, apiKey.length - 12))}${apiKey.slice(-4)}`;
  return error(401, {
    message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    code: "invalid_api_key",
  });
}

/** The checks every flavour makes of a Chat Completions body, with OpenAI's messages. */
function invalidRequest(errors: FlavourErrors, body: Json | undefined): Response | undefined {
  const invalid = (message: string, code: string | null = null, param: string | null = null) =>
    errors.error(400, { message, code, param });
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
  return undefined;
}

/** Structured Outputs' strict-mode rules for objects: every key required, no additional properties (§1.8). */
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

function transportError(errors: FlavourErrors, scenario: FakeOpenAIScenario, retryAfterMs: number): Response | undefined {
  const retryHeaders = { "retry-after-ms": String(retryAfterMs) };
  if (scenario === "rate-limit") {
    return errors.error(
      429,
      {
        message: "Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
        type: "requests",
        code: "rate_limit_exceeded",
      },
      { ...retryHeaders, "x-ratelimit-limit-requests": "3", "x-ratelimit-remaining-requests": "0" },
    );
  }
  if (scenario === "server-error") {
    return errors.error(
      500,
      { message: "The server had an error while processing your request. Sorry about that!", type: "server_error" },
      retryHeaders,
    );
  }
  return undefined;
}

// ---------------------------------------------------------------- models

type ResolvedModel = FakeModel | { refusal: ErrorFields & { status: number; availability?: Json } };

/** The model a request names, or the provider's refusal of the name. */
function resolveModel(flavour: FakeOpenAIFlavour, id: string, today: string): ResolvedModel {
  if (flavour === "ollama") {
    // Only pulled models answer; "llama3.2" means "llama3.2:latest" (§3).
    const name = OLLAMA_MODELS.find((pulled) => pulled === id || pulled === `${id}:latest`);
    if (!name) return { refusal: { status: 404, message: `model '${id}' not found`, type: "not_found_error" } };
    return { id: name, kind: /embed/.test(name) ? "embeddings" : "chat" };
  }
  if (flavour === "openrouter") {
    const bare = id.replace(/:(?:free|thinking|batch|nitro|online|floor|exacto)$/, "");
    const known = bare.startsWith("openai/")
      ? OPENAI_MODELS.find((model) => model.id === bare.slice("openai/".length))
      : OPENROUTER_OTHER_MODELS.find((model) => model.id === bare);
    if (!known || known.kind === "other") {
      return { refusal: { status: 400, message: `${id} is not a valid model ID` } };
    }
    if (isShutDown(known, today)) {
      return {
        refusal: {
          status: 404,
          message: `${id} has been deprecated`,
          availability: { code: "model_deprecated", retryable: false, requested_models: [id] },
        },
      };
    }
    return known;
  }
  const known = OPENAI_MODELS.find((model) => model.id === id);
  if (!known) {
    return {
      refusal: {
        status: 404,
        message: `The model \`${id}\` does not exist or you do not have access to it.`,
        code: "model_not_found",
      },
    };
  }
  if (isShutDown(known, today)) {
    return { refusal: { status: 404, message: `The model ${id} has been deprecated`, code: "model_not_found" } };
  }
  return known;
}

const REASONING_TOKENS: Record<string, number> = {
  none: 0,
  minimal: 16,
  low: 128,
  medium: 512,
  high: 2048,
  xhigh: 4096,
  max: 8192,
};

/** What OpenAI's model (directly or behind OpenRouter) or Ollama refuses in a valid body. */
function modelRuleRefusal(
  flavour: FakeOpenAIFlavour,
  errors: FlavourErrors,
  model: FakeModel,
  body: Json,
  scenario: FakeOpenAIScenario,
): Response | undefined {
  if (model.kind !== "chat") {
    // UNCONFIRMED wording (OpenAI's refusal of a non-chat model on Chat Completions).
    return errors.error(404, {
      message: "This is not a chat model and thus not supported in the v1/chat/completions endpoint.",
      param: "model",
    });
  }
  const format = body.response_format as Json | undefined;
  if (flavour === "ollama") {
    // Ollama: reasoning_effort maps to think; a model without thinking refuses it (§3; github.com/Gitlawb/openclaude/issues/1371).
    const effort = body.reasoning_effort ?? (body.reasoning as Json | undefined)?.effort;
    if (effort !== undefined) {
      const allowed = ["minimal", "low", "medium", "high", "xhigh", "ultra", "max", "none"];
      if (!allowed.includes(String(effort))) {
        return errors.error(400, {
          message: `invalid reasoning value: "${effort}" (must be "minimal", "low", "medium", "high", "xhigh", "ultra", "max", or "none")`,
        });
      }
      if (effort !== "none" && !OLLAMA_THINKING.test(model.id)) {
        return errors.error(400, { message: `"${model.id}" does not support thinking` });
      }
    }
    if (format?.type === "json_schema" && scenario === "no-json-schema") {
      return errors.error(400, { message: "response_format json_schema is not supported", param: "response_format" });
    }
    return undefined;
  }
  const refuse = (status: number, fields: ErrorFields) =>
    flavour === "openrouter" ? errors.upstream(status, fields) : errors.error(status, fields);
  if (model.responsesOnly && flavour === "openai") {
    return errors.error(404, {
      message: "This model is only supported in v1/responses and not in v1/chat/completions.",
      param: "model",
    });
  }
  if (model.reasoning) {
    if (body.max_tokens !== undefined && body.max_tokens !== null) {
      return refuse(400, {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        param: "max_tokens",
        code: "unsupported_parameter",
      });
    }
    const efforts = model.reasoning.efforts;
    if (body.reasoning_effort !== undefined && !efforts.includes(String(body.reasoning_effort))) {
      // Text UNCONFIRMED (§1.4: reasoning_effort none on 6.1 Sol / 6-Astra / 6.2-* is a 400).
      return refuse(400, {
        message: `Unsupported value: 'reasoning_effort' does not support '${body.reasoning_effort}' with this model.` +
          (efforts.length ? ` Supported values are: ${efforts.map((effort) => `'${effort}'`).join(", ")}.` : ""),
        param: "reasoning_effort",
        code: "unsupported_value",
      });
    }
    const effort = body.reasoning_effort ?? model.reasoning.defaultEffort;
    if (effort !== "none") {
      for (const parameter of ["temperature", "top_p"]) {
        const value = body[parameter];
        if (value !== undefined && value !== null && value !== 1) {
          return refuse(400, {
            message: `Unsupported value: '${parameter}' does not support ${value} with this model. Only the default (1) value is supported.`,
            param: parameter,
            code: "unsupported_value",
          });
        }
      }
    }
    if (body.stream === true && model.verifiedStreaming && scenario === "unverified-org") {
      return refuse(400, {
        message: "Your organization must be verified to stream this model. Please go to: " +
          "https://platform.openai.com/settings/organization/general and click on Verify Organization. If you just " +
          "verified, it can take up to 15 minutes for access to propagate.",
        param: "stream",
        code: "unsupported_value",
      });
    }
  }
  if (format?.type === "json_object" && !/json/i.test(messageTexts(body).all)) {
    return refuse(400, {
      message: "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      param: "messages",
    });
  }
  if (format?.type === "json_schema") {
    if (scenario === "no-json-schema") {
      return refuse(400, {
        message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        param: "response_format",
      });
    }
    const jsonSchema = format.json_schema as Json | undefined;
    if (!jsonSchema?.name) {
      return refuse(400, { message: "Missing required parameter: 'response_format.json_schema.name'." });
    }
    if (jsonSchema.strict === true) {
      const problem = strictSchemaProblem(jsonSchema.schema, "()");
      if (problem) {
        return refuse(400, {
          message: `Invalid schema for response_format '${jsonSchema.name}': ${problem}`,
          param: "response_format",
          code: "invalid_json_schema",
        });
      }
    }
  }
  return undefined;
}

/** The content as the model delivers it, within its token limit, and why it stopped. */
export interface FakeAnswer {
  content: string;
  refusal: string | null;
  finishReason: "stop" | "length" | "content_filter" | "error";
  reasoningTokens: number;
}

/**
 * Cuts the answer where the model's limit cuts it: reasoning tokens count
 * first (§1.4: max_completion_tokens includes reasoning; a low limit ends
 * with `length` and empty content), then about four characters a token.
 * Ollama ignores max_completion_tokens and applies max_tokens (§3).
 */
function limitAnswer(
  flavour: FakeOpenAIFlavour,
  model: FakeModel,
  body: Json,
  content: string,
  scenario: FakeOpenAIScenario,
): FakeAnswer {
  if (scenario === "refusal") {
    return { content: "", refusal: "I'm sorry, but I can't help with that request.", finishReason: "stop", reasoningTokens: 0 };
  }
  if (scenario === "content-filter") return { content: "", refusal: null, finishReason: "content_filter", reasoningTokens: 0 };
  if (scenario === "error-in-200") return { content: "", refusal: null, finishReason: "error", reasoningTokens: 0 };
  const effort = String(body.reasoning_effort ?? model.reasoning?.defaultEffort ?? "none");
  const reasoningTokens = model.reasoning && flavour !== "ollama" ? REASONING_TOKENS[effort] ?? 0 : 0;
  const limitValue = flavour === "ollama" ? body.max_tokens : body.max_completion_tokens ?? body.max_tokens;
  const limit = typeof limitValue === "number" ? limitValue : Infinity;
  const contentTokens = Math.ceil(content.length / 4);
  if (scenario === "length") {
    return { content: content.slice(0, Math.floor(content.length / 2)), refusal: null, finishReason: "length", reasoningTokens };
  }
  if (reasoningTokens + contentTokens <= limit) return { content, refusal: null, finishReason: "stop", reasoningTokens };
  const room = Math.max(0, limit - reasoningTokens);
  return {
    content: content.slice(0, room * 4),
    refusal: null,
    finishReason: "length",
    reasoningTokens: Math.min(reasoningTokens, limit),
  };
}

/** GET /models as each flavour answers it (§1.9, §2.2, §3). */
function modelListAnswer(flavour: FakeOpenAIFlavour, outputModalities: string | null, today: string): Response {
  const created = 1_758_500_000;
  if (flavour === "ollama") {
    return Response.json({
      object: "list",
      data: OLLAMA_MODELS.map((id) => ({ id, object: "model", created, owned_by: "library" })),
    });
  }
  const alive = (model: FakeModel) => !isShutDown(model, today) && model.kind !== "other";
  if (flavour === "openrouter") {
    const wanted = outputModalities === "embeddings" ? "embeddings" : "chat";
    const models = [
      ...OPENAI_MODELS.filter(alive).map((model) => ({ ...model, id: `openai/${model.id}` })),
      ...OPENROUTER_OTHER_MODELS,
    ].filter((model) => model.kind === wanted);
    return Response.json({
      data: models.map((model) => ({
        id: model.id,
        canonical_slug: model.id,
        name: model.id,
        created,
        context_length: 128_000,
        architecture: {
          input_modalities: ["text"],
          output_modalities: [wanted === "embeddings" ? "embeddings" : "text"],
        },
        pricing: { prompt: "0.000001", completion: "0.000005" },
        supported_parameters: wanted === "chat" ? ["max_tokens", "response_format", "structured_outputs", "reasoning"] : [],
        expiration_date: model.shutdown ?? null,
      })),
      total_count: models.length,
    });
  }
  return Response.json({
    object: "list",
    data: OPENAI_MODELS.filter((model) => !isShutDown(model, today)).map((model) => ({
      id: model.id,
      object: "model",
      created,
      owned_by: "system",
      shutdown_date: model.shutdown ?? null,
    })),
  }, { headers: requestIdHeaders() });
}

/** GET /api/v1/key (§2.3): the key's limits; a key without credit has none left. */
function openRouterKeyAnswer(scenario: FakeOpenAIScenario): Response {
  const empty = scenario === "insufficient-quota";
  return Response.json({
    data: {
      label: "sk-or-v1-fak...key",
      limit: 100,
      limit_reset: "monthly",
      limit_remaining: empty ? 0 : 74.5,
      usage: empty ? 100 : 25.5,
      is_free_tier: false,
    },
  });
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

/** What is asked for: by the structured output's name, else by the prompt. */
function answerKind(body: Json, allText: string): AnswerKind {
  const name = ((body.response_format as Json | undefined)?.json_schema as Json | undefined)?.name;
  if (name === "article") return "article";
  if (name === "article_outline") return "outline";
  if (name === "seo_analysis") return "seo";
  if (name === "keyword_ideas") return "keywords";
  if (isSectionImagesRequest(name, allText)) return "section-images";
  // edit-selection asks for plain text: known by its passage (openai_selection.ts), before the words below.
  if (isSelectionRequest(messageTexts(body).lastUser)) return "selection";
  // Without json_schema, an article request is known by its fields.
  if (/meta_description/.test(allText) && /focus_keyword/.test(allText)) return "article";
  if (/seo analysis/i.test(allText)) return "seo";
  if (/"headings"/.test(allText)) return "outline";
  if (/keyword/i.test(allText)) return "keywords";
  return "chat";
}

const ARTICLE_KEYS = ["content", "title", "excerpt", "category", "tags", "meta_description", "focus_keyword", "slug"];

function answerFor(body: Json, scenario: FakeOpenAIScenario): string {
  const { all, lastUser } = messageTexts(body);
  const kind = answerKind(body, all);
  const format = (body.response_format as Json | undefined)?.type;
  const asJson = format === "json_schema" || format === "json_object";
  if (kind === "article") {
    const schema = ((body.response_format as Json | undefined)?.json_schema as Json | undefined)?.schema as Json | undefined;
    const keys = Object.keys((schema?.properties ?? {}) as Record<string, unknown>);
    const language = scenario === "language-drift" ? undefined : requestedLanguageTag(all);
    const article = fakeArticle(topicOf(lastUser), keys.length ? keys : ARTICLE_KEYS, language);
    const outline = requestedOutline(lastUser);
    if (outline && "content" in article) article.content = contentFollowingOutline(topicOf(lastUser), outline);
    return JSON.stringify(article);
  }
  if (kind === "outline") {
    const outline = fakeOutline(topicOf(lastUser));
    // As plain text a model tends to write the bare list.
    return JSON.stringify(asJson ? outline : outline.headings, null, 2);
  }
  if (kind === "section-images") {
    const images = sectionImagePlans(all, lastUser, scenario === "language-drift");
    return JSON.stringify(asJson ? { images } : images, null, 2);
  }
  if (kind === "seo") return JSON.stringify(fakeSeoAnalysis(lastUser), null, 2);
  if (kind === "selection") return selectionAnswer(lastUser, scenario === "language-drift");
  if (kind === "keywords") {
    const keywords = fakeKeywords(topicOf(lastUser));
    // A JSON answer is an object; as plain text a model tends to write the bare list.
    return JSON.stringify(asJson ? { keywords } : keywords, null, 2);
  }
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
function fakeArticle(topic: string, keys: string[], language?: string): Record<string, string> {
  const title = `${capitalise(topic)}: A Practical Guide`;
  // Models often keep accents in a slug ("guía-práctica"): the app makes it valid (articleSlug).
  const localised = language && articleInLanguage(language, topic, (text) => text.toLowerCase().replace(/[\s:]+/g, "-"));
  const values: Record<string, string> = localised || {
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
function invalidEmbeddingsRequest(errors: FlavourErrors, body: Json | undefined): Response | undefined {
  const invalid = (message: string) => errors.error(400, { message });
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

function usageFor(body: Json, answer: FakeAnswer): Json {
  const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
  const completionTokens = Math.ceil(answer.content.length / 4) + answer.reasoningTokens;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    completion_tokens_details: { reasoning_tokens: answer.reasoningTokens },
  };
}

/** OpenRouter's upstream failure after the 200 (§2.4, "Provider disconnected mid-stream"). */
const ERROR_IN_200 = {
  code: 502,
  message: "Provider disconnected mid-stream",
  metadata: { error_type: "provider_unavailable" },
};

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
  answer: FakeAnswer,
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
      // A refusal comes with null content (§1.7).
      message: { role: "assistant", content: answer.refusal ? null : answer.content, refusal: answer.refusal, annotations: [] },
      logprobs: null,
      finish_reason: answer.finishReason,
      ...(answer.finishReason === "error" ? { error: ERROR_IN_200 } : {}),
    }],
    usage: usageFor(record.body as Json, answer),
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
  answer: FakeAnswer,
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
  const tokens = tokenize(answer.content);

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
        if (answer.refusal) send(chunk({ refusal: answer.refusal }, null));
        if (answer.finishReason === "error") {
          // OpenRouter: one event with a top-level error, then the stream ends (§2.4).
          send(chunk({ content: "" }, "error", { provider: "OpenAI", error: ERROR_IN_200 }));
          if (!signal.aborted) controller.close();
          return;
        }
        send(chunk({}, answer.finishReason));
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
                usage: usageFor(body, answer),
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
    else if (flag === "--flavour") options.flavour = value() as FakeOpenAIFlavour;
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
