import {
  ARTICLE_ELEMENTS,
  type ArticleElement,
  type GenerationSettings,
  generationSettingsSchema,
  type PointOfView,
  type Tone,
} from "@contracts/generation_settings";

/** Generation settings as a form holds them: "" for not set. */
export type GenerationSettingsValues = {
  wordTarget: string;
  tone: Tone | "";
  pointOfView: PointOfView | "";
  elements: ArticleElement[];
};

export const NO_GENERATION_SETTINGS: GenerationSettingsValues = { wordTarget: "", tone: "", pointOfView: "", elements: [] };

export function settingsValuesOf(settings: GenerationSettings | null | undefined): GenerationSettingsValues {
  return {
    wordTarget: settings?.wordTarget ? String(settings.wordTarget) : "",
    tone: settings?.tone ?? "",
    pointOfView: settings?.pointOfView ?? "",
    elements: ARTICLE_ELEMENTS.filter((element) => settings?.elements?.includes(element)),
  };
}

/**
 * The form's values checked with the functions' schema: the settings, or the
 * first field in error and its message.
 */
export function checkSettingsValues(
  values: GenerationSettingsValues,
): { settings: GenerationSettings } | { field: keyof GenerationSettingsValues; message: string } {
  const wordTarget = values.wordTarget.trim();
  const result = generationSettingsSchema.safeParse({
    wordTarget: wordTarget === "" ? null : Number(wordTarget),
    tone: values.tone || null,
    pointOfView: values.pointOfView || null,
    elements: values.elements,
  });
  if (result.success) return { settings: result.data };
  const issue = result.error.issues[0];
  return { field: issue.path[0] as keyof GenerationSettingsValues, message: issue.message };
}

/**
 * What a request overrides of an assistant's settings: the ones set, with no
 * element ticked meaning "the assistant's elements"; undefined when nothing
 * is set.
 */
export function settingsOverride(settings: GenerationSettings): GenerationSettings | undefined {
  const override: GenerationSettings = {
    ...settings,
    elements: settings.elements?.length ? settings.elements : null,
  };
  return Object.values(override).some((value) => value !== null && value !== undefined) ? override : undefined;
}
