import assert from "node:assert/strict";
import process from "node:process";
import { join } from "node:path";
import { createLiteApp } from "./lite-app.ts";

Deno.test({
  name: "closing the backend keeps the exit code the process had",
  sanitizeOps: false,
  sanitizeResources: false,
  // PGlite's Emscripten runtime sets the process exit code as it runs and closes.
  sanitizeExit: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "inkpress-lite-app-" });
    try {
      const { close } = await createLiteApp({ dataDir: join(dir, "pglite"), keysFile: join(dir, "keys.json") });
      process.exitCode = 1;
      await close();
      assert.equal(process.exitCode, 1);
    } finally {
      process.exitCode = 0;
      await Deno.remove(dir, { recursive: true });
    }
  },
});
