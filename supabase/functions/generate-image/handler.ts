/**
 * generate-image: POST a GenerateImageInput, get `{ images: [{ id, url,
 * width?, height?, createdAt }] }` where every url is our Storage URL. The
 * caller's fal.ai key is read server-side; fal's temporary URLs are
 * downloaded through the SSRF guard, checked and copied into the `images`
 * bucket before answering, and never reach the browser or the database.
 *
 * The request names one of the fal.ai models of contracts/image.ts and only
 * the settings that model takes. An image fal's safety checker flagged is
 * refused: not downloaded, not stored, not counted against the storage
 * quota (`flagged` says how many; all flagged is a 422 with the reason).
 *
 * Limits: the caller's image rate limit, counted in images (429 with
 * Retry-After), and their storage quota, checked before fal is paid and
 * again, atomically, when the images are recorded (403 with the bytes in use).
 */
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { FAILED_TO_GENERATE, type FalConfig, FalError, generateFalImages } from "../_shared/images/fal.ts";
import { downloadImages, ImageDownloadError } from "../_shared/images/image_download.ts";
import {
  type GeneratedImageStore,
  imageQuotaMessage,
  ImageQuotaError,
  ImageSaveError,
  storeGeneratedImages,
} from "../_shared/images/image_store.ts";
import { enforceRateLimit, type RateLimit } from "../_shared/limits/rate_limit.ts";
import type { GuardedFetch, GuardedFetchOptions } from "../_shared/net/ssrf.ts";
import { generateImageRequestSchema, type GenerateImageResponse } from "../_shared/contracts/image.ts";

/** Both prompts at 2000 characters, even if every character were a 6-byte JSON escape, plus the other fields. */
export const MAX_REQUEST_BYTES = 32 * 1024;
export const FAL_KEY_NOT_FOUND = "fal.ai API key not found. Add it in Profile Settings.";
export const FAILED_TO_SAVE = "Failed to save generated image";

export type Logger = (event: string, fields?: Record<string, unknown>) => void;

export interface GenerateImageDeps {
  authenticate: Authenticate;
  /** The caller's fal.ai key, or null when none is saved. */
  falKeyFor(userId: string): Promise<string | null>;
  imageStore: GeneratedImageStore;
  fal: FalConfig;
  /** IMAGE_RATE_LIMIT images per IMAGE_RATE_LIMIT_WINDOW_SECONDS, per user. */
  rateLimit: RateLimit;
  /** IMAGE_STORAGE_QUOTA_BYTES: what one user may keep in the images bucket. */
  storageQuotaBytes: number;
  /** Used for the fal call (FAL_BASE_URL is our configuration, not the guard's business). */
  fetch?: typeof fetch;
  /** Used for the image downloads; default the SSRF guard. */
  imageFetch?: GuardedFetch;
  /** The guard's options for the downloads; default PRIVATE_HOST_ALLOWLIST from the environment. */
  imageFetchOptions?: GuardedFetchOptions;
  now?: () => Date;
  randomId?: () => string;
  /** Receives diagnostics; never given a key or a provider URL. */
  log?: Logger;
}

const defaultLog: Logger = (event, fields) =>
  console.error(JSON.stringify({ function: "generate-image", event, ...fields }));

const quotaResponse = (usedBytes: number, quotaBytes: number) =>
  errorResponse(403, imageQuotaMessage(usedBytes, quotaBytes), { usedBytes, quotaBytes });

export function createHandler(deps: GenerateImageDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? defaultLog;
  const fetchImpl = deps.fetch ?? fetch;
  return defineFunction({
    name: "generate-image",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: generateImageRequestSchema, maxBytes: MAX_REQUEST_BYTES },
    failureMessage: FAILED_TO_GENERATE,
    async handle({ req, userId, input: request }) {
      const apiKey = (await deps.falKeyFor(userId))?.trim();
      if (!apiKey) return errorResponse(400, FAL_KEY_NOT_FOUND);
      const usedBytes = await deps.imageStore.usedBytes(userId);
      if (usedBytes >= deps.storageQuotaBytes) return quotaResponse(usedBytes, deps.storageQuotaBytes);
      const limited = await enforceRateLimit(deps.rateLimit, userId, request.numImages);
      if (limited) return limited;
      try {
        const { images: falImages, flagged } = await generateFalImages({
          apiKey,
          request,
          config: deps.fal,
          fetch: fetchImpl,
          signal: req.signal,
        });
        let downloaded;
        try {
          downloaded = await downloadImages(falImages.map((image) => image.url), {
            fetch: deps.imageFetch,
            guard: deps.imageFetchOptions,
            signal: req.signal,
          });
        } catch (error) {
          log(error instanceof ImageDownloadError && error.kind === "forbidden_address"
            ? "image_download_refused"
            : "image_download_failed", {
            userId,
            reason: error instanceof Error ? error.message : String(error),
          });
          return errorResponse(502, FAILED_TO_GENERATE);
        }
        const images = await storeGeneratedImages({
          userId,
          request,
          images: downloaded.map((image, i) => ({ ...image, width: falImages[i].width, height: falImages[i].height })),
          store: deps.imageStore,
          quotaBytes: deps.storageQuotaBytes,
          now: deps.now?.(),
          randomId: deps.randomId,
        });
        if (flagged > 0) log("images_flagged", { userId, flagged });
        return json({ images, flagged } satisfies GenerateImageResponse);
      } catch (error) {
        if (error instanceof FalError) {
          log("fal_failed", { status: error.status, providerStatus: error.providerStatus, message: error.message });
          return errorResponse(error.status, error.message);
        }
        if (error instanceof ImageQuotaError) return quotaResponse(error.usedBytes, error.quotaBytes);
        if (error instanceof ImageSaveError) {
          log("image_save_failed", { reason: error.message });
          return errorResponse(502, FAILED_TO_SAVE);
        }
        throw error;
      }
    },
  });
}
