import { type HttpTimeouts, serveHttp } from "../serve-http.ts";
import type { AuthRateLimits } from "./auth-rate-limit.ts";
import { createLiteApp, type LiteAppOptions } from "./lite-app.ts";
import { startApiWorkers } from "./api-workers.ts";
import { LOCAL_KEYS_FILE } from "./keys.ts";
import { createLocalApi } from "./local-api.ts";
import type { BodyLimits } from "./request-body.ts";

export type LocalApiServer = {
  url: string;
  publishableKey: string;
  secretKey: string;
  /**
   * Runs one SQL statement as the database owner (seeding, query plans);
   * never exposed over HTTP. No bind parameters: lite's exec mangles them.
   */
  sql<Row = Record<string, unknown>>(query: string): Promise<Row[]>;
  close(): Promise<void>;
};

/**
 * Serves the embedded Supabase API alone on 127.0.0.1 (port 0 = any free
 * port), as the local servers do (local-api.ts: gateway CORS, Auth's rate
 * limits, inert storage objects, bounded bodies; serve-http.ts: header and
 * body time-outs; one request at a time only on PGlite). Used by
 * integration tests and benchmarks.
 */
export async function startLocalApi(
  options: LiteAppOptions & {
    port?: number;
    authRateLimits?: AuthRateLimits;
    bodyLimits?: BodyLimits;
    timeouts?: Partial<HttpTimeouts>;
    /** On PostgreSQL, this many processes share the API (api-workers.ts); default 1, this one alone. */
    processes?: number;
    /** Where the workers' output goes (default console.error). */
    workerLog?: (line: string) => void;
  } = {},
): Promise<LocalApiServer> {
  const { app, keys, embedded, close: closeLite } = await createLiteApp(options);
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const workers = !embedded && databaseUrl && (options.processes ?? 1) > 1
    ? await startApiWorkers({
      count: options.processes! - 1,
      databaseUrl,
      keysFile: options.keysFile ?? LOCAL_KEYS_FILE,
      log: options.workerLog,
    })
        .catch(async (error) => {
          await closeLite();
          throw error;
        })
    : null;
  const api = createLocalApi(app, {
    authRateLimits: options.authRateLimits,
    serialize: embedded,
    bodyLimits: options.bodyLimits,
    workers: workers?.backends,
  });
  const server = await serveHttp({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    handler: (request, info) => api.handle(request, info.remoteAddress),
    timeouts: options.timeouts,
  });
  return {
    url: server.url,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    async sql<Row>(query: string) {
      const result = await app.connection.exec<{ rows: Row[] } | void>(query);
      return result?.rows ?? [];
    },
    async close() {
      await server.close();
      await workers?.close();
      await closeLite();
    },
  };
}
