/**
 * An image downloaded from Storage for a publish (to WordPress or Ghost): the
 * article's featured image, or an image in its body. Through the SSRF guard
 * with the caller's options (our own Supabase host is allowlisted by the
 * publisher), within the image size limit, and only a PNG, JPEG, WebP or GIF
 * (sniffed from the bytes). Failures are PublishStepErrors of the caller's
 * step, in words a blogger can act on.
 */
import type { PublishStep } from "../contracts/publishing.ts";
import { type GuardedFetch, type GuardedFetchOptions, OutboundRequestError } from "../net/ssrf.ts";
import { PublishStepError } from "./steps.ts";
import { type ImageFormat, MAX_IMAGE_BYTES, sniffImageFormat } from "../images/image_format.ts";

const IMAGE_DOWNLOAD_TIMEOUT_MS = 30_000;

const USER_AGENT = "InkPress/1.0 (publisher)";

/** Which image is downloaded: the step its failures belong to and how they name it. */
export interface ImageToDownload {
  url: string;
  step: PublishStep;
  /** How a failure names it, starting a sentence: "The featured image", "The image “photo.png” in the article". */
  label: string;
  /** Appended to a failure: what the blogger can do about it. */
  remedy?: string;
}

export const FEATURED_IMAGE_LABEL = "The featured image";

export async function downloadImage(
  image: ImageToDownload,
  fetchGuarded: GuardedFetch,
  options: GuardedFetchOptions = {},
): Promise<{ bytes: Uint8Array; format: ImageFormat }> {
  const fail = (reason: string) =>
    new PublishStepError(image.step, image.remedy ? `${image.label} ${reason}. ${image.remedy}` : `${image.label} ${reason}`);
  let download;
  try {
    download = await fetchGuarded(image.url, { headers: { Accept: "image/*", "User-Agent": USER_AGENT } }, {
      timeoutMs: IMAGE_DOWNLOAD_TIMEOUT_MS,
      maxResponseBytes: MAX_IMAGE_BYTES,
      ...options,
    });
  } catch (error) {
    if (error instanceof OutboundRequestError && error.kind === "too_large") {
      throw fail(`is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`);
    }
    if (!(error instanceof OutboundRequestError)) throw error;
    const reason = error.kind === "forbidden_address"
      ? "is at an address on a private network, which is not allowed"
      : error.kind === "timeout"
      ? "could not be downloaded in time"
      : "could not be downloaded";
    throw Object.assign(fail(reason), { cause: error });
  }
  if (!download.ok) throw fail(`could not be downloaded (HTTP ${download.status})`);
  const format = sniffImageFormat(download.body);
  if (!format) throw fail("is not a PNG, JPEG, WebP or GIF file");
  return { bytes: download.body, format };
}
