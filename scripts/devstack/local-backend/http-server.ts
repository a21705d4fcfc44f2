import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { AuthRateLimits } from "./auth-rate-limit.ts";
import { createLiteApp, type LiteAppOptions } from "./lite-app.ts";
import { createLocalApi } from "./local-api.ts";

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
 * limits, inert storage objects). Used by integration tests and benchmarks.
 */
export async function startLocalApi(
  options: LiteAppOptions & { port?: number; authRateLimits?: AuthRateLimits } = {},
): Promise<LocalApiServer> {
  const { app, keys, close: closeLite } = await createLiteApp(options);
  const api = createLocalApi(app, { authRateLimits: options.authRateLimits });
  const server = serve({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    fetch: async (request, env) => {
      const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket;
      return await api.handle(request, socket?.remoteAddress ?? null);
    },
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    async sql<Row>(query: string) {
      const result = await app.connection.exec<{ rows: Row[] } | void>(query);
      return result?.rows ?? [];
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeLite();
    },
  };
}
