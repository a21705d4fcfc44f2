import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createLiteApp, withByteChunks, type LiteAppOptions } from "./lite-app.ts";

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
 * port). Used by integration tests and benchmarks; the app itself mounts the
 * API on the Vite server instead.
 */
export async function startLocalApi(options: LiteAppOptions & { port?: number } = {}): Promise<LocalApiServer> {
  const { app, keys } = await createLiteApp(options);
  const server = serve({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    fetch: async (request, env) => {
      const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket;
      return withByteChunks(await app.fetch(request, { peerAddress: socket?.remoteAddress ?? null }));
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
      await app.connection.close();
    },
  };
}
