import assert from "node:assert/strict";
import { bytes, PNG_HEADER } from "../../_testing/bytes.ts";
import { sniffImageFormat } from "./image_format.ts";

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
