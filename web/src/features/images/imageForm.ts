import * as z from "zod/mini";
import {
  generateImageRequestSchema,
  type GenerateImageInput,
  IMAGE_DEFAULTS,
  IMAGE_SIZE_LABELS,
  IMAGE_SIZES,
  STYLE_PRESET_LABELS,
  STYLE_PRESETS,
} from "@contracts/image";

export const IMAGE_SIZE_OPTIONS = IMAGE_SIZES.map((value) => ({ value, label: IMAGE_SIZE_LABELS[value] }));
export const STYLE_PRESET_OPTIONS = STYLE_PRESETS.map((value) => ({ value, label: STYLE_PRESET_LABELS[value] }));

/** An empty number input is "no number", so it gets the field's range message rather than counting as 0. */
function toNumber(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

const settingsShape = {
  prompt: z.string(),
  imageSize: z.string(),
  stylePreset: z.string(),
  negativePrompt: z.string(),
  numInferenceSteps: z.string(),
  guidanceScale: z.string(),
};

type SettingsValues = { [K in keyof typeof settingsShape]: string };

export const imageSettingsDefaults = (prompt = ""): SettingsValues => ({
  prompt,
  imageSize: IMAGE_DEFAULTS.imageSize,
  stylePreset: IMAGE_DEFAULTS.stylePreset,
  negativePrompt: IMAGE_DEFAULTS.negativePrompt,
  numInferenceSteps: String(IMAGE_DEFAULTS.numInferenceSteps),
  guidanceScale: String(IMAGE_DEFAULTS.guidanceScale),
});

export const generatorDefaults = () => ({ ...imageSettingsDefaults(), numImages: String(IMAGE_DEFAULTS.numImages) });

/** The form's text as a request, its numbers parsed. */
function requestFromForm(values: SettingsValues, numImages: number): GenerateImageInput {
  // The select values are checked against the enums by the request schema next.
  return {
    ...values,
    numInferenceSteps: toNumber(values.numInferenceSteps),
    guidanceScale: toNumber(values.guidanceScale),
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
