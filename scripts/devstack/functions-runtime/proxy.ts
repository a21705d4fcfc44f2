/** Connection-level headers that must not be forwarded by a proxy (RFC 9110 §7.6.1), plus Host. */
const HOP_BY_HOP_HEADERS = [
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
];

/**
 * Forwards `request` to `target` and returns the upstream response with its
 * status and headers as they are (minus hop-by-hop headers): nothing is
 * added, CORS included. Bodies are streamed in both directions, never
 * buffered, so server-sent events and uploads flow chunk by chunk. Aborting
 * `signal` (the client disconnected, or a limit was reached) aborts the
 * upstream request, so the function sees its stream cancelled, and cuts off
 * a response body still streaming. Rejects if the upstream cannot be reached
 * or dies before sending headers.
 */
export async function proxyRequest(request: Request, target: URL, signal: AbortSignal): Promise<Response> {
  const upstream = await fetch(target, {
    method: request.method,
    headers: withoutHopByHop(request.headers),
    body: request.body,
    redirect: "manual",
    signal,
  });
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: withoutHopByHop(upstream.headers),
  });
}

function withoutHopByHop(source: Headers): Headers {
  const headers = new Headers(source);
  for (const name of HOP_BY_HOP_HEADERS) headers.delete(name);
  return headers;
}
