/**
 * A user's AI provider as the functions read it: the provider and base URL
 * they chose, their model per operation, and their key. The one place it is
 * read is the system access (platform/system_access.ts: readTextProvider,
 * readFalKey), where keys are stored secrets; these are its shapes.
 */
import type { AiOperation, AiProvider } from "../contracts/ai_provider.ts";

/** The user's text-generation provider as stored: no row means OpenAI with the defaults. */
export interface StoredTextProvider {
  provider: AiProvider;
  /** Only for "custom". */
  baseUrl: string | null;
  /** The text-generation key (api_keys.openai_key), or null when none is stored. */
  apiKey: string | null;
  /** The user's model per operation; null: the provider's default. */
  models: Record<AiOperation, string | null>;
}

export type ReadTextProvider = (userId: string) => Promise<StoredTextProvider>;
