import OpenAI from "openai";
import { guardedStreamingFetch } from "../net/ssrf.ts";
import type { ProviderTarget } from "./provider_target.ts";

export const PROVIDER_MAX_RETRIES = 1;

/**
 * Sent as the key to a server of the user's own that needs none (the SDK
 * requires one; Ollama and LM Studio ignore it, per their docs).
 */
export const NO_KEY = "no-key";

/**
 * The SDK retries every 429, `insufficient_quota` included (openai-node
 * core: 408, 409, 429 and ≥500 unless the response says `x-should-retry`);
 * a key without credit fails the same way again, so such an answer is
 * marked not to be retried.
 */
function withoutQuotaRetries(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status !== 429) return response;
    const body = await response.clone().json().catch(() => null) as { error?: { code?: unknown; type?: unknown } } | null;
    if (body?.error?.code !== "insufficient_quota" && body?.error?.type !== "insufficient_quota") return response;
    const headers = new Headers(response.headers);
    headers.set("x-should-retry", "false");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * An SDK client for one user's provider. Organisation, project and admin key
 * are pinned to null so server-wide OPENAI_* variables never mix with a
 * user's key; SDK logging is off because its messages can quote a key. A
 * user's own server is reached only through the SSRF guard (private hosts
 * only when PRIVATE_HOST_ALLOWLIST names them).
 */
export function createOpenAIClient(target: ProviderTarget, timeoutMs: number): OpenAI {
  return new OpenAI({
    apiKey: target.apiKey ?? NO_KEY,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: target.baseURL,
    timeout: timeoutMs,
    maxRetries: PROVIDER_MAX_RETRIES,
    logLevel: "off",
    fetch: withoutQuotaRetries(
      target.guarded ? guardedStreamingFetch({ privateHostAllowlist: target.privateHostAllowlist }) : fetch,
    ),
  });
}
