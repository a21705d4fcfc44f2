/**
 * Storing generated images in the `images` bucket plus a `generated_images`
 * row. Storage and database sit behind `GeneratedImageStore` so tests and
 * benchmarks need no backend.
 */
import type { Tables, TablesInsert } from "../database.types.ts";
import type { GenerateImageRequest } from "../schemas/image.ts";
import type { DownloadedImage } from "./image_download.ts";

export const IMAGES_BUCKET = "images";

/**
 * Largest image we accept: the `images` bucket's file_size_limit (10 MiB,
 * migration 20261122000900). A bigger file could never be stored, so the
 * download stops there.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A `generated_images` row as inserted (id and created_at come from the database). */
export type NewGeneratedImageRecord = TablesInsert<"generated_images">;

/** What an insert reads back of each row. */
export type SavedGeneratedImageRecord = Pick<Tables<"generated_images">, "id" | "storage_path" | "created_at">;

/** Where generated images go: the `images` bucket and the `generated_images` table. */
export interface GeneratedImageStore {
  /** Stores a new object; must fail rather than overwrite an existing path. */
  upload(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The public URL of a stored object. */
  publicUrl(path: string): string;
  /** Inserts all rows at once (all or none) and returns their ids and creation times. */
  insertRecords(records: NewGeneratedImageRecord[]): Promise<SavedGeneratedImageRecord[]>;
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

export interface StoreGeneratedImagesInput {
  userId: string;
  request: GenerateImageRequest;
  images: ImageToStore[];
  store: GeneratedImageStore;
  now?: Date;
  randomId?: () => string;
}

/**
 * Uploads every image in parallel, then records them all in one insert.
 * On any failure it waits for every upload to settle (an upload still in
 * flight would otherwise land after the clean-up), discards every path of
 * this call (an upload that reported an error may still have been written),
 * and throws ImageSaveError: a failed request leaves no orphans.
 */
export async function storeGeneratedImages(input: StoreGeneratedImagesInput): Promise<StoredImage[]> {
  const { userId, request, images, store, now = new Date(), randomId = () => crypto.randomUUID() } = input;
  const paths = images.map((image) => imageStoragePath(userId, now, randomId(), image.format.extension));
  try {
    const uploads = await Promise.allSettled(
      images.map((image, i) => store.upload(paths[i], image.bytes, image.format.contentType)),
    );
    const failedUpload = uploads.find((result) => result.status === "rejected");
    if (failedUpload) throw failedUpload.reason;

    const urls = paths.map((path) => store.publicUrl(path));
    const saved = await store.insertRecords(images.map((image, i) => ({
      user_id: userId,
      storage_path: paths[i],
      public_url: urls[i],
      prompt: request.prompt,
      negative_prompt: request.negativePrompt,
      image_size: request.imageSize,
      style_preset: request.stylePreset,
      num_inference_steps: request.numInferenceSteps,
      guidance_scale: request.guidanceScale,
      content_type: image.format.contentType,
      byte_size: image.bytes.byteLength,
    })));
    const savedByPath = new Map(saved.map((record) => [record.storage_path, record]));

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
    throw new ImageSaveError(
      `Storing generated images failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}
