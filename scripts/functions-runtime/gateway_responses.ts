/**
 * Responses the runtime produces itself (never the function), shaped like
 * hosted Supabase's functions gateway: JSON `{ code, message }` bodies, and
 * CORS open to any origin so browser callers can read errors too.
 */

const ALLOW_ORIGIN = "Access-Control-Allow-Origin";

/** Answer to any OPTIONS request (CORS preflight); the function never sees it. */
export function preflightResponse(): Response {
  return new Response("ok", {
    status: 200,
    headers: {
      [ALLOW_ORIGIN]: "*",
      "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
      "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    },
  });
}

/** Adds `Access-Control-Allow-Origin: *` unless the function chose its own. */
export function ensureCorsOrigin(headers: Headers): Headers {
  if (!headers.has(ALLOW_ORIGIN)) headers.set(ALLOW_ORIGIN, "*");
  return headers;
}

export function gatewayError(status: number, code: string | number, message: string): Response {
  return Response.json({ code, message }, { status, headers: { [ALLOW_ORIGIN]: "*" } });
}

export const functionNotFound = () => gatewayError(404, "NOT_FOUND", "Requested function was not found");
export const functionBootError = () => gatewayError(503, "BOOT_ERROR", "Function failed to start (please check logs)");
export const functionCrashed = () =>
  gatewayError(500, "WORKER_ERROR", "Function exited due to an error (please check logs)");
export const unauthorized = (message: string) => gatewayError(401, 401, message);
