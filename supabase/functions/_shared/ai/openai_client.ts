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
    ...(target.guarded ? { fetch: guardedStreamingFetch() } : {}),
  });
}
