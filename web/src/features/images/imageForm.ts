import * as z from "zod/mini";
import {
  DEFAULT_IMAGE_MODEL,
  generateImageRequestSchema,
  type GenerateImageInput,
  IMAGE_DEFAULTS,
  IMAGE_MODEL_SPECS,
  IMAGE_MODELS,
  IMAGE_SIZE_LABELS,
  IMAGE_SIZES,
  type ImageModel,
  RECRAFT_STYLE_LABELS,
  RECRAFT_STYLES,
} from "@contracts/image";
import { STYLE_PRESET_LABELS, STYLE_PRESETS } from "@contracts/image_styles";

export const IMAGE_MODEL_OPTIONS = IMAGE_MODELS.map((value) => ({ value, label: IMAGE_MODEL_SPECS[value].label }));
export const IMAGE_SIZE_OPTIONS = IMAGE_SIZES.map((value) => ({ value, label: IMAGE_SIZE_LABELS[value] }));
export const STYLE_PRESET_OPTIONS = STYLE_PRESETS.map((value) => ({ value, label: STYLE_PRESET_LABELS[value] }));
export const RECRAFT_STYLE_OPTIONS = RECRAFT_STYLES.map((value) => ({ value, label: RECRAFT_STYLE_LABELS[value] }));

/** The spec of the model a form names (the default for anything else). */
export function imageModelSpec(model: string) {
  return IMAGE_MODEL_SPECS[(IMAGE_MODELS as readonly string[]).includes(model) ? (model as ImageModel) : DEFAULT_IMAGE_MODEL];
}

/** The fields to reset when the model changes: its own default steps and guidance. */
export function modelDefaults(model: string): { model: string; numInferenceSteps: string; guidanceScale: string } {
  const spec = imageModelSpec(model);
  return {
    model,
    numInferenceSteps: spec.steps ? String(spec.steps.default) : "",
    guidanceScale: spec.guidance ? String(spec.guidance.default) : "",
  };
}

/** An empty number input is "no number", so it gets the field's range message rather than counting as 0. */
function toNumber(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

const settingsShape = {
  model: z.string(),
  recraftStyle: z.string(),
  prompt: z.string(),
  imageSize: z.string(),
  stylePreset: z.string(),
  negativePrompt: z.string(),
  numInferenceSteps: z.string(),
  guidanceScale: z.string(),
};

type SettingsValues = { [K in keyof typeof settingsShape]: string };

export const imageSettingsDefaults = (prompt = ""): SettingsValues => ({
  model: DEFAULT_IMAGE_MODEL,
  recraftStyle: "realistic_image",
  prompt,
  imageSize: IMAGE_DEFAULTS.imageSize,
  stylePreset: IMAGE_DEFAULTS.stylePreset,
  negativePrompt: IMAGE_DEFAULTS.negativePrompt,
  numInferenceSteps: String(IMAGE_DEFAULTS.numInferenceSteps),
  guidanceScale: String(IMAGE_DEFAULTS.guidanceScale),
});

/**
 * A featured image starts from what the article is about: its title, and its
 * focus keyword when the title does not already say it; in a landscape size
 * (16:9, as themes and link previews crop featured images).
 */
export function featuredImageDefaults(article: { title: string; focusKeyword?: string }): SettingsValues {
  const title = article.title.trim();
  const keyword = article.focusKeyword?.trim() ?? "";
  const prompt = keyword && !title.toLowerCase().includes(keyword.toLowerCase()) ? `${title}, ${keyword}` : title;
  return { ...imageSettingsDefaults(prompt), imageSize: "landscape_16_9" };
}

export const generatorDefaults = () => ({ ...imageSettingsDefaults(), numImages: String(IMAGE_DEFAULTS.numImages) });

/** The form's text as a request, its numbers parsed; what the model does not take is left out. */
function requestFromForm(values: SettingsValues, numImages: number): GenerateImageInput {
  const spec = imageModelSpec(values.model);
  // The select values are checked against the enums by the request schema next.
  return {
    ...values,
    numInferenceSteps: spec.steps ? toNumber(values.numInferenceSteps) : undefined,
    guidanceScale: spec.guidance ? toNumber(values.guidanceScale) : undefined,
    numImages,
  } as GenerateImageInput;
}

/**
 * The form's text values, checked by the backend's own request schema, so
 * the browser shows exactly the limits and messages the server enforces.
 */
export const featuredImageFormSchema = z.pipe(
  z.pipe(z.object(settingsShape), z.transform((values) => requestFromForm(values, 1))),
  generateImageRequestSchema,
);

export const imageGeneratorFormSchema = z.pipe(
  z.pipe(
    z.object({ ...settingsShape, numImages: z.string() }),
    z.transform(({ numImages, ...values }) => requestFromForm(values, toNumber(numImages))),
  ),
  generateImageRequestSchema,
);
