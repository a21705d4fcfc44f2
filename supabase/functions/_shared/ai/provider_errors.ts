/**
 * The one mapping from what an AI provider answered to what the user reads:
 * each failure gets a kind, a message naming the cause and the fix, the model
 * and where it is chosen, whether trying again can help (only rate limits
 * and outages), and the HTTP status our function answers with. 401 stays
 * reserved for "your session is not valid" (supabase-js signs out on it), so
 * a refused provider key is a 400.
 *
 * Error shapes handled (docs/research/provider-sources.md, as of 2026-11-27):
 * - OpenAI `{ error: { message, type, param, code } }` (§1.2–1.7), e.g. 429
 *   `insufficient_quota` (no credit: never retried) vs `rate_limit_exceeded`,
 *   404 `model_not_found`, 404 "only supported in v1/responses", 400
 *   `param: "stream"` for an unverified organisation;
 * - OpenRouter `{ error: { code: <number>, message, metadata: { error_type,
 *   raw, provider_name, reasons, flagged_input }, availability: { code } } }`
 *   (§2.4): 402 no credits, 400 "not a valid model ID", 404 model_deprecated
 *   / no_endpoints, 403 moderation, and errors inside an HTTP 200 (a stream's
 *   data event, or `choices[0].finish_reason: "error"` with `choices[0].error`),
 *   which reach us as ProviderResponseError;
 * - Ollama `{ error: { message: "model 'x' not found", type: "not_found_error" } }` (§3);
 * - connection failures (APIConnectionError), our deadline, and the SSRF
 *   guard's refusals for a user's own server.
 * Provider texts are passed on only for refusals of the request itself, with
 * the key cut out (a 401 text can quote part of the key, so it never is).
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import {
  KEY_SETTING_PLACE,
  PROVIDER_SETTING_PLACE,
  type ProviderProblem,
  type ProviderProblemKind,
  type SettingPlace,
} from "../contracts/ai_provider.ts";
import { redactSecrets } from "../log/redact_secrets.ts";
import { OutboundRequestError } from "../net/ssrf.ts";
import type { ProviderDeadline } from "./provider_deadline.ts";

/** A failure we recognised ourselves (no key, no model, the model's answer unusable or cut). */
export class ProviderProblemError extends Error {
  constructor(
    readonly kind: ProviderProblemKind,
    message: string,
    readonly details: { status?: number; fix?: SettingPlace; model?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "ProviderProblemError";
  }
}

/** The model answered, but not with something usable; `message` is shown to the user. */
export class ModelOutputError extends ProviderProblemError {
  constructor(message: string) {
    super("unusable-output", message, { status: 502 });
  }
}

/**
 * An error the provider sent inside an HTTP 200 (OpenRouter): the body's
 * `error` object as it came, and its status where it gave one.
 */
export class ProviderResponseError extends Error {
  constructor(
    readonly error: Record<string, unknown>,
    readonly status: number | undefined,
    readonly headers?: Headers,
  ) {
    super(typeof error.message === "string" ? error.message : "The provider reported an error");
    this.name = "ProviderResponseError";
  }
}

export interface FailureContext {
  /** "OpenAI", "OpenRouter", "your server at …". */
  providerLabel: string;
  provider: "openai" | "openrouter" | "custom";
  /** The model the request named, and where the user chose it. */
  model?: string;
  modelPlace?: SettingPlace;
  operationLabel?: string;
  deadline?: ProviderDeadline;
  /** Cut out of any provider text passed on. */
  apiKey?: string | null;
  /** For a failure nothing more specific describes. */
  fallbackMessage: string;
}

export interface DescribedFailure {
  status: number;
  message: string;
  problem: ProviderProblem;
  /** Worth another attempt later (bulk drafting): rate limits and outages only. */
  retryable: boolean;
}

const BILLING_PAGES: Record<FailureContext["provider"], string> = {
  openai: "platform.openai.com → Settings → Billing",
  openrouter: "openrouter.ai/credits",
  custom: "your provider's billing page",
};

type Json = Record<string, unknown>;

/** The parts of an error body every shape above reduces to. */
interface ProviderErrorFields {
  status?: number;
  code?: string;
  type?: string;
  param?: string;
  message: string;
  /** OpenRouter's normalised upstream error. */
  errorType?: string;
  /** OpenRouter's availability code. */
  availability?: string;
  moderation: boolean;
  headers?: Headers;
}

const asRecord = (value: unknown): Json | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
const asString = (value: unknown) => (typeof value === "string" && value ? value : undefined);

function fieldsOf(body: Json | undefined, status: number | undefined, headers?: Headers): ProviderErrorFields {
  const metadata = asRecord(body?.metadata);
  // OpenRouter relays the upstream provider's own refusal as "Provider returned error" with its raw body (§2.5).
  if (typeof metadata?.raw === "string") {
    let raw: Json | undefined;
    try {
      raw = asRecord(asRecord(JSON.parse(metadata.raw))?.error);
    } catch {
      raw = undefined;
    }
    if (raw) return fieldsOf({ ...raw, metadata: { ...metadata, raw: undefined } }, status, headers);
  }
  const availability = asRecord(body?.availability);
  const numericCode = typeof body?.code === "number" ? body.code : undefined;
  return {
    status: status ?? numericCode ?? (typeof body?.http_status === "number" ? body.http_status : undefined),
    code: asString(body?.code),
    type: asString(body?.type),
    param: asString(body?.param),
    message: asString(body?.message) ?? "",
    errorType: asString(metadata?.error_type) ?? asString(body?.error_type),
    availability: asString(availability?.code),
    moderation: Boolean(metadata && ("reasons" in metadata || "flagged_input" in metadata)),
    headers,
  };
}

/** Seconds to wait from Retry-After(-ms), x-ratelimit-reset-*, or OpenAI's "Please try again in 20s". */
export function retryAfterSeconds(fields: { headers?: Headers; message?: string }): number | undefined {
  const headers = fields.headers;
  const milliseconds = Number(headers?.get("retry-after-ms"));
  if (Number.isFinite(milliseconds) && milliseconds > 0) return Math.ceil(milliseconds / 1000);
  const seconds = Number(headers?.get("retry-after"));
  if (Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
  const duration = (text: string | null | undefined) => {
    const match = text?.match(/(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?/);
    if (!match || !match[0]) return undefined;
    const total = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0) +
      Number(match[4] ?? 0) / 1000;
    return total > 0 ? Math.ceil(total) : undefined;
  };
  for (const name of ["x-ratelimit-reset-requests", "x-ratelimit-reset-tokens"]) {
    const wait = duration(headers?.get(name));
    if (wait) return wait;
  }
  const inMessage = fields.message?.match(/try again in ([\d.hms]+)/i)?.[1];
  return duration(inMessage);
}

const waitText = (seconds: number | undefined) =>
  seconds === undefined
    ? "Wait a moment"
    : seconds < 90
    ? `Wait about ${seconds} second${seconds === 1 ? "" : "s"}`
    : `Wait about ${Math.ceil(seconds / 60)} minutes`;

function clip(text: string, maxLength = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

/**
 * What the user sees for a failed provider call. `error` is whatever was
 * thrown around the call: the SDK's errors, ProviderResponseError,
 * ProviderProblemError, OutboundRequestError or anything else (the fallback).
 */
export function describeProviderFailure(error: unknown, context: FailureContext): DescribedFailure {
  const { providerLabel: who, deadline } = context;
  const failure = (
    kind: ProviderProblemKind,
    status: number,
    message: string,
    extra: { fix?: SettingPlace; model?: string; retryAfterSeconds?: number; retryable?: boolean } = {},
  ): DescribedFailure => ({
    status,
    message,
    retryable: extra.retryable ?? false,
    problem: {
      kind,
      ...(extra.model ? { model: extra.model } : {}),
      ...(extra.fix ? { fix: extra.fix } : {}),
      ...(extra.retryAfterSeconds !== undefined ? { retryAfterSeconds: extra.retryAfterSeconds } : {}),
    },
  });

  if (deadline?.timedOut || error instanceof APIConnectionTimeoutError) {
    return failure("timed-out", 504, `${who} did not answer in time. Please try again.`, { retryable: true });
  }
  if (deadline?.cancelled) return failure("unavailable", 499, "Client closed request");
  if (error instanceof ProviderProblemError) {
    const retryable = error.kind === "rate-limited" || error.kind === "unavailable" || error.kind === "timed-out";
    return failure(error.kind, error.details.status ?? 502, error.message, {
      fix: error.details.fix,
      model: error.details.model,
      retryAfterSeconds: error.details.retryAfterSeconds,
      retryable,
    });
  }
  if (error instanceof OutboundRequestError) {
    if (error.kind === "forbidden_address") {
      return failure(
        "unreachable",
        400,
        `${error.message}: this deployment does not let AI requests reach private addresses. ` +
          "Use a public address for your server, or ask the operator to add its host:port to PRIVATE_HOST_ALLOWLIST.",
        { fix: PROVIDER_SETTING_PLACE },
      );
    }
    return failure(
      "unreachable",
      502,
      `Could not reach ${who}: ${error.message}. Check that it is running and its base URL in ${PROVIDER_SETTING_PLACE.label}.`,
      { fix: PROVIDER_SETTING_PLACE, retryable: true },
    );
  }

  let fields: ProviderErrorFields | undefined;
  if (error instanceof ProviderResponseError) fields = fieldsOf(error.error, error.status, error.headers);
  else if (error instanceof APIConnectionError) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof OutboundRequestError) return describeProviderFailure(cause, context);
    return context.provider === "custom"
      ? failure(
        "unreachable",
        502,
        `Could not reach ${who}. Check that it is running and its base URL in ${PROVIDER_SETTING_PLACE.label}.`,
        { fix: PROVIDER_SETTING_PLACE, retryable: true },
      )
      : failure("unavailable", 502, `${who} could not be reached. Please try again later.`, { retryable: true });
  } else if (error instanceof APIError) {
    // The SDK puts the body's `error` object (or a stream's error event) in `.error`.
    const body = asRecord(error.error) ?? {};
    fields = fieldsOf(
      { ...body, code: body.code ?? error.code, type: body.type ?? error.type, param: body.param ?? error.param },
      error.status ?? undefined,
      error.headers ?? undefined,
    );
  }
  if (!fields) return failure("rejected", 502, context.fallbackMessage);

  const model = context.model;
  const modelPlace = context.modelPlace;
  const status = fields.status;
  const text = fields.message;
  const theirWords = () => {
    const quoted = clip(redactSecrets(text, context.apiKey ? [context.apiKey] : []));
    return quoted ? ` ${who} said: “${quoted}”` : "";
  };

  if (status === 401 || fields.errorType === "authentication" || fields.code === "invalid_api_key") {
    return failure(
      "invalid-key",
      400,
      `${who} refused the API key (invalid, disabled or expired). Check it in ${KEY_SETTING_PLACE.label}.`,
      { fix: KEY_SETTING_PLACE },
    );
  }
  if (
    fields.code === "insufficient_quota" || fields.type === "insufficient_quota" || status === 402 ||
    fields.errorType === "payment_required"
  ) {
    return failure(
      "no-credit",
      400,
      `Your ${who} account has no credit left for this request (${
        status === 402 ? "402 insufficient credits" : "insufficient_quota"
      }). Add credit at ${BILLING_PAGES[context.provider]}, then try again.`,
    );
  }
  if (/only supported in v1\/responses/i.test(text)) {
    return failure(
      "responses-only",
      400,
      `${model ?? "This model"} works only through OpenAI's Responses API, which Inkpress does not use.` +
        (modelPlace ? ` Choose another model in ${modelPlace.label}.` : ""),
      { fix: modelPlace, model },
    );
  }
  const modelMissing = fields.code === "model_not_found" || fields.type === "not_found_error" ||
    ["model_not_found", "model_deprecated", "no_endpoints", "model_unavailable_upstream", "free_variant_ended"]
      .includes(fields.availability ?? "") ||
    /is not a valid model id/i.test(text) || (status === 404 && /model/i.test(text));
  if (modelMissing) {
    const name = model ? `The model ${model}` : "The model";
    return failure(
      "model-not-found",
      400,
      `${name} is not available at ${who}: it has been shut down, is not installed, or your key has no access to it.` +
        (modelPlace && context.operationLabel
          ? ` Choose another model for ${context.operationLabel} in ${modelPlace.label}.`
          : modelPlace
          ? ` Choose another model in ${modelPlace.label}.`
          : ""),
      { fix: modelPlace, model },
    );
  }
  if (fields.param === "stream" && /verif/i.test(text)) {
    return failure(
      "unverified-organisation",
      400,
      `${who} streams ${model ?? "this model"} only for verified organisations. Verify yours at ` +
        "platform.openai.com → Settings → Organization → General, or choose another model.",
      { fix: modelPlace, model },
    );
  }
  if (status === 429 || fields.errorType === "rate_limit_exceeded" || fields.availability === "capacity_exhausted") {
    const wait = retryAfterSeconds({ headers: fields.headers, message: text });
    return failure("rate-limited", 502, `${who} is rate limiting your requests. ${waitText(wait)} and try again.`, {
      retryAfterSeconds: wait,
      retryable: true,
    });
  }
  if (fields.moderation || fields.errorType === "content_policy_violation") {
    return failure(
      "content-filter",
      502,
      `${who}'s content filter refused the request. Rephrase the request and try again.${theirWords()}`,
    );
  }
  if (fields.errorType === "refusal") {
    return failure("refusal", 502, `The model declined the request.${theirWords()}`);
  }
  if (
    (status !== undefined && (status >= 500 || status === 408 || status === 409)) ||
    ["provider_overloaded", "provider_unavailable", "server", "timeout"].includes(fields.errorType ?? "") ||
    fields.availability === "temporarily_unavailable"
  ) {
    return failure(
      "unavailable",
      502,
      `${who} is unavailable${status ? ` (HTTP ${status})` : ""}. Please try again later.`,
      { retryable: true, retryAfterSeconds: retryAfterSeconds({ headers: fields.headers }) },
    );
  }
  if (status !== undefined && status >= 400) {
    return failure("rejected", 400, `${who} refused the request (HTTP ${status}).${theirWords()}`, {
      model,
      fix: modelPlace,
    });
  }
  return failure("rejected", 502, `${context.fallbackMessage}${theirWords()}`);
}

/** Logs a failed provider call for operators, without the key. */
export function logProviderFailure(functionName: string, error: unknown, apiKey: string | null): void {
  const status = error instanceof APIError || error instanceof ProviderResponseError
    ? ` status=${error.status ?? "none"}`
    : "";
  const requestId = error instanceof APIError && error.requestID ? ` request_id=${error.requestID}` : "";
  const name = error instanceof Error ? error.constructor.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `[${functionName}] provider call failed: ${name}${status}${requestId}: ${
      redactSecrets(message, apiKey ? [apiKey] : [])
    }`,
  );
}
