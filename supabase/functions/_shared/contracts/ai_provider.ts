/**
 * The user's text-generation provider: which OpenAI-compatible service their
 * key belongs to, which of its models each operation uses, the `ai-provider`
 * function's requests and answers, and the `problem` that every AI function
 * adds to an error body so the page can say where to fix it. Shared with the
 * browser: imports nothing but zod/mini.
 */
import * as z from "zod/mini";

export const AI_PROVIDERS = ["openai", "openrouter", "custom"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

export const AI_PROVIDER_LABELS: Readonly<Record<AiProvider, string>> = {
  openai: "OpenAI",
  openrouter: "OpenRouter",
  custom: "OpenAI-compatible server",
};

/** What the AI features use a text model for; each has its own model setting. */
export const AI_OPERATIONS = ["drafting", "keywords", "seo", "embeddings"] as const;
export type AiOperation = (typeof AI_OPERATIONS)[number];

export const AI_OPERATION_LABELS: Readonly<Record<AiOperation, string>> = {
  drafting: "Article drafting",
  keywords: "Keyword research",
  seo: "SEO analysis",
  embeddings: "Internal links (embeddings)",
};

/** Where a model is chosen, for messages that name it ("… Choose another in <label>"). */
export interface SettingPlace {
  href: string;
  label: string;
}

export const MODEL_SETTING_PLACES: Readonly<Record<AiOperation, SettingPlace>> = {
  drafting: { href: "/profile#ai-models", label: "Profile Settings → AI models" },
  keywords: { href: "/profile#ai-models", label: "Profile Settings → AI models" },
  seo: { href: "/profile#ai-models", label: "Profile Settings → AI models" },
  embeddings: { href: "/profile#internal-links", label: "Profile Settings → Internal links" },
};

export const PROVIDER_SETTING_PLACE: SettingPlace = { href: "/profile#ai-provider", label: "Profile Settings → AI provider" };
export const KEY_SETTING_PLACE: SettingPlace = { href: "/profile#api-keys", label: "Profile Settings → API Keys" };

/**
 * Defaults per capability, models that exist today and stay after the
 * announced shutdowns (gpt-5* on 2026-12-11, gpt-4o and gpt-4.1* on
 * 2027-01-14; OpenAI deprecations page, checked 2026-11-27): GPT-6.1 Terra
 * writes ("clear, natural writing", Chat Completions and structured outputs),
 * GPT-6 Luna answers short structured requests cheaply, text-embedding-3-small
 * is OpenAI's current small embeddings model. OpenRouter names the same
 * models with the author in front. An OpenAI-compatible server of the user's
 * own has only the models its owner installed, so it has no defaults: each
 * operation needs a choice from its list. The deployment may replace
 * OpenAI's with OPENAI_DEFAULT_MODEL, OPENAI_KEYWORDS_MODEL,
 * OPENAI_SEO_MODEL and OPENAI_EMBEDDINGS_MODEL.
 */
export const PROVIDER_DEFAULT_MODELS: Readonly<Record<AiProvider, Readonly<Record<AiOperation, string | null>>>> = {
  openai: {
    drafting: "gpt-6.1-terra",
    keywords: "gpt-6-luna",
    seo: "gpt-6-luna",
    embeddings: "text-embedding-3-small",
  },
  openrouter: {
    drafting: "openai/gpt-6.1-terra",
    keywords: "openai/gpt-6-luna",
    seo: "openai/gpt-6-luna",
    embeddings: "openai/text-embedding-3-small",
  },
  custom: { drafting: null, keywords: null, seo: null, embeddings: null },
};

/** ai_provider_settings' rule for a model name (OpenRouter's `~author/…` aliases and Ollama's `name:tag` included). */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9~][A-Za-z0-9._:/@+~-]{0,199}$/;
export const MODEL_ID_MESSAGE = "Enter a model name of letters, digits and . _ : / @ + ~ - (at most 200 characters)";

export const BASE_URL_MAX_LENGTH = 300;

/** What the table accepts: http(s), a host without credentials, a path, no query or fragment. */
const BASE_URL_PATTERN = /^https?:\/\/[^/@?#\s]+(\/[^?#\s]*)?$/;

export const baseUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1, "Enter the server's base URL, e.g. http://localhost:11434/v1"),
  z.maxLength(BASE_URL_MAX_LENGTH, `Keep the base URL under ${BASE_URL_MAX_LENGTH} characters`),
  z.regex(BASE_URL_PATTERN, "Enter an http:// or https:// address without a user name, password, query or #"),
);

/** One model of the provider's list as the browser gets it (chat and embeddings models only). */
export const providerModelSchema = z.object({
  id: z.string(),
  kind: z.enum(["chat", "embeddings"]),
  /** The provider's announced shutdown day (YYYY-MM-DD), when it gave one. */
  shutdownDate: z.nullable(z.string()),
});
export type ProviderModel = z.infer<typeof providerModelSchema>;

/** The `ai-provider` function's body. */
export const aiProviderRequestSchema = z.discriminatedUnion("action", [
  /** One GET /models with the stored key: does the key work? */
  z.object({ action: z.literal("check") }),
  /** The provider's models (cached per user for MODEL_LIST_CACHE_HOURS; `refresh` asks the provider again). */
  z.object({ action: z.literal("models"), refresh: z.optional(z.boolean()) }),
]);

export const MODEL_LIST_CACHE_HOURS = 24;

export const keyCheckResultSchema = z.object({
  modelCount: z.number(),
  /** "Key works: 93 models". */
  message: z.string(),
});
export type KeyCheckResult = z.infer<typeof keyCheckResultSchema>;

export const modelListSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  /** True when `models` is the provider's list (fresh or cached); false when it could not be read (see `notice`). */
  listed: z.boolean(),
  /** True when the provider has no model list at all: model names are typed. */
  typed: z.boolean(),
  models: z.array(providerModelSchema),
  /** The model each operation uses when the user chose none (null: a choice is needed). */
  defaults: z.record(z.enum(AI_OPERATIONS), z.nullable(z.string())),
  fetchedAt: z.nullable(z.string()),
  /** Why the list is missing or old, for the user. */
  notice: z.optional(z.string()),
});
export type ModelList = z.infer<typeof modelListSchema>;

/** Why an AI request failed, in words a person can act on. */
export const PROVIDER_PROBLEM_KINDS = [
  "missing-key",
  "invalid-key",
  "no-credit",
  "rate-limited",
  "no-model",
  "model-not-found",
  "responses-only",
  "unverified-organisation",
  "content-filter",
  "refusal",
  "length",
  "unavailable",
  "unreachable",
  "timed-out",
  "rejected",
  "unusable-output",
] as const;
export type ProviderProblemKind = (typeof PROVIDER_PROBLEM_KINDS)[number];

/** Added to a failed AI function's `{ error }` body: what went wrong, with which model, and where it is fixed. */
export const providerProblemSchema = z.object({
  kind: z.enum(PROVIDER_PROBLEM_KINDS),
  model: z.optional(z.string()),
  fix: z.optional(z.object({ href: z.string(), label: z.string() })),
  retryAfterSeconds: z.optional(z.number()),
});
export type ProviderProblem = z.infer<typeof providerProblemSchema>;
