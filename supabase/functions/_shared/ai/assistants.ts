import type { SettingPlace } from "../contracts/ai_provider.ts";
import type { ServiceClient } from "../platform/service_client.ts";

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
 * Looks an assistant up with the service client. The user_id filter is the
 * authorisation: another user's assistant is indistinguishable from a
 * missing one.
 */
export function assistantFinder(service: ServiceClient): FindAssistant {
  return async (userId, assistantId) => {
    const { data, error } = await service
      .from("assistants")
      .select("id, name, instructions, model")
      .eq("id", assistantId)
      .eq("user_id", userId)
      .maybeSingle();
    if (error) throw new Error(`Could not read assistants: ${error.message}`);
    return data;
  };
}
