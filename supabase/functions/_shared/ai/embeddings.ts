/**
 * The OpenAI-compatible embeddings endpoint, with the caller's own key:
 * `POST {OPENAI_BASE_URL}/embeddings` with `{ model, input: string[],
 * encoding_format: "float" }`, answered `{ object: "list", data: [{ object:
 * "embedding", index, embedding: number[] }], model, usage }`. Inputs are
 * sent EMBEDDING_BATCH_SIZE at a time, one request after the other.
 *
 * Failures are EmbeddingsError with a `kind` and a message a blogger can act
 * on; the provider's own error text is never passed on (it can quote part
 * of the key).
 */
import { z } from "zod";
import { redactSecrets } from "../log/redact_secrets.ts";

/** Inputs per request (OpenAI accepts up to 2048; smaller requests fail and retry more cheaply). */
export const EMBEDDING_BATCH_SIZE = 100;
/** Characters of one input: about 2,000 tokens of English, well within every embeddings model's 8,191. */
export const EMBEDDING_INPUT_MAX_CHARS = 8_000;

export type EmbeddingsFailureKind = "invalid-key" | "rate-limited" | "rejected" | "unavailable" | "malformed" | "timed-out";

export const EMBEDDINGS_MESSAGES: Record<EmbeddingsFailureKind, string> = {
  "invalid-key": "Invalid OpenAI API key. Check it in Profile Settings.",
  "rate-limited": "The AI provider is rate limiting embeddings requests. Please wait a moment and try again.",
  rejected: "The AI provider refused the embeddings request. Check the embeddings model in Profile Settings.",
  unavailable: "The AI provider is unavailable. Please try again later.",
  malformed: "The AI provider answered the embeddings request with something that is not a list of embeddings.",
  "timed-out": "The AI provider did not answer the embeddings request in time. Please try again.",
};

export class EmbeddingsError extends Error {
  constructor(readonly kind: EmbeddingsFailureKind, readonly status: number | null, readonly detail: string) {
    super(EMBEDDINGS_MESSAGES[kind]);
    this.name = "EmbeddingsError";
  }
}

const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()).min(1) })),
});

export interface EmbeddingsClientOptions {
  baseURL: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
  /** Ends the requests early (the caller's own deadline). */
  signal?: AbortSignal;
}

export type EmbedTexts = (model: string, texts: readonly string[]) => Promise<number[][]>;

/** Embeds `texts` with `model`: one vector per text, in the order of the texts. */
export function createEmbeddingsClient(options: EmbeddingsClientOptions): EmbedTexts {
  const fetchImpl = options.fetch ?? fetch;
  const url = `${options.baseURL.replace(/\/+$/, "")}/embeddings`;
  const timeoutMs = options.timeoutMs ?? 60_000;

  const request = async (model: string, input: string[]): Promise<number[][]> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ model, input, encoding_format: "float" }),
        signal,
      });
    } catch (error) {
      const detail = redactSecrets(error instanceof Error ? error.message : String(error), [options.apiKey]);
      if (timeout.aborted) throw new EmbeddingsError("timed-out", null, `no answer in ${timeoutMs} ms`);
      throw new EmbeddingsError("unavailable", null, detail);
    }
    if (!response.ok) {
      const text = redactSecrets((await response.text().catch(() => "")).slice(0, 300), [options.apiKey]);
      const status = response.status;
      const kind: EmbeddingsFailureKind = status === 401 || status === 403
        ? "invalid-key"
        : status === 429
        ? "rate-limited"
        : status >= 500
        ? "unavailable"
        : "rejected";
      throw new EmbeddingsError(kind, status, `HTTP ${status}: ${text}`);
    }
    const parsed = embeddingsResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new EmbeddingsError("malformed", response.status, "the body is not an embeddings list");
    const vectors: number[][] = new Array(input.length);
    for (const item of parsed.data.data) {
      if (item.index < input.length) vectors[item.index] = item.embedding;
    }
    const dimension = vectors[0]?.length;
    for (let i = 0; i < input.length; i++) {
      if (!vectors[i]) throw new EmbeddingsError("malformed", response.status, `no embedding for input ${i}`);
      if (vectors[i].length !== dimension) {
        throw new EmbeddingsError("malformed", response.status, "embeddings of different dimensions in one answer");
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
