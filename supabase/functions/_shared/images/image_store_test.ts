import assert from "node:assert/strict";
import { gradientPng } from "../../../../scripts/fakes/png.ts";
import { createMemoryImageStore } from "../../_testing/memory_image_store.ts";
import {
  BodyTooLargeError,
  downloadImage,
  downloadImages,
  ImageDownloadError,
  ImageSaveError,
  imageStoragePath,
  MAX_IMAGE_BYTES,
  readBodyWithLimit,
  sniffImageFormat,
  storeGeneratedImages,
  toIsoTimestamp,
} from "./image_store.ts";
import { generateImageRequestSchema } from "../schemas/image.ts";

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

function streamOf(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
    cancel: onCancel,
  });
}

function serving(response: () => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchStub: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init });
    return Promise.resolve(response());
  };
  return { calls, fetch: fetchStub };
}

async function rejects<T extends Error>(
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

Deno.test("downloadImage returns the bytes and their sniffed format, ignoring the declared type", async () => {
  const png = await gradientPng(8, 4);
  const stub = serving(() => new Response(png, { headers: { "content-type": "text/plain" } }));
  const image = await downloadImage("https://v3.fal.media/files/x.png", { fetch: stub.fetch });
  assert.deepEqual(image.bytes, png);
  assert.deepEqual(image.format, { contentType: "image/png", extension: "png" });
  assert.ok(stub.calls[0].init?.signal, "the download has a time-out signal");
});

Deno.test("downloadImage refuses URLs that are not plain http(s)", async () => {
  const stub = serving(() => new Response("never"));
  for (
    const url of [
      "data:image/png;base64,iVBORw0KGgo=",
      "file:///etc/passwd",
      "ftp://x.test/a.png",
      "not a url",
      "https://user:pass@x.test/a.png",
    ]
  ) {
    await rejects(downloadImage(url, { fetch: stub.fetch }), ImageDownloadError);
  }
  assert.equal(stub.calls.length, 0);
});

Deno.test("downloadImage fails on HTTP errors, non-images, oversized bodies and time-outs", async () => {
  await rejects(
    downloadImage("https://x.test/a.png", { fetch: serving(() => new Response("gone", { status: 404 })).fetch }),
    ImageDownloadError,
    /404/,
  );
  await rejects(
    downloadImage("https://x.test/a.png", {
      fetch: serving(() => new Response("<html>", { headers: { "content-type": "image/png" } })).fetch,
    }),
    ImageDownloadError,
    /not a PNG/,
  );
  const lyingLength = () =>
    new Response(streamOf([bytes(PNG_HEADER), new Uint8Array(64)]), { headers: { "content-length": "10" } });
  await rejects(
    downloadImage("https://x.test/a.png", { fetch: serving(lyingLength).fetch, maxBytes: 32 }),
    BodyTooLargeError,
  );

  const stalled: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
  await rejects(
    downloadImage("https://x.test/a.png", { fetch: stalled, timeoutMs: 20 }),
    ImageDownloadError,
    /timed out/,
  );

  const refused: typeof fetch = () =>
    Promise.reject(new TypeError("error sending request for url (https://x.test/a.png?token=abc)"));
  const error = await rejects(downloadImage("https://x.test/a.png", { fetch: refused }), ImageDownloadError);
  assert.ok(!error.message.includes("x.test"), "the provider URL stays out of the message");
});

Deno.test("downloadImages fetches in parallel and aborts the rest when one fails", async () => {
  const png = await gradientPng(2, 2);
  let inFlight = 0;
  let peak = 0;
  let abortedSiblings = 0;
  const fetchStub: typeof fetch = async (input, init) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    try {
      if (String(input).endsWith("bad.png")) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return new Response("nope", { status: 500 });
      }
      if (String(input).endsWith("slow.png")) {
        return await new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => {
            abortedSiblings++;
            reject(init.signal!.reason);
          })
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new Response(png);
    } finally {
      inFlight--;
    }
  };
  const ok = await downloadImages(["https://x.test/1.png", "https://x.test/2.png", "https://x.test/3.png"], {
    fetch: fetchStub,
  });
  assert.equal(ok.length, 3);
  assert.equal(peak, 3, "all three downloads ran at once");

  await rejects(
    downloadImages(["https://x.test/slow.png", "https://x.test/bad.png"], { fetch: fetchStub }),
    ImageDownloadError,
    /500/,
  );
  assert.equal(abortedSiblings, 1);
});

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
    await rejects(storeGeneratedImages({ userId: "u", request, images, store }), ImageSaveError);
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(store.objects.size, 0);
    assert.equal(store.records.length, 0);
  }
});

Deno.test("the download cap matches the images bucket's 10 MiB file_size_limit", () => {
  assert.equal(MAX_IMAGE_BYTES, 10485760);
});
