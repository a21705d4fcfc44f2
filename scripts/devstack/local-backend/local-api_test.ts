/**
 * The local API (lite with the gateway's CORS, Auth's rate limits and inert
 * storage objects) on a real PGlite, driven with the real supabase-js through
 * the same handler the servers mount.
 */
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { HOSTED_AUTH_RATE_LIMITS } from "./auth-rate-limit.ts";
import { createLiteApp } from "./lite-app.ts";
import { createLocalApi, type LocalApi } from "./local-api.ts";

const ORIGIN = "http://localhost:4173";
const BASE = "http://127.0.0.1:54321";
/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0));
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
const HTML = new TextEncoder().encode("<html><script>parent.stolen = localStorage.getItem('sb')</script></html>");
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

function clientFor(api: LocalApi, key: string) {
  return createClient(BASE, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: (input, init) => api.handle(new Request(input, init), "127.0.0.1") },
  });
}

Deno.test({
  name: "local API",
  sanitizeOps: false,
  sanitizeResources: false,
  // PGlite's Emscripten runtime sets the process exit code as it runs statements.
  sanitizeExit: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "inkpress-local-api-" });
    // Recorded under the redaction lite's boot installs, as the console would print it.
    const printed: unknown[][] = [];
    const printError = console.error;
    console.error = (...args: unknown[]) => void printed.push(args);
    const { app, keys } = await createLiteApp({ dataDir: join(dir, "pglite"), keysFile: join(dir, "keys.json") });
    const api = createLocalApi(app, { authRateLimits: HOSTED_AUTH_RATE_LIMITS });
    const call = (path: string, init: RequestInit = {}) => api.handle(new Request(`${BASE}${path}`, init), "127.0.0.1");
    const admin = clientFor(api, keys.secretKey);
    try {
      await t.step("preflights on auth, REST and storage are answered as hosted's gateway does", async () => {
        for (const path of ["/auth/v1/token?grant_type=password", "/rest/v1/articles?select=id", "/storage/v1/object/images/a/b.png"]) {
          const response = await call(path, {
            method: "OPTIONS",
            headers: {
              Origin: ORIGIN,
              "Access-Control-Request-Method": "POST",
              "Access-Control-Request-Headers": "authorization,apikey,content-type,x-client-info",
            },
          });
          await response.body?.cancel();
          assert.equal(response.status, 200, path);
          assert.equal(response.headers.get("Access-Control-Allow-Origin"), "*", path);
          assert.equal(response.headers.get("Access-Control-Allow-Headers"), "authorization,apikey,content-type,x-client-info", path);
          assert.match(response.headers.get("Access-Control-Allow-Methods")!, /POST/, path);
        }
      });

      await t.step("auth and REST answers are readable from another origin, counts included", async () => {
        const health = await call("/auth/v1/health", { headers: { Origin: ORIGIN, apikey: keys.publishableKey } });
        await health.body?.cancel();
        assert.equal(health.headers.get("Access-Control-Allow-Origin"), "*");
        const rows = await call("/rest/v1/articles?select=id", {
          headers: { Origin: ORIGIN, apikey: keys.secretKey, Prefer: "count=exact" },
        });
        await rows.body?.cancel();
        assert.equal(rows.headers.get("Access-Control-Allow-Origin"), "*");
        assert.match(rows.headers.get("Access-Control-Expose-Headers")!, /Content-Range/);
      });

      const objects = admin.storage.from("images");
      const folder = crypto.randomUUID();
      const upload = async (name: string, bytes: Uint8Array, contentType: string) => {
        const { error } = await objects.upload(`${folder}/${name}`, bytes, { contentType });
        assert.equal(error, null, `${name}: ${error?.message}`);
        return new URL(objects.getPublicUrl(`${folder}/${name}`).data.publicUrl).pathname;
      };

      await t.step("HTML and SVG stored as image/png are downloaded, never rendered", async () => {
        for (const [name, bytes] of [["x.html", HTML], ["x.svg", SVG]] as const) {
          const path = await upload(name, bytes, "image/png");
          for (const init of [{}, { method: "HEAD" }, { headers: { Range: "bytes=5-20" } }]) {
            const response = await call(path, init);
            const label = `${name} ${init.method ?? "GET"} ${JSON.stringify(init.headers ?? {})}`;
            assert.ok(response.ok, label);
            assert.equal(response.headers.get("Content-Type"), "application/octet-stream", label);
            assert.equal(response.headers.get("Content-Disposition"), "attachment", label);
            assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff", label);
            assert.equal(response.headers.get("Content-Security-Policy"), "sandbox", label);
            if (!init.method && !init.headers) assert.deepEqual(new Uint8Array(await response.arrayBuffer()), bytes, label);
            else await response.body?.cancel();
          }
        }
      });

      await t.step("real images are served inline with the type their bytes show, still sandboxed", async () => {
        const png = await call(await upload("photo.png", PNG, "image/png"));
        assert.equal(png.headers.get("Content-Type"), "image/png");
        assert.equal(png.headers.get("Content-Disposition"), null);
        assert.equal(png.headers.get("X-Content-Type-Options"), "nosniff");
        assert.equal(png.headers.get("Content-Security-Policy"), "sandbox");
        assert.deepEqual(new Uint8Array(await png.arrayBuffer()), PNG);
        const gif = await call(await upload("labelled-png.png", GIF, "image/png"));
        await gif.body?.cancel();
        assert.equal(gif.headers.get("Content-Type"), "image/gif");
      });

      await t.step("a failed statement is logged without its bind parameters or row values", async () => {
        const email = `${crypto.randomUUID()}@example.com`;
        const user = clientFor(api, keys.publishableKey);
        const { data: signedUp, error: signUpError } = await user.auth.signUp({ email, password: "correct-horse-7" });
        assert.equal(signUpError, null);
        const oversizedTitle = `sk-${"k".repeat(5000)}`;
        printed.length = 0;
        const { error } = await user.from("articles").insert({ user_id: signedUp.user!.id, title: oversizedTitle });
        assert.ok(error, "an oversized title is refused");
        const output = inspect(printed, { depth: 8, maxStringLength: Infinity });
        assert.match(output, /bind parameters redacted/);
        assert.doesNotMatch(output, /kkkkkkkk/);
      });

      await t.step("sign-ins are rate limited per IP as on hosted: 429 past the bucket, even for the right password", async () => {
        const email = `${crypto.randomUUID()}@example.com`;
        const user = clientFor(api, keys.publishableKey);
        const { error } = await user.auth.signUp({ email, password: "correct-horse-7" });
        // The sign-up above and this one used the sign-up bucket, not the sign-in one.
        assert.equal(error, null);
        const statuses: number[] = [];
        for (let i = 0; i < 60; i++) {
          const response = await call("/auth/v1/token?grant_type=password", {
            method: "POST",
            headers: { apikey: keys.publishableKey, "Content-Type": "application/json" },
            body: JSON.stringify({ email, password: `wrong-${i}` }),
          });
          statuses.push(response.status);
          if (response.status === 429) {
            assert.deepEqual(await response.json(), { code: 429, error_code: "over_request_rate_limit", msg: "Request rate limit reached" });
          } else {
            await response.body?.cancel();
          }
        }
        const answered = statuses.filter((status) => status === 400).length;
        assert.ok(answered >= 30 && answered < 60, `answered ${answered} of 60`);
        assert.ok(statuses.includes(429));
        const { error: refused } = await user.auth.signInWithPassword({ email, password: "correct-horse-7" });
        assert.equal(refused?.status, 429);
        assert.equal(refused?.code, "over_request_rate_limit");
      });
    } finally {
      console.error = printError;
      await app.connection.close().catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
