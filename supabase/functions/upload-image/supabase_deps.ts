/**
 * upload-image's dependencies on hosted (or local) Supabase: the caller
 * verified by the auth server, and the same image store as generate-image
 * (the images bucket and generated_images, written on the system's
 * imageLibrary path: users may write neither, so every stored file was
 * checked here first).
 */
import { createSupabaseImageStore } from "../_shared/images/supabase_image_store.ts";
import { imageStorageQuotaFromEnv } from "../_shared/limits/storage_quota.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import type { UploadImageDeps } from "./handler.ts";

/** Built at boot; per caller: the caller verified, the store a system path. */
export function createSupabaseDeps(): (caller: RequestCaller) => UploadImageDeps {
  const system = createSystemAccess();
  const shared = {
    imageStore: createSupabaseImageStore(system.imageLibrary),
    storageQuotaBytes: imageStorageQuotaFromEnv(),
  };
  return (caller) => ({ ...shared, authenticate: () => caller.authenticate() });
}
