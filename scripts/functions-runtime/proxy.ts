import { ensureCorsOrigin } from "./gateway_responses.ts";

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
 * Forwards `request` to `target` and returns the upstream response. Bodies
 * are streamed in both directions, never buffered, so server-sent events and
 * uploads flow chunk by chunk. `clientGone` must abort when the client
 * disconnects; that aborts the upstream request, so the function sees its
 * stream cancelled. Rejects if the upstream cannot be reached or dies before
 * sending headers.
 */
export async function proxyRequest(request: Request, target: URL, clientGone: AbortSignal): Promise<Response> {
  const upstream = await fetch(target, {
    method: request.method,
    headers: withoutHopByHop(request.headers),
    body: request.body,
    redirect: "manual",
    signal: clientGone,
  });
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: ensureCorsOrigin(withoutHopByHop(upstream.headers)),
  });
}

function withoutHopByHop(source: Headers): Headers {
  const headers = new Headers(source);
  for (const name of HOP_BY_HOP_HEADERS) headers.delete(name);
  return headers;
}
