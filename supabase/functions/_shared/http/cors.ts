/**
 * CORS for browser callers on another origin (the hosted app is served from
 * its own domain). The headers are supabase-js's own list of what its
 * clients send (authorization, apikey, x-client-info, content-type,
 * x-retry-count, trace headers), so a new SDK header cannot break preflight.
 */
import { corsHeaders } from "@supabase/supabase-js/cors";

/** The same response with the CORS headers set (the body, streamed or not, is passed on untouched). */
export function withCors(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(corsHeaders)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The answer to a CORS preflight (OPTIONS). */
export function preflightResponse(): Response {
  return withCors(new Response("ok"));
}
