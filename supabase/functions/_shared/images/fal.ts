/**
 * fal.ai text-to-image over plain `fetch` (synchronous endpoint
 * `POST ${FAL_BASE_URL}/<model>`, header `Authorization: Key <key>`), for the
 * models of contracts/image.ts, each sent only the fields its schema takes.
 * Errors come back as FalError whose message is safe to show the user: the
 * cause and the fix for what fal reports in its own shapes (provider-sources.md
 * §4.3: 401 bad key, 403 "User is locked. Reason: Exhausted balance", 422
 * `content_policy_violation` or validation), otherwise a spec message, and
 * never the key. An image fal's safety checker flagged (`has_nsfw_concepts`,
 * §4.2: the image is blacked out but the answer is 200) is refused.
 */
import { z } from "zod";
import { readBodyWithLimit } from "../net/read_body_with_limit.ts";
import {
  type GenerateImageRequest,
  IMAGE_MODEL_SPECS,
  type ImageModel,
} from "../contracts/image.ts";
import { STYLE_PRESET_LABELS, type StylePreset } from "../contracts/image_styles.ts";

export const DEFAULT_FAL_BASE_URL = "https://fal.run";
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
export const FLAGGED_IMAGE =
  "fal.ai's safety checker flagged the image, so it was not kept (and not counted). Try a different description.";

export interface FalConfig {
  baseUrl: string;
  timeoutMs: number;
}

/** FAL_BASE_URL (default https://fal.run). The model is the request's. */
export function falConfigFromEnv(
  getEnv: (name: string) => string | undefined = (name) => Deno.env.get(name),
): FalConfig {
  return {
    baseUrl: (getEnv("FAL_BASE_URL")?.trim() || DEFAULT_FAL_BASE_URL).replace(/\/+$/, ""),
    timeoutMs: FAL_TIMEOUT_MS,
  };
}

/** fast-sdxl has no style field, so the preset is folded into the prompt: "<prompt>, digital art style". */
export function promptWithStyle(prompt: string, stylePreset: StylePreset): string {
  return `${prompt}, ${STYLE_PRESET_LABELS[stylePreset].toLowerCase()} style`;
}

/**
 * The model's input for our request: only the fields its schema has
 * (contracts/image.ts), with fal's names. fast-sdxl takes `format`, the
 * FLUX models `output_format`; FLUX1.1 [pro] has no safety-checker switch
 * but a `safety_tolerance` ("2", fal's default); Recraft takes its `style`.
 */
export function buildFalRequestBody(request: GenerateImageRequest): Record<string, unknown> {
  const model: ImageModel = request.model;
  const spec = IMAGE_MODEL_SPECS[model];
  const body: Record<string, unknown> = {
    prompt: spec.style === "prompt" && request.stylePreset ? promptWithStyle(request.prompt, request.stylePreset) : request.prompt,
    image_size: request.imageSize,
  };
  if (spec.steps && request.numInferenceSteps !== null) body.num_inference_steps = request.numInferenceSteps;
  if (spec.guidance && request.guidanceScale !== null) body.guidance_scale = request.guidanceScale;
  if (spec.negativePrompt && request.negativePrompt) body.negative_prompt = request.negativePrompt;
  if (spec.style === "recraft" && request.recraftStyle) body.style = request.recraftStyle;
  if (spec.maxImages > 1) body.num_images = request.numImages;
  if (model === "fal-ai/fast-sdxl") Object.assign(body, { enable_safety_checker: true, format: "png" });
  else if (model === "fal-ai/flux-pro/v1.1") Object.assign(body, { safety_tolerance: "2", output_format: "png" });
  else if (model === "fal-ai/recraft/v3/text-to-image") body.enable_safety_checker = true;
  else Object.assign(body, { enable_safety_checker: true, output_format: "png" });
  return body;
}

/**
 * A failed generation. `message` is safe for the caller; `status` is what the
 * function answers: 400 when fal rejected the key or the input (the user can
 * fix it), 422 when every image was flagged, 429 when fal rate-limits, 504 on
 * our time-out, 502 otherwise.
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
 * What fal's error means for the user, when fal said it plainly (provider-sources
 * §4.3): a refused key, an account locked for an exhausted balance,
 * the content checker refusing the prompt. Null otherwise.
 */
function knownFalProblem(status: number, body: unknown): string | null {
  if (!isRecord(body)) return null;
  const detail = body.detail;
  if (status === 401) return "fal.ai refused the API key. Check it in Profile Settings → API Keys.";
  if (status === 403 && typeof detail === "string" && /exhausted balance|user is locked/i.test(detail)) {
    return /exhausted balance/i.test(detail)
      ? "Your fal.ai balance is used up. Top up at fal.ai/dashboard/billing, then try again."
      : "fal.ai has locked your account. Check fal.ai/dashboard, or contact fal.ai support.";
  }
  const policy = Array.isArray(detail)
    ? detail.find((item) => isRecord(item) && item.type === "content_policy_violation")
    : undefined;
  if (isRecord(policy)) {
    const categories = Array.isArray(policy.categories) ? policy.categories.filter((c) => typeof c === "string") : [];
    return `fal.ai's content checker refused the description${categories.length ? ` (${categories.join(", ")})` : ""}. ` +
      "Rephrase it and try again.";
  }
  return null;
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
const falResultSchema = z.object({
  images: z.array(z.unknown()).optional(),
  /** One flag per image; absent from models without the checker's report (Recraft). */
  has_nsfw_concepts: z.array(z.unknown()).optional().catch(undefined),
});

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

export interface FalImages {
  images: FalImage[];
  /** Images the safety checker flagged: refused, never downloaded. */
  flagged: number;
}

/**
 * Calls the model once; resolves to at least one unflagged image URL or
 * throws FalError (all flagged: FLAGGED_IMAGE, 422).
 */
export async function generateFalImages(options: GenerateFalImagesOptions): Promise<FalImages> {
  const { apiKey, request, config, fetch: fetchImpl = fetch } = options;
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  let status: number;
  let body: unknown;
  try {
    const response = await fetchImpl(`${config.baseUrl}/${request.model}`, {
      method: "POST",
      headers: { Authorization: `Key ${apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(buildFalRequestBody(request)),
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
    const message = knownFalProblem(status, body) ?? falErrorMessage(body);
    throw new FalError(
      message ? safeMessage(message, apiKey) : FAILED_TO_GENERATE,
      statusForProviderError(status),
      status,
    );
  }
  const result = falResultSchema.safeParse(body);
  if (!result.success) throw new FalError(FAILED_TO_GENERATE, 502, status);

  const flags = result.data.has_nsfw_concepts ?? [];
  let flagged = 0;
  const images = (result.data.images ?? []).flatMap((item, index) => {
    const image = falImageSchema.safeParse(item);
    if (!image.success || !nonBlank(image.data.url)) return [];
    if (flags[index] === true) {
      flagged++;
      return [];
    }
    return [{ url: image.data.url, width: positiveInt(image.data.width), height: positiveInt(image.data.height) }];
  });
  if (images.length === 0 && flagged > 0) throw new FalError(FLAGGED_IMAGE, 422, status);
  if (images.length === 0) throw new FalError(NO_IMAGE_URL, 502, status);
  return { images, flagged };
}
