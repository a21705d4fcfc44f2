/** Recognising an image's format by its bytes, and how large an image may be. */

/** Largest image we accept (the bucket's file_size_limit); defined in the contract the browser shares. */
export { MAX_IMAGE_BYTES } from "../contracts/image.ts";

export type ImageFormat =
  | { contentType: "image/png"; extension: "png" }
  | { contentType: "image/jpeg"; extension: "jpg" }
  | { contentType: "image/webp"; extension: "webp" }
  | { contentType: "image/gif"; extension: "gif" };

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image format named by the file's magic number, or null for anything
 * else. The provider's Content-Type is never trusted: these bytes end up in a
 * public bucket served under our domain.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: "image/png", extension: "png" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { contentType: "image/webp", extension: "webp" };
  }
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { contentType: "image/gif", extension: "gif" };
  }
  return null;
}

export interface ImageDimensions {
  width: number;
  height: number;
}

const u16be = (bytes: Uint8Array, at: number) => (bytes[at] << 8) | bytes[at + 1];
const u16le = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const u24le = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
const u32be = (bytes: Uint8Array, at: number) => ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];

/** Both sides at least one pixel, or null (a header that says 0 is not an image we can show). */
const sized = (width: number, height: number): ImageDimensions | null =>
  width > 0 && height > 0 ? { width, height } : null;

/**
 * The pixel size the image's own header states, or null when the header is
 * cut short or malformed. Only the header is read (no decoding): PNG's IHDR
 * (PNG spec 11.2.2), GIF's logical screen (GIF89a spec 18), WebP's VP8 /
 * VP8L / VP8X chunk (RFC 9649 2.5–2.7), JPEG's first SOFn segment (ITU T.81
 * B.2.2; DHT C4, JPG C8 and DAC CC share the range but are not frames).
 */
export function readImageDimensions(bytes: Uint8Array, format: ImageFormat): ImageDimensions | null {
  switch (format.extension) {
    case "png":
      if (bytes.length < 24 || !startsWith(bytes, ascii("IHDR"), 12)) return null;
      return sized(u32be(bytes, 16), u32be(bytes, 20));
    case "gif":
      return bytes.length < 10 ? null : sized(u16le(bytes, 6), u16le(bytes, 8));
    case "webp":
      if (startsWith(bytes, ascii("VP8 "), 12)) {
        if (bytes.length < 30 || !startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
        return sized(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
      }
      if (startsWith(bytes, ascii("VP8L"), 12)) {
        if (bytes.length < 25 || bytes[20] !== 0x2f) return null;
        const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
        return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
      }
      if (startsWith(bytes, ascii("VP8X"), 12)) {
        return bytes.length < 30 ? null : sized(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
      }
      return null;
    case "jpg":
      return jpegDimensions(bytes);
  }
}

function jpegDimensions(bytes: Uint8Array): ImageDimensions | null {
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0–7, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2;
      continue;
    }
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      return sized(u16be(bytes, at + 7), u16be(bytes, at + 5));
    }
    at += 2 + length;
  }
  return null;
}
