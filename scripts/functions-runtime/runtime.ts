import { dirname, join, resolve } from "node:path";
import { resolveApiKeys } from "./api_keys.ts";
import { readDotenvFile } from "./dotenv.ts";
import { buildFunctionEnv } from "./function_env.ts";
import { FunctionPool } from "./function_pool.ts";
import type { RuntimeLogger } from "./function_process.ts";
import { createGatewayHandler } from "./gateway.ts";
import { readProjectConfig } from "./project_config.ts";
import { type SourceWatcher, watchFunctionSources } from "./watch_sources.ts";

export type { RuntimeLogger };

export const DEFAULT_FUNCTIONS_PORT = 54329;

export type FunctionsRuntimeOptions = {
  /** Folder holding `<name>/index.ts` functions, e.g. `supabase/functions`. */
  functionsDir: string;
  /** Path of `supabase/config.toml` (`[auth] jwt_secret`, `[functions.<name>] verify_jwt`). May be absent. */
  configPath: string;
  /** Port on 127.0.0.1; 0 picks a free one. Default 54329. */
  port?: number;
  /** Variables layered over this process's environment, for the runtime and every function. */
  env?: Record<string, string>;
  /** Keys written by the local backend. Default: `<config dir>/.temp/local-keys.json`. */
  localKeysPath?: string;
  /** How long a function may take to call Deno.serve. Default 15000. */
  bootTimeoutMs?: number;
  /** Quiet period before a source change reloads functions. Default 100. */
  reloadDebounceMs?: number;
  /** Default: console.log / console.error. */
  logger?: RuntimeLogger;
};

export type FunctionsRuntime = {
  /** Base URL, e.g. `http://127.0.0.1:54329`; functions live under `${url}/functions/v1/<name>`. */
  url: string;
  /** Stops the watcher, every function process and the server. */
  close(): Promise<void>;
};

/**
 * Serves `functionsDir/<name>/index.ts` at `/functions/v1/<name>` on
 * 127.0.0.1 (only loopback: this is a local development server). Each
 * function runs in its own process, started on first request. A change to a
 * function's folder reloads that function; a change to a `_`-prefixed folder
 * (shared code such as `_shared/`) or to `.env` reloads all of them. Reloaded
 * functions start again on their next request.
 */
export async function startFunctionsRuntime(options: FunctionsRuntimeOptions): Promise<FunctionsRuntime> {
  const functionsDir = resolve(options.functionsDir);
  const configPath = resolve(options.configPath);
  const localKeysPath = resolve(options.localKeysPath ?? join(dirname(configPath), ".temp", "local-keys.json"));
  const runtimeEnv = { ...Deno.env.toObject(), ...options.env };
  const logger = options.logger ?? { info: console.log, error: console.error };

  const pool = new FunctionPool({
    bootTimeoutMs: options.bootTimeoutMs ?? 15_000,
    logger,
    envForNewProcess: async () =>
      buildFunctionEnv(
        runtimeEnv,
        await readDotenvFile(join(functionsDir, ".env")),
        await resolveApiKeys(runtimeEnv, localKeysPath),
      ),
  });
  const handler = createGatewayHandler({
    functionsDir,
    pool,
    logger,
    authPolicy: async (functionName) => {
      const config = await readProjectConfig(configPath, runtimeEnv);
      const { secretKey } = await resolveApiKeys(runtimeEnv, localKeysPath);
      return { verifyJwt: config.verifyJwt(functionName), credentials: { jwtSecret: config.jwtSecret, secretKey } };
    },
  });

  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? DEFAULT_FUNCTIONS_PORT, onListen: listening.resolve },
    handler,
  );
  const { port } = await listening.promise;
  const watcher = watchForReloads(functionsDir, options.reloadDebounceMs ?? 100, pool, logger);

  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await watcher?.close();
      // Stop functions first: open streams then end, so the server can drain.
      await pool.close();
      await server.shutdown();
    },
  };
}

function watchForReloads(
  functionsDir: string,
  debounceMs: number,
  pool: FunctionPool,
  logger: RuntimeLogger,
): SourceWatcher | null {
  try {
    return watchFunctionSources(functionsDir, debounceMs, (entries) => {
      const reloadAll = [...entries].some((entry) => entry.startsWith("_") || entry === ".env");
      logger.info(`Reloading ${reloadAll ? "all functions" : [...entries].join(", ")} (sources changed)`);
      void pool.stop(reloadAll ? undefined : entries);
    });
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    logger.error(`${functionsDir} does not exist: no functions to serve, and no reloads until restart`);
    return null;
  }
}
