/** An in-memory GeneratedImageStore for tests and benchmarks (no database, no Storage server). */
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
}

export function createMemoryImageStore(options: MemoryImageStoreOptions = {}): MemoryImageStore {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const records: (NewGeneratedImageRecord & SavedGeneratedImageRecord)[] = [];
  let uploads = 0;
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
    insertRecords(rows) {
      if (options.failInsert) return Promise.reject(new Error("insert failed"));
      const saved = rows.map((row) => ({ ...row, id: crypto.randomUUID(), created_at: "2026-11-22 13:57:40.852+00" }));
      records.push(...saved);
      return Promise.resolve(saved.map(({ id, storage_path, created_at }) => ({ id, storage_path, created_at })));
    },
    discard(paths) {
      for (const path of paths) objects.delete(path);
      records.splice(0, records.length, ...records.filter((record) => !paths.includes(record.storage_path)));
      return Promise.resolve();
    },
  };
}
