/**
 * The image library on Supabase: the `images` bucket and the
 * `generated_images` table, for generate-image and upload-image.
 */
import { type GeneratedImageStore, IMAGES_BUCKET, type SavedGeneratedImageRecord } from "./image_store.ts";
import type { SystemClient } from "../platform/system_access.ts";

/** Stored objects never change (every path holds a fresh UUID), so browsers and CDNs may keep them for a year. */
const IMMUTABLE_CACHE_SECONDS = "31536000";

/**
 * The image store on Supabase Storage and the table API, on the system's
 * imageLibrary path (rows are written for the caller, and the
 * generated_images table grants no insert to signed-in users).
 */
export function createSupabaseImageStore(imageLibrary: SystemClient): GeneratedImageStore {
  const bucket = () => imageLibrary.storage.from(IMAGES_BUCKET);
  return {
    async upload(path, bytes, contentType) {
      const { error } = await bucket().upload(path, bytes, {
        contentType,
        upsert: false,
        cacheControl: IMMUTABLE_CACHE_SECONDS,
      });
      if (error) throw new Error(`Storage upload failed: ${error.message}`);
    },
    publicUrl: (path) => bucket().getPublicUrl(path).data.publicUrl,
    async usedBytes(userId) {
      const { data, error } = await imageLibrary.rpc("image_storage_used", { p_user_id: userId });
      if (error) throw new Error(`image_storage_used failed: ${error.message}`);
      return Number(data);
    },
    async recordImages(userId, records, quotaBytes) {
      const { data, error } = await imageLibrary.rpc("record_generated_images", {
        p_user_id: userId,
        p_quota_bytes: quotaBytes,
        p_images: records,
      });
      if (error) throw new Error(`record_generated_images failed: ${error.message}`);
      const result = data as
        | { stored: true; used_bytes: number; images: SavedGeneratedImageRecord[] }
        | { stored: false; used_bytes: number };
      return result.stored
        ? { stored: true, records: result.images }
        : { stored: false, usedBytes: Number(result.used_bytes) };
    },
    async discard(paths) {
      if (paths.length === 0) return;
      await Promise.allSettled([
        bucket().remove(paths),
        imageLibrary.from("generated_images").delete().in("storage_path", paths),
      ]);
    },
  };
}

