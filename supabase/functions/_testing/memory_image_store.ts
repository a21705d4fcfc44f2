/**
 * An in-memory GeneratedImageStore for tests and benchmarks (no database, no
 * Storage server), with the quota rule of public.record_generated_images.
 */
import type { GeneratedImageStore, NewGeneratedImageRecord, SavedGeneratedImageRecord } from "../_shared/images/image_store.ts";

export const MEMORY_STORAGE_URL = "https://project.test/storage/v1/object/public/images";

export interface MemoryImageStore extends GeneratedImageStore {
  objects: Map<string, { bytes: Uint8Array; contentType: string }>;
  records: (NewGeneratedImageRecord & SavedGeneratedImageRecord)[];
}

export interface MemoryImageStoreOptions {
  /** Makes the n-th upload call (0-based) fail at once. */
  failUploadNumber?: number;
  /** Successful uploads land after this delay (to catch clean-ups that do not wait for them). */
  uploadDelayMs?: number;
  failInsert?: boolean;
  /** Bytes already kept by each user before the test (rows not listed in `records`). */
  usedBytes?: Record<string, number>;
}

export function createMemoryImageStore(options: MemoryImageStoreOptions = {}): MemoryImageStore {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const records: (NewGeneratedImageRecord & SavedGeneratedImageRecord)[] = [];
  let uploads = 0;
  const usedBy = (userId: string) =>
    (options.usedBytes?.[userId] ?? 0) +
    records.filter((record) => record.user_id === userId).reduce((sum, record) => sum + record.byte_size, 0);
  return {
    objects,
    records,
    async upload(path, bytes, contentType) {
      const number = uploads++;
      if (number === options.failUploadNumber) throw new Error("Storage is unavailable");
      if (options.uploadDelayMs) await new Promise((resolve) => setTimeout(resolve, options.uploadDelayMs));
      if (objects.has(path)) throw new Error("The resource already exists");
      objects.set(path, { bytes: bytes.slice(), contentType });
    },
    publicUrl: (path) => `${MEMORY_STORAGE_URL}/${path}`,
    usedBytes(userId) {
      return Promise.resolve(usedBy(userId));
    },
    recordImages(userId, rows, quotaBytes) {
      if (options.failInsert) return Promise.reject(new Error("insert failed"));
      const used = usedBy(userId);
      if (used + rows.reduce((sum, row) => sum + row.byte_size, 0) > quotaBytes) {
        return Promise.resolve({ stored: false as const, usedBytes: used });
      }
      const saved = rows.map((row) => ({ ...row, id: crypto.randomUUID(), created_at: "2026-11-22 13:57:40.852+00" }));
      records.push(...saved);
      return Promise.resolve({
        stored: true as const,
        records: saved.map(({ id, storage_path, created_at }) => ({ id, storage_path, created_at })),
      });
    },
    discard(paths) {
      for (const path of paths) objects.delete(path);
      records.splice(0, records.length, ...records.filter((record) => !paths.includes(record.storage_path)));
      return Promise.resolve();
    },
  };
}
