/**
 * The per-user quota on the images bucket: IMAGE_STORAGE_QUOTA_BYTES (default
 * 200 MiB, about 100 full-size PNGs), enforced by generate-image through
 * public.record_generated_images (migration 20261126000500).
 */
import type { EnvReader } from "../platform/keys.ts";

export const IMAGE_STORAGE_QUOTA_VARIABLE = "IMAGE_STORAGE_QUOTA_BYTES";
export const DEFAULT_IMAGE_STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;

/** The quota in bytes; a malformed value throws, so a typo fails the function at boot. */
export function imageStorageQuotaFromEnv(env: EnvReader = Deno.env): number {
  const raw = env.get(IMAGE_STORAGE_QUOTA_VARIABLE)?.trim();
  if (!raw) return DEFAULT_IMAGE_STORAGE_QUOTA_BYTES;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${IMAGE_STORAGE_QUOTA_VARIABLE} must be a whole number of bytes, not "${raw}"`);
  }
  return value;
}
