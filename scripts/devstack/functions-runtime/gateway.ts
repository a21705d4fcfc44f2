import { join } from "node:path";
import { BootError, type RunningFunction, type RuntimeLogger } from "./function_process.ts";
import type { FunctionPool } from "./function_pool.ts";
import { checkGatewayAuth } from "./gateway_auth.ts";
import {
  bootError,
  functionNotFound,
  runtimeFault,
  unauthorized,
  workerError,
  workerLimit,
} from "./gateway_responses.ts";
import { proxyRequest } from "./proxy.ts";
import type { HttpHandler } from "../serve-http.ts";

export type GatewayOptions = {
  functionsDir: string;
  pool: FunctionPool;
  /** Read per request, so config.toml changes apply without a restart. */
  authPolicy(functionName: string): Promise<{ verifyJwt: boolean; jwtSecret: string }>;
  /** How long a request may run in its function process, response body included. */
  wallClockLimitMs: number;
  logger: RuntimeLogger;
  /**
   * Requests whose success goes unlogged: the scheduler's runs (the secret
   * key as apikey), every few seconds; the scheduler itself says when one
   * did something. Their failures are logged as any other.
   */
  quietWhenOk?(request: Request): boolean;
};

const FUNCTION_ROUTE = /^\/functions\/v1\/([^/]+)(\/.*)?$/;
/** Folder names that can be functions: no `_` prefix (shared code), no dots (no path traversal). */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** A process that dies mid-request has its last output (an out-of-memory report) drained within this. */
const EXIT_REPORT_GRACE_MS = 1000;

/**
 * Handles `/functions/v1/<name>[/<rest>]` like the Edge Runtime's gateway:
 * 404s unknown functions, applies the function's `verify_jwt` policy (not to
 * OPTIONS: preflight is the function's to answer), then proxies to the
 * function process and adds nothing to its response. The function sees the
 * path without the `/functions/v1` prefix (`/<name>[/<rest>]`), as on hosted
 * Supabase. A request still running after `wallClockLimitMs`, or whose
 * process passes the memory cap, stops that process and gets 546
 * WORKER_LIMIT (a response already streaming is cut off instead). Logs one
 * line per request (method, path, status, ms until the response headers),
 * except successful ones `quietWhenOk` picks out.
 */
export function createGatewayHandler(options: GatewayOptions): HttpHandler {
  return async (request, info) => {
    const startedAt = performance.now();
    const clientGone = new AbortController();
    info.completed.catch(() => clientGone.abort());
    const response = await routeRequest(request, info.completed, clientGone.signal, options).catch((error) => {
      options.logger.error(`Gateway error for ${request.method} ${request.url}: ${error?.stack ?? error}`);
      return runtimeFault();
    });
    const elapsed = Math.round(performance.now() - startedAt);
    if (!(response.ok && options.quietWhenOk?.(request))) {
      options.logger.info(`${request.method} ${new URL(request.url).pathname} ${response.status} ${elapsed}ms`);
    }
    return response;
  };
}

async function routeRequest(
  request: Request,
  responseSent: Promise<void>,
  clientGone: AbortSignal,
  options: GatewayOptions,
): Promise<Response> {
  const url = new URL(request.url);
  const route = FUNCTION_ROUTE.exec(url.pathname);
  const name = route?.[1] ?? "";
  const entryPath = FUNCTION_NAME.test(name) ? await functionEntry(options.functionsDir, name) : null;
  if (!entryPath) return functionNotFound();

  if (request.method !== "OPTIONS") {
    const policy = await options.authPolicy(name);
    if (policy.verifyJwt) {
      const auth = await checkGatewayAuth(request.headers, policy.jwtSecret);
      if (!auth.ok) {
        options.logger.info(`[${name}] unauthorized: ${auth.reason}`);
        return unauthorized(auth.code, auth.message);
      }
    }
  }

  let running: RunningFunction;
  try {
    running = await options.pool.acquire(name, entryPath);
  } catch (error) {
    if (!(error instanceof BootError)) throw error;
    if (error.failure === "memory limit") return workerLimit();
    return error.failure === "evaluation" ? workerError() : bootError();
  }

  const overLimit = new AbortController();
  const wallClock = setTimeout(() => {
    overLimit.abort();
    void options.pool.stopForLimit(name, running, "wall clock time limit reached");
  }, options.wallClockLimitMs);
  const clearWallClock = () => clearTimeout(wallClock);
  responseSent.then(clearWallClock, clearWallClock);

  const target = new URL(`/${name}${route?.[2] ?? ""}${url.search}`, `http://127.0.0.1:${running.port}`);
  try {
    return await proxyRequest(request, target, AbortSignal.any([clientGone, overLimit.signal]));
  } catch (error) {
    clearWallClock();
    if (overLimit.signal.aborted) return workerLimit();
    if (clientGone.aborted) return workerError(); // nobody is left to read it
    await Promise.race([running.exited, new Promise((resolve) => setTimeout(resolve, EXIT_REPORT_GRACE_MS))]);
    if (running.exceededLimit) return workerLimit();
    options.logger.error(`[${name}] request failed: ${error}`);
    return workerError();
  }
}

async function functionEntry(functionsDir: string, name: string): Promise<string | null> {
  const entryPath = join(functionsDir, name, "index.ts");
  try {
    return (await Deno.stat(entryPath)).isFile ? entryPath : null;
  } catch {
    return null;
  }
}
