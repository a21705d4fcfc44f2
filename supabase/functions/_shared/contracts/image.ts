/**
 * The image-generation request and result, shared by the generate-image
 * edge function and the browser (Generate Images screen, Generate Featured
 * Image modal). Imports only zod, so Vite can bundle it.
 */
import { z } from "zod";

export const IMAGE_SIZES = [
  "square_hd",
  "square",
  "portrait_4_3",
  "portrait_16_9",
  "landscape_4_3",
  "landscape_16_9",
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const IMAGE_SIZE_LABELS: Readonly<Record<ImageSize, string>> = {
  square_hd: "Square HD",
  square: "Square",
  portrait_4_3: "Portrait 4:3",
  portrait_16_9: "Portrait 16:9",
  landscape_4_3: "Landscape 4:3",
  landscape_16_9: "Landscape 16:9",
};

/** Pixel sizes fal.ai produces for each named size (useful for placeholders while generating). */
export const IMAGE_SIZE_DIMENSIONS: Readonly<Record<ImageSize, { width: number; height: number }>> = {
  square_hd: { width: 1024, height: 1024 },
  square: { width: 512, height: 512 },
  portrait_4_3: { width: 768, height: 1024 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  landscape_16_9: { width: 1024, height: 576 },
};

export const STYLE_PRESETS = [
  "photographic",
  "digital-art",
  "comic-book",
  "fantasy-art",
  "isometric",
  "line-art",
  "low-poly",
  "origami",
  "3d-model",
] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number];

export const STYLE_PRESET_LABELS: Readonly<Record<StylePreset, string>> = {
  photographic: "Photographic",
  "digital-art": "Digital Art",
  "comic-book": "Comic Book",
  "fantasy-art": "Fantasy Art",
  isometric: "Isometric",
  "line-art": "Line Art",
  "low-poly": "Low Poly",
  origami: "Origami",
  "3d-model": "3D Model",
};

/** Spec §9 defaults. */
export const IMAGE_DEFAULTS = {
  imageSize: "square_hd",
  numInferenceSteps: 30,
  guidanceScale: 7.5,
  negativePrompt: "blurry, low quality, distorted, watermark",
  stylePreset: "photographic",
  numImages: 1,
} as const satisfies {
  imageSize: ImageSize;
  numInferenceSteps: number;
  guidanceScale: number;
  negativePrompt: string;
  stylePreset: StylePreset;
  numImages: number;
};

/** Spec §5 and §9 limits (the prompt lengths are ours: enough for any description, small enough to bound the request). */
export const IMAGE_LIMITS = {
  maxPromptLength: 2000,
  maxNegativePromptLength: 2000,
  minInferenceSteps: 1,
  maxInferenceSteps: 50,
  minGuidanceScale: 1,
  maxGuidanceScale: 20,
  guidanceScaleStep: 0.1,
  minImages: 1,
  maxImages: 4,
} as const;

/** True when `value` is a whole number of tenths, allowing for binary floating-point error (0.1 * 3 etc.). */
export function isMultipleOfTenth(value: number): boolean {
  const tenths = value * 10;
  return Math.abs(tenths - Math.round(tenths)) < 1e-9;
}

const stepsMessage =
  `Inference steps must be a whole number from ${IMAGE_LIMITS.minInferenceSteps} to ${IMAGE_LIMITS.maxInferenceSteps}`;
const guidanceMessage =
  `Guidance scale must be from ${IMAGE_LIMITS.minGuidanceScale} to ${IMAGE_LIMITS.maxGuidanceScale}`;
const imagesMessage =
  `Number of images must be a whole number from ${IMAGE_LIMITS.minImages} to ${IMAGE_LIMITS.maxImages}`;

/**
 * The body of a generate-image request. Unknown keys are dropped. The
 * guidance scale is rounded to one decimal once it passed the step check, so
 * 0.1 * 3 arrives as 0.3.
 */
export const generateImageRequestSchema = z.object(
  {
    prompt: z
      .string({ error: "Please enter a prompt" })
      .trim()
      .min(1, "Please enter a prompt")
      .max(IMAGE_LIMITS.maxPromptLength, `Prompt must be at most ${IMAGE_LIMITS.maxPromptLength} characters`),
    imageSize: z
      .enum(IMAGE_SIZES, { error: `Image size must be one of ${IMAGE_SIZES.join(", ")}` })
      .default(IMAGE_DEFAULTS.imageSize),
    numInferenceSteps: z
      .number({ error: stepsMessage })
      .int(stepsMessage)
      .min(IMAGE_LIMITS.minInferenceSteps, stepsMessage)
      .max(IMAGE_LIMITS.maxInferenceSteps, stepsMessage)
      .default(IMAGE_DEFAULTS.numInferenceSteps),
    guidanceScale: z
      .number({ error: guidanceMessage })
      .min(IMAGE_LIMITS.minGuidanceScale, guidanceMessage)
      .max(IMAGE_LIMITS.maxGuidanceScale, guidanceMessage)
      .refine(isMultipleOfTenth, "Guidance scale must be in steps of 0.1")
      .transform((value) => Math.round(value * 10) / 10)
      .default(IMAGE_DEFAULTS.guidanceScale),
    negativePrompt: z
      .string({ error: "Negative prompt must be text" })
      .trim()
      .max(
        IMAGE_LIMITS.maxNegativePromptLength,
        `Negative prompt must be at most ${IMAGE_LIMITS.maxNegativePromptLength} characters`,
      )
      .default(IMAGE_DEFAULTS.negativePrompt),
    stylePreset: z
      .enum(STYLE_PRESETS, { error: `Style preset must be one of ${STYLE_PRESETS.join(", ")}` })
      .default(IMAGE_DEFAULTS.stylePreset),
    numImages: z
      .number({ error: imagesMessage })
      .int(imagesMessage)
      .min(IMAGE_LIMITS.minImages, imagesMessage)
      .max(IMAGE_LIMITS.maxImages, imagesMessage)
      .default(IMAGE_DEFAULTS.numImages),
  },
  { error: "Request body must be a JSON object" },
);

/** What the browser sends (fields with defaults may be omitted). */
export type GenerateImageInput = z.input<typeof generateImageRequestSchema>;
/** The validated request with every default filled in. */
export type GenerateImageRequest = z.output<typeof generateImageRequestSchema>;

/** One stored image: `url` is always our Storage URL, never the provider's. */
export const generatedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  createdAt: z.string(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

/** The 200 answer of generate-image. */
export const generateImageResponseSchema = z.object({ images: z.array(generatedImageSchema).min(1) });
export type GenerateImageResponse = z.infer<typeof generateImageResponseSchema>;
