/**
 * How every server `npm start` runs listens: the app server (and the API's
 * own origin), the functions runtime's gateway, and the API-only server of
 * tests and benchmarks. Deno.serve has no header or body time-outs
 * (denoland/deno#3515; a client that sends half a header holds its
 * connection for good, measured here), so these serve through node:http,
 * which Deno implements with Node's `headersTimeout`, `requestTimeout` and
 * `keepAliveTimeout`: a client that does not finish its headers within
 * `headersTimeoutMs`, or its whole request (body included) within
 * `requestTimeoutMs`, gets 408 and its connection closed; an idle kept-alive
 * connection is closed after `keepAliveTimeoutMs`. Once the request is
 * read, the response may take as long as it needs (a streamed draft).
 *
 * Requests and responses are the web's (through @hono/node-server, without
 * replacing this process's global Request and Response, which Deno.serve
 * elsewhere in the process still needs).
 *
 * The function processes behind the gateway keep Deno.serve, as on the Edge
 * Runtime: each listens on a loopback port only the gateway knows, and gets
 * only what the gateway has already read within these limits.
 */
import { serve } from "@hono/node-server";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type HttpTimeouts = {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
};

export const SERVER_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
};

/** What a handler learns about its request besides the request itself. */
export type RequestInfo = {
  /** The peer's address (the socket's, never a header). */
  remoteAddress: string | null;
  /** Resolves once the response was sent whole; rejects when the client went away before that. */
  completed: Promise<void>;
};

export type HttpHandler = (request: Request, info: RequestInfo) => Response | Promise<Response>;

export type HttpServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops accepting, lets open responses end for `graceMs`, then closes what is left. */
  close(graceMs?: number): Promise<void>;
};

/** Serves `handler` on `hostname:port` (0 = any free port) with `timeouts`. */
export async function serveHttp(options: {
  hostname: string;
  port: number;
  handler: HttpHandler;
  timeouts?: Partial<HttpTimeouts>;
  /** An error the handler threw; its answer is a plain 500. */
  onError?: (error: unknown) => void;
}): Promise<HttpServer> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server = serve({
    hostname: options.hostname,
    port: options.port,
    overrideGlobalObjects: false,
    serverOptions: {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      // How often the two time-outs above are checked (Node's default, 30 s, would let them overrun by as much).
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeoutMs / 4),
    },
    fetch: async (request, env) => {
      const { incoming, outgoing } = env as { incoming: IncomingMessage; outgoing: ServerResponse };
      const completed = new Promise<void>((resolve, reject) => {
        outgoing.once("finish", () => resolve());
        outgoing.once("close", () => (outgoing.writableFinished ? resolve() : reject(new Error("client went away"))));
      });
      completed.catch(() => {});
      try {
        return await options.handler(request, { remoteAddress: incoming.socket.remoteAddress ?? null, completed });
      } catch (error) {
        options.onError?.(error);
        return new Response("Internal Server Error", { status: 500 });
      }
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close(graceMs = 2_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      const grace = setTimeout(() => "closeAllConnections" in server && server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(grace);
    },
  };
}
