/** Test support: byte fixtures, chunked streams and typed rejections for the image and body tests. */
import assert from "node:assert/strict";

export const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

export function streamOf(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
    cancel: onCancel,
  });
}

export async function rejects<T extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => T,
  pattern?: RegExp,
): Promise<T> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, `expected ${type.name}, got ${error}`);
    if (pattern) assert.match((error as Error).message, pattern);
    return error as T;
  }
  assert.fail(`expected ${type.name}`);
}

/**
 * Headers of each image format stating `width`×`height`, laid out as the
 * formats' specifications say (PNG IHDR, GIF logical screen, JPEG with an
 * APP0 and a DHT before its frame, WebP VP8 / VP8L / VP8X): enough for
 * sniffing and reading the size, not for decoding.
 */
export const imageHeaders = (width: number, height: number) => {
  const u16be = (n: number) => [n >> 8, n & 0xff];
  const u16le = (n: number) => [n & 0xff, n >> 8];
  const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
  const u32be = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const vp8lBits = (width - 1) | ((height - 1) << 14);
  return {
    png: bytes(PNG_HEADER, [0, 0, 0, 13], "IHDR", u32be(width), u32be(height), [8, 2, 0, 0, 0], [0, 0, 0, 0]),
    gif: bytes("GIF89a", u16le(width), u16le(height), [0x80, 0, 0]),
    jpeg: (frameMarker = 0xc0) =>
      bytes(
        [0xff, 0xd8],
        [0xff, 0xe0], u16be(16), "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
        [0xff, 0xc4], u16be(4), [0, 0],
        [0xff, frameMarker], u16be(17), [8], u16be(height), u16be(width), [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
        [0xff, 0xd9],
      ),
    webpLossy: bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ", [0, 0, 0, 0], [0x50, 0x01, 0x00], [0x9d, 0x01, 0x2a], u16le(width), u16le(height)),
    webpLossless: bytes("RIFF", [0, 0, 0, 0], "WEBPVP8L", [0, 0, 0, 0], [0x2f], [vp8lBits & 0xff, (vp8lBits >> 8) & 0xff, (vp8lBits >> 16) & 0xff, vp8lBits >>> 24]),
    webpExtended: bytes("RIFF", [0, 0, 0, 0], "WEBPVP8X", [10, 0, 0, 0], [0x10, 0, 0, 0], u24le(width - 1), u24le(height - 1)),
  };
};
