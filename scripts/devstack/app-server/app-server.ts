import type { LocalApi } from "../local-backend/local-api.ts";
import { type HttpHandler, type HttpServer, serveHttp } from "../serve-http.ts";
import { isGatewayPath } from "../local-backend/api-cors.ts";
import { CSP_REPORT_PATH, cspReportResponse } from "./csp-reports.ts";
import { staticSite } from "./static-site.ts";

export type AppServerOptions = {
  /** Port of the app on 127.0.0.1. */
  port: number;
  /**
   * Port of the API's own origin, as on hosted Supabase (the front end must
   * then be built against it). Without it the API shares the app's origin.
   */
  apiPort?: number;
  /** The production build to serve. */
  distDir: string;
  /** Headers of every page and file of the app (security-headers.ts). */
  pageHeaders: Record<string, string>;
  api: LocalApi;
  /** The local functions runtime, which serves /functions/v1/<name>. */
  functionsUrl: string;
};

export type AppServer = { close(): Promise<void> };

const FUNCTIONS_PREFIX = "/functions/v1/";
/**
 * Where an auth e-mail's link leads. @supabase/lite builds e-mail links on
 * auth.site_url (the app's origin), where hosted Supabase builds them on the
 * API's URL; with the API on an origin of its own, the app's origin sends
 * them on to it (issue 21: the recovery link showed "Page not found").
 */
const EMAIL_LINK_PATH = "/auth/v1/verify";
const SHUTDOWN_GRACE_MS = 2000;
/** Hosted's gateway (Kong) for a path it has no route for. */
const NO_ROUTE = JSON.stringify({ message: "no Route matched with those values" });

/**
 * `npm start`'s server: the production build (static-site.ts) and the local
 * Supabase API (auth, REST, storage in-process; functions proxied to the
 * functions runtime, which adds no CORS of its own, like hosted's gateway),
 * either on the app's origin or on an origin of their own.
 */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const site = staticSite(options.distDir, options.pageHeaders);

  async function api(request: Request, clientIp: string): Promise<Response | null> {
    const { pathname } = new URL(request.url);
    if (isGatewayPath(pathname)) return await options.api.handle(request, clientIp);
    if (pathname.startsWith(FUNCTIONS_PREFIX)) return await proxyToFunctions(request, options.functionsUrl);
    return null;
  }

  const appHandler: HttpHandler = async (request, info) => {
    const { pathname } = new URL(request.url);
    if (pathname === CSP_REPORT_PATH) return await cspReportResponse(request);
    if (options.apiPort === undefined) {
      const answer = await api(request, info.remoteAddress ?? "");
      if (answer) return answer;
    } else if (pathname === EMAIL_LINK_PATH && request.method === "GET") {
      const { search } = new URL(request.url);
      return Response.redirect(`http://127.0.0.1:${options.apiPort}${EMAIL_LINK_PATH}${search}`, 302);
    }
    return await site.serve(request);
  };
  const apiHandler: HttpHandler = async (request, info) =>
    await api(request, info.remoteAddress ?? "") ??
      new Response(NO_ROUTE, { status: 404, headers: { "Content-Type": "application/json" } });

  const servers: HttpServer[] = [];
  try {
    servers.push(await serveOn(options.port, appHandler));
    if (options.apiPort !== undefined) servers.push(await serveOn(options.apiPort, apiHandler));
  } catch (error) {
    await Promise.all(servers.map((server) => server.close(0)));
    throw error;
  }
  return {
    async close() {
      // Open streams (an SSE draft, a download) get a moment to end, not a veto on stopping.
      await Promise.all(servers.map((server) => server.close(SHUTDOWN_GRACE_MS)));
    },
  };
}

/** On 127.0.0.1, with the header and body time-outs of every local server (serve-http.ts). */
function serveOn(port: number, handler: HttpHandler): Promise<HttpServer> {
  return serveHttp({ hostname: "127.0.0.1", port, handler, onError: (error) => console.error("app server:", error) });
}

/** Passes the request on to the functions runtime as it is, streaming both ways. */
async function proxyToFunctions(request: Request, functionsUrl: string): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.delete("host");
  try {
    const upstream = await fetch(`${functionsUrl}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.body,
      redirect: "manual",
      signal: request.signal,
    });
    return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: upstream.headers });
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    console.error(`functions runtime unreachable at ${functionsUrl}:`, error);
    return new Response("The local functions runtime is not answering", { status: 502 });
  }
}
