/**
 * The article's featured image downloaded from Storage for a publish (to
 * WordPress or Ghost): through the SSRF guard with the caller's options (our
 * own Supabase host is allowlisted by the publisher), within the image size
 * limit, and only a PNG, JPEG, WebP or GIF. Failures are PublishStepErrors of
 * the featured_image step, in words a blogger can act on.
 */
import type { GuardedFetch, GuardedFetchOptions } from "../net/ssrf.ts";
import { PublishStepError } from "./steps.ts";
import { type ImageFormat, sniffImageFormat } from "../images/image_format.ts";
import { MAX_IMAGE_BYTES } from "../images/image_format.ts";

export const FEATURED_IMAGE_DOWNLOAD_TIMEOUT_MS = 30_000;

const USER_AGENT = "InkPress/1.0 (publisher)";

export async function downloadFeaturedImage(
  imageUrl: string,
  fetchGuarded: GuardedFetch,
  options: GuardedFetchOptions = {},
): Promise<{ bytes: Uint8Array; format: ImageFormat }> {
  const download = await fetchGuarded(imageUrl, { headers: { Accept: "image/*", "User-Agent": USER_AGENT } }, {
    timeoutMs: FEATURED_IMAGE_DOWNLOAD_TIMEOUT_MS,
    maxResponseBytes: MAX_IMAGE_BYTES,
    ...options,
  });
  if (!download.ok) {
    throw new PublishStepError("featured_image", `The image could not be downloaded (HTTP ${download.status})`);
  }
  const format = sniffImageFormat(download.body);
  if (!format) throw new PublishStepError("featured_image", "The featured image is not a PNG, JPEG, WebP or GIF file");
  return { bytes: download.body, format };
}
