/**
 * generate-image: POST a GenerateImageInput, get `{ images: [{ id, url,
 * width?, height?, createdAt }] }` where every url is our Storage URL. The
 * caller's fal.ai key is read server-side; fal's temporary URLs are
 * downloaded, checked and copied into the `images` bucket before answering,
 * and never reach the browser or the database.
 */
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { FAILED_TO_GENERATE, type FalConfig, FalError, generateFalImages } from "../_shared/images/fal.ts";
import { downloadImages } from "../_shared/images/image_download.ts";
import { type GeneratedImageStore, ImageSaveError, storeGeneratedImages } from "../_shared/images/image_store.ts";
import { generateImageRequestSchema, type GenerateImageResponse } from "../_shared/schemas/image.ts";

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
  /** Used for the fal call and the image downloads. */
  fetch?: typeof fetch;
  now?: () => Date;
  randomId?: () => string;
  /** Receives diagnostics; never given a key or a provider URL. */
  log?: Logger;
}

const defaultLog: Logger = (event, fields) =>
  console.error(JSON.stringify({ function: "generate-image", event, ...fields }));

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
      try {
        const falImages = await generateFalImages({
          apiKey,
          request,
          config: deps.fal,
          fetch: fetchImpl,
          signal: req.signal,
        });

        let downloaded;
        try {
          downloaded = await downloadImages(falImages.map((image) => image.url), {
            fetch: fetchImpl,
            signal: req.signal,
          });
        } catch (error) {
          log("image_download_failed", {
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
          now: deps.now?.(),
          randomId: deps.randomId,
        });
        return json({ images } satisfies GenerateImageResponse);
      } catch (error) {
        if (error instanceof FalError) {
          log("fal_failed", { status: error.status, providerStatus: error.providerStatus, message: error.message });
          return errorResponse(error.status, error.message);
        }
        if (error instanceof ImageSaveError) {
          log("image_save_failed", { reason: error.message });
          return errorResponse(502, FAILED_TO_SAVE);
        }
        throw error;
      }
    },
  });
}
