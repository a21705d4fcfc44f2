import type { QueryData } from "@supabase/supabase-js";
import { parseTimestamp } from "../../../lib/dates";
import { supabase } from "../../../backend/supabase";
import type { ArticleElement, GenerationSettings, PointOfView, Tone } from "@contracts/generation_settings";
import { STYLE_PRESETS, type StylePreset } from "@contracts/image_styles";

/** How many assistants the Choose Assistant list offers, newest first (spec §9). */
export const ASSISTANT_CHOICES_LIMIT = 20;

export type Assistant = {
  id: string;
  name: string;
  description: string;
  instructions: string;
  /** null: the user's drafting model (Profile Settings → AI models). */
  model: string | null;
  /** The language it writes in (BCP-47); null: the site's, else English. */
  locale: string | null;
  /** Its default length, tone, point of view and elements (null: the model decides). */
  settings: GenerationSettings;
  /** The style its images in the body are drawn in; null: the image screens' default. */
  imageStyle: StylePreset | null;
  createdAt: Date;
};

/** What the Choose Assistant list shows, with the spec's defaults for blank values. */
export type AssistantSummary = { id: string; name: string; description: string };

export type AssistantInput = {
  name: string;
  description: string;
  instructions: string;
  /** Blank means the user's drafting model. */
  model: string;
  /** Blank means not set. */
  locale: string;
  /** Blank means not set. */
  imageStyle: string;
  settings: GenerationSettings;
};

const selectAssistants = () =>
  supabase
    .from("assistants")
    .select("id, name, description, instructions, model, locale, word_target, tone, point_of_view, include_elements, image_style, created_at");
type AssistantRow = QueryData<ReturnType<typeof selectAssistants>>[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAssistant(row: AssistantRow): Assistant {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    model: row.model,
    locale: row.locale,
    // The database's checks keep these within the contract's choices.
    settings: {
      wordTarget: row.word_target,
      tone: row.tone as Tone | null,
      pointOfView: row.point_of_view as PointOfView | null,
      elements: row.include_elements as ArticleElement[] | null,
    },
    imageStyle: row.image_style as StylePreset | null,
    createdAt: parseTimestamp(row.created_at),
  };
}

function toColumns(input: AssistantInput) {
  return {
    name: input.name,
    description: input.description,
    instructions: input.instructions,
    model: input.model.trim() || null,
    locale: input.locale || null,
    word_target: input.settings.wordTarget ?? null,
    tone: input.settings.tone ?? null,
    point_of_view: input.settings.pointOfView ?? null,
    include_elements: input.settings.elements ?? null,
    image_style: STYLE_PRESETS.find((style) => style === input.imageStyle) ?? null,
  };
}

/** The user's assistants (row-level security scopes them), newest first. */
export async function listAssistants(): Promise<Assistant[]> {
  const { data, error } = await selectAssistants().order("created_at", { ascending: false });
  if (error) throw new Error(error.message);
  return data.map(toAssistant);
}

/** The assistants to choose from when drafting: the newest ASSISTANT_CHOICES_LIMIT. */
export async function listAssistantChoices(): Promise<AssistantSummary[]> {
  const { data, error } = await supabase
    .from("assistants")
    .select("id, name, description")
    .order("created_at", { ascending: false })
    .limit(ASSISTANT_CHOICES_LIMIT);
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    id: row.id,
    name: row.name.trim() || "Unnamed Assistant",
    description: row.description.trim() || "No description available",
  }));
}

/** One assistant, or null when the user has none with this id. */
export async function getAssistant(id: string): Promise<Assistant | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await selectAssistants().eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? toAssistant(data) : null;
}

export async function createAssistant(userId: string, input: AssistantInput): Promise<string> {
  const { data, error } = await supabase
    .from("assistants")
    .insert({ user_id: userId, ...toColumns(input) })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

export async function updateAssistant(id: string, input: AssistantInput): Promise<void> {
  const { error, count } = await supabase
    .from("assistants")
    .update(toColumns(input), { count: "exact" })
    .eq("id", id);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("Assistant not found");
}

export async function deleteAssistant(id: string): Promise<void> {
  const { error, count } = await supabase.from("assistants").delete({ count: "exact" }).eq("id", id);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("Assistant not found");
}
