/**
 * `npm run dev`'s Vite server (vite.config.ts) reaches only what the app
 * imports and lets no other origin read it. Run in `--mode hosted` (the same
 * server options, without booting the local backend), against a stand-in
 * project URL.
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { freePort } from "../../testing/e2e/free-port.ts";
import { ensureLocalKeys, LOCAL_KEYS_FILE } from "../local-backend/keys.ts";
import { inlineHash } from "./security-headers.ts";

const repo = resolve(".");

async function startDevServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = freePort();
  const child = new Deno.Command("node_modules/.bin/vite", {
    args: ["--mode", "hosted"],
    env: {
      PORT: String(port),
      VITE_SUPABASE_URL: "https://abcd.supabase.co",
      VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_dev_server_test",
    },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // already exited
    }
    await child.status;
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    try {
      await (await fetch(`${url}/`)).body?.cancel();
      return { url, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await stop();
  throw new Error("the dev server did not answer in 60 s");
}

Deno.test({
  name: "the dev server serves only what the app imports, to its own origin",
  sanitizeResources: false,
  async fn() {
    const { secretKey } = ensureLocalKeys();
    const planted = ["web/.env.local", "web/dev-server-test.pem"];
    for (const path of planted) await Deno.writeTextFile(path, `PLANTED=${secretKey}\n`);
    const server = await startDevServer();
    try {
      const get = async (path: string, headers: Record<string, string> = {}) => {
        const response = await fetch(`${server.url}${path}`, { headers });
        return { response, body: await response.text() };
      };
      for (
        const path of [
          `/@fs${repo}/${LOCAL_KEYS_FILE}`,
          `/@fs${repo}/package.json`,
          `/@fs${repo}/supabase/config.toml`,
          `/@fs${repo}/supabase/functions/_shared/platform/keys.ts`,
          `/@fs${repo}/web/.env.local`,
          "/@fs/etc/passwd",
          "/.env.local",
          "/dev-server-test.pem",
        ]
      ) {
        const { response, body } = await get(path);
        assert.equal(response.status, 403, path);
        assert.doesNotMatch(body, new RegExp(secretKey), path);
        assert.doesNotMatch(body, /"name": "inkpress"|root:/, path);
      }
      // What the app imports from outside web/ is still served.
      assert.equal((await get(`/@fs${repo}/supabase/functions/_shared/contracts/image.ts`)).response.status, 200);

      const fromOtherPage = await get("/src/main.tsx", { Origin: "http://localhost:9999" });
      const allowed = fromOtherPage.response.headers.get("Access-Control-Allow-Origin");
      assert.ok(allowed === null || allowed === server.url, `another origin may not read modules (got ${allowed})`);

      const page = await get("/");
      const csp = page.response.headers.get("Content-Security-Policy") ?? "";
      assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /connect-src 'self' https:\/\/abcd\.supabase\.co wss:\/\/abcd\.supabase\.co ws:\/\/127\.0\.0\.1:\d+/);
      assert.equal(page.response.headers.get("X-Content-Type-Options"), "nosniff");
      // The page's one inline script (React Refresh's preamble) is the one the policy lets run.
      const inline = [...page.body.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      assert.equal(inline.length, 1);
      assert.ok(csp.includes(`'${await inlineHash(inline[0])}'`), "the preamble's hash is in script-src");
    } finally {
      await server.stop();
      for (const path of planted) await Deno.remove(join(repo, path)).catch(() => {});
    }
  },
});
