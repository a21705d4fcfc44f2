import { getRequestListener } from "@hono/node-server";
import type { Connect, Plugin } from "vite";
import { SERVER_TIMEOUTS } from "../serve-http.ts";
import { createLiteApp } from "./lite-app.ts";
import { createLocalApi, isGatewayPath, type LocalApi } from "./local-api.ts";

function apiMiddleware(api: LocalApi): Connect.NextHandleFunction {
  const listener = getRequestListener(async (request, env) => {
    const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket;
    return await api.handle(request, socket?.remoteAddress ?? null);
  });
  return (req, res, next) => {
    const pathname = (req.url ?? "").split("?")[0];
    if (!isGatewayPath(pathname)) return next();
    listener(req, res).catch(next);
  };
}

/**
 * Mounts the embedded Supabase API (local-api.ts) on the Vite dev server
 * (`npm run dev`) so the app and its backend share one origin (the browser
 * client defaults to it). The publishable key is injected for the browser.
 * `npm start` serves the production build with the same API without Vite
 * (scripts/app-server/).
 */
export function localBackend(): Plugin {
  let booting: ReturnType<typeof createLiteApp> | undefined;
  const boot = () => (booting ??= createLiteApp());
  return {
    name: "inkpress-local-backend",
    // The dev server only: `vite build` must not boot a database.
    apply: (_config, env) => env.command === "serve" && !env.isPreview,
    async config() {
      const { keys } = await boot();
      return {
        define: { "import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY": JSON.stringify(keys.publishableKey) },
      };
    },
    async configureServer(server) {
      const { app, embedded, close } = await boot();
      // The header and body time-outs of the other local servers (serve-http.ts), checked on
      // node:http's own round (every 30 s: Vite makes the server, so the interval is Node's default).
      const http = server.httpServer as { headersTimeout?: number; requestTimeout?: number; keepAliveTimeout?: number } | null;
      if (http) Object.assign(http, { headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs, requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs, keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs });
      server.middlewares.use(apiMiddleware(createLocalApi(app, { serialize: embedded })));
      server.httpServer?.once("close", () => void close().catch(() => {}));
    },
  };
}
