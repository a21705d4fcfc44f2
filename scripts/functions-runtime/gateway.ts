import { join } from "node:path";
import { BootError, type RuntimeLogger } from "./function_process.ts";
import type { FunctionPool } from "./function_pool.ts";
import { checkGatewayAuth, type GatewayCredentials } from "./gateway_auth.ts";
import {
  functionBootError,
  functionCrashed,
  functionNotFound,
  gatewayError,
  preflightResponse,
  unauthorized,
} from "./gateway_responses.ts";
import { proxyRequest } from "./proxy.ts";

export type GatewayOptions = {
  functionsDir: string;
  pool: FunctionPool;
  /** Read per request, so config.toml and key changes apply without a restart. */
  authPolicy(functionName: string): Promise<{ verifyJwt: boolean; credentials: GatewayCredentials }>;
  logger: RuntimeLogger;
};

const FUNCTION_ROUTE = /^\/functions\/v1\/([^/]+)(\/.*)?$/;
/** Folder names that can be functions: no `_` prefix (shared code), no dots (no path traversal). */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Handles `/functions/v1/<name>[/<rest>]` like Supabase's functions gateway:
 * answers CORS preflight itself, 404s unknown functions, applies the
 * function's `verify_jwt` policy, then proxies to the function process. The
 * function sees the path without the `/functions/v1` prefix
 * (`/<name>[/<rest>]`), as on hosted Supabase. Logs one line per request
 * (method, path, status, ms until the response headers).
 */
export function createGatewayHandler(options: GatewayOptions): Deno.ServeHandler {
  return async (request, info) => {
    const startedAt = performance.now();
    // Not request.signal: Deno also aborts that once a response completes normally.
    const clientGone = new AbortController();
    info.completed.catch(() => clientGone.abort());
    const response = await routeRequest(request, clientGone.signal, options).catch((error) => {
      options.logger.error(`Gateway error for ${request.method} ${request.url}: ${error?.stack ?? error}`);
      return gatewayError(500, "INTERNAL_ERROR", "Functions runtime error (please check logs)");
    });
    const elapsed = Math.round(performance.now() - startedAt);
    options.logger.info(`${request.method} ${new URL(request.url).pathname} ${response.status} ${elapsed}ms`);
    return response;
  };
}

async function routeRequest(request: Request, clientGone: AbortSignal, options: GatewayOptions): Promise<Response> {
  if (request.method === "OPTIONS") return preflightResponse();
  const url = new URL(request.url);
  const route = FUNCTION_ROUTE.exec(url.pathname);
  const name = route?.[1] ?? "";
  const entryPath = FUNCTION_NAME.test(name) ? await functionEntry(options.functionsDir, name) : null;
  if (!entryPath) return functionNotFound();

  const policy = await options.authPolicy(name);
  if (policy.verifyJwt) {
    const auth = await checkGatewayAuth(request.headers, policy.credentials);
    if (!auth.ok) {
      options.logger.info(`[${name}] unauthorized: ${auth.reason}`);
      return unauthorized(auth.message);
    }
  }

  let port: number;
  try {
    port = await options.pool.portFor(name, entryPath);
  } catch (error) {
    if (error instanceof BootError) return functionBootError();
    throw error;
  }
  const target = new URL(`/${name}${route?.[2] ?? ""}${url.search}`, `http://127.0.0.1:${port}`);
  try {
    return await proxyRequest(request, target, clientGone);
  } catch (error) {
    if (!clientGone.aborted) options.logger.error(`[${name}] request failed: ${error}`);
    return functionCrashed();
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
