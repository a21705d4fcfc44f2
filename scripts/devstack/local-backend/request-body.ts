/**
 * A request's body read whole, within a size cap and a deadline, before the
 * request reaches lite (local-api.ts). lite reads bodies itself, and on the
 * embedded PGlite it serves one request at a time: a body read inside that
 * queue lets one slow or huge upload hold every other user's request. Read
 * here first, a client sending 1 byte a minute only holds its own request
 * (408 at the deadline), and a body over the cap is refused (413) as soon as
 * its declared length, or the bytes read, pass it: a 300 MB body is never
 * buffered.
 */

export type BodyLimits = {
  /** Largest body per path prefix, in bytes; the first matching prefix applies. */
  maxBytes: readonly (readonly [prefix: string, bytes: number])[];
  /** The whole body must arrive within this, from when the request was handed over. */
  deadlineMs: number;
};

const MiB = 1024 * 1024;

/**
 * Storage: the images bucket's file_size_limit (10 MiB) and a multipart
 * envelope. REST: the largest body the app sends is a content-index sync of
 * a big WordPress site (up to 6,000 posts and pages, their titles, excerpts
 * and terms, in one RPC) or an article of 250,000 characters; 32 MiB leaves
 * room. Auth: a sign-up's metadata is capped at a few hundred characters.
 */
export const BODY_LIMITS: BodyLimits = {
  maxBytes: [["/storage/v1/", 11 * MiB], ["/rest/v1/", 32 * MiB], ["/auth/v1/", 1 * MiB]],
  deadlineMs: 30_000,
};

export type BodyRefusal = { status: 408 | 413; message: string };

/** The cap for `pathname` (the smallest listed when none matches). */
export function maxBodyBytes(limits: BodyLimits, pathname: string): number {
  return limits.maxBytes.find(([prefix]) => pathname.startsWith(prefix))?.[1] ??
    Math.min(...limits.maxBytes.map(([, bytes]) => bytes));
}

/**
 * The request's body, or why it was refused. A request without a body gives
 * null. The stream is cancelled on refusal, so nothing more is read.
 */
export async function readBoundedBody(
  request: Request,
  maxBytes: number,
  deadlineMs: number,
): Promise<Uint8Array<ArrayBuffer> | null | BodyRefusal> {
  if (!request.body) return null;
  const tooLarge: BodyRefusal = { status: 413, message: `Request body too large: at most ${maxBytes} bytes` };
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body.cancel().catch(() => {});
    return tooLarge;
  }
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), deadlineMs)));
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), late]);
      if (read === "late") {
        await reader.cancel().catch(() => {});
        return { status: 408, message: `Request body not received within ${deadlineMs / 1000} s` };
      }
      if (read.done) break;
      length += read.value.byteLength;
      if (length > maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge;
      }
      chunks.push(read.value);
    }
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** `request` with `body` in place of its stream (and the length it now has). */
export function withBody(request: Request, body: Uint8Array<ArrayBuffer> | null): Request {
  const headers = new Headers(request.headers);
  headers.delete("Transfer-Encoding");
  if (body) headers.set("Content-Length", String(body.byteLength));
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

/** The refusal as the gateway answers it; the connection is closed, so no unread rest of the body is drained. */
export function refusalResponse(refusal: BodyRefusal): Response {
  return Response.json({ message: refusal.message }, { status: refusal.status, headers: { Connection: "close" } });
}
