import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** lite's schema cache interface (`schemaCache` in a connection's config). */
export type SchemaCache = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
};

type CacheFile = { fingerprint: string; entries: Record<string, string> };

/**
 * What the cached schema was read from: the database itself (PostgreSQL's
 * system identifier, the first 8 bytes of global/pg_control, new with every
 * new database), every migration (name and content) and the installed
 * packages (package-lock.json, lite's version among them). The schema of a
 * local PGlite database changes only through migrations and lite itself.
 */
function fingerprint(pgliteDir: string, migrationsDir: string, lockFile: string): string | undefined {
  const control = join(pgliteDir, "global", "pg_control");
  if (!existsSync(control)) return undefined;
  const hash = createHash("sha256").update(readFileSync(control).subarray(0, 8));
  for (const name of readdirSync(migrationsDir).filter((file) => file.endsWith(".sql")).sort()) {
    hash.update(`\0${name}\0`).update(readFileSync(join(migrationsDir, name)));
  }
  if (existsSync(lockFile)) hash.update("\0lock\0").update(readFileSync(lockFile));
  return hash.digest("hex");
}

/**
 * lite's schema introspection (what the first REST request waits for, about
 * half a second of a warm start) kept in `<pgliteDir>/inkpress-schema-cache.json`,
 * beside the database it describes (deleted with it; owner-only, as
 * everything the local backend writes: private-files.ts). An entry is used
 * only under the fingerprint above that it was written under, and lite
 * deletes it whenever the schema changes (a migration applied). lite also
 * deletes it when it closes the connection, as if the schema had changed:
 * `keepOnClose()` (lite-app.ts, on a clean shutdown) keeps it through that.
 */
export function fileSchemaCache(
  pgliteDir: string,
  { migrationsDir = "supabase/migrations", lockFile = "package-lock.json" } = {},
): SchemaCache & { keepOnClose(): void } {
  const path = join(pgliteDir, "inkpress-schema-cache.json");
  let closing = false;
  const read = (): CacheFile | undefined => {
    const current = fingerprint(pgliteDir, migrationsDir, lockFile);
    if (!current) return undefined;
    try {
      const stored: CacheFile = JSON.parse(readFileSync(path, "utf8"));
      if (stored.fingerprint === current) return stored;
    } catch {
      // none yet, or unreadable: start afresh
    }
    return { fingerprint: current, entries: {} };
  };
  const write = (file: CacheFile) => {
    writeFileSync(`${path}.tmp`, JSON.stringify(file));
    renameSync(`${path}.tmp`, path);
  };
  return {
    get: async (key) => read()?.entries[key],
    set: async (key, value) => {
      const file = read();
      if (!file) return;
      file.entries[key] = value;
      write(file);
    },
    delete: async (key) => {
      const file = read();
      if (closing || !file || !(key in file.entries)) return;
      delete file.entries[key];
      write(file);
    },
    keepOnClose: () => {
      closing = true;
    },
  };
}
