import OpenAI from "openai";
import type { OpenAISettings } from "./openai_settings.ts";

export const PROVIDER_MAX_RETRIES = 1;

/**
 * An SDK client for one caller's key. Organisation, project and admin key
 * are pinned to null so server-wide OPENAI_* variables never mix with a
 * user's key; SDK logging is off because its messages can quote a key.
 */
export function createOpenAIClient(apiKey: string, settings: OpenAISettings): OpenAI {
  return new OpenAI({
    apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: settings.baseURL,
    timeout: settings.timeoutMs,
    maxRetries: PROVIDER_MAX_RETRIES,
    logLevel: "off",
  });
}
