/**
 * fal.ai text-to-image over plain `fetch` (synchronous endpoint
 * `POST ${FAL_BASE_URL}/${FAL_IMAGE_MODEL}`, header `Authorization: Key <key>`).
 * Errors come back as FalError whose message is safe to show the user: the
 * service's own message where it gives one, otherwise a spec message, and
 * never the key.
 */
import { z } from "zod";
import { readBodyWithLimit } from "../net/read_body_with_limit.ts";
import { type GenerateImageRequest, STYLE_PRESET_LABELS, type StylePreset } from "../contracts/image.ts";

export const DEFAULT_FAL_BASE_URL = "https://fal.run";
export const DEFAULT_FAL_IMAGE_MODEL = "fal-ai/fast-sdxl";
/**
 * The generation call's time-out. With the 30 s image download after it,
 * the function stays inside the platform's 150 s wall clock.
 */
export const FAL_TIMEOUT_MS = 100_000;
/** fal's JSON answers are small (URLs, timings); anything bigger is refused. */
const MAX_FAL_RESPONSE_BYTES = 1024 * 1024;
/** Longest provider error message passed on to the user. */
const MAX_ERROR_MESSAGE_LENGTH = 500;

export const FAILED_TO_GENERATE = "Failed to generate image";
export const NO_IMAGE_URL = "No image URL was returned from the API";

export interface FalConfig {
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

/** FAL_BASE_URL (default https://fal.run) and FAL_IMAGE_MODEL (default fal-ai/fast-sdxl). */
export function falConfigFromEnv(
  getEnv: (name: string) => string | undefined = (name) => Deno.env.get(name),
): FalConfig {
  return {
    baseUrl: (getEnv("FAL_BASE_URL")?.trim() || DEFAULT_FAL_BASE_URL).replace(/\/+$/, ""),
    model: (getEnv("FAL_IMAGE_MODEL")?.trim() || DEFAULT_FAL_IMAGE_MODEL).replace(/^\/+|\/+$/g, ""),
    timeoutMs: FAL_TIMEOUT_MS,
  };
}

/** Models whose input has no negative_prompt (fal rejects or ignores unknown fields). */
const MODELS_WITHOUT_NEGATIVE_PROMPT = new Set([
  "fal-ai/flux/schnell",
  "fal-ai/flux/dev",
  "fal-ai/flux-1/schnell",
  "fal-ai/flux-1/dev",
  "fal-ai/flux-pro/v1.1",
  "fal-ai/flux-pro/v1.1-ultra",
]);

/** fast-sdxl has no style field, so the preset is folded into the prompt: "<prompt>, digital art style". */
export function promptWithStyle(prompt: string, stylePreset: StylePreset): string {
  return `${prompt}, ${STYLE_PRESET_LABELS[stylePreset].toLowerCase()} style`;
}

/** The model's input for our request (spec field names mapped to fal's). */
export function buildFalRequestBody(model: string, request: GenerateImageRequest): Record<string, unknown> {
  return {
    prompt: promptWithStyle(request.prompt, request.stylePreset),
    image_size: request.imageSize,
    num_inference_steps: request.numInferenceSteps,
    guidance_scale: request.guidanceScale,
    ...(MODELS_WITHOUT_NEGATIVE_PROMPT.has(model) || !request.negativePrompt
      ? {}
      : { negative_prompt: request.negativePrompt }),
    num_images: request.numImages,
    enable_safety_checker: true,
    format: "png",
  };
}

/**
 * A failed generation. `message` is safe for the caller; `status` is what the
 * function answers: 400 when fal rejected the key or the input (the user can
 * fix it), 429 when fal rate-limits, 504 on our time-out, 502 otherwise.
 */
export class FalError extends Error {
  constructor(message: string, readonly status: number, readonly providerStatus?: number, options?: ErrorOptions) {
    super(message, options);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonBlank(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The message fal (or a proxy in front of it) put in an error body:
 * `error.message`, `detail` (a string, or FastAPI's `[{ loc, msg, type }]`
 * whose msgs are joined with "; "), or `message`. Null when there is none.
 */
export function falErrorMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (isRecord(body.error) && nonBlank(body.error.message)) return body.error.message.trim();
  if (nonBlank(body.error)) return body.error.trim();
  if (nonBlank(body.detail)) return body.detail.trim();
  if (Array.isArray(body.detail)) {
    const messages = body.detail.flatMap((item) => (isRecord(item) && nonBlank(item.msg) ? [item.msg.trim()] : []));
    if (messages.length > 0) return messages.join("; ");
  }
  if (nonBlank(body.message)) return body.message.trim();
  return null;
}

/** Keeps a provider message short and free of the key, should the provider echo it. */
function safeMessage(message: string, apiKey: string): string {
  const redacted = apiKey.length >= 4 ? message.split(apiKey).join("[redacted]") : message;
  return redacted.length > MAX_ERROR_MESSAGE_LENGTH ? `${redacted.slice(0, MAX_ERROR_MESSAGE_LENGTH - 1)}…` : redacted;
}

function statusForProviderError(providerStatus: number): number {
  if (providerStatus === 429) return 429;
  if ([400, 401, 403, 422].includes(providerStatus)) return 400;
  return 502;
}

const falImageSchema = z.object({
  url: z.string(),
  width: z.number().optional().catch(undefined),
  height: z.number().optional().catch(undefined),
  content_type: z.string().optional().catch(undefined),
});
const falResultSchema = z.object({ images: z.array(z.unknown()).optional() });

/** One image as fal reports it; the URL is temporary and provider-controlled. */
export interface FalImage {
  url: string;
  width?: number;
  height?: number;
}

export interface GenerateFalImagesOptions {
  apiKey: string;
  request: GenerateImageRequest;
  config: FalConfig;
  fetch?: typeof fetch;
  /** Aborts the call early (e.g. the caller went away). */
  signal?: AbortSignal;
}

const positiveInt = (value: number | undefined) => (Number.isSafeInteger(value) && value! > 0 ? value : undefined);

/** Calls the model once; resolves to at least one image URL or throws FalError. */
export async function generateFalImages(options: GenerateFalImagesOptions): Promise<FalImage[]> {
  const { apiKey, request, config, fetch: fetchImpl = fetch } = options;
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  let status: number;
  let body: unknown;
  try {
    const response = await fetchImpl(`${config.baseUrl}/${config.model}`, {
      method: "POST",
      headers: { Authorization: `Key ${apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(buildFalRequestBody(config.model, request)),
      signal,
    });
    status = response.status;
    const bytes = await readBodyWithLimit(response.body, MAX_FAL_RESPONSE_BYTES);
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      body = undefined;
    }
  } catch (error) {
    if (timeout.aborted) throw new FalError(FAILED_TO_GENERATE, 504);
    throw new FalError(FAILED_TO_GENERATE, 502, undefined, { cause: error });
  }

  if (status < 200 || status > 299) {
    const message = falErrorMessage(body);
    throw new FalError(
      message ? safeMessage(message, apiKey) : FAILED_TO_GENERATE,
      statusForProviderError(status),
      status,
    );
  }
  const result = falResultSchema.safeParse(body);
  if (!result.success) throw new FalError(FAILED_TO_GENERATE, 502, status);

  const images = (result.data.images ?? []).flatMap((item) => {
    const image = falImageSchema.safeParse(item);
    return image.success && nonBlank(image.data.url)
      ? [{ url: image.data.url, width: positiveInt(image.data.width), height: positiveInt(image.data.height) }]
      : [];
  });
  if (images.length === 0) throw new FalError(NO_IMAGE_URL, 502, status);
  return images;
}
