/** Downloading generated images from the provider's (temporary) URLs. */
import { type GuardedFetch, guardedFetch, type GuardedFetchOptions, OutboundRequestError } from "../net/ssrf.ts";
import { type ImageFormat, sniffImageFormat } from "./image_format.ts";
import { MAX_IMAGE_BYTES } from "./image_format.ts";

export const IMAGE_DOWNLOAD_TIMEOUT_MS = 30_000;

/** Why a provider image could not be fetched; the message is for logs, never for the caller. */
export class ImageDownloadError extends Error {
  override name = "ImageDownloadError";
  /** The SSRF guard's reason when it refused or failed the request. */
  readonly kind?: OutboundRequestError["kind"];
  constructor(message: string, options?: ErrorOptions & { kind?: OutboundRequestError["kind"] }) {
    super(message, options);
    this.kind = options?.kind;
  }
}

export interface DownloadedImage {
  bytes: Uint8Array;
  format: ImageFormat;
}

export interface DownloadImageOptions {
  /** Default: the SSRF guard. */
  fetch?: GuardedFetch;
  /** Passed to the guard (PRIVATE_HOST_ALLOWLIST, a DNS resolver or a transport in tests). */
  guard?: GuardedFetchOptions;
  maxBytes?: number;
  timeoutMs?: number;
  /** Aborts the download early (e.g. when a sibling download failed). */
  signal?: AbortSignal;
}

/**
 * Downloads a provider-supplied image URL through the SSRF guard: the URL
 * (and every redirect) came from a response we do not control, so it is held
 * to the rules of a user-typed one — http(s) only, no credentials, no
 * loopback, private, link-local or metadata address in any notation, each
 * redirect re-checked — with one time-out for the whole download, the size
 * cap enforced while streaming, and the format checked by its bytes. Throws
 * ImageDownloadError on any failure.
 */
export async function downloadImage(url: string, options: DownloadImageOptions = {}): Promise<DownloadedImage> {
  const { fetch: fetchImpl = guardedFetch, maxBytes = MAX_IMAGE_BYTES, timeoutMs = IMAGE_DOWNLOAD_TIMEOUT_MS } =
    options;
  let response;
  try {
    response = await fetchImpl(url, { headers: { Accept: "image/*" } }, {
      ...options.guard,
      timeoutMs,
      maxResponseBytes: maxBytes,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof OutboundRequestError) {
      // Provider URLs are temporary credentials: the log names the host, never the path.
      const reason = error.kind === "forbidden_address" ? error.message : `${error.kind} at ${hostOf(url)}`;
      throw new ImageDownloadError(`Image download refused or failed: ${reason}`, { cause: error, kind: error.kind });
    }
    throw error;
  }
  if (!response.ok) throw new ImageDownloadError(`Image download answered HTTP ${response.status}`);
  const format = sniffImageFormat(response.body);
  if (!format) {
    throw new ImageDownloadError(
      `Downloaded file is not a PNG, JPEG, WebP or GIF image (${response.body.length} bytes, declared ${
        response.headers.get("content-type")
      })`,
    );
  }
  return { bytes: response.body, format };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
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
