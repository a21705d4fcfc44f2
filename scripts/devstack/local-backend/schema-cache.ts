import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** lite's schema cache interface (`schemaCache` in a connection's config). */
export type SchemaCache = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
};

type CacheFile = { fingerprint: string; entries: Record<string, string> };

/**
 * The schema as lite's introspection sees it (schemas, tables and views,
 * columns, defaults, constraints, indexes, types, functions, triggers,
 * policies, comments, extensions), hashed: objects from initdb (oids below
 * 16384) change only with PostgreSQL itself, a package. Privileges and
 * statistics are left out: lite grants, and the local backend revokes, on
 * every start (api-privileges.ts), and neither is part of the introspection.
 */
export const CATALOG_STATE_SQL = `
  select md5(string_agg(part, E'\n' order by part)) as state from (
    select format('n %s %s', oid, nspname) as part from pg_catalog.pg_namespace where oid >= 16384
    union all select format('c %s %s %s %s %s %s', oid, relnamespace, relname, relkind, relrowsecurity, relforcerowsecurity)
      from pg_catalog.pg_class where oid >= 16384
    union all select format('a %s %s %s %s %s %s %s %s %s', attrelid, attnum, attname, atttypid, atttypmod, attnotnull,
        attisdropped, attgenerated, attidentity)
      from pg_catalog.pg_attribute where attrelid >= 16384
    union all select format('d %s %s %s', adrelid, adnum, md5(adbin::text)) from pg_catalog.pg_attrdef
    union all select format('k %s %s %s %s %s %s %s %s', conrelid, conname, contype, conkey, confrelid, confkey, confdeltype,
        md5(conbin::text))
      from pg_catalog.pg_constraint where oid >= 16384
    union all select format('i %s %s %s %s %s %s %s', indexrelid, indrelid, indisunique, indisprimary, indkey, md5(indexprs::text),
        md5(indpred::text))
      from pg_catalog.pg_index where indexrelid >= 16384
    union all select format('t %s %s %s %s', oid, typnamespace, typname, typtype) from pg_catalog.pg_type where oid >= 16384
    union all select format('e %s %s %s', enumtypid, enumsortorder, enumlabel) from pg_catalog.pg_enum
    union all select format('f %s %s %s %s %s %s %s %s %s %s %s', oid, pronamespace, proname, prokind, proargtypes, proallargtypes,
        proargmodes, proargnames, prorettype, proretset, md5(prosrc))
      from pg_catalog.pg_proc where oid >= 16384
    union all select format('r %s %s %s', ev_class, rulename, md5(ev_action::text)) from pg_catalog.pg_rewrite where oid >= 16384
    union all select format('g %s %s %s %s', tgrelid, tgname, tgfoid, tgenabled) from pg_catalog.pg_trigger where oid >= 16384
    union all select format('p %s %s %s %s %s %s', polrelid, polname, polcmd, polroles, md5(polqual::text),
        md5(polwithcheck::text))
      from pg_catalog.pg_policy
    union all select format('h %s %s', inhrelid, inhparent) from pg_catalog.pg_inherits
    union all select format('m %s %s %s %s', classoid, objoid, objsubid, description)
      from pg_catalog.pg_description where objoid >= 16384
    union all select format('x %s %s', extname, extversion) from pg_catalog.pg_extension
  ) parts`;

/**
 * lite's schema introspection (what the first REST request waits for, about
 * half a second of a warm start) kept in `<pgliteDir>/inkpress-schema-cache.json`,
 * beside the database it describes (deleted with it; owner-only, as
 * everything the local backend writes: private-files.ts). An entry is used
 * only under the fingerprint it was written under: the schema's state in the
 * database (`catalogState`, CATALOG_STATE_SQL) and the files that shape what
 * lite makes of it (package-lock.json, lite's version among the packages, and
 * supabase/config.toml). lite deletes the entry when it applies a migration,
 * and when it closes the connection, as if the schema had changed:
 * `keepOnClose()` (lite-app.ts, on a clean shutdown) keeps it through that.
 */
export function fileSchemaCache(
  pgliteDir: string,
  catalogState: () => Promise<string>,
  { files = ["package-lock.json", "supabase/config.toml"] } = {},
): SchemaCache & { keepOnClose(): void } {
  const path = join(pgliteDir, "inkpress-schema-cache.json");
  let closing = false;
  // Read once until lite says the schema changed: lite asks for its entry
  // just before it introspects, and writes it just after.
  let fingerprint: Promise<string> | undefined;
  const currentFingerprint = () =>
    (fingerprint ??= catalogState().then((state) => {
      const hash = createHash("sha256").update(`catalog ${state}\n`);
      for (const file of files) hash.update(`${file}\0`).update(existsSync(file) ? readFileSync(file) : "missing").update("\n");
      return hash.digest("hex");
    }));
  const stored = (): CacheFile | undefined => {
    try {
      return JSON.parse(readFileSync(path, "utf8"));
    } catch {
      return undefined; // none yet, or unreadable
    }
  };
  const read = async (): Promise<CacheFile> => {
    const current = await currentFingerprint();
    const file = stored();
    return file?.fingerprint === current ? file : { fingerprint: current, entries: {} };
  };
  const write = (file: CacheFile) => {
    writeFileSync(`${path}.tmp`, JSON.stringify(file));
    renameSync(`${path}.tmp`, path);
  };
  return {
    get: async (key) => (await read()).entries[key],
    set: async (key, value) => {
      const file = await read();
      file.entries[key] = value;
      write(file);
    },
    // Called after every migration: reads no fingerprint, which would query the database each time.
    delete: async (key) => {
      if (closing) return;
      fingerprint = undefined;
      const file = stored();
      if (!file || !(key in file.entries)) return;
      delete file.entries[key];
      write(file);
    },
    keepOnClose: () => {
      closing = true;
    },
  };
}
