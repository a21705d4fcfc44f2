import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ws from "ws";
import { parseSecretsKey, secretBox, type SecretPlace } from "../../../supabase/functions/_shared/platform/secret_box.ts";
import type { Account } from "./accounts.ts";

/** Env the e2e harness (scripts/testing/test-e2e.ts) provides. */
export const e2eEnv = {
  /** The app's origin. */
  baseUrl: process.env.E2E_BASE_URL!,
  /** The Supabase API's origin: the app's own, or another one in the cross-origin project. */
  apiUrl: process.env.E2E_API_URL ?? process.env.E2E_BASE_URL!,
  publishableKey: process.env.E2E_PUBLISHABLE_KEY!,
  secretKey: process.env.E2E_SECRET_KEY!,
  /** The functions' INKPRESS_SECRETS_KEY: stored secrets are sealed with it. */
  secretsKey: process.env.E2E_SECRETS_KEY!,
  openaiUrl: process.env.E2E_OPENAI_URL!,
  /** A fake local Ollama the operator allows (PRIVATE_HOST_ALLOWLIST): a user names it as their own server. */
  ollamaUrl: process.env.E2E_OLLAMA_URL!,
  falUrl: process.env.E2E_FAL_URL!,
  /** Everything the app printed (its e-mails among it). */
  appLog: process.env.E2E_APP_LOG,
  wordpress: process.env.E2E_WP_URL
    ? { url: process.env.E2E_WP_URL, user: process.env.E2E_WP_USER!, appPassword: process.env.E2E_WP_APP_PASSWORD! }
    : undefined,
  ghost: process.env.E2E_GHOST_URL
    ? { url: process.env.E2E_GHOST_URL, adminApiKey: process.env.E2E_GHOST_ADMIN_API_KEY! }
    : undefined,
};

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as unknown as typeof WebSocket } };

/**
 * The real supabase-js, signed in as the account, for arranging data a test
 * is not about (an article to illustrate, a stored key). What a test is about
 * goes through the UI.
 */
export async function backendAs(account: Account): Promise<SupabaseClient & { userId: string }> {
  const client = createClient(e2eEnv.apiUrl, e2eEnv.publishableKey, clientOptions);
  const { data, error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  return Object.assign(client, { userId: data.user.id });
}

/** The secret-key client: bypasses RLS. Only for reading back what the app wrote. */
export function adminBackend(): SupabaseClient {
  return createClient(e2eEnv.apiUrl, e2eEnv.secretKey, clientOptions);
}

/** Opens a stored (sealed) secret as the functions do, to check what was stored. */
export async function openStoredSecret(stored: string, place: SecretPlace): Promise<string> {
  return (await secretBox(parseSecretsKey(e2eEnv.secretsKey)).open(stored, place)).value;
}

/** Seals a secret as the functions seal it, for arranging a stored credential a test is not about. */
export async function sealSecret(value: string, place: SecretPlace): Promise<string> {
  return await secretBox(parseSecretsKey(e2eEnv.secretsKey)).seal(value, place);
}
