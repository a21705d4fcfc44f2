import { getRequestListener } from "@hono/node-server";
import type { App } from "@supabase/lite";
import type { Connect, Plugin } from "vite";
import { createLiteApp, withByteChunks } from "./lite-app.ts";

export const API_PREFIXES = ["/auth/v1", "/rest/v1", "/storage/v1"];

function liteMiddleware(app: App): Connect.NextHandleFunction {
  const listener = getRequestListener(async (request, env) => {
    const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket;
    return withByteChunks(await app.fetch(request, { peerAddress: socket?.remoteAddress ?? null }));
  });
  return (req, res, next) => {
    const url = req.url ?? "";
    if (!API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))) {
      return next();
    }
    listener(req, res).catch(next);
  };
}

/**
 * Mounts the embedded Supabase API on the Vite dev and preview servers so the
 * app and its backend share one origin (the browser client defaults to it).
 * The publishable key is injected for the browser.
 */
export function localBackend(): Plugin {
  let app: App | undefined;
  let booting: ReturnType<typeof createLiteApp> | undefined;
  const boot = () => (booting ??= createLiteApp());
  const close = async () => {
    await app?.connection.close().catch(() => {});
    app = undefined;
  };
  return {
    name: "inkpress-local-backend",
    // Dev and preview only: `vite build` must not boot a database. A local
    // production build gets its key from VITE_SUPABASE_PUBLISHABLE_KEY.
    apply: (_config, env) => env.command === "serve",
    async config() {
      const { keys } = await boot();
      return {
        define: { "import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY": JSON.stringify(keys.publishableKey) },
      };
    },
    async configureServer(server) {
      ({ app } = await boot());
      server.middlewares.use(liteMiddleware(app));
      server.httpServer?.once("close", close);
    },
    async configurePreviewServer(server) {
      ({ app } = await boot());
      server.middlewares.use(liteMiddleware(app));
      server.httpServer?.once("close", close);
    },
  };
}
