import assert from "node:assert/strict";
import {
  contentSecurityPolicy,
  inlineHash,
  inlineHashes,
  pageHeaders,
  staticHostHeadersFile,
  vercelConfigFile,
} from "./security-headers.ts";

const directives = (csp: string) =>
  Object.fromEntries(csp.split("; ").map((directive) => {
    const [name, ...sources] = directive.split(" ");
    return [name, sources];
  }));

Deno.test("the app's own origin serving the API: no inline script, nothing but 'self' to connect to, no framing", () => {
  assert.deepEqual(directives(contentSecurityPolicy()), {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "https:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
  });
});

Deno.test("a hosted project: its origin for images and requests, its websocket for realtime, nothing wider", () => {
  const csp = directives(contentSecurityPolicy({ apiUrl: "https://abcd.supabase.co" }));
  assert.deepEqual(csp["connect-src"], ["'self'", "https://abcd.supabase.co", "wss://abcd.supabase.co"]);
  assert.deepEqual(csp["img-src"], ["'self'", "data:", "https:", "https://abcd.supabase.co"]);
  assert.deepEqual(csp["script-src"], ["'self'"]);
});

Deno.test("a local API on another origin is reached over http and ws", () => {
  const csp = directives(contentSecurityPolicy({ apiUrl: "http://127.0.0.1:54321", reportUri: "/__csp-report" }));
  assert.deepEqual(csp["connect-src"], ["'self'", "http://127.0.0.1:54321", "ws://127.0.0.1:54321"]);
  assert.deepEqual(csp["report-uri"], ["/__csp-report"]);
});

Deno.test("the dev server loosens only what hot reload needs: its socket, one hashed inline script, inline styles", () => {
  const csp = directives(contentSecurityPolicy({
    devServer: { origin: "http://127.0.0.1:5173", inlineHashes: ["sha256-abc="] },
  }));
  assert.deepEqual(csp["script-src"], ["'self'", "'sha256-abc='"]);
  assert.deepEqual(csp["style-src"], ["'self'", "'unsafe-inline'"]);
  assert.deepEqual(csp["connect-src"], ["'self'", "ws://127.0.0.1:5173"]);
  assert.deepEqual(csp["frame-ancestors"], ["'none'"]);
});

Deno.test("page headers: CSP, nosniff, referrer policy, no framing", () => {
  const headers = pageHeaders();
  assert.equal(headers["X-Content-Type-Options"], "nosniff");
  assert.equal(headers["Referrer-Policy"], "strict-origin-when-cross-origin");
  assert.equal(headers["X-Frame-Options"], "DENY");
  assert.match(headers["Content-Security-Policy"], /script-src 'self';/);
});

Deno.test("the _headers file for static hosts applies the page headers to every path, without a report endpoint", () => {
  const inline = { scripts: ["sha256-script="], styles: ["sha256-style="] };
  const file = staticHostHeadersFile("https://abcd.supabase.co", inline);
  const lines = file.split("\n");
  assert.ok(lines.includes("/*"));
  for (const [name, value] of Object.entries(pageHeaders({ apiUrl: "https://abcd.supabase.co", inline }))) {
    assert.ok(lines.includes(`  ${name}: ${value}`), name);
  }
  assert.doesNotMatch(file, /report-uri/);
});

Deno.test("inline script hashes are the base64 SHA-256 of the exact text", async () => {
  // printf 'alert(1)' | openssl dgst -sha256 -binary | base64
  assert.equal(await inlineHash("alert(1)"), "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=");
});

Deno.test("index.html's inline script and stylesheet are allowed by their hashes, and nothing else inline", async () => {
  const html = '<html><head><style>main{color:red}</style><script type="module" src="/assets/a.js"></script></head>' +
    '<body><div id="root"></div><script data-entry="/assets/a.js">alert(1)</script></body></html>';
  const inline = await inlineHashes(html);
  assert.deepEqual(inline, { scripts: [await inlineHash("alert(1)")], styles: [await inlineHash("main{color:red}")] });
  const csp = directives(contentSecurityPolicy({ inline }));
  assert.deepEqual(csp["script-src"], ["'self'", `'${inline.scripts[0]}'`]);
  assert.deepEqual(csp["style-src"], ["'self'", `'${inline.styles[0]}'`]);
});

Deno.test("vercel.json for the build folder: the fallback to index.html and the page headers on every path", () => {
  const inline = { scripts: ["sha256-script="], styles: ["sha256-style="] };
  const config = JSON.parse(vercelConfigFile("https://abcd.supabase.co", inline));
  assert.deepEqual(config.rewrites, [{ source: "/(.*)", destination: "/index.html" }]);
  assert.deepEqual(
    config.headers,
    [{
      source: "/(.*)",
      headers: Object.entries(pageHeaders({ apiUrl: "https://abcd.supabase.co", inline })).map(([key, value]) => ({ key, value })),
    }],
  );
});
