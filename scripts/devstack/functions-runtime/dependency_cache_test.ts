import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dependenciesCached, FUNCTIONS_DIR, functionEntrypoints } from "./dependency_cache.ts";

Deno.test("every function is cached: each folder of supabase/functions with an index.ts, shared folders left out", () => {
  const entrypoints = functionEntrypoints().map((path) => path.slice(FUNCTIONS_DIR.length + 1));
  const folders = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
    .map((entry) => `${entry.name}/index.ts`);
  assert.deepEqual(entrypoints, folders.sort());
  assert.ok(entrypoints.includes("keywords/index.ts"));
  assert.ok(!entrypoints.some((path) => path.startsWith("_")));
});

Deno.test("a cache counts only for the lock it was made from", () => {
  const denoDir = mkdtempSync(join(tmpdir(), "inkpress-deno-dir-"));
  assert.equal(dependenciesCached(denoDir), false, "nothing cached yet");
  writeFileSync(join(denoDir, "inkpress-functions-lock.sha256"), "0".repeat(64));
  assert.equal(dependenciesCached(denoDir), false, "made from another lock");
});
