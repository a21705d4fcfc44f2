/**
 * The local API keeps serving everyone while one client is slow or huge:
 * the API-only server (http-server.ts, the same handler and time-outs as
 * npm start's) on a real PGlite, driven over real sockets.
 */
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { startLocalApi } from "./http-server.ts";

const MiB = 1024 * 1024;
/** Long enough that the 20 requests below finish inside it even on a busy machine. */
const SLOW_BODY_DEADLINE_MS = 5_000;

type RawAnswer = { statusLine: string; closedAfterMs: number; closedAt: number; bytesWritten: number };

/** A raw connection that writes `head`, then `more()` chunks for as long as they come and the socket is open. */
function rawClient(port: number, head: string, more?: () => Uint8Array | null): { socket: Socket; answer: Promise<RawAnswer> } {
  const started = performance.now();
  const socket = connect(port, "127.0.0.1");
  let bytesWritten = 0;
  const answer = new Promise<RawAnswer>((resolve) => {
    let received = "";
    let closed = false;
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      const closedAt = performance.now();
      resolve({ statusLine: received.split("\r\n")[0], closedAfterMs: closedAt - started, closedAt, bytesWritten });
    });
    socket.on("connect", () => {
      socket.write(head);
      const pump = () => {
        while (!closed && more) {
          const chunk = more();
          if (!chunk) return;
          bytesWritten += chunk.byteLength;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
  });
  return { socket, answer };
}

Deno.test({
  name: "a slow body and a 300 MB body hold only their own requests: 20 others are answered meanwhile",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "inkpress-slow-clients-" });
    const api = await startLocalApi({
      dataDir: join(dir, "pglite"),
      keysFile: join(dir, "keys.json"),
      bodyLimits: { maxBytes: [["/storage/v1/", 11 * MiB], ["/rest/v1/", 32 * MiB], ["/auth/v1/", MiB]], deadlineMs: SLOW_BODY_DEADLINE_MS },
    });
    const { port } = new URL(api.url);
    const sockets: Socket[] = [];
    try {
      // 1 byte of a 1,000-byte body, anonymous, then nothing.
      const slow = rawClient(
        Number(port),
        `POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\napikey: ${api.publishableKey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      // A declared 300 MB upload: refused on its length, never read.
      let declaredSent = 0;
      const declared = rawClient(
        Number(port),
        `POST /storage/v1/object/images/big.png HTTP/1.1\r\nHost: x\r\napikey: ${api.publishableKey}\r\nContent-Type: image/png\r\nContent-Length: ${300 * MiB}\r\n\r\n`,
        () => (declaredSent++ < 300 ? new Uint8Array(MiB) : null),
      );
      // 300 MB with no length (chunked): read up to REST's cap of 32 MiB, then refused.
      let chunkedSent = 0;
      const sizeLine = new TextEncoder().encode(`${MiB.toString(16)}\r\n`);
      const chunk = new Uint8Array(sizeLine.length + MiB + 2).fill(0x20);
      chunk.set(sizeLine);
      chunk.set(new TextEncoder().encode("\r\n"), chunk.length - 2);
      const chunked = rawClient(
        Number(port),
        `POST /rest/v1/rpc/save_ai_provider HTTP/1.1\r\nHost: x\r\napikey: ${api.publishableKey}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        () => (chunkedSent++ < 300 ? chunk : null),
      );
      sockets.push(slow.socket, declared.socket, chunked.socket);
      await new Promise((resolve) => setTimeout(resolve, 100));

      // Meanwhile: 20 requests of other users, auth, REST and storage, answered as usual.
      const others = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
        const [path, key] = [
          ["/auth/v1/health", api.publishableKey],
          ["/rest/v1/profiles?select=id&limit=1", api.secretKey],
          ["/storage/v1/bucket/images", api.secretKey],
          ["/auth/v1/settings", api.publishableKey],
        ][i % 4];
        // Bounded: were they queued behind the slow body, this fails instead of waiting with them.
        const response = await fetch(`${api.url}${path}`, { headers: { apikey: key }, signal: AbortSignal.timeout(10_000) });
        await response.body?.cancel();
        return { path, status: response.status, at: performance.now() };
      }));
      for (const other of others) assert.equal(other.status, 200, other.path);

      const declaredAnswer = await declared.answer;
      assert.equal(declaredAnswer.statusLine, "HTTP/1.1 413 Payload Too Large");
      assert.ok(declaredAnswer.bytesWritten < 64 * MiB, `${declaredAnswer.bytesWritten / MiB} MiB written before the refusal`);
      const chunkedAnswer = await chunked.answer;
      assert.equal(chunkedAnswer.statusLine, "HTTP/1.1 413 Payload Too Large");
      assert.ok(chunkedAnswer.bytesWritten < 64 * MiB, `${chunkedAnswer.bytesWritten / MiB} MiB written before the refusal`);

      const slowAnswer = await slow.answer;
      assert.equal(slowAnswer.statusLine, "HTTP/1.1 408 Request Timeout");
      assert.ok(slowAnswer.closedAfterMs >= SLOW_BODY_DEADLINE_MS - 100, `${slowAnswer.closedAfterMs} ms`);
      // Not queued behind it: every other request was answered while the slow body still held its connection
      // (an order, not a time budget, so a busy machine does not fail it).
      const lastOther = Math.max(...others.map((other) => other.at));
      assert.ok(
        lastOther < slowAnswer.closedAt,
        `the 20 were answered ${Math.round(lastOther - slowAnswer.closedAt)} ms after the slow body's 408`,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await api.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
