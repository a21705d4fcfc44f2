/**
 * The security headers of the app's pages: one definition for the local
 * servers (`npm start`, `npm run dev`) and for static hosts (the `_headers`
 * file every build emits, README "Deploying").
 *
 * Content-Security-Policy, and why each source is there:
 *   default-src 'self'          nothing else unless listed below;
 *   script-src 'self' <hashes>  the bundle, and index.html's one inline script
 *                               (the sign-in reveal) by its hash: no other
 *                               inline script, no eval;
 *   style-src 'self' <hashes>   the app's CSS files, and index.html's inline
 *                               stylesheet (the part of the entry's CSS that
 *                               styles the sign-in form, inlined so the first
 *                               paint needs the HTML alone) by its hash
 *                               (React sets style properties through the
 *                               CSSOM, which CSP allows; react-toastify's own
 *                               <style> injection is not used: its CSS is
 *                               bundled);
 *   img-src 'self' data: https: <api>
 *                               stored images (the API's storage), images in
 *                               article HTML from anywhere on https, and Pico's
 *                               icons, which are data: SVGs in its CSS;
 *   connect-src 'self' <api> <api websocket>
 *                               auth, REST, storage and functions (SSE included)
 *                               on the Supabase project, and its realtime
 *                               websocket (supabase-js opens it only when a
 *                               channel is subscribed; the app subscribes to none
 *                               today, so this is the one origin it may use);
 *   object-src 'none', base-uri 'none';
 *   form-action 'none'          the app submits no form natively (every form
 *                               is handled by a script): a native submission
 *                               would put what was typed, a password say, into
 *                               an address;
 *   frame-ancestors 'none'      no page of the app can be framed (clickjacking).
 * Plus nosniff, Referrer-Policy strict-origin-when-cross-origin and the
 * legacy X-Frame-Options for browsers without frame-ancestors.
 */

export type CspOptions = {
  /**
   * The Supabase API's URL as the browser sees it (VITE_SUPABASE_URL);
   * undefined or empty when the API shares the app's origin.
   */
  apiUrl?: string;
  /**
   * The Vite dev server at this origin (HMR): its websocket, the React
   * Refresh preamble (an inline module script, allowed by its hash) and the
   * <style> elements Vite injects for CSS modules and hot updates.
   */
  devServer?: { origin: string; inlineHashes: string[] };
  /** Where the browser reports violations (local servers only: they log them). */
  reportUri?: string;
  /** The built index.html's inline <script> and <style> elements, by hash (`inlineHashes`). */
  inline?: InlineHashes;
};

/** CSP source expressions (`sha256-…`) of a page's inline scripts and stylesheets. */
export type InlineHashes = { scripts: string[]; styles: string[] };

/** The API's origin, and its websocket origin (realtime), or [] when it is the app's own. */
function apiSources(apiUrl: string | undefined): string[] {
  if (!apiUrl) return [];
  const { origin, protocol, host } = new URL(apiUrl);
  return [origin, `${protocol === "https:" ? "wss:" : "ws:"}//${host}`];
}

const quoted = (hashes: string[] | undefined) => (hashes ?? []).map((hash) => `'${hash}'`);

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const [apiOrigin, apiSocket] = apiSources(options.apiUrl);
  const dev = options.devServer;
  const devSocket = dev ? `${dev.origin.replace(/^http/, "ws")}` : undefined;
  const directives: [string, ...(string | undefined)[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...quoted(options.inline?.scripts), ...quoted(dev?.inlineHashes)],
    ["style-src", "'self'", ...quoted(options.inline?.styles), dev ? "'unsafe-inline'" : undefined],
    ["img-src", "'self'", "data:", "https:", apiOrigin],
    ["connect-src", "'self'", apiOrigin, apiSocket, devSocket],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'none'"],
    ["frame-ancestors", "'none'"],
    ["report-uri", options.reportUri],
  ];
  return directives
    .filter(([, ...sources]) => sources.some(Boolean))
    .map(([name, ...sources]) => [name, ...sources.filter(Boolean)].join(" "))
    .join("; ");
}

/** Headers of every page and static file of the app. */
export function pageHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
}

/**
 * `_headers` for Netlify and Cloudflare Pages (the same format): the page
 * headers on every path. Emitted into every build (vite.config.ts).
 */
export function staticHostHeadersFile(apiUrl: string | undefined, inline: InlineHashes): string {
  const lines = Object.entries(pageHeaders({ apiUrl, inline })).map(([name, value]) => `  ${name}: ${value}`);
  return ["# Security headers for static hosts (Netlify, Cloudflare Pages); see README \"Deploying\".", "/*", ...lines, ""]
    .join("\n");
}

/**
 * `vercel.json` for deploying the build folder itself (`vercel deploy dist`):
 * the fallback to index.html and the page headers on every path. Written by
 * every build, like `_headers`, because the CSP names the hashes of that
 * build's inline script and stylesheet.
 */
export function vercelConfigFile(apiUrl: string | undefined, inline: InlineHashes): string {
  const headers = Object.entries(pageHeaders({ apiUrl, inline })).map(([key, value]) => ({ key, value }));
  return JSON.stringify(
    { rewrites: [{ source: "/(.*)", destination: "/index.html" }], headers: [{ source: "/(.*)", headers }] },
    null,
    2,
  ) + "\n";
}

/** CSP source expression for an inline script or stylesheet (`sha256-…`), as browsers hash its exact text. */
export async function inlineHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/**
 * The hashes a page's CSP needs for the inline elements of `html`: every
 * <script> without `src` and every <style>, hashed as the browser hashes
 * them (the exact text between the tags). For index.html as the build wrote
 * it: its markup is Vite's and ours, not arbitrary HTML.
 */
export async function inlineHashes(html: string): Promise<InlineHashes> {
  const texts = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);
  return {
    scripts: await Promise.all(texts(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g).map(inlineHash)),
    styles: await Promise.all(texts(/<style[^>]*>([\s\S]*?)<\/style>/g).map(inlineHash)),
  };
}
