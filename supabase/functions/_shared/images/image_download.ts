/** Downloading generated images from the provider's (temporary) URLs. */
import { BodyTooLargeError, readBodyWithLimit } from "../net/read_body_with_limit.ts";
import { type ImageFormat, sniffImageFormat } from "./image_format.ts";
import { MAX_IMAGE_BYTES } from "./image_store.ts";

export const IMAGE_DOWNLOAD_TIMEOUT_MS = 30_000;

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
