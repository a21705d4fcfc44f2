/**
 * What the AI text functions (generate-article, keywords, seo-analysis) share:
 * settings from the environment, the caller's OpenAI key, the request gate
 * (method, auth, body, validation, key), the SDK client, the deadline, the
 * mapping of provider failures to the spec's messages, log redaction, the
 * search for JSON in model output, and the whole handler of a function that
 * answers with one JSON chat completion (keywords, seo-analysis).
 *
 * Status codes sent to the browser, chosen so that 401 always means "your
 * session is not valid" (supabase-js and the app react to it by signing out):
 * - 400 the caller's OpenAI key is missing or refused by the provider (the
 *   user must fix it in Profile Settings);
 * - 502 the provider failed (rate limit, 5xx, unreachable, unusable output);
 * - 504 the provider did not answer within the deadline.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { z } from "zod";
import { errorResponse, handleOptions, json } from "../http/responses.ts";
import { endOfBalanced } from "./json_text.ts";
import { acceptJsonRequest } from "../http/request.ts";
import { requireUser } from "../platform/user_auth.ts";

/** One provider call, retries included, must finish within this (hosted wall clock: 150 s). */
export const PROVIDER_TIMEOUT_MS = 120_000;
export const PROVIDER_MAX_RETRIES = 1;

export const PROVIDER_MESSAGES = {
  missingKey: "OpenAI API key not found",
  invalidKey: "Invalid OpenAI API key. Check it in Profile Settings.",
  rateLimited: "The AI provider is rate limiting requests. Please wait a moment and try again.",
  unavailable: "The AI provider is unavailable. Please try again later.",
  timedOut: "The AI provider did not respond in time. Please try again.",
} as const;

export interface OpenAISettings {
  /** OpenAI or any server speaking its Chat Completions API. */
  baseURL: string;
  /** For assistants without a model of their own. */
  defaultModel: string;
  keywordsModel: string;
  seoModel: string;
  timeoutMs: number;
}

/**
 * Env: OPENAI_BASE_URL (default https://api.openai.com/v1),
 * OPENAI_DEFAULT_MODEL (gpt-4o-mini), OPENAI_KEYWORDS_MODEL (gpt-4o, spec),
 * OPENAI_SEO_MODEL (gpt-4, spec).
 */
export function openAISettingsFromEnv(env: Pick<Deno.Env, "get"> = Deno.env): OpenAISettings {
  const read = (name: string, fallback: string) => env.get(name)?.trim() || fallback;
  return {
    baseURL: read("OPENAI_BASE_URL", "https://api.openai.com/v1"),
    defaultModel: read("OPENAI_DEFAULT_MODEL", "gpt-4o-mini"),
    keywordsModel: read("OPENAI_KEYWORDS_MODEL", "gpt-4o"),
    seoModel: read("OPENAI_SEO_MODEL", "gpt-4"),
    timeoutMs: PROVIDER_TIMEOUT_MS,
  };
}

/** The outside world of an AI text function, narrowed so tests need no database. */
export interface TextFunctionDeps {
  /** The verified caller; throws UnauthenticatedError. */
  authenticate(req: Request): Promise<{ id: string }>;
  /** The caller's stored OpenAI key, or null when none is stored. */
  readOpenAIKey(userId: string): Promise<string | null>;
  settings: OpenAISettings;
}

/** Production wiring. The service client bypasses RLS, so every query filters by the caller's id. */
export function serviceTextDeps(service: SupabaseClient, settings = openAISettingsFromEnv()): TextFunctionDeps {
  return {
    authenticate: (req) => requireUser(req, service),
    async readOpenAIKey(userId) {
      const { data, error } = await service.from("api_keys").select("openai_key").eq("user_id", userId).maybeSingle();
      if (error) throw new Error(`Could not read api_keys: ${error.message}`);
      return (data?.openai_key as string | null | undefined)?.trim() || null;
    },
    settings,
  };
}

export type AcceptedTextRequest<Input> =
  | { ok: true; userId: string; input: Input; apiKey: string }
  | { ok: false; response: Response };

/**
 * The gate in front of every provider call: `acceptJsonRequest` (POST only
 * 405, a signed-in caller 401, a JSON body of at most `maxBytes` 413/400,
 * input valid by `schema`: 400 naming the field, e.g. "topic: Please enter a
 * topic"), then a stored OpenAI key (400). OPTIONS is answered by the caller
 * before this.
 */
export async function acceptTextRequest<Schema extends z.ZodType>(
  req: Request,
  deps: TextFunctionDeps,
  schema: Schema,
  maxBytes: number,
): Promise<AcceptedTextRequest<z.output<Schema>>> {
  const accepted = await acceptJsonRequest(req, (request) => deps.authenticate(request), schema, maxBytes);
  if (!accepted.ok) return accepted;
  const apiKey = await deps.readOpenAIKey(accepted.userId);
  if (!apiKey) return { ok: false, response: errorResponse(400, PROVIDER_MESSAGES.missingKey) };
  return { ...accepted, apiKey };
}

/**
 * A text function's outer handler: answers the CORS preflight, then runs
 * `handle`; anything it throws is logged (secrets redacted) and answered
 * 500 with `failureMessage`.
 */
export function textFunctionHandler(
  name: string,
  failureMessage: string,
  handle: (req: Request) => Promise<Response>,
): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handleOptions(req);
    if (preflight) return preflight;
    try {
      return await handle(req);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[${name}] unexpected failure: ${redactSecrets(message, [])}`);
      return errorResponse(500, failureMessage);
    }
  };
}

/** What one JSON chat-completion function states; `createJsonCompletionHandler` does the rest. */
export interface JsonCompletionFunction<Schema extends z.ZodType, Body> {
  /** The function's name, in logs. */
  name: string;
  /** The request body; its first issue becomes the 400 message. */
  schema: Schema;
  maxBodyBytes: number;
  /** The spec's message for every failure that has no more specific one. */
  failureMessage: string;
  /** The (non-streaming) Chat Completions request for a valid input. */
  buildRequest(input: z.output<Schema>, settings: OpenAISettings): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
  /** The 200 body from the model's text; throws ModelOutputError when the text is unusable. */
  parse(content: string): Body;
}

/**
 * The handler of a function that answers with one chat completion read as
 * JSON: preflight, the request gate (`acceptTextRequest`), one provider call
 * bounded by a `ProviderDeadline`, `parse` of the answer, and provider
 * failures mapped by `describeProviderFailure` (logged unless the caller
 * went away). Statuses: 400 input/key, 401 caller, 405, 413, 502/504
 * provider, 500 unexpected.
 */
export function createJsonCompletionHandler<Schema extends z.ZodType, Body>(
  fn: JsonCompletionFunction<Schema, Body>,
): (deps: TextFunctionDeps) => (req: Request) => Promise<Response> {
  return (deps) =>
    textFunctionHandler(fn.name, fn.failureMessage, async (req) => {
      const accepted = await acceptTextRequest(req, deps, fn.schema, fn.maxBodyBytes);
      if (!accepted.ok) return accepted.response;
      const { apiKey, input } = accepted;
      const deadline = new ProviderDeadline(req.signal, deps.settings.timeoutMs);
      try {
        const completion = await createOpenAIClient(apiKey, deps).chat.completions.create(
          fn.buildRequest(input, deps.settings),
          { signal: deadline.signal },
        );
        return json(fn.parse(completion.choices[0]?.message?.content ?? ""));
      } catch (error) {
        if (!deadline.cancelled) logProviderFailure(fn.name, error, apiKey);
        const failure = describeProviderFailure(error, deadline, fn.failureMessage);
        return errorResponse(failure.status, failure.message);
      } finally {
        deadline.dispose();
      }
    });
}

/**
 * An SDK client for one caller's key. Organisation, project and admin key
 * are pinned to null so server-wide OPENAI_* variables never mix with a
 * user's key; SDK logging is off because its messages can quote a key.
 */
export function createOpenAIClient(apiKey: string, deps: Pick<TextFunctionDeps, "settings">): OpenAI {
  return new OpenAI({
    apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: deps.settings.baseURL,
    timeout: deps.settings.timeoutMs,
    maxRetries: PROVIDER_MAX_RETRIES,
    logLevel: "off",
  });
}

/**
 * One signal for a provider call that aborts when the caller disconnects or
 * when `timeoutMs` has passed, whichever comes first. The SDK's own timeout
 * applies per attempt and only until the response headers, so this is what
 * bounds retries and streaming. Call `dispose()` when the call is over.
 */
export class ProviderDeadline {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #callerSignal: AbortSignal;
  readonly #onCallerAbort = () => this.cancel();
  #timedOut = false;

  constructor(callerSignal: AbortSignal, timeoutMs: number) {
    this.#callerSignal = callerSignal;
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new DOMException("The provider call timed out", "TimeoutError"));
    }, timeoutMs);
    if (callerSignal.aborted) this.cancel();
    else callerSignal.addEventListener("abort", this.#onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** True when the call was stopped because nobody is waiting for it any more. */
  get cancelled(): boolean {
    return this.#controller.signal.aborted && !this.#timedOut;
  }

  /** Stops the provider call because the caller went away. */
  cancel(): void {
    this.#controller.abort(new DOMException("The caller went away", "AbortError"));
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#callerSignal.removeEventListener("abort", this.#onCallerAbort);
  }
}

/** The model answered, but not with something usable; `message` is shown to the user. */
export class ModelOutputError extends Error {}

export interface ProviderFailure {
  status: number;
  message: string;
}

/**
 * The user-facing status and message for a failed provider call. Provider
 * error texts are never passed on (they can quote part of the key);
 * `fallbackMessage` covers everything the spec has no message for.
 */
export function describeProviderFailure(
  error: unknown,
  deadline: ProviderDeadline,
  fallbackMessage: string,
): ProviderFailure {
  if (deadline.timedOut || error instanceof APIConnectionTimeoutError) {
    return { status: 504, message: PROVIDER_MESSAGES.timedOut };
  }
  if (deadline.cancelled) return { status: 499, message: "Client closed request" };
  if (error instanceof ModelOutputError) return { status: 502, message: error.message };
  if (error instanceof APIError) {
    if (error.status === 401) return { status: 400, message: PROVIDER_MESSAGES.invalidKey };
    if (error.status === 429) return { status: 502, message: PROVIDER_MESSAGES.rateLimited };
    if ((error.status ?? 0) >= 500 || error instanceof APIConnectionError) {
      return { status: 502, message: PROVIDER_MESSAGES.unavailable };
    }
  }
  return { status: 502, message: fallbackMessage };
}

const KEY_SHAPED = /\b(?:sk|rk|pk)-[A-Za-z0-9_*.-]{3,}/g;
/** The hidden middle and visible end of a key as providers quote it, e.g. "gsk_ab****wxyz". */
const MASKED_KEY_TAIL = /\*{3,}[A-Za-z0-9_-]*/g;

/**
 * Removes from `text` anything shaped like an OpenAI key (masked or not),
 * the given `secrets`, their first 8 characters, and masked key tails.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text.replace(KEY_SHAPED, "[redacted]");
  for (const secret of secrets) {
    if (!secret) continue;
    redacted = redacted.replaceAll(secret, "[redacted]");
    if (secret.length >= 12) redacted = redacted.replaceAll(secret.slice(0, 8), "[redacted]");
  }
  return redacted.replace(MASKED_KEY_TAIL, "[redacted]");
}

/** Logs a failed provider call for operators, without the key. */
export function logProviderFailure(functionName: string, error: unknown, apiKey: string): void {
  const status = error instanceof APIError ? ` status=${error.status ?? "none"}` : "";
  const requestId = error instanceof APIError && error.requestID ? ` request_id=${error.requestID}` : "";
  const name = error instanceof Error ? error.constructor.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `[${functionName}] provider call failed: ${name}${status}${requestId}: ${redactSecrets(message, [apiKey])}`,
  );
}

/**
 * The JSON values of the given kind found in model output, best guess first:
 * the whole text, then every balanced `[...]` / `{...}` from left to right
 * (models wrap JSON in prose or Markdown fences). Callers take the first
 * candidate that validates.
 */
export function* jsonCandidates(text: string, kind: "array" | "object"): Generator<unknown> {
  const isKind = (value: unknown) =>
    kind === "array" ? Array.isArray(value) : typeof value === "object" && value !== null && !Array.isArray(value);
  const trimmed = text.trim();
  const whole = tryParseJson(trimmed);
  if (isKind(whole)) yield whole;
  const open = kind === "array" ? "[" : "{";
  for (let start = text.indexOf(open); start !== -1; start = text.indexOf(open, start + 1)) {
    const end = endOfBalanced(text, start);
    if (end === undefined) continue;
    const slice = text.slice(start, end);
    if (slice === trimmed) continue;
    const value = tryParseJson(slice);
    if (isKind(value)) yield value;
  }
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
