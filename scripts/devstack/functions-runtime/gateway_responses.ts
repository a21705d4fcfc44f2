import type { UnauthorizedCode } from "./gateway_auth.ts";

/**
 * Responses the gateway produces itself (never the function), as hosted
 * Supabase's functions gateway sends them: the status, a JSON body
 * `{ code, message }`, and the same code in the `sb-error-code` header
 * (docs: guides/functions/error-codes).
 *
 * No CORS headers, because hosted sends none on its own errors: a browser
 * sees a platform 404 as a CORS failure (docs: troubleshooting/
 * edge-function-404-error-response, "Platform 404 errors cannot be detected
 * in the browser … Browsers misreport 404s as generic CORS errors"), and the
 * verify_jwt 401 carries none either (supabase/edge-runtime#213, open).
 * Preflight (OPTIONS) is the function's own business: it reaches the function
 * and passes verify_jwt, since browsers never send credentials on it.
 *
 * Bodies, as hosted answers them (docs troubleshooting pages and responses
 * recorded from hosted projects in 2026):
 *   404 {"code":"NOT_FOUND","message":"Requested function was not found"}
 *   401 {"code":"UNAUTHORIZED_NO_AUTH_HEADER","message":"Missing authorization header"}
 *   401 {"code":"UNAUTHORIZED_INVALID_JWT_FORMAT","message":"Invalid JWT"}
 *       (…"Auth header is not 'Bearer {token}'" when the scheme is wrong)
 *   401 {"code":"UNAUTHORIZED_LEGACY_JWT","message":"Invalid JWT"}
 *   401 {"code":"UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM","message":"Unsupported JWT algorithm PS256"}
 *   503 {"code":"BOOT_ERROR","message":"Function failed to start (please check logs)"}
 *   500 {"code":"WORKER_ERROR","message":"Function exited due to an error (please check logs)"}
 *   546 {"code":"WORKER_LIMIT","message":"Function failed due to not having enough compute resources (please check logs)"}
 */
function gatewayError(status: number, code: string, message: string): Response {
  return Response.json({ code, message }, { status, headers: { "sb-error-code": code } });
}

export const functionNotFound = () => gatewayError(404, "NOT_FOUND", "Requested function was not found");

export const unauthorized = (code: UnauthorizedCode, message: string) => gatewayError(401, code, message);

/** The function could not be loaded: a syntax error, an unresolvable import, or no Deno.serve in time. */
export const bootError = () => gatewayError(503, "BOOT_ERROR", "Function failed to start (please check logs)");

/** The function threw while its module was evaluated, or its process died while handling the request. */
export const workerError = () =>
  gatewayError(500, "WORKER_ERROR", "Function exited due to an error (please check logs)");

/** The function was stopped for exceeding its wall-clock or memory limit. */
export const workerLimit = () =>
  gatewayError(546, "WORKER_LIMIT", "Function failed due to not having enough compute resources (please check logs)");

/** A fault of this runtime itself, shaped like the Supabase CLI's local gateway answers one. */
export const runtimeFault = () =>
  Response.json({ code: "Internal Server Error", message: "Request failed due to an internal server error" }, {
    status: 500,
  });
