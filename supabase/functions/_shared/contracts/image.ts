/**
 * The image-generation request and result, shared by the generate-image
 * edge function and the browser (Generate Images screen, Generate Featured
 * Image modal). Imports only zod, so Vite can bundle it.
 */
import { z } from "zod";
import { STYLE_PRESETS, type StylePreset } from "./image_styles.ts";

/**
 * Largest image stored: the `images` bucket's file_size_limit (10 MiB,
 * migration 20261122000900). Downloads stop there; uploads past it are
 * refused (by the browser before sending, and by upload-image).
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

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

/** Spec §9 defaults (those of the default model, fal-ai/fast-sdxl). */
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

/** Recraft V3's own styles (its `style` field; provider-sources.md §4.2). */
export const RECRAFT_STYLES = ["realistic_image", "digital_illustration", "vector_illustration"] as const;
export type RecraftStyle = (typeof RECRAFT_STYLES)[number];
export const RECRAFT_STYLE_LABELS: Readonly<Record<RecraftStyle, string>> = {
  realistic_image: "Realistic image",
  digital_illustration: "Digital illustration",
  vector_illustration: "Vector illustration (costs twice as much)",
};

/**
 * The fal.ai models offered, each with what its input takes (fal's model
 * schemas as of 2026-11-27, provider-sources.md §4.2; llms.txt of each model).
 * The forms show only these fields; the server refuses anything else.
 * - fal-ai/fast-sdxl: negative_prompt, steps 1–50 (fal's default 25; the
 *   spec's 30), guidance (default 7.5), up to 8 images (the spec's 4), no
 *   style field: the spec's presets are added to the prompt;
 * - fal-ai/flux/schnell: steps 1–12 (default 4), guidance default 3.5 (range
 *   UNCONFIRMED, 1–20 per a third party), no negative prompt, no style;
 * - fal-ai/flux/dev: steps 1–50 (default 28), guidance 1–20 (default 3.5);
 * - fal-ai/flux-pro/v1.1: no steps, guidance, negative prompt or style;
 * - fal-ai/recraft/v3/text-to-image: prompt of at most 1,000 characters, its
 *   own `style`, one image, no steps, guidance or negative prompt; its answer
 *   has no has_nsfw_concepts.
 * Imagen 4 is left out: Google discontinued its endpoints (§4.2, UNCONFIRMED).
 */
export const IMAGE_MODELS = [
  "fal-ai/fast-sdxl",
  "fal-ai/flux/schnell",
  "fal-ai/flux/dev",
  "fal-ai/flux-pro/v1.1",
  "fal-ai/recraft/v3/text-to-image",
] as const;
export type ImageModel = (typeof IMAGE_MODELS)[number];
export const DEFAULT_IMAGE_MODEL: ImageModel = "fal-ai/fast-sdxl";

export interface ImageModelSpec {
  label: string;
  description: string;
  maxPromptLength: number;
  /** Inference steps it takes; absent: none. */
  steps?: { min: number; max: number; default: number };
  guidance?: { min: number; max: number; default: number };
  negativePrompt: boolean;
  /** The spec's presets added to the prompt, the model's own style field, or no style. */
  style: "prompt" | "recraft" | null;
  maxImages: number;
}

export const IMAGE_MODEL_SPECS: Readonly<Record<ImageModel, ImageModelSpec>> = {
  "fal-ai/fast-sdxl": {
    label: "Stable Diffusion XL (fast)",
    description: "Quick and cheap; takes a negative prompt and a style preset.",
    maxPromptLength: IMAGE_LIMITS.maxPromptLength,
    steps: { min: 1, max: 50, default: IMAGE_DEFAULTS.numInferenceSteps },
    guidance: { min: 1, max: 20, default: IMAGE_DEFAULTS.guidanceScale },
    negativePrompt: true,
    style: "prompt",
    maxImages: IMAGE_LIMITS.maxImages,
  },
  "fal-ai/flux/schnell": {
    label: "FLUX.1 [schnell]",
    description: "The fastest FLUX model: 1 to 12 steps.",
    maxPromptLength: IMAGE_LIMITS.maxPromptLength,
    steps: { min: 1, max: 12, default: 4 },
    guidance: { min: 1, max: 20, default: 3.5 },
    negativePrompt: false,
    style: null,
    maxImages: IMAGE_LIMITS.maxImages,
  },
  "fal-ai/flux/dev": {
    label: "FLUX.1 [dev]",
    description: "Higher quality FLUX: 1 to 50 steps.",
    maxPromptLength: IMAGE_LIMITS.maxPromptLength,
    steps: { min: 1, max: 50, default: 28 },
    guidance: { min: 1, max: 20, default: 3.5 },
    negativePrompt: false,
    style: null,
    maxImages: IMAGE_LIMITS.maxImages,
  },
  "fal-ai/flux-pro/v1.1": {
    label: "FLUX1.1 [pro]",
    description: "Professional quality; no steps or guidance to set.",
    maxPromptLength: IMAGE_LIMITS.maxPromptLength,
    negativePrompt: false,
    style: null,
    maxImages: IMAGE_LIMITS.maxImages,
  },
  "fal-ai/recraft/v3/text-to-image": {
    label: "Recraft V3",
    description: "Illustration and vector styles; one image per request.",
    maxPromptLength: 1000,
    negativePrompt: false,
    style: "recraft",
    maxImages: 1,
  },
};

/** True when `value` is a whole number of tenths, allowing for binary floating-point error (0.1 * 3 etc.). */
export function isMultipleOfTenth(value: number): boolean {
  const tenths = value * 10;
  return Math.abs(tenths - Math.round(tenths)) < 1e-9;
}

const rangeMessage = (what: string, min: number, max: number, whole: boolean) =>
  `${what} must be ${whole ? "a whole number " : ""}from ${min} to ${max}`;

const imagesMessage =
  `Number of images must be a whole number from ${IMAGE_LIMITS.minImages} to ${IMAGE_LIMITS.maxImages}`;

/**
 * The body of a generate-image request. Unknown keys are dropped. The
 * settings are checked against the chosen model (IMAGE_MODEL_SPECS), and
 * what it does not take is dropped: the output holds null for them and the
 * model's own defaults for what was left out. The guidance scale is
 * rounded to one decimal once it passed the step check, so 0.1 * 3
 * arrives as 0.3.
 */
export const generateImageRequestSchema = z.object(
  {
    model: z.enum(IMAGE_MODELS, { error: `Image model must be one of ${IMAGE_MODELS.join(", ")}` })
      .default(DEFAULT_IMAGE_MODEL),
    prompt: z
      .string({ error: "Please enter a prompt" })
      .trim()
      .min(1, "Please enter a prompt")
      .max(IMAGE_LIMITS.maxPromptLength, `Prompt must be at most ${IMAGE_LIMITS.maxPromptLength} characters`),
    imageSize: z
      .enum(IMAGE_SIZES, { error: `Image size must be one of ${IMAGE_SIZES.join(", ")}` })
      .default(IMAGE_DEFAULTS.imageSize),
    // Checked below against the model's range (anything but a number in it, NaN from an empty input included, gets the range message).
    numInferenceSteps: z.unknown().optional(),
    guidanceScale: z.unknown().optional(),
    negativePrompt: z
      .string({ error: "Negative prompt must be text" })
      .trim()
      .max(
        IMAGE_LIMITS.maxNegativePromptLength,
        `Negative prompt must be at most ${IMAGE_LIMITS.maxNegativePromptLength} characters`,
      )
      .default(IMAGE_DEFAULTS.negativePrompt),
    // null: what a validated request holds for a model without it (the browser sends its validated request).
    stylePreset: z
      .enum(STYLE_PRESETS, { error: `Style preset must be one of ${STYLE_PRESETS.join(", ")}` })
      .nullable()
      .default(IMAGE_DEFAULTS.stylePreset),
    recraftStyle: z
      .enum(RECRAFT_STYLES, { error: `Style must be one of ${RECRAFT_STYLES.join(", ")}` })
      .nullable()
      .default("realistic_image"),
    numImages: z
      .number({ error: imagesMessage })
      .int(imagesMessage)
      .min(IMAGE_LIMITS.minImages, imagesMessage)
      .max(IMAGE_LIMITS.maxImages, imagesMessage)
      .default(IMAGE_DEFAULTS.numImages),
  },
  { error: "Request body must be a JSON object" },
).superRefine((input, ctx) => {
  const spec = IMAGE_MODEL_SPECS[input.model];
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (input.prompt.length > spec.maxPromptLength && input.prompt.length <= IMAGE_LIMITS.maxPromptLength) {
    issue("prompt", `Prompt must be at most ${spec.maxPromptLength} characters for ${spec.label}`);
  }
  if (spec.steps && input.numInferenceSteps !== undefined) {
    const { min, max } = spec.steps;
    const steps = input.numInferenceSteps;
    if (typeof steps !== "number" || !Number.isInteger(steps) || steps < min || steps > max) {
      issue("numInferenceSteps", rangeMessage("Inference steps", min, max, true));
    }
  }
  if (spec.guidance && input.guidanceScale !== undefined) {
    const { min, max } = spec.guidance;
    const scale = input.guidanceScale;
    if (typeof scale !== "number" || !Number.isFinite(scale) || scale < min || scale > max) {
      issue("guidanceScale", rangeMessage("Guidance scale", min, max, false));
    } else if (!isMultipleOfTenth(scale)) issue("guidanceScale", "Guidance scale must be in steps of 0.1");
  }
  if (input.numImages > spec.maxImages) {
    issue("numImages", spec.maxImages === 1 ? `${spec.label} makes one image per request` : imagesMessage);
  }
}).transform((input) => {
  const spec = IMAGE_MODEL_SPECS[input.model];
  return {
    model: input.model,
    prompt: input.prompt,
    imageSize: input.imageSize,
    numInferenceSteps: spec.steps ? (input.numInferenceSteps as number | undefined) ?? spec.steps.default : null,
    guidanceScale: spec.guidance
      ? Math.round(((input.guidanceScale as number | undefined) ?? spec.guidance.default) * 10) / 10
      : null,
    negativePrompt: spec.negativePrompt ? input.negativePrompt : "",
    stylePreset: spec.style === "prompt" ? input.stylePreset ?? IMAGE_DEFAULTS.stylePreset : null,
    recraftStyle: spec.style === "recraft" ? input.recraftStyle ?? "realistic_image" : null,
    numImages: input.numImages,
  };
});

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

/**
 * The 200 answer of generate-image. `flagged`: images fal.ai's safety
 * checker flagged, which were refused (not stored, not counted).
 */
export const generateImageResponseSchema = z.object({
  images: z.array(generatedImageSchema).min(1),
  flagged: z.number().int().nonnegative().default(0),
});
export type GenerateImageResponse = z.infer<typeof generateImageResponseSchema>;

/** What an upload may be: the formats upload-image recognises by their bytes (the browser's file picker offers these). */
export const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

export const UPLOAD_DESCRIPTION_MAX_LENGTH = 300;

/** The upload's description: what the image shows, kept as its alt text in the library. */
export const uploadImageDescriptionSchema = z
  .string({ error: "Description must be text" })
  .trim()
  .max(UPLOAD_DESCRIPTION_MAX_LENGTH, `Description must be at most ${UPLOAD_DESCRIPTION_MAX_LENGTH} characters`);

/** The 200 answer of upload-image: the stored image, its size as read from the file. */
export const uploadImageResponseSchema = z.object({
  image: z.object({
    id: z.string(),
    url: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    description: z.string(),
    createdAt: z.string(),
  }),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
