/** Response builders. CORS headers are added to every response by `defineFunction`. */

/** A JSON response; `extraHeaders` are added last and win. */
export function json(body: unknown, status = 200, extraHeaders?: HeadersInit): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  new Headers(extraHeaders).forEach((value, name) => headers.set(name, value));
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * The error shape every function returns: `{ error: message, ...details }`.
 * `message` is shown to API callers, so never put secrets or stack traces in
 * it; `details` cannot replace `error`.
 */
export function errorResponse(
  status: number,
  message: string,
  details?: Record<string, unknown>,
  extraHeaders?: HeadersInit,
): Response {
  return json({ ...details, error: message }, status, extraHeaders);
}
