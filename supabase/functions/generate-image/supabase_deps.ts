/**
 * generate-image's dependencies on hosted (or local) Supabase: the caller
 * verified by the auth server, their fal.ai key (a stored secret), and the
 * `images` bucket plus `generated_images` table as the image store, written
 * on the system's imageLibrary path (users may not write either).
 */
import { falConfigFromEnv } from "../_shared/images/fal.ts";
import { createSupabaseImageStore } from "../_shared/images/supabase_image_store.ts";
import { rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import { imageStorageQuotaFromEnv } from "../_shared/limits/storage_quota.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import type { GenerateImageDeps } from "./handler.ts";

/** Built at boot; per caller: the caller verified, everything else a system path. */
export function createSupabaseDeps(): (caller: RequestCaller) => GenerateImageDeps {
  const system = createSystemAccess();
  const shared = {
    falKeyFor: system.readFalKey,
    imageStore: createSupabaseImageStore(system.imageLibrary),
    fal: falConfigFromEnv(),
    rateLimit: rateLimitFromEnv("images", system.rateLimits),
    storageQuotaBytes: imageStorageQuotaFromEnv(),
  };
  return (caller) => ({ ...shared, authenticate: () => caller.authenticate() });
}
