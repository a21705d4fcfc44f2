/** Recognising an image's format by its bytes, and how large an image may be. */

/**
 * Largest image we accept: the `images` bucket's file_size_limit (10 MiB,
 * migration 20261122000900). A bigger file could never be stored, so the
 * download stops there.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

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
