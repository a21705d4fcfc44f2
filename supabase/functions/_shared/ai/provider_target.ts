/**
 * Where a user's AI requests go and with which model: their stored provider
 * (provider_access.ts) resolved against the deployment (ai_deployment.ts).
 * Pure: no database, no network.
 */
import {
  AI_OPERATION_LABELS,
  AI_PROVIDER_LABELS,
  type AiOperation,
  type AiProvider,
  KEY_SETTING_PLACE,
  MODEL_SETTING_PLACES,
  PROVIDER_DEFAULT_MODELS,
  type SettingPlace,
} from "../contracts/ai_provider.ts";
import type { AiDeployment } from "./ai_deployment.ts";
import { modelFamily } from "./model_family.ts";
import type { StoredTextProvider } from "./provider_access.ts";
import { ProviderProblemError } from "./provider_errors.ts";

export interface ProviderTarget {
  provider: AiProvider;
  /** For messages: "OpenAI", "OpenRouter", "your server at http://localhost:11434/v1". */
  label: string;
  baseURL: string;
  /** The key to send; null only for a server of the user's own that needs none. */
  apiKey: string | null;
  /** The model per operation: the user's choice, else the provider's default (null: none to use). */
  models: Readonly<Record<AiOperation, string | null>>;
  defaults: Readonly<Record<AiOperation, string | null>>;
  /** The user's own server: reached only through the SSRF guard. */
  guarded: boolean;
  /** The private hosts the guard lets through (the operator's PRIVATE_HOST_ALLOWLIST). */
  privateHostAllowlist: readonly string[];
}

export function resolveProviderTarget(stored: StoredTextProvider, deployment: AiDeployment): ProviderTarget {
  const defaults = stored.provider === "openai" ? deployment.openAIDefaults : PROVIDER_DEFAULT_MODELS[stored.provider];
  const baseURL = stored.provider === "openai"
    ? deployment.openAIBaseURL
    : stored.provider === "openrouter"
    ? deployment.openRouterBaseURL
    : stored.baseUrl ?? "";
  const models = Object.fromEntries(
    (Object.keys(defaults) as AiOperation[]).map((operation) => [operation, stored.models[operation] ?? defaults[operation]]),
  ) as Record<AiOperation, string | null>;
  return {
    provider: stored.provider,
    label: stored.provider === "custom" ? `your server at ${baseURL}` : AI_PROVIDER_LABELS[stored.provider],
    baseURL,
    apiKey: stored.apiKey,
    models,
    defaults,
    guarded: stored.provider === "custom",
    privateHostAllowlist: deployment.privateHostAllowlist,
  };
}

/** The spec's message names OpenAI; the other providers get theirs. */
export function missingKeyMessage(provider: AiProvider): string {
  return provider === "openrouter" ? "OpenRouter API key not found" : "OpenAI API key not found";
}

/** Throws the missing-key problem unless a key is stored (a server of the user's own may need none). */
export function requireKey(target: ProviderTarget): void {
  if (target.apiKey || target.provider === "custom") return;
  throw new ProviderProblemError("missing-key", missingKeyMessage(target.provider), { status: 400, fix: KEY_SETTING_PLACE });
}

export interface ModelChoice {
  model: string;
  /** Where this model was chosen (or would be), for messages about it. */
  place: SettingPlace;
  /** What it is used for, in messages: "Keyword research". */
  operationLabel: string;
}

/**
 * The model for `operation` (or `override`, an assistant's own model, with
 * its place). Throws the no-model problem when the provider has no default
 * and the user chose none, and the responses-only problem, before any
 * request, for an OpenAI model that Chat Completions refuses.
 */
export function modelFor(
  target: ProviderTarget,
  operation: AiOperation,
  override?: { model: string | null; place: SettingPlace },
): ModelChoice {
  const operationLabel = AI_OPERATION_LABELS[operation];
  const own = override?.model?.trim();
  const model = own || target.models[operation];
  const place = own ? override!.place : MODEL_SETTING_PLACES[operation];
  if (!model) {
    throw new ProviderProblemError(
      "no-model",
      `No model is chosen for ${operationLabel} at ${target.label}. Choose one in ${place.label}.`,
      { status: 400, fix: place },
    );
  }
  if (target.provider === "openai" && modelFamily(model).responsesOnly) {
    throw new ProviderProblemError(
      "responses-only",
      `${model} works only through OpenAI's Responses API, which Inkpress does not use. ` +
        `Choose another model for ${operationLabel} in ${place.label}.`,
      { status: 400, fix: place, model },
    );
  }
  return { model, place, operationLabel };
}
