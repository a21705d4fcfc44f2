import assert from "node:assert/strict";
import { connect } from "node:net";
import { serveHttp } from "./serve-http.ts";

/** Sends `bytes` on a raw connection and waits for it to close; the status line it got, and when. */
function rawRequest(port: number, bytes: string): Promise<{ statusLine: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ statusLine: answer.split("\r\n")[0], closedAfterMs: performance.now() - started }));
  });
}

Deno.test({
  name: "serveHttp: a half-sent header or body gets 408 and its connection closed, while other requests are served",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const completions: string[] = [];
    const server = await serveHttp({
      hostname: "127.0.0.1",
      port: 0,
      timeouts: { headersTimeoutMs: 400, requestTimeoutMs: 800 },
      handler: async (request, info) => {
        info.completed.then(() => completions.push("sent"), () => completions.push("gone"));
        const body = request.method === "POST" ? await request.text() : "";
        return new Response(`${request.method} ${new URL(request.url).pathname} ${body.length} from ${info.remoteAddress}`);
      },
    });
    try {
      const halfHeader = rawRequest(server.port, "GET / HTTP/1.1\r\nHost: x\r\n");
      const halfBody = rawRequest(server.port, "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nx");
      // Served at once meanwhile.
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => fetch(`${server.url}/n${i}`, { method: "POST", body: "abc" }).then((r) => r.text())),
      );
      assert.deepEqual(answers, Array.from({ length: 10 }, (_, i) => `POST /n${i} 3 from 127.0.0.1`));

      const header = await halfHeader;
      assert.equal(header.statusLine, "HTTP/1.1 408 Request Timeout");
      assert.ok(header.closedAfterMs >= 350 && header.closedAfterMs < 3_000, `closed after ${header.closedAfterMs} ms`);
      const body = await halfBody;
      assert.equal(body.statusLine, "HTTP/1.1 408 Request Timeout");
      assert.ok(body.closedAfterMs >= 750 && body.closedAfterMs < 3_000, `closed after ${body.closedAfterMs} ms`);
    } finally {
      await server.close();
    }
    assert.equal(completions.filter((c) => c === "sent").length, 10);
  },
});

Deno.test({
  name: "serveHttp: a response streams for as long as it needs; `completed` tells a finished answer from a client gone",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const outcomes: string[] = [];
    const server = await serveHttp({
      hostname: "127.0.0.1",
      port: 0,
      timeouts: { headersTimeoutMs: 200, requestTimeoutMs: 300 },
      handler: (request, info) => {
        info.completed.then(() => outcomes.push("sent"), () => outcomes.push("gone"));
        let ticks = 0;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            controller.enqueue(new TextEncoder().encode(`data: ${ticks}\n\n`));
            if (++ticks === 6) controller.close();
          },
        });
        return new Response(new URL(request.url).pathname === "/stream" ? body : "short", {
          headers: { "Content-Type": "text/event-stream" },
        });
      },
    });
    try {
      // 600 ms of events, past both time-outs: they bound the request, not the answer.
      const stream = await (await fetch(`${server.url}/stream`)).text();
      assert.equal(stream.split("\n\n").filter(Boolean).length, 6);
      const abort = new AbortController();
      const reader = (await fetch(`${server.url}/stream`, { signal: abort.signal })).body!.getReader();
      await reader.read();
      abort.abort();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await server.close();
    }
    assert.deepEqual(outcomes, ["sent", "gone"]);
  },
});
