/**
 * HTTP helpers for Edge Functions.
 *
 *   Deno.serve(async (req) => {
 *     const preflight = handleOptions(req);
 *     if (preflight) return preflight;
 *     const body = await readJsonBody(req, 64 * 1024);
 *     if (!body.ok) return body.response;
 *     // validate body.value (it is `unknown`), then:
 *     return json({ done: true });
 *   });
 *
 * Every response built here carries `corsHeaders`, so browsers can read
 * successes and errors alike.
 */

/** CORS headers for browser callers (supabase-js sends authorization, x-client-info, apikey, content-type). */
export const corsHeaders: Readonly<Record<string, string>> = Object.freeze({
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
});

/** A JSON response with CORS headers; `extraHeaders` are added last and win. */
export function json(body: unknown, status = 200, extraHeaders?: HeadersInit): Response {
  const headers = new Headers(corsHeaders);
  headers.set("Content-Type", "application/json; charset=utf-8");
  new Headers(extraHeaders).forEach((value, name) => headers.set(name, value));
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * The error shape every function returns: `{ error: message, ...details }`.
 * `message` is shown to API callers, so never put secrets or stack traces in
 * it; `details` cannot replace `error`.
 */
export function errorResponse(status: number, message: string, details?: Record<string, unknown>): Response {
  return json({ ...details, error: message }, status);
}

/** The CORS preflight answer for an OPTIONS request; `null` for any other method. */
export function handleOptions(req: Request): Response | null {
  return req.method === "OPTIONS" ? new Response("ok", { headers: corsHeaders }) : null;
}

export type JsonBodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads the request body as JSON, refusing more than `maxBytes` bytes.
 * - 413 `{ error: "Request body exceeds N bytes" }` when the declared
 *   Content-Length or the bytes actually received pass the limit (reading
 *   stops there, so an oversized body is never held in memory);
 * - 400 when the body is empty, not UTF-8, or not valid JSON.
 * Client mistakes come back as `{ ok: false, response }`; it never throws
 * for them. The parsed value is `unknown`: validate it before use.
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<JsonBodyResult> {
  const tooLarge = () => ({
    ok: false as const,
    response: errorResponse(413, `Request body exceeds ${maxBytes} bytes`, { maxBytes }),
  });
  const invalid = (message: string) => ({ ok: false as const, response: errorResponse(400, message) });

  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) return tooLarge();
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      received += read.value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        return tooLarge();
      }
      chunks.push(read.value);
    }
  }
  if (received === 0) return invalid("Request body must be JSON");

  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch {
    return invalid("Request body is not valid JSON");
  }
}
