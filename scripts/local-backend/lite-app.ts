import type { App } from "@supabase/lite";
import { ensureLocalKeys, LOCAL_KEYS_FILE, type LocalKeys } from "./keys.ts";

export const CONFIG_PATH = "./supabase/config.toml";
export const PGLITE_DATA_DIR = "./supabase/.temp/pglite";

export type LiteAppOptions = {
  /** PGlite data folder (else LOCAL_PGLITE_DIR, else supabase/.temp/pglite); ignored with a database URL. */
  dataDir?: string;
  /** A real PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  keysFile?: string;
};

/**
 * Boots the embedded Supabase API (auth, PostgREST, storage) with the
 * project's migrations applied. PGlite by default; DATABASE_URL (or
 * options.databaseUrl) switches the same stack to a real PostgreSQL server.
 */
export async function createLiteApp(options: LiteAppOptions = {}): Promise<{ app: App; keys: LocalKeys }> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  process.env.DO_NOT_TRACK = "1";
  process.env.LITE_TELEMETRY = "0";
  process.env.EXPERIMENTAL_STORAGE = "1";
  // Where e-mail links lead (config.toml site_url); npm start sets the real port.
  process.env.LOCAL_SITE_URL ||= `http://127.0.0.1:${process.env.PORT || 5173}`;
  process.env.LOCAL_DB_DRIVER = databaseUrl ? "postgres" : "pglite";
  process.env.LOCAL_DB_URL = databaseUrl || options.dataDir || process.env.LOCAL_PGLITE_DIR || PGLITE_DATA_DIR;
  const keys = ensureLocalKeys(options.keysFile ?? LOCAL_KEYS_FILE);
  // Lite reads its feature flags when the module is first evaluated, so it is
  // imported only after the environment above is set.
  const { applyPendingMigrations, createApi } = await import("@supabase/lite/cli");
  const api = await createApi({ withSupabaseClient: false });
  // Admin mode would serve keyless requests as service_role; the app always
  // sends a key, so nothing legitimate needs it.
  const app = await api.project.local.createApp(CONFIG_PATH, { admin: false });
  // Auth and storage schemas must exist before migrations reference them
  // (triggers on auth.users, the images bucket), as on hosted Supabase.
  await app.ensureSystemSchema();
  const { applied } = await applyPendingMigrations(app);
  for (const migration of applied) console.log(`Applied migration ${migration.filename}`);
  return { app, keys };
}

/**
 * Lite's storage download streams yield ArrayBuffer chunks, which Node's
 * Response bridge cannot write (the body arrives empty). Re-chunk as bytes.
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
