import assert from "node:assert/strict";
import { DEFAULT_IMAGE_STORAGE_QUOTA_BYTES, imageStorageQuotaFromEnv } from "./storage_quota.ts";

Deno.test("imageStorageQuotaFromEnv: 200 MiB by default, a whole number of bytes otherwise", () => {
  assert.equal(imageStorageQuotaFromEnv(new Map()), DEFAULT_IMAGE_STORAGE_QUOTA_BYTES);
  assert.equal(DEFAULT_IMAGE_STORAGE_QUOTA_BYTES, 209715200);
  assert.equal(imageStorageQuotaFromEnv(new Map([["IMAGE_STORAGE_QUOTA_BYTES", "1048576"]])), 1048576);
  for (const value of ["1e9x", "-1", "1.5", "lots"]) {
    assert.throws(
      () => imageStorageQuotaFromEnv(new Map([["IMAGE_STORAGE_QUOTA_BYTES", value]])),
      /IMAGE_STORAGE_QUOTA_BYTES/,
    );
  }
});
