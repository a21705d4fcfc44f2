/**
 * The OpenAI-compatible embeddings endpoint, with the user's own provider
 * and key: `POST {baseURL}/embeddings` with `{ model, input: string[],
 * encoding_format: "float" }`, answered `{ object: "list", data: [{ object:
 * "embedding", index, embedding: number[] }], model, usage }` (OpenAI,
 * OpenRouter and Ollama's /v1 alike). Inputs are sent EMBEDDING_BATCH_SIZE
 * at a time, one request after the other. A user's own server is reached
 * only through the SSRF guard.
 *
 * Failures are EmbeddingsError whose message comes from the one mapping of
 * provider errors (provider_errors.ts): the cause, the model and where it is
 * chosen; the provider's own text never carries the key.
 */
import { APIConnectionError } from "openai";
import { z } from "zod";
import { MODEL_SETTING_PLACES, type ProviderProblemKind } from "../contracts/ai_provider.ts";
import { redactSecrets } from "../log/redact_secrets.ts";
import { guardedStreamingFetch, OutboundRequestError } from "../net/ssrf.ts";
import { NO_KEY } from "./openai_client.ts";
import { describeProviderFailure, ProviderResponseError } from "./provider_errors.ts";
import type { ProviderTarget } from "./provider_target.ts";

/** Inputs per request (OpenAI accepts up to 2048; smaller requests fail and retry more cheaply). */
export const EMBEDDING_BATCH_SIZE = 100;
/** Characters of one input: about 2,000 tokens of English, well within every embeddings model's 8,191. */
export const EMBEDDING_INPUT_MAX_CHARS = 8_000;

export type EmbeddingsFailureKind = ProviderProblemKind | "malformed";

export class EmbeddingsError extends Error {
  constructor(
    readonly kind: EmbeddingsFailureKind,
    readonly status: number | null,
    readonly detail: string,
    message: string,
  ) {
    super(message);
    this.name = "EmbeddingsError";
  }
}

const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()).min(1) })),
});

export interface EmbeddingsClientOptions {
  target: Pick<ProviderTarget, "provider" | "label" | "baseURL" | "apiKey" | "guarded" | "privateHostAllowlist">;
  /** Default: the SSRF guard for a user's own server, plain fetch for the configured ones. */
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
  /** Ends the requests early (the caller's own deadline). */
  signal?: AbortSignal;
}

export type EmbedTexts = (model: string, texts: readonly string[]) => Promise<number[][]>;

/** Embeds `texts` with `model`: one vector per text, in the order of the texts. */
export function createEmbeddingsClient(options: EmbeddingsClientOptions): EmbedTexts {
  const { target } = options;
  const fetchImpl = options.fetch ??
    (target.guarded ? guardedStreamingFetch({ privateHostAllowlist: target.privateHostAllowlist }) : fetch);
  const url = `${target.baseURL.replace(/\/+$/, "")}/embeddings`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const apiKey = target.apiKey ?? NO_KEY;

  const failed = (model: string, error: unknown, status: number | null, detail: string): EmbeddingsError => {
    const failure = describeProviderFailure(error, {
      provider: target.provider,
      providerLabel: target.label,
      model,
      modelPlace: MODEL_SETTING_PLACES.embeddings,
      operationLabel: "embeddings",
      apiKey: target.apiKey,
      fallbackMessage: `${target.label} refused the embeddings request.`,
    });
    return new EmbeddingsError(failure.problem.kind, status, redactSecrets(detail, [apiKey]), failure.message);
  };
  const malformed = (status: number, detail: string) =>
    new EmbeddingsError(
      "malformed",
      status,
      detail,
      `${target.label} answered the embeddings request with something that is not a list of embeddings.`,
    );

  const request = async (model: string, input: string[]): Promise<number[][]> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ model, input, encoding_format: "float" }),
        signal,
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (timeout.aborted) {
        throw new EmbeddingsError(
          "timed-out",
          null,
          `no answer in ${timeoutMs} ms`,
          `${target.label} did not answer the embeddings request in time. Please try again.`,
        );
      }
      const cause = error instanceof OutboundRequestError
        ? error
        : new APIConnectionError({ message: "Connection error.", cause: error instanceof Error ? error : undefined });
      throw failed(model, cause, null, detail);
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => "")).slice(0, 2_000);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const error = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
      const fields = error && typeof error === "object"
        ? error as Record<string, unknown>
        : { message: typeof error === "string" ? error : text.slice(0, 300) };
      throw failed(model, new ProviderResponseError(fields, response.status, response.headers), response.status, `HTTP ${response.status}: ${text.slice(0, 300)}`);
    }
    const parsed = embeddingsResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw malformed(response.status, "the body is not an embeddings list");
    const vectors: number[][] = new Array(input.length);
    for (const item of parsed.data.data) {
      if (item.index < input.length) vectors[item.index] = item.embedding;
    }
    const dimension = vectors[0]?.length;
    for (let i = 0; i < input.length; i++) {
      if (!vectors[i]) throw malformed(response.status, `no embedding for input ${i}`);
      if (vectors[i].length !== dimension) {
        throw malformed(response.status, "embeddings of different dimensions in one answer");
      }
    }
    return vectors;
  };

  return async (model, texts) => {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += EMBEDDING_BATCH_SIZE) {
      // The endpoint refuses empty strings.
      const batch = texts.slice(start, start + EMBEDDING_BATCH_SIZE).map((text) =>
        text.trim().slice(0, EMBEDDING_INPUT_MAX_CHARS) || "-"
      );
      vectors.push(...await request(model, batch));
    }
    return vectors;
  };
}
