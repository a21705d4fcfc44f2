import assert from "node:assert/strict";
import { bytes, imageHeaders, PNG_HEADER } from "../../_testing/bytes.ts";
import { readImageDimensions, sniffImageFormat } from "./image_format.ts";

Deno.test("sniffImageFormat recognises PNG, JPEG, WebP and GIF by their magic numbers only", () => {
  assert.deepEqual(sniffImageFormat(bytes(PNG_HEADER, [0, 0, 0, 13])), { contentType: "image/png", extension: "png" });
  assert.deepEqual(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0])), { contentType: "image/jpeg", extension: "jpg" });
  assert.deepEqual(sniffImageFormat(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 ")), {
    contentType: "image/webp",
    extension: "webp",
  });
  assert.deepEqual(sniffImageFormat(bytes("GIF89a", [1, 0])), { contentType: "image/gif", extension: "gif" });
  assert.deepEqual(sniffImageFormat(bytes("GIF87a")), { contentType: "image/gif", extension: "gif" });
  for (
    const other of [
      bytes("<!doctype html><html>"),
      bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "),
      bytes(PNG_HEADER.slice(0, 7)),
      bytes([0xff, 0xd8]),
      new Uint8Array(0),
    ]
  ) {
    assert.equal(sniffImageFormat(other), null);
  }
});

Deno.test("readImageDimensions reads the size each format's header states", () => {
  const headers = imageHeaders(1200, 675);
  const expected = { width: 1200, height: 675 };
  const read = (file: Uint8Array) => readImageDimensions(file, sniffImageFormat(file)!);
  assert.deepEqual(read(headers.png), expected);
  assert.deepEqual(read(headers.gif), expected);
  assert.deepEqual(read(headers.jpeg()), expected, "baseline JPEG: the DHT before the frame is skipped");
  assert.deepEqual(read(headers.jpeg(0xc2)), expected, "progressive JPEG");
  assert.deepEqual(read(headers.webpLossy), expected);
  assert.deepEqual(read(headers.webpLossless), expected);
  assert.deepEqual(read(headers.webpExtended), expected);
  assert.deepEqual(read(imageHeaders(16383, 1).webpLossless), { width: 16383, height: 1 }, "VP8L's 14-bit sizes");
});

Deno.test("readImageDimensions: a header cut short, malformed or stating no pixels gives null", () => {
  const headers = imageHeaders(640, 480);
  const read = (file: Uint8Array) => readImageDimensions(file, sniffImageFormat(file)!);
  assert.equal(read(headers.png.slice(0, 20)), null, "PNG cut inside IHDR");
  assert.equal(read(headers.gif.slice(0, 8)), null);
  assert.equal(read(headers.jpeg().slice(0, 30)), null, "JPEG cut before its frame");
  assert.equal(read(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00])), null, "a JPEG segment length below 2");
  assert.equal(read(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0x12, 0x34, 0, 0x10])), null, "JPEG bytes where a marker must be");
  assert.equal(read(headers.webpLossy.slice(0, 26)), null);
  assert.equal(read(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8L", [0, 0, 0, 0], [0x00, 0, 0, 0, 0])), null, "VP8L without its signature");
  assert.equal(read(bytes("RIFF", [0, 0, 0, 0], "WEBPALPH", [0, 0, 0, 0])), null, "an unknown WebP chunk");
  assert.equal(read(imageHeaders(0, 480).png), null, "zero pixels wide");
});
