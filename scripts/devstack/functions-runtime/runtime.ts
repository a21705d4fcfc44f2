import { dirname, join, resolve } from "node:path";
import { resolveLocalKeys } from "./api_keys.ts";
import { readDotenvFile } from "./dotenv.ts";
import { buildFunctionEnv, DEFAULT_SUPABASE_URL, isReservedName } from "./function_env.ts";
import { FunctionPool } from "./function_pool.ts";
import type { RuntimeLogger } from "./function_process.ts";
import { createGatewayHandler } from "./gateway.ts";
import { serveHttp } from "../serve-http.ts";
import { signLegacyApiKeys } from "./legacy_api_keys.ts";
import { readProjectConfig } from "./project_config.ts";
import { type SourceWatcher, watchFunctionSources } from "./watch_sources.ts";

export type { RuntimeLogger };

export const DEFAULT_FUNCTIONS_PORT = 54329;
/** The Edge Runtime's wall-clock limit on the Free plan (paid plans: 400 s); docs: guides/functions/limits. */
export const DEFAULT_WALL_CLOCK_LIMIT_MS = 150_000;
/** The Edge Runtime's memory limit per worker; docs: guides/functions/limits. */
export const DEFAULT_MEMORY_LIMIT_MB = 256;

export type FunctionsRuntimeOptions = {
  /** Folder holding `<name>/index.ts` functions, e.g. `supabase/functions`. */
  functionsDir: string;
  /** Path of `supabase/config.toml` (`project_id`, `[functions.<name>] verify_jwt`). May be absent. */
  configPath: string;
  /** Port on 127.0.0.1; 0 picks a free one. Default 54329. */
  port?: number;
  /**
   * Variables layered over this process's environment. The runtime reads its
   * own inputs there (SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY /
   * SUPABASE_SECRET_KEY / LOCAL_JWT_SECRET, DATABASE_URL,
   * FUNCTIONS_WALL_CLOCK_LIMIT_MS); functions inherit the rest, reshaped as
   * on hosted Supabase (function_env.ts).
   */
  env?: Record<string, string>;
  /**
   * Keys and JWT secret written by the local backend, used for whatever `env`
   * does not set. Default: `<config dir>/.temp/local-keys.json`.
   */
  localKeysPath?: string;
  /** How long a function may take to call Deno.serve. Default 15000. */
  bootTimeoutMs?: number;
  /**
   * How long one request may run in its function process, response body
   * included (boot has its own limit). Default: FUNCTIONS_WALL_CLOCK_LIMIT_MS
   * from the environment, else 150000. Hosted measures the limit over a
   * worker's life, which may serve several requests; per request is the
   * longest any one request can get there.
   */
  wallClockLimitMs?: number;
  /** Memory cap per function process in MB (V8 heap, plus external memory sampled). Default 256. */
  memoryLimitMb?: number;
  /** Quiet period before a source change reloads functions. Default 100. */
  reloadDebounceMs?: number;
  /** Default: console.log / console.error. */
  logger?: RuntimeLogger;
  /**
   * The functions' dependency cache made by `npm ci`
   * (dependency_cache.ts): processes run offline from it. Without it they
   * use Deno's own cache, filled from the registry on first use.
   */
  denoDir?: string;
};

export type FunctionsRuntime = {
  /** Base URL, e.g. `http://127.0.0.1:54329`; functions live under `${url}/functions/v1/<name>`. */
  url: string;
  /**
   * Kills the function's process at once (SIGKILL), as a crashed worker
   * dies: requests in flight get the gateway's error, the next request
   * starts a fresh process. For tests of crash recovery. False when the
   * function had no process.
   */
  killFunction(name: string): Promise<boolean>;
  /** Stops the watcher, every function process and the server. */
  close(): Promise<void>;
};

/**
 * Serves `functionsDir/<name>/index.ts` at `/functions/v1/<name>` on
 * 127.0.0.1 (only loopback: this is a local development server), standing in
 * for the Edge Runtime and no kinder than it: hosted-shaped environment
 * (function_env.ts), verify_jwt (gateway_auth.ts), the gateway's own errors
 * (gateway_responses.ts), wall-clock and memory limits. Each function runs
 * in its own process, started on first request. A change to a
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

  const wallClockLimitMs = options.wallClockLimitMs ?? wallClockLimitFromEnv(runtimeEnv);
  // Read once: user JWTs are checked, and the legacy keys signed, with the
  // secret the local backend signs with, for the runtime's whole life.
  const localKeys = await resolveLocalKeys(runtimeEnv, localKeysPath);
  // The local stack's key for sealing stored secrets, as hosted functions get theirs from `supabase secrets set`.
  if (!runtimeEnv.INKPRESS_SECRETS_KEY && localKeys.secretsKey) runtimeEnv.INKPRESS_SECRETS_KEY = localKeys.secretsKey;
  if (!localKeys.jwtSecret) {
    throw new Error(
      `No JWT secret for the functions runtime: set LOCAL_JWT_SECRET or start the local backend first ` +
        `(npm start writes it to ${localKeysPath}). Without the secret the local backend signs with, ` +
        `every signed-in call would be refused.`,
    );
  }
  const config = await readProjectConfig(configPath);
  const legacyKeys = await signLegacyApiKeys(localKeys.jwtSecret, config.projectRef, Math.floor(Date.now() / 1000));

  const pool = new FunctionPool({
    bootTimeoutMs: options.bootTimeoutMs ?? 15_000,
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
    logger,
    denoDir: options.denoDir,
    envForNewProcess: async () => {
      const dotenvPath = join(functionsDir, ".env");
      const dotenv = await readDotenvFile(dotenvPath);
      const reserved = Object.keys(dotenv).filter(isReservedName);
      if (reserved.length > 0) {
        logger.error(`${dotenvPath}: ${reserved.join(", ")} ignored (the SUPABASE_ prefix is reserved)`);
      }
      return buildFunctionEnv(runtimeEnv, dotenv, {
        supabaseUrl: runtimeEnv.SUPABASE_URL || DEFAULT_SUPABASE_URL,
        apiKeys: { publishableKey: localKeys.publishableKey, secretKey: localKeys.secretKey },
        legacyKeys,
        databaseUrl: runtimeEnv.DATABASE_URL || undefined,
      });
    },
  });
  const handler = createGatewayHandler({
    functionsDir,
    pool,
    logger,
    wallClockLimitMs,
    // The local scheduler (and pg_cron on hosted) call with the secret key as apikey.
    quietWhenOk: (request) => Boolean(localKeys.secretKey) && request.headers.get("apikey") === localKeys.secretKey,
    authPolicy: async (functionName) => {
      const { verifyJwt } = await readProjectConfig(configPath);
      return { verifyJwt: verifyJwt(functionName), jwtSecret: localKeys.jwtSecret };
    },
  });

  // The header and body time-outs of every local server (serve-http.ts).
  const server = await serveHttp({
    hostname: "127.0.0.1",
    port: options.port ?? DEFAULT_FUNCTIONS_PORT,
    handler,
    onError: (error) => logger.error(`Gateway error: ${error instanceof Error ? error.stack : error}`),
  });
  const { port } = server;
  const watcher = watchForReloads(functionsDir, options.reloadDebounceMs ?? 100, pool, logger);

  return {
    url: `http://127.0.0.1:${port}`,
    killFunction: (name) => pool.kill(name),
    async close() {
      await watcher?.close();
      // Stop functions first: open streams then end, so the server can drain.
      await pool.close();
      await server.close();
    },
  };
}

function wallClockLimitFromEnv(env: Record<string, string>): number {
  const raw = env.FUNCTIONS_WALL_CLOCK_LIMIT_MS;
  if (!raw) return DEFAULT_WALL_CLOCK_LIMIT_MS;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit <= 0) {
    throw new Error(`FUNCTIONS_WALL_CLOCK_LIMIT_MS must be a positive whole number of milliseconds, got ${raw}`);
  }
  return limit;
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
