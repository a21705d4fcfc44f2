import assert from "node:assert/strict";
import { bytes, PNG_HEADER, rejects, streamOf } from "../../_testing/bytes.ts";
import { gradientPng } from "../../../../scripts/fakes/png.ts";
import { BodyTooLargeError } from "../net/read_body_with_limit.ts";
import { downloadImage, downloadImages, ImageDownloadError } from "./image_download.ts";

function serving(response: () => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchStub: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init });
    return Promise.resolve(response());
  };
  return { calls, fetch: fetchStub };
}

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
