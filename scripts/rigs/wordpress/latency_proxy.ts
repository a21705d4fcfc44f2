/**
 * A tiny reverse proxy on 127.0.0.1 that waits `latencyMs` before forwarding
 * each request: a stand-in for a WordPress host across the internet, for
 * benchmarks. It passes the client's Host as X-Forwarded-Host, which our
 * wp-config.php uses for WP_HOME, so links in responses point at the proxy.
 */

const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "host",
];

export interface LatencyProxy {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface LatencyProxyOptions {
  /** Origin to forward to, e.g. http://127.0.0.1:8080 */
  upstream: string;
  latencyMs: number;
  port?: number;
}

export function startLatencyProxy(options: LatencyProxyOptions): Promise<LatencyProxy> {
  const upstream = new URL(options.upstream);
  const latencyMs = Math.max(0, options.latencyMs);
  const inFlight = new Set<AbortController>();

  const handler = async (request: Request, info: Deno.ServeHandlerInfo): Promise<Response> => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const incoming = new URL(request.url);
    const target = new URL(incoming.pathname + incoming.search, upstream);
    const headers = new Headers(request.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    headers.set("x-forwarded-host", request.headers.get("host") ?? incoming.host);
    headers.set("x-forwarded-proto", incoming.protocol.replace(":", ""));
    const remote = (info.remoteAddr as Deno.NetAddr).hostname;
    if (remote) headers.set("x-forwarded-for", remote);
    // Keep bodies byte-for-byte: fetch would transparently decompress otherwise.
    headers.set("accept-encoding", "identity");
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      const response = await fetch(target, {
        method: request.method,
        headers,
        body: request.body,
        redirect: "manual",
        signal: controller.signal,
      });
      const outHeaders = new Headers(response.headers);
      for (const name of HOP_BY_HOP) outHeaders.delete(name);
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers: outHeaders,
      });
    } catch (error) {
      return new Response(`latency proxy: upstream error: ${(error as Error).message}\n`, { status: 502 });
    } finally {
      inFlight.delete(controller);
    }
  };

  return new Promise((resolve, reject) => {
    try {
      const server = Deno.serve(
        {
          hostname: "127.0.0.1",
          port: options.port ?? 0,
          onListen: ({ port }) =>
            resolve({
              url: `http://127.0.0.1:${port}`,
              port,
              async stop() {
                for (const controller of inFlight) controller.abort();
                await server.shutdown();
              },
            }),
          onError: (error) => new Response(`latency proxy: ${(error as Error).message}\n`, { status: 500 }),
        },
        handler,
      );
    } catch (error) {
      reject(error);
    }
  });
}
