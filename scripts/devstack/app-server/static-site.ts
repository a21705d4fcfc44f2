import { extname, join, resolve, sep } from "node:path";

/** Files of the build meant for static hosts' configuration, not for browsers. */
const HOST_CONFIG_FILES = new Set(["/_headers", "/_redirects", "/vercel.json"]);

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

/** Text types, sent gzipped to browsers that accept it (static hosts do the same). */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".map"]);

/** Whether `Accept-Encoding` takes gzip (listed, and not with q=0). */
function acceptsGzip(request: Request): boolean {
  return (request.headers.get("Accept-Encoding") ?? "").split(",").some((coding) => {
    const [name, ...parameters] = coding.trim().toLowerCase().split(";").map((part) => part.trim());
    return (name === "gzip" || name === "*") && !parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
  });
}

export type StaticSite = {
  /** The response for a GET or HEAD of `pathname`; 404 when it is not part of the build. */
  serve(request: Request): Promise<Response>;
};

/**
 * Serves a production build (Vite's `dist/`) and nothing else: only regular
 * files inside `root`, resolved without following `..` or symlinks out of
 * it; no dot-files (the build stamp), no `_headers`; no directory listings.
 * A path of plain segments without an extension that is not a file is a
 * client-side route and gets `index.html`; anything else missing is 404, so
 * `/@fs/…`, `/src/…`, `/.env` or `/package.json` never reach the repository
 * behind the build.
 * `headers` (the security headers) go on every response; hashed assets are
 * cached for a year, the rest revalidated; text is gzipped for browsers that
 * accept it.
 */
export function staticSite(root: string, headers: Record<string, string>): StaticSite {
  const base = resolve(root);
  const realBase = Deno.realPathSync(base);

  async function file(pathname: string): Promise<{ path: string; size: number } | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const segments = decoded.split("/").filter((segment) => segment !== "");
    if (segments.some((s) => s.startsWith(".") || s.includes("\\") || s.includes("\0"))) return null;
    const path = join(base, ...segments);
    if (path !== base && !path.startsWith(base + sep)) return null;
    try {
      const real = await Deno.realPath(path);
      if (real !== realBase && !real.startsWith(realBase + sep)) return null;
      const info = await Deno.stat(real);
      return info.isFile ? { path: real, size: info.size } : null;
    } catch {
      return null;
    }
  }

  function response(status: number, body: BodyInit | null, extra: Record<string, string>): Response {
    return new Response(body, { status, headers: { ...headers, ...extra } });
  }

  return {
    async serve(request) {
      if (request.method !== "GET" && request.method !== "HEAD") {
        return response(405, "Method Not Allowed", { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      }
      const { pathname } = new URL(request.url);
      const isRoute = /^(\/[A-Za-z0-9_~-][A-Za-z0-9_~%-]*)*\/?$/.test(pathname);
      const found = HOST_CONFIG_FILES.has(pathname)
        ? null
        : await file(pathname) ?? (isRoute ? await file("/index.html") : null);
      if (!found) return response(404, "Not Found", { "Content-Type": "text/plain; charset=utf-8" });
      const immutable = pathname.startsWith("/assets/") && found.path.startsWith(join(realBase, "assets") + sep);
      const extension = extname(found.path).toLowerCase();
      const compressible = COMPRESSIBLE.has(extension);
      const gzip = compressible && acceptsGzip(request);
      const extra: Record<string, string> = {
        "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
        ...(compressible && { Vary: "Accept-Encoding" }),
        ...(gzip ? { "Content-Encoding": "gzip" } : { "Content-Length": String(found.size) }),
      };
      if (request.method === "HEAD") return response(200, null, extra);
      const handle = await Deno.open(found.path, { read: true });
      return response(200, gzip ? handle.readable.pipeThrough(new CompressionStream("gzip")) : handle.readable, extra);
    },
  };
}
