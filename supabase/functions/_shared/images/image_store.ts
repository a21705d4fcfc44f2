/**
 * Generated images: downloading them from the provider's URL with a guard,
 * recognising the format by its bytes, and storing them in the `images`
 * bucket plus a `generated_images` row. Storage and database sit behind
 * `GeneratedImageStore` so tests and benchmarks need no backend.
 */
import type { GenerateImageRequest } from "../schemas/image.ts";

export const IMAGES_BUCKET = "images";

/**
 * Largest image we accept: the `images` bucket's file_size_limit (10 MiB,
 * migration 20261122000900). A bigger file could never be stored, so the
 * download stops there.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_DOWNLOAD_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------- formats

export type ImageFormat =
  | { contentType: "image/png"; extension: "png" }
  | { contentType: "image/jpeg"; extension: "jpg" }
  | { contentType: "image/webp"; extension: "webp" }
  | { contentType: "image/gif"; extension: "gif" };

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image format named by the file's magic number, or null for anything
 * else. The provider's Content-Type is never trusted: these bytes end up in a
 * public bucket served under our domain.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: "image/png", extension: "png" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { contentType: "image/webp", extension: "webp" };
  }
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { contentType: "image/gif", extension: "gif" };
  }
  return null;
}

// ---------------------------------------------------------------- bounded reading

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Response body exceeds ${maxBytes} bytes`);
  }
}

/**
 * Reads a whole body into one Uint8Array, refusing more than `maxBytes`.
 * The limit is enforced on the bytes actually received; `sizeHint` (a
 * Content-Length, untrusted) only sizes the first allocation. The buffer
 * doubles as needed, so peak memory stays below twice the body (and twice the
 * cap); the result may be a view on a larger buffer.
 */
export async function readBodyWithLimit(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  sizeHint = 0,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const hinted = Number.isSafeInteger(sizeHint) && sizeHint > 0 ? sizeHint : 64 * 1024;
  let buffer = new Uint8Array(Math.min(hinted, maxBytes));
  let length = 0;
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const needed = length + read.value.byteLength;
      if (needed > maxBytes) {
        await reader.cancel();
        throw new BodyTooLargeError(maxBytes);
      }
      if (needed > buffer.byteLength) {
        const grown = new Uint8Array(Math.min(maxBytes, Math.max(needed, buffer.byteLength * 2)));
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(read.value, length);
      length = needed;
    }
  } finally {
    reader.releaseLock();
  }
  return buffer.subarray(0, length);
}

// ---------------------------------------------------------------- downloading

/** Why a provider image could not be fetched; the message is for logs, never for the caller. */
export class ImageDownloadError extends Error {}

export interface DownloadedImage {
  bytes: Uint8Array;
  format: ImageFormat;
}

export interface DownloadImageOptions {
  fetch?: typeof fetch;
  maxBytes?: number;
  timeoutMs?: number;
  /** Aborts the download early (e.g. when a sibling download failed). */
  signal?: AbortSignal;
}

/**
 * Downloads a provider-supplied image URL: http(s) only, no credentials in
 * the URL, one time-out for headers and body together, the size cap enforced
 * while streaming, and the format checked by its bytes. Throws
 * ImageDownloadError (or BodyTooLargeError) on any failure.
 *
 * The URL comes from the image provider we called with the user's key, not
 * from the user, so private addresses are not refused here (the fake fal.ai
 * of the tests lives on loopback).
 */
export async function downloadImage(url: string, options: DownloadImageOptions = {}): Promise<DownloadedImage> {
  const { fetch: fetchImpl = fetch, maxBytes = MAX_IMAGE_BYTES, timeoutMs = IMAGE_DOWNLOAD_TIMEOUT_MS } = options;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ImageDownloadError("Image URL is not a valid URL");
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") {
    throw new ImageDownloadError(`Image URL scheme ${target.protocol} is not allowed`);
  }
  if (target.username || target.password) throw new ImageDownloadError("Image URL must not carry credentials");

  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetchImpl(target, { signal, headers: { Accept: "image/*" } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ImageDownloadError(`Image download answered HTTP ${response.status}`);
    }
    const bytes = await readBodyWithLimit(response.body, maxBytes, Number(response.headers.get("content-length")));
    const format = sniffImageFormat(bytes);
    if (!format) {
      throw new ImageDownloadError(
        `Downloaded file is not a PNG, JPEG, WebP or GIF image (${bytes.length} bytes, declared ${
          response.headers.get("content-type")
        })`,
      );
    }
    return { bytes, format };
  } catch (error) {
    if (error instanceof ImageDownloadError || error instanceof BodyTooLargeError) throw error;
    if (timeout.aborted) throw new ImageDownloadError(`Image download timed out after ${timeoutMs} ms`);
    // Network errors quote the URL; it stays out of the message (and so out of logs).
    const reason = (error instanceof Error ? error.message : String(error)).replace(
      /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi,
      "<url>",
    );
    throw new ImageDownloadError(`Image download failed: ${reason}`);
  }
}

/**
 * Downloads every URL at once. The first failure aborts the others and is
 * rethrown (not the aborts it caused) once every download has stopped.
 */
export async function downloadImages(urls: string[], options: DownloadImageOptions = {}): Promise<DownloadedImage[]> {
  const abort = new AbortController();
  const signal = options.signal ? AbortSignal.any([abort.signal, options.signal]) : abort.signal;
  let firstFailure: { error: unknown } | undefined;
  const downloads = urls.map((url) =>
    downloadImage(url, { ...options, signal }).catch((error) => {
      firstFailure ??= { error };
      abort.abort();
      throw error;
    })
  );
  const results = await Promise.allSettled(downloads);
  if (firstFailure) throw firstFailure.error;
  return results.map((result) => (result as PromiseFulfilledResult<DownloadedImage>).value);
}

// ---------------------------------------------------------------- storing

/** A `generated_images` row as inserted (id and created_at come from the database). */
export interface NewGeneratedImageRecord {
  user_id: string;
  storage_path: string;
  public_url: string;
  prompt: string;
  negative_prompt: string;
  image_size: string;
  style_preset: string;
  num_inference_steps: number;
  guidance_scale: number;
  content_type: string;
  byte_size: number;
}

export interface SavedGeneratedImageRecord {
  id: string;
  storage_path: string;
  created_at: string;
}

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
