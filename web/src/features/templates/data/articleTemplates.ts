import type { QueryData } from "@supabase/supabase-js";
import type { ArticleElement } from "@contracts/generation_settings";
import { supabase } from "../../../backend/supabase";

/**
 * A reusable article template (table article_templates, migration
 * 20261216000100): its sections are the ordered H2 headings an outline starts
 * from; its required elements and word target prefill Create's settings.
 */
export type ArticleTemplate = {
  id: string;
  name: string;
  sections: string[];
  requiredElements: ArticleElement[];
  /** null: no target (the assistant's, else the model decides). */
  wordTarget: number | null;
};

export type ArticleTemplateInput = Omit<ArticleTemplate, "id">;

const selectTemplates = () =>
  supabase.from("article_templates").select("id, name, sections, required_elements, word_target");
type TemplateRow = QueryData<ReturnType<typeof selectTemplates>>[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toTemplate(row: TemplateRow): ArticleTemplate {
  return {
    id: row.id,
    name: row.name,
    sections: row.sections,
    // The database's check keeps these within the contract's choices.
    requiredElements: row.required_elements as ArticleElement[],
    wordTarget: row.word_target,
  };
}

function toColumns(input: ArticleTemplateInput) {
  return {
    name: input.name,
    sections: input.sections,
    required_elements: input.requiredElements,
    word_target: input.wordTarget,
  };
}

/** The user's templates (row-level security scopes them), by name. */
export async function listArticleTemplates(): Promise<ArticleTemplate[]> {
  const { data, error } = await selectTemplates().order("name");
  if (error) throw new Error(error.message);
  return data.map(toTemplate);
}

/** One template, or null when the user has none with this id. */
export async function getArticleTemplate(id: string): Promise<ArticleTemplate | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await selectTemplates().eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? toTemplate(data) : null;
}

/** Creates a template owned by the caller (user_id defaults to them in the database). */
export async function createArticleTemplate(input: ArticleTemplateInput): Promise<void> {
  const { error } = await supabase.from("article_templates").insert(toColumns(input));
  if (error) throw new Error(error.message);
}

export async function updateArticleTemplate(id: string, input: ArticleTemplateInput): Promise<void> {
  const { error, count } = await supabase
    .from("article_templates")
    .update({ ...toColumns(input), updated_at: new Date().toISOString() }, { count: "exact" })
    .eq("id", id);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("Template not found");
}

export async function deleteArticleTemplate(id: string): Promise<void> {
  const { error, count } = await supabase.from("article_templates").delete({ count: "exact" }).eq("id", id);
  if (error) throw new Error(error.message);
  if (count === 0) throw new Error("Template not found");
}
