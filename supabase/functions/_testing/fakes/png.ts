/**
 * A minimal PNG encoder (8-bit RGB, no interlace, filter 0) so the fake
 * fal.ai server and benchmarks can serve real, decodable images without an
 * image library. zlib comes from the platform's CompressionStream.
 */

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOR_TYPE_RGB = 2;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, as PNG chunks use), optionally continuing from an earlier value. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function zlibDeflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Encodes `rgb` (width * height * 3 bytes, rows top to bottom) as a PNG file.
 */
export async function encodePng(width: number, height: number, rgb: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Invalid PNG size ${width}x${height}`);
  }
  if (rgb.length !== width * height * 3) {
    throw new RangeError(`Expected ${width * height * 3} RGB bytes, got ${rgb.length}`);
  }

  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header.set([8, COLOR_TYPE_RGB, 0, 0, 0], 8); // bit depth, colour type, compression, filter, interlace

  const rowBytes = width * 3;
  const scanlines = new Uint8Array(height * (rowBytes + 1)); // each row: filter byte 0, then pixels
  for (let y = 0; y < height; y++) {
    scanlines.set(rgb.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }

  const parts = [
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", await zlibDeflate(scanlines)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const file = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    file.set(part, offset);
    offset += part.length;
  }
  return file;
}

/** A width x height PNG: red grows left to right, green top to bottom, blue is `tint` (0-255). */
export function gradientPng(width: number, height: number, tint = 128): Promise<Uint8Array<ArrayBuffer>> {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const green = height === 1 ? 0 : Math.round((y * 255) / (height - 1));
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      rgb[i] = width === 1 ? 0 : Math.round((x * 255) / (width - 1));
      rgb[i + 1] = green;
      rgb[i + 2] = tint & 0xff;
    }
  }
  return encodePng(width, height, rgb);
}
