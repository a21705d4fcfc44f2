import assert from "node:assert/strict";
import { bytes, rejects, streamOf } from "../../_testing/bytes.ts";
import { BodyTooLargeError, readBodyWithLimit } from "./read_body_with_limit.ts";

Deno.test("readBodyWithLimit assembles chunks and stops at the cap whatever Content-Length claimed", async () => {
  const chunks = [bytes([1, 2, 3]), bytes([4, 5]), bytes([6])];
  assert.deepEqual(await readBodyWithLimit(streamOf(chunks), 6), bytes([1, 2, 3, 4, 5, 6]));
  assert.deepEqual(
    await readBodyWithLimit(streamOf(chunks), 6, 2),
    bytes([1, 2, 3, 4, 5, 6]),
    "a small hint just grows",
  );
  assert.deepEqual(await readBodyWithLimit(null, 6), new Uint8Array(0));

  let cancelled = false;
  const error = await rejects(readBodyWithLimit(streamOf(chunks, () => (cancelled = true)), 5, 3), BodyTooLargeError);
  assert.equal(error.maxBytes, 5);
  assert.ok(cancelled, "the stream is cancelled once the cap is passed");
});
