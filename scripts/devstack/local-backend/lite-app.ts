import type { App, Connection } from "@supabase/lite";
import { dirname, resolve, sep } from "node:path";
import { type ExecSql, keepMigrationPrivileges, refuseDefaultGrants } from "./api-privileges.ts";
import { ensureLocalKeys, LOCAL_KEYS_FILE, type LocalKeys } from "./keys.ts";
import { localLiteConfig, localSiteUrl } from "./local-config.ts";
import { installLogRedaction } from "./log-redaction.ts";
import { makePrivate, restrictNewFiles } from "./private-files.ts";
import { CATALOG_STATE_SQL, fileSchemaCache, type SchemaCache } from "./schema-cache.ts";

export const PGLITE_DATA_DIR = "./supabase/.temp/pglite";
/** lite's own folder (caches, and storage objects under storage/), relative to the working directory. */
export const LITE_TEMP_DIR = "./supabase/.temp";

export type LiteAppOptions = {
  /** PGlite data folder (else LOCAL_PGLITE_DIR, else supabase/.temp/pglite); ignored with a database URL. */
  dataDir?: string;
  /** A real PostgreSQL server instead of PGlite (else DATABASE_URL). */
  databaseUrl?: string;
  keysFile?: string;
};

/**
 * postgres.js serialises json/jsonb parameters with JSON.stringify, but lite
 * passes JSON it has already stringified (PGlite, its main driver, takes a
 * string as JSON text). On a real server every JSON value lite wrote was
 * therefore stored as a JSON *string*: `raw_user_meta_data` among them, so the
 * sign-up trigger found no first_name and profiles were blank. These types
 * give postgres.js PGlite's rule: a string is JSON text, anything else is
 * stringified.
 */
const JSON_AS_PGLITE_DOES = {
  json: { to: 114, from: [114], serialize: jsonText, parse: (text: string) => JSON.parse(text) },
  jsonb: { to: 3802, from: [3802], serialize: jsonText, parse: (text: string) => JSON.parse(text) },
};
function jsonText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Boots the embedded Supabase API (auth, PostgREST, storage) with the
 * project's migrations applied. PGlite by default; DATABASE_URL (or
 * options.databaseUrl) switches the same stack to a real PostgreSQL server,
 * reached through a pool of DATABASE_POOL_SIZE connections.
 * Either way the API roles keep exactly the privileges the migrations give
 * them, as on hosted Supabase (api-privileges.ts).
 */
/**
 * PGlite's Emscripten runtime writes process.exitCode as it runs (99 or 100)
 * and when it closes (0). Closing is the last thing a test run does: a runner
 * that had set 1 for a failed test would exit 0. Around the close the exit
 * code the process had is put back (the integration suite's reporter sets 0
 * for a clean run over what PGlite wrote meanwhile).
 */
async function keepExitCode<T>(work: () => Promise<T>): Promise<T> {
  const exitCode = process.exitCode;
  try {
    return await work();
  } finally {
    process.exitCode = exitCode;
  }
}

export async function createLiteApp(
  options: LiteAppOptions = {},
): Promise<{
  app: App;
  keys: LocalKeys;
  /** True on the embedded PGlite (one statement at a time), false on a PostgreSQL server (a connection pool). */
  embedded: boolean;
  close: () => Promise<void>;
}> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  process.env.DO_NOT_TRACK = "1";
  process.env.LITE_TELEMETRY = "0";
  process.env.EXPERIMENTAL_STORAGE = "1";
  // The data holds every user's keys and passwords in plain text: owner only
  // (private-files.ts), for what exists and for what is written from now on.
  restrictNewFiles();
  const keysFile = options.keysFile ?? LOCAL_KEYS_FILE;
  const pgliteDir = options.dataDir || process.env.LOCAL_PGLITE_DIR || PGLITE_DATA_DIR;
  for (const dir of outermost([LITE_TEMP_DIR, dirname(keysFile), ...(databaseUrl ? [] : [pgliteDir])])) makePrivate(dir);
  const keys = ensureLocalKeys(keysFile);
  installLogRedaction([keys.secretKey, keys.jwtSecret]);
  const config = localLiteConfig(keys, localSiteUrl());
  // Asked by the schema cache only once lite introspects, long after connecting.
  let connection: Connection;
  const schemaCache = databaseUrl ? undefined : fileSchemaCache(pgliteDir, async () => {
    const result = await connection.exec<{ rows: { state: string }[] }>(CATALOG_STATE_SQL);
    return result.rows[0].state;
  });
  // Lite reads its feature flags when the module is first evaluated, so it is
  // imported only after the environment above is set; the database starts
  // meanwhile (PGlite's start is most of a warm start).
  const [cli, connecting] = await Promise.allSettled([
    import("@supabase/lite/cli"),
    connect(databaseUrl, pgliteDir, schemaCache),
  ]);
  if (cli.status === "rejected") {
    if (connecting.status === "fulfilled") await connecting.value.close().catch(() => {});
    throw cli.reason;
  }
  if (connecting.status === "rejected") throw connecting.reason;
  const { applyPendingMigrations, createApi } = cli.value;
  connection = connecting.value;

  // lite's createApp builds the App from a config (here, ours with its
  // connection, as a config module exporting `connection` would) and wires
  // the filesystem storage adapter under supabase/.temp/storage, which the
  // package does not export on its own. Admin mode would serve keyless
  // requests as service_role; the app always sends a key.
  const local = (await createApi({ withSupabaseClient: false })).project.local;
  const project: typeof local = Object.create(local, {
    getConfig: { value: async () => ({ ...config, connection }) },
  });
  try {
    const app = await project.createApp(undefined, { admin: false });
    const sql: ExecSql = async <Row>(query: string) =>
      (await app.connection.exec<{ rows: Row[] } | void>(query))?.rows ?? [];
    await refuseDefaultGrants(sql);
    // Auth and storage schemas must exist before migrations reference them
    // (triggers on auth.users, the images bucket), as on hosted Supabase.
    await app.ensureSystemSchema();
    const { applied } = await applyPendingMigrations(app);
    for (const migration of applied) console.log(`Applied migration ${migration.filename}`);

    await keepMigrationPrivileges(sql, async () => {
      const response = await app.fetch(
        new Request("http://127.0.0.1/rest/v1/profiles?select=id&limit=1", { headers: { apikey: keys.secretKey } }),
        { peerAddress: null },
      );
      await response.body?.cancel();
    });
    const close = async () => {
      schemaCache?.keepOnClose();
      await keepExitCode(() => app.connection.close());
    };
    return { app, keys, embedded: !databaseUrl, close };
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
}

/** The folders among `dirs` that are not inside another of them, resolved. */
function outermost(dirs: string[]): string[] {
  const resolved = [...new Set(dirs.map((dir) => resolve(dir)))].sort();
  return resolved.filter((dir, i) => !resolved.slice(0, i).some((outer) => dir.startsWith(outer + sep)));
}

/** Connections to a PostgreSQL server (DATABASE_POOL_SIZE, default postgres.js's 10): each request's transaction holds one. */
export function databasePoolSize(env: Record<string, string | undefined> = process.env): number {
  const raw = env.DATABASE_POOL_SIZE?.trim();
  if (!raw) return 10;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 500) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 500, not "${raw}"`);
  }
  return size;
}

async function connect(databaseUrl: string | undefined, pgliteDir: string, schemaCache?: SchemaCache): Promise<Connection> {
  if (databaseUrl) {
    const { createPostgresConnection } = await import("@supabase/lite/postgres");
    return createPostgresConnection({
      url: databaseUrl,
      postgresOptions: {
        max: databasePoolSize(),
        types: JSON_AS_PGLITE_DOES,
        // Only RAISE NOTICE from migrations (SQLSTATE 00000), not lite's "already exists, skipping".
        onnotice: (notice) => {
          if (notice.code === "00000") console.log(`NOTICE: ${notice.message}`);
        },
      },
    });
  }
  const { createPgliteConnection } = await import("@supabase/lite/pglite");
  // pgvector for site_content_embeddings, beside the extensions lite loads itself.
  const { vector } = await import("@electric-sql/pglite/vector");
  return await createPgliteConnection({
    url: pgliteDir,
    pgliteOptions: { extensions: { vector } },
    // Only for PGlite: a server's schema can change without lite knowing.
    schemaCache,
  });
}

/**
 * Lite's storage download streams yield ArrayBuffer chunks, which Node's
 * Response bridge cannot write (the body arrives empty). Re-chunk as bytes.
 * (Its other answers are strings or bytes already.)
 */
export function withByteChunks(response: Response): Response {
  if (!response.body) return response;
  const bytes = response.body.pipeThrough(
    new TransformStream<unknown, Uint8Array>({
      transform(chunk, controller) {
        if (chunk instanceof Uint8Array) controller.enqueue(chunk);
        else if (chunk instanceof ArrayBuffer) controller.enqueue(new Uint8Array(chunk));
        else if (typeof chunk === "string") controller.enqueue(new TextEncoder().encode(chunk));
        else controller.enqueue(new Uint8Array(chunk as ArrayBufferLike));
      },
    }),
  );
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}
