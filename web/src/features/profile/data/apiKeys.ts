import { API_KEY_MESSAGES, type SaveApiKeysRequest, type SaveApiKeysResult } from "@contracts/api_keys";
import { parseTimestamp } from "../../../lib/dates";
import { functionErrorMessage } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

/** What the browser may know about the stored keys: never the keys themselves. */
export type ApiKeyStatus = {
  openaiKeyLast4: string | null;
  falaiKeyLast4: string | null;
  updatedAt: Date | null;
};

/** For each key: a string stores it, `""` removes it, `undefined` keeps the stored one. */
export type ApiKeyChanges = {
  openaiKey?: string;
  falaiKey?: string;
};

export async function getApiKeyStatus(): Promise<ApiKeyStatus> {
  const { data, error } = await supabase.rpc("api_key_status").maybeSingle();
  if (error) throw new Error(error.message);
  return {
    openaiKeyLast4: data?.openai_key_last4 ?? null,
    falaiKeyLast4: data?.falai_key_last4 ?? null,
    updatedAt: data ? parseTimestamp(data.updated_at) : null,
  };
}

/**
 * Keys are stored sealed, so they are saved through the save-api-keys
 * function (the browser never writes api_keys); it answers with their last
 * four characters only. Throws with the function's message.
 */
export async function saveApiKeys({ openaiKey, falaiKey }: ApiKeyChanges): Promise<void> {
  const body: SaveApiKeysRequest = { openaiKey, falaiKey };
  const { data, error } = await supabase.functions.invoke<SaveApiKeysResult>("save-api-keys", { body });
  if (error) throw new Error(await functionErrorMessage(error, API_KEY_MESSAGES.failed));
  if (!data) throw new Error(API_KEY_MESSAGES.failed);
}
