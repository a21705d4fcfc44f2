/**
 * CORS on /auth/v1, /rest/v1 and /storage/v1 as hosted Supabase's API gateway
 * answers it (Kong's cors plugin with its defaults, in front of GoTrue,
 * PostgREST and Storage), so a front end on another origin works locally as
 * it does on hosted. lite falls short there: its auth preflight names no
 * allowed headers and its auth and REST responses carry no
 * Access-Control-Allow-Origin, so a browser on another origin could neither
 * sign in nor read a row. /functions/v1 is not touched: functions answer
 * CORS themselves, and hosted's gateway adds nothing to theirs.
 */

const GATEWAY_PREFIXES = ["/auth/v1", "/rest/v1", "/storage/v1"];
const ALLOWED_METHODS = "GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT";
/** What PostgREST exposes to scripts (supabase-js reads Content-Range for counts). */
const POSTGREST_EXPOSED_HEADERS =
  "Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit";

export function isGatewayPath(pathname: string): boolean {
  return GATEWAY_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The gateway's own answer to a CORS preflight, or null when `request` is not one. */
export function gatewayPreflight(request: Request): Response | null {
  const method = request.headers.get("Access-Control-Request-Method");
  if (request.method !== "OPTIONS" || !request.headers.get("Origin") || !method) return null;
  const headers = new Headers({
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
  });
  const requested = request.headers.get("Access-Control-Request-Headers");
  if (requested) headers.set("Access-Control-Allow-Headers", requested);
  return new Response(null, { status: 200, headers });
}

/** `response` with the gateway's CORS headers added where the service set none. */
export function withGatewayCors(pathname: string, response: Response): Response {
  const headers = new Headers(response.headers);
  if (!headers.has("Access-Control-Allow-Origin")) headers.set("Access-Control-Allow-Origin", "*");
  if (pathname.startsWith("/rest/v1") && !headers.has("Access-Control-Expose-Headers")) {
    headers.set("Access-Control-Expose-Headers", POSTGREST_EXPOSED_HEADERS);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
