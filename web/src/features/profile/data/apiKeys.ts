import { parseTimestamp } from "../../../lib/dates";
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

export async function saveApiKeys({ openaiKey, falaiKey }: ApiKeyChanges): Promise<void> {
  // An omitted argument is null in SQL: keep the stored key.
  const { error } = await supabase.rpc("save_api_keys", { openai_key: openaiKey, falai_key: falaiKey });
  if (error) throw new Error(error.message);
}
