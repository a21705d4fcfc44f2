import assert from "node:assert/strict";
import { bytes, PNG_HEADER, rejects } from "../../_testing/bytes.ts";
import { gradientPng } from "../../_testing/fakes/png.ts";
import { createMemoryImageStore } from "../../_testing/memory_image_store.ts";
import { generateImageRequestSchema } from "../contracts/image.ts";
import {
  formatBytes,
  imageQuotaMessage,
  ImageQuotaError,
  ImageSaveError,
  imageStoragePath,
  storeGeneratedImages,
  toIsoTimestamp,
} from "./image_store.ts";
import { MAX_IMAGE_BYTES } from "./image_format.ts";

const QUOTA = 200 * 1024 * 1024;

Deno.test("imageStoragePath is <user>/<yyyy>/<mm>/<id>.<ext> in UTC", () => {
  assert.equal(imageStoragePath("u1", new Date("2026-12-31T23:30:00-02:00"), "abc", "png"), "u1/2027/01/abc.png");
  assert.equal(imageStoragePath("u1", new Date("2026-03-09T10:00:00Z"), "abc", "webp"), "u1/2026/03/abc.webp");
});

Deno.test("toIsoTimestamp accepts PostgREST and local-backend timestamps", () => {
  assert.equal(toIsoTimestamp("2026-11-22 13:57:40.852+00"), "2026-11-22T13:57:40.852Z");
  assert.equal(toIsoTimestamp("2026-11-22T15:57:40.852+02:00"), "2026-11-22T13:57:40.852Z");
  assert.equal(toIsoTimestamp("2026-11-22T13:57:40.852123+00:00"), "2026-11-22T13:57:40.852Z");
  assert.equal(toIsoTimestamp("garbage"), "garbage");
});

Deno.test("storeGeneratedImages uploads, records and answers with our URLs and the reported size", async () => {
  const store = createMemoryImageStore();
  const png = await gradientPng(16, 16);
  const request = generateImageRequestSchema.parse({ prompt: "Fox", guidanceScale: 3.3 });
  const ids = ["id-1", "id-2"];
  const stored = await storeGeneratedImages({
    userId: "user-1",
    request,
    images: [
      { bytes: png, format: { contentType: "image/png", extension: "png" }, width: 16, height: 16 },
      { bytes: bytes([0xff, 0xd8, 0xff, 0]), format: { contentType: "image/jpeg", extension: "jpg" } },
    ],
    store,
    quotaBytes: QUOTA,
    now: new Date("2026-05-01T00:00:00Z"),
    randomId: () => ids.shift()!,
  });
  assert.deepEqual([...store.objects.keys()], ["user-1/2026/05/id-1.png", "user-1/2026/05/id-2.jpg"]);
  assert.deepEqual(store.objects.get("user-1/2026/05/id-1.png")?.bytes, png);
  assert.deepEqual(stored.map(({ url, width, height }) => ({ url, width, height })), [
    { url: store.publicUrl("user-1/2026/05/id-1.png"), width: 16, height: 16 },
    { url: store.publicUrl("user-1/2026/05/id-2.jpg"), width: undefined, height: undefined },
  ]);
  assert.equal("width" in stored[1], false, "unknown sizes are omitted, not null");
  assert.deepEqual(store.records.map((record) => [record.content_type, record.byte_size, record.guidance_scale]), [
    ["image/png", png.byteLength, 3.3],
    ["image/jpeg", 4, 3.3],
  ]);
  assert.deepEqual(stored.map((image) => image.id), store.records.map((record) => record.id));
});

Deno.test("storeGeneratedImages leaves nothing behind when an upload or the insert fails", async () => {
  const request = generateImageRequestSchema.parse({ prompt: "Fox" });
  const images = [0, 1, 2].map(() => ({
    bytes: bytes(PNG_HEADER),
    format: { contentType: "image/png", extension: "png" } as const,
  }));
  for (const options of [{ failUploadNumber: 0, uploadDelayMs: 20 }, { failInsert: true }]) {
    const store = createMemoryImageStore(options);
    await rejects(storeGeneratedImages({ userId: "u", request, images, store, quotaBytes: QUOTA }), ImageSaveError);
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(store.objects.size, 0);
    assert.equal(store.records.length, 0);
  }
});

Deno.test("the download cap matches the images bucket's 10 MiB file_size_limit", () => {
  assert.equal(MAX_IMAGE_BYTES, 10485760);
});

Deno.test("storeGeneratedImages keeps nothing when the images would pass the user's quota", async () => {
  const request = generateImageRequestSchema.parse({ prompt: "Fox" });
  const image = { bytes: new Uint8Array(600), format: { contentType: "image/png", extension: "png" } as const };
  const store = createMemoryImageStore({ usedBytes: { u: 500 } });
  const error = await rejects(
    storeGeneratedImages({ userId: "u", request, images: [image, image], store, quotaBytes: 1_500 }),
    ImageQuotaError,
  );
  assert.deepEqual([error.usedBytes, error.quotaBytes], [500, 1_500]);
  assert.equal(store.objects.size, 0, "the uploaded objects are removed again");
  assert.equal(store.records.length, 0);
  const stored = await storeGeneratedImages({ userId: "u", request, images: [image], store, quotaBytes: 1_500 });
  assert.equal(stored.length, 1, "what still fits is stored");
});

Deno.test("the quota message says how full the library is and what to do", () => {
  assert.equal(formatBytes(209715200), "200 MB");
  assert.equal(formatBytes(1.25 * 1024 * 1024), "1.3 MB");
  assert.equal(formatBytes(5000), "4.9 KB");
  assert.equal(formatBytes(512), "512 bytes");
  assert.equal(
    imageQuotaMessage(209715200, 209715200),
    "Your image library is full (200 MB of 200 MB used). Delete images you no longer need, then try again.",
  );
});
