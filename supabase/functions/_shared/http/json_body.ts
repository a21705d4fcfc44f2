import { errorResponse } from "./responses.ts";

export type JsonBodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

export type BodyBytesResult = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; response: Response };

/**
 * Reads the request body, refusing more than `maxBytes` bytes: 413
 * `{ error: tooLargeMessage, maxBytes }` (default "Request body exceeds N
 * bytes") when the declared Content-Length or the bytes actually received
 * pass the limit (reading stops there, so an oversized body is never held in
 * memory). An empty body is zero bytes.
 */
export async function readBodyBytes(req: Request, maxBytes: number, tooLargeMessage?: string): Promise<BodyBytesResult> {
  const tooLarge = () => ({
    ok: false as const,
    response: errorResponse(413, tooLargeMessage ?? `Request body exceeds ${maxBytes} bytes`, { maxBytes }),
  });
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) {
    await req.body?.cancel();
    return tooLarge();
  }
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
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * Reads the request body as JSON, refusing more than `maxBytes` bytes
 * (413 as readBodyBytes), and 400 when the body is empty, not UTF-8, or not
 * valid JSON. Client mistakes come back as `{ ok: false, response }`; it
 * never throws for them. The parsed value is `unknown`: validate it before use.
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<JsonBodyResult> {
  const invalid = (message: string) => ({ ok: false as const, response: errorResponse(400, message) });
  const body = await readBodyBytes(req, maxBytes);
  if (!body.ok) return body;
  if (body.bytes.byteLength === 0) return invalid("Request body must be JSON");
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body.bytes)) };
  } catch {
    return invalid("Request body is not valid JSON");
  }
}
