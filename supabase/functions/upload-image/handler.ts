/**
 * upload-image: POST multipart/form-data with `file` (the image) and an
 * optional `description` (what it shows: its alt text), get
 * `{ image: { id, url, width, height, description, createdAt } }`: the
 * image is in the user's library, marked uploaded, at our Storage URL.
 *
 * The file is checked as generate-image checks what fal.ai sends: its format
 * is sniffed from its bytes (the browser's file name and type are never
 * trusted: the bucket is public and served under our domain), so only
 * JPEG, PNG, WebP and GIF are stored, under the sniffed type and extension;
 * its pixel size is read from its own header; it is at most
 * MAX_IMAGE_BYTES. It is stored as it came (generated images are not
 * re-encoded either) and counts against the same storage quota, checked
 * before the upload and again, atomically, when the row is recorded.
 *
 * Refusals: 413 over the size cap, 400 for a body that is not a form with a
 * file, a file that is not one of the four formats, or a header we cannot
 * read; 403 with the bytes in use when the library is full (as
 * generate-image answers).
 */
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { uploadImageDescriptionSchema, type UploadImageResponse } from "../_shared/contracts/image.ts";
import { MAX_IMAGE_BYTES, readImageDimensions, sniffImageFormat } from "../_shared/images/image_format.ts";
import {
  formatBytes,
  type GeneratedImageStore,
  imageQuotaMessage,
  ImageQuotaError,
  ImageSaveError,
  storeImages,
} from "../_shared/images/image_store.ts";

/** The form around the file: its boundaries, headers and the description fit in this. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

export const IMAGE_TOO_LARGE = `Images can be at most ${formatBytes(MAX_IMAGE_BYTES)}. Choose a smaller file or compress it.`;
export const NOT_A_FORM = "Send the image as multipart/form-data with the file in a field named file";
export const NO_FILE = "file: Choose an image file to upload";
export const NOT_AN_IMAGE = "file: Only JPEG, PNG, WebP and GIF images can be uploaded, and this file is none of them";
export const UNREADABLE_IMAGE = "file: The image's size cannot be read from the file; it may be damaged";
export const FAILED_TO_UPLOAD = "Failed to upload image";

export type Logger = (event: string, fields?: Record<string, unknown>) => void;

export interface UploadImageDeps {
  authenticate: Authenticate;
  imageStore: GeneratedImageStore;
  /** IMAGE_STORAGE_QUOTA_BYTES: what one user may keep in the images bucket. */
  storageQuotaBytes: number;
  now?: () => Date;
  randomId?: () => string;
  log?: Logger;
}

const defaultLog: Logger = (event, fields) =>
  console.error(JSON.stringify({ function: "upload-image", event, ...fields }));

const quotaResponse = (usedBytes: number, quotaBytes: number) =>
  errorResponse(403, imageQuotaMessage(usedBytes, quotaBytes), { usedBytes, quotaBytes });

const fieldError = (message: string) => errorResponse(400, message, { field: message.split(":")[0] });

/** The form's fields, or null when the body is not multipart/form-data. */
async function readForm(req: Request, body: Uint8Array<ArrayBuffer>): Promise<FormData | null> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return null;
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
}

export function createHandler(deps: UploadImageDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? defaultLog;
  return defineFunction({
    name: "upload-image",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { bytes: true, maxBytes: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES, tooLargeMessage: IMAGE_TOO_LARGE },
    failureMessage: FAILED_TO_UPLOAD,
    async handle({ req, userId, input: body }) {
      const form = await readForm(req, body);
      if (!form) return errorResponse(400, NOT_A_FORM);
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return fieldError(NO_FILE);
      if (file.size > MAX_IMAGE_BYTES) return errorResponse(413, IMAGE_TOO_LARGE, { maxBytes: MAX_IMAGE_BYTES });
      const description = uploadImageDescriptionSchema.safeParse(form.get("description") ?? "");
      if (!description.success) return fieldError(`description: ${description.error.issues[0].message}`);

      const bytes = new Uint8Array(await file.arrayBuffer());
      const format = sniffImageFormat(bytes);
      if (!format) return fieldError(NOT_AN_IMAGE);
      const dimensions = readImageDimensions(bytes, format);
      if (!dimensions) return fieldError(UNREADABLE_IMAGE);

      const usedBytes = await deps.imageStore.usedBytes(userId);
      if (usedBytes + bytes.byteLength > deps.storageQuotaBytes) return quotaResponse(usedBytes, deps.storageQuotaBytes);

      try {
        const [stored] = await storeImages({
          userId,
          images: [{ bytes, format, ...dimensions }],
          store: deps.imageStore,
          quotaBytes: deps.storageQuotaBytes,
          describe: () => ({ source: "uploaded", prompt: description.data, ...dimensions }),
          now: deps.now?.(),
          randomId: deps.randomId,
        });
        return json({
          image: { ...stored, ...dimensions, description: description.data },
        } satisfies UploadImageResponse);
      } catch (error) {
        if (error instanceof ImageQuotaError) return quotaResponse(error.usedBytes, error.quotaBytes);
        if (error instanceof ImageSaveError) {
          log("image_save_failed", { userId, reason: error.message });
          return errorResponse(502, FAILED_TO_UPLOAD);
        }
        throw error;
      }
    },
  });
}
