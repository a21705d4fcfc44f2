/**
 * Local Supabase Edge Functions runtime.
 *   deno run -A scripts/devstack/functions-runtime/main.ts
 * Serves supabase/functions/<name>/index.ts at
 * http://127.0.0.1:$FUNCTIONS_PORT/functions/v1/<name> (default port 54329).
 */
import { fileURLToPath } from "node:url";
import { DEFAULT_FUNCTIONS_PORT, startFunctionsRuntime } from "./runtime.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const port = Number(Deno.env.get("FUNCTIONS_PORT") || DEFAULT_FUNCTIONS_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid FUNCTIONS_PORT: ${port}`);

const runtime = await startFunctionsRuntime({
  port,
  functionsDir: `${repoRoot}supabase/functions`,
  configPath: `${repoRoot}supabase/config.toml`,
});
console.log(`Functions runtime listening on ${runtime.url}/functions/v1/<name>`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await runtime.close();
    Deno.exit(0);
  });
}
