import type { SettingPlace } from "../contracts/ai_provider.ts";
import type { CallerClient } from "../platform/caller.ts";
import type { SystemClient } from "../platform/system_access.ts";

/** What drafting needs from an assistant row. A null model means the user's drafting model. */
export interface AssistantSettings {
  id: string;
  name: string;
  instructions: string;
  model: string | null;
}

export type FindAssistant = (userId: string, assistantId: string) => Promise<AssistantSettings | null>;

/** Where an assistant's own model is chosen, for messages about it. */
export function assistantPlace(assistant: Pick<AssistantSettings, "id" | "name">): SettingPlace {
  return { href: `/assistants/${assistant.id}`, label: `the assistant “${assistant.name}”` };
}

/**
 * Looks an assistant up as the caller (row-level security: another user's
 * assistant is not there, indistinguishable from a missing one) or, for the
 * bulk worker acting without a user, with the system client, which the
 * user_id filter scopes to the job's owner.
 */
export function assistantFinder(client: CallerClient | SystemClient): FindAssistant {
  return async (userId, assistantId) => {
    const { data, error } = await client
      .from("assistants")
      .select("id, name, instructions, model")
      .eq("id", assistantId)
      .eq("user_id", userId)
      .maybeSingle();
    if (error) throw new Error(`Could not read assistants: ${error.message}`);
    return data;
  };
}
