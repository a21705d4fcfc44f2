import type { SettingPlace } from "../contracts/ai_provider.ts";
import type { StylePreset } from "../contracts/image_styles.ts";
import type { ArticleElement, GenerationSettings, PointOfView, Tone } from "../contracts/generation_settings.ts";
import type { CallerClient } from "../platform/caller.ts";
import type { SystemClient } from "../platform/system_access.ts";

/** What drafting needs from an assistant row. A null model means the user's drafting model. */
export interface AssistantSettings {
  id: string;
  name: string;
  instructions: string;
  model: string | null;
  /** The assistant's language (BCP-47), null: not set (the site's or English applies). */
  locale?: string | null;
  /** Its default generation settings (the database's checks keep them within the contract's choices); absent: none. */
  settings?: GenerationSettings;
  /** The style its section images are drawn in (the database's check keeps it a preset); null or absent: not set. */
  imageStyle?: StylePreset | null;
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
      .select("id, name, instructions, model, locale, word_target, tone, point_of_view, include_elements, image_style")
      .eq("id", assistantId)
      .eq("user_id", userId)
      .maybeSingle();
    if (error) throw new Error(`Could not read assistants: ${error.message}`);
    if (!data) return null;
    return {
      id: data.id,
      name: data.name,
      instructions: data.instructions,
      model: data.model,
      locale: data.locale,
      settings: {
        wordTarget: data.word_target,
        tone: data.tone as Tone | null,
        pointOfView: data.point_of_view as PointOfView | null,
        elements: data.include_elements as ArticleElement[] | null,
      },
      imageStyle: data.image_style as StylePreset | null,
    };
  };
}
