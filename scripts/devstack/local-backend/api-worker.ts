/**
 * One worker of the local API on a PostgreSQL server (api-workers.ts starts
 * it): a lite app on DATABASE_URL with the keys of LOCAL_API_KEYS_FILE,
 * answering its front's requests (LOCAL_API_WORKER_TOKEN) on a loopback
 * port, which it prints as `API_WORKER_READY <port>`. Runs until SIGTERM.
 */
import { serveHttp } from "../serve-http.ts";
import { API_WORKER_READY_PREFIX, fromFront } from "./api-workers.ts";
import { createLiteApp, withByteChunks } from "./lite-app.ts";

const databaseUrl = process.env.DATABASE_URL;
const keysFile = process.env.LOCAL_API_KEYS_FILE;
const token = process.env.LOCAL_API_WORKER_TOKEN;
if (!databaseUrl || !keysFile || !token) throw new Error("api-worker.ts: DATABASE_URL, LOCAL_API_KEYS_FILE and LOCAL_API_WORKER_TOKEN are required");

const { app, close } = await createLiteApp({ databaseUrl, keysFile });
const server = await serveHttp({
  hostname: "127.0.0.1",
  port: 0,
  handler: async (incoming) => {
    const request = await fromFront(incoming, token!);
    if (!request) return new Response("Forbidden", { status: 403 });
    // Admin mode is off and the front has the client's address: lite gets none.
    const response = await app.fetch(request, { peerAddress: null });
    // Storage downloads are the only bodies lite streams in ArrayBuffer chunks.
    return new URL(request.url).pathname.startsWith("/storage/v1/") ? withByteChunks(response) : response;
  },
  onError: (error) => console.error("api worker:", error),
});
process.stdout.write(`${API_WORKER_READY_PREFIX}${server.port}\n`);

const stop = async () => {
  await server.close(1_000);
  await close().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
