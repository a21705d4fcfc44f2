/**
 * Provider failures as the browser sees them. Status codes are chosen so
 * that 401 always means "your session is not valid" (supabase-js and the
 * app react to it by signing out):
 * - 400 the caller's OpenAI key is missing or refused by the provider (the
 *   user must fix it in Profile Settings);
 * - 502 the provider failed (rate limit, 5xx, unreachable, unusable output);
 * - 504 the provider did not answer within the deadline.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { redactSecrets } from "../log/redact_secrets.ts";
import type { ProviderDeadline } from "./provider_deadline.ts";

export const PROVIDER_MESSAGES = {
  missingKey: "OpenAI API key not found",
  invalidKey: "Invalid OpenAI API key. Check it in Profile Settings.",
  rateLimited: "The AI provider is rate limiting requests. Please wait a moment and try again.",
  unavailable: "The AI provider is unavailable. Please try again later.",
  timedOut: "The AI provider did not respond in time. Please try again.",
} as const;

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
