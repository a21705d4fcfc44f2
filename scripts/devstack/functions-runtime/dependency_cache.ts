/**
 * The edge functions' dependencies (npm packages of supabase/functions/
 * import_map.json, as pinned by its deno.lock), cached in the repository's
 * node_modules by `npm ci` (package.json's postinstall runs this file), so
 * `npm start` fetches nothing (issue 21: the first start fetched about 30
 * packages from the registry after "ready"). Function processes then run
 * with this cache as their DENO_DIR and `--cached-only`.
 *
 *   deno run -A scripts/devstack/functions-runtime/dependency_cache.ts
 *
 * A marker records the lock it was made from; a changed lock caches again.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
export const FUNCTIONS_DIR = join(REPO, "supabase/functions");
/** Inside node_modules: made by `npm ci`, removed with it. */
export const FUNCTIONS_DENO_DIR = join(REPO, "node_modules/.cache/deno-functions");
const MARKER = "inkpress-functions-lock.sha256";

function lockHash(functionsDir: string): string {
  return createHash("sha256").update(readFileSync(join(functionsDir, "deno.lock"))).digest("hex");
}

/** Every function's entry point (folders starting with `_` hold shared code and tests). */
export function functionEntrypoints(functionsDir = FUNCTIONS_DIR): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
    .map((entry) => join(functionsDir, entry.name, "index.ts"))
    .filter((path) => existsSync(path))
    .sort();
}

/** Whether the cache holds what the current lock names. */
export function dependenciesCached(denoDir = FUNCTIONS_DENO_DIR, functionsDir = FUNCTIONS_DIR): boolean {
  try {
    return readFileSync(join(denoDir, MARKER), "utf8").trim() === lockHash(functionsDir);
  } catch {
    return false;
  }
}

/**
 * Downloads what the functions import into `denoDir`, resolved by the frozen
 * lock (the same resolution the function processes use). Returns Deno's
 * output when it failed.
 */
export async function cacheFunctionDependencies(
  denoDir = FUNCTIONS_DENO_DIR,
  functionsDir = FUNCTIONS_DIR,
): Promise<{ ok: true } | { ok: false; output: string }> {
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "install",
      "--frozen",
      "--config",
      join(functionsDir, "deno.json"),
      "--entrypoint",
      ...functionEntrypoints(functionsDir),
    ],
    env: { DENO_DIR: resolve(denoDir), DENO_NO_PACKAGE_JSON: "1", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!success) return { ok: false, output: new TextDecoder().decode(stderr) + new TextDecoder().decode(stdout) };
  writeFileSync(join(denoDir, MARKER), `${lockHash(functionsDir)}\n`);
  return { ok: true };
}

if (import.meta.main) {
  if (dependenciesCached()) {
    console.log("Edge functions' dependencies: cached");
    Deno.exit(0);
  }
  const started = performance.now();
  const result = await cacheFunctionDependencies();
  if (!result.ok) {
    console.error(`Caching the edge functions' dependencies failed:\n${result.output}`);
    Deno.exit(1);
  }
  console.log(`Edge functions' dependencies: cached in ${((performance.now() - started) / 1000).toFixed(1)} s (node_modules/.cache/deno-functions)`);
}
