/**
 * Storing generated images in the `images` bucket plus a `generated_images`
 * row. Storage and database sit behind `GeneratedImageStore` so tests and
 * benchmarks need no backend.
 */
import type { Tables, TablesInsert } from "../contracts/database.types.ts";
import type { GenerateImageRequest } from "../contracts/image.ts";
import type { DownloadedImage } from "./image_download.ts";

export const IMAGES_BUCKET = "images";

/** A `generated_images` row as inserted (id and created_at come from the database). */
export type NewGeneratedImageRecord = TablesInsert<"generated_images">;

/** What an insert reads back of each row. */
export type SavedGeneratedImageRecord = Pick<Tables<"generated_images">, "id" | "storage_path" | "created_at">;

export type RecordImagesResult =
  | { stored: true; records: SavedGeneratedImageRecord[] }
  | { stored: false; usedBytes: number };

/** Where generated images go: the `images` bucket and the `generated_images` table. */
export interface GeneratedImageStore {
  /** Stores a new object; must fail rather than overwrite an existing path. */
  upload(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The public URL of a stored object. */
  publicUrl(path: string): string;
  /** Bytes of the images the user keeps (the sum of their rows' byte_size). */
  usedBytes(userId: string): Promise<number>;
  /**
   * Inserts all rows at once (all or none) if, with what the user already
   * keeps, they fit in `quotaBytes` (checked and inserted atomically); returns
   * their ids and creation times, or `stored: false` and the bytes in use.
   */
  recordImages(userId: string, records: NewGeneratedImageRecord[], quotaBytes: number): Promise<RecordImagesResult>;
  /** Best-effort clean-up: removes these objects and any rows pointing at them. */
  discard(paths: string[]): Promise<void>;
}

/** An image ready to be stored; width and height are what the provider reported, if anything. */
export interface ImageToStore extends DownloadedImage {
  width?: number;
  height?: number;
}

/** One stored image as the API returns it. */
export interface StoredImage {
  id: string;
  url: string;
  width?: number;
  height?: number;
  createdAt: string;
}

/** Why storing failed; the caller answers 'Failed to save generated image'. */
export class ImageSaveError extends Error {}

/** The images would take the user past their storage quota; nothing was kept. */
export class ImageQuotaError extends Error {
  override name = "ImageQuotaError";
  constructor(readonly usedBytes: number, readonly quotaBytes: number) {
    super(`Image storage quota: ${usedBytes} of ${quotaBytes} bytes in use`);
  }
}

/** "12 MB", "1.3 MB", "4.9 KB", "512 bytes" (KB and MB of 1024, as storage limits are set). */
export function formatBytes(bytes: number): string {
  const rounded = (value: number) => (value >= 10 ? Math.round(value) : Math.round(value * 10) / 10);
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${rounded(bytes / 1024)} KB`;
  return `${rounded(bytes / (1024 * 1024))} MB`;
}

/** What the user is told when their library is full. */
export function imageQuotaMessage(usedBytes: number, quotaBytes: number): string {
  return `Your image library is full (${formatBytes(usedBytes)} of ${
    formatBytes(quotaBytes)
  } used). Delete images you no longer need, then try again.`;
}

/** `<user_id>/<yyyy>/<mm>/<id>.<ext>`, in UTC: the bucket's policies key on the first folder. */
export function imageStoragePath(userId: string, createdAt: Date, id: string, extension: string): string {
  const year = String(createdAt.getUTCFullYear()).padStart(4, "0");
  const month = String(createdAt.getUTCMonth() + 1).padStart(2, "0");
  return `${userId}/${year}/${month}/${id}.${extension}`;
}

/**
 * PostgREST sends ISO 8601; the local backend sends `2026-11-22 13:57:40.852+00`.
 * Both become `2026-11-22T13:57:40.852Z`.
 */
export function toIsoTimestamp(value: string): string {
  const normalised = value.trim().replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00");
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export interface StoreImagesInput {
  userId: string;
  images: ImageToStore[];
  store: GeneratedImageStore;
  /** Bytes the user may keep in all (IMAGE_STORAGE_QUOTA_BYTES). */
  quotaBytes: number;
  /** The row's own fields of each image: how it was made (generated) or what it shows (uploaded). */
  describe(image: ImageToStore): Omit<NewGeneratedImageRecord, "user_id" | "storage_path" | "public_url" | "content_type" | "byte_size">;
  now?: Date;
  randomId?: () => string;
}

export interface StoreGeneratedImagesInput extends Omit<StoreImagesInput, "describe"> {
  request: GenerateImageRequest;
}

/** Generated images, recorded with the settings that made them. */
export function storeGeneratedImages({ request, ...input }: StoreGeneratedImagesInput): Promise<StoredImage[]> {
  return storeImages({
    ...input,
    describe: () => ({
      prompt: request.prompt,
      negative_prompt: request.negativePrompt,
      image_size: request.imageSize,
      style_preset: request.stylePreset ?? request.recraftStyle,
      num_inference_steps: request.numInferenceSteps,
      guidance_scale: request.guidanceScale,
      model: request.model,
    }),
  });
}

/**
 * Uploads every image in parallel, then records them all in one insert that
 * checks the user's storage quota. On any failure it waits for every upload
 * to settle (an upload still in flight would otherwise land after the
 * clean-up), discards every path of this call (an upload that reported an
 * error may still have been written), and throws ImageQuotaError when the
 * quota refused the images, ImageSaveError otherwise: a failed request
 * leaves no orphans.
 */
export async function storeImages(input: StoreImagesInput): Promise<StoredImage[]> {
  const { userId, images, store, quotaBytes, describe, now = new Date(), randomId = () => crypto.randomUUID() } = input;
  const paths = images.map((image) => imageStoragePath(userId, now, randomId(), image.format.extension));
  try {
    const uploads = await Promise.allSettled(
      images.map((image, i) => store.upload(paths[i], image.bytes, image.format.contentType)),
    );
    const failedUpload = uploads.find((result) => result.status === "rejected");
    if (failedUpload) throw failedUpload.reason;

    const urls = paths.map((path) => store.publicUrl(path));
    const recorded = await store.recordImages(userId, images.map((image, i) => ({
      ...describe(image),
      user_id: userId,
      storage_path: paths[i],
      public_url: urls[i],
      content_type: image.format.contentType,
      byte_size: image.bytes.byteLength,
    })), quotaBytes);
    if (!recorded.stored) throw new ImageQuotaError(recorded.usedBytes, quotaBytes);
    const savedByPath = new Map(recorded.records.map((record) => [record.storage_path, record]));

    return images.map((image, i) => {
      const record = savedByPath.get(paths[i]);
      if (!record) throw new Error(`No generated_images row came back for ${paths[i]}`);
      return {
        id: record.id,
        url: urls[i],
        ...(image.width ? { width: image.width } : {}),
        ...(image.height ? { height: image.height } : {}),
        createdAt: toIsoTimestamp(record.created_at),
      };
    });
  } catch (cause) {
    await store.discard(paths).catch(() => {});
    if (cause instanceof ImageQuotaError) throw cause;
    throw new ImageSaveError(
      `Storing images failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}
