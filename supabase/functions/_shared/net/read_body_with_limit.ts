export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Response body exceeds ${maxBytes} bytes`);
  }
}

/**
 * Reads a whole body into one Uint8Array, refusing more than `maxBytes`.
 * The limit is enforced on the bytes actually received; `sizeHint` (a
 * Content-Length, untrusted) only sizes the first allocation. The buffer
 * doubles as needed, so peak memory stays below twice the body (and twice the
 * cap); the result may be a view on a larger buffer.
 */
export async function readBodyWithLimit(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  sizeHint = 0,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const hinted = Number.isSafeInteger(sizeHint) && sizeHint > 0 ? sizeHint : 64 * 1024;
  let buffer = new Uint8Array(Math.min(hinted, maxBytes));
  let length = 0;
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const needed = length + read.value.byteLength;
      if (needed > maxBytes) {
        await reader.cancel();
        throw new BodyTooLargeError(maxBytes);
      }
      if (needed > buffer.byteLength) {
        const grown = new Uint8Array(Math.min(maxBytes, Math.max(needed, buffer.byteLength * 2)));
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(read.value, length);
      length = needed;
    }
  } finally {
    reader.releaseLock();
  }
  return buffer.subarray(0, length);
}
