import assert from "node:assert/strict";
import { bytes, PNG_HEADER, rejects, streamOf } from "../../_testing/bytes.ts";
import { gradientPng } from "../../_testing/fakes/png.ts";
import type { DnsResolver, GuardedFetchOptions } from "../net/ssrf.ts";
import { downloadImage, downloadImages, ImageDownloadError } from "./image_download.ts";

/** Every name resolves to a public address (documentation range), so only the transport decides. */
const publicDns: DnsResolver = (_hostname, recordType) =>
  Promise.resolve(recordType === "A" ? ["93.184.216.34"] : []);

/** The guard over a stub transport: the checks are real, no socket is opened. */
function serving(response: (url: string) => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const transport: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init });
    return Promise.resolve(response(String(input)));
  };
  const guard: GuardedFetchOptions = { fetch: transport, resolveDns: publicDns, privateHostAllowlist: [] };
  return { calls, guard };
}

Deno.test("downloadImage returns the bytes and their sniffed format, ignoring the declared type", async () => {
  const png = await gradientPng(8, 4);
  const stub = serving(() => new Response(png, { headers: { "content-type": "text/plain" } }));
  const image = await downloadImage("https://v3.fal.media/files/x.png", { guard: stub.guard });
  assert.deepEqual(image.bytes, png);
  assert.deepEqual(image.format, { contentType: "image/png", extension: "png" });
  assert.ok(stub.calls[0].init?.signal, "the download has a time-out signal");
  assert.equal(stub.calls[0].init?.redirect, "manual", "redirects are followed by the guard, each re-checked");
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
    const error = await rejects(downloadImage(url, { guard: stub.guard }), ImageDownloadError);
    assert.equal(error.kind, "invalid_url");
  }
  assert.equal(stub.calls.length, 0);
});

Deno.test("downloadImage fails on HTTP errors, non-images, oversized bodies and time-outs", async () => {
  await rejects(
    downloadImage("https://x.test/a.png", { guard: serving(() => new Response("gone", { status: 404 })).guard }),
    ImageDownloadError,
    /404/,
  );
  await rejects(
    downloadImage("https://x.test/a.png", {
      guard: serving(() => new Response("<html>", { headers: { "content-type": "image/png" } })).guard,
    }),
    ImageDownloadError,
    /not a PNG/,
  );
  const lyingLength = () =>
    new Response(streamOf([bytes(PNG_HEADER), new Uint8Array(64)]), { headers: { "content-length": "10" } });
  const tooLarge = await rejects(
    downloadImage("https://x.test/a.png", { guard: serving(lyingLength).guard, maxBytes: 32 }),
    ImageDownloadError,
  );
  assert.equal(tooLarge.kind, "too_large");
  const stalled: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
  const timedOut = await rejects(
    downloadImage("https://x.test/a.png", { guard: { fetch: stalled, resolveDns: publicDns }, timeoutMs: 20 }),
    ImageDownloadError,
  );
  assert.equal(timedOut.kind, "timeout");
  const refused: typeof fetch = () =>
    Promise.reject(new TypeError("error sending request for url (https://x.test/files/secret-token.png?sig=abc)"));
  const error = await rejects(
    downloadImage("https://x.test/files/secret-token.png?sig=abc", { guard: { fetch: refused, resolveDns: publicDns } }),
    ImageDownloadError,
  );
  assert.ok(!error.message.includes("secret-token") && !error.message.includes("sig=abc"), error.message);
});

/**
 * A hostile provider answer: image URLs that point at a service inside our
 * network. A real "internal" server on loopback serves a valid PNG, so a
 * download that got through would succeed; the real guard (real DNS, real
 * fetch) must refuse every notation before any byte leaves.
 */
Deno.test("downloadImage refuses loopback (every notation), private, metadata and redirects to them", async () => {
  const png = await gradientPng(4, 4);
  let internalHits = 0;
  const internal = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => {
    internalHits++;
    return new Response(png, { headers: { "content-type": "image/png" } });
  });
  const port = internal.addr.port;
  // The provider's own host may be allowlisted (as tests allowlist the fake fal.ai); it redirects inward.
  const provider = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const to = new URL(req.url).searchParams.get("to");
    return to ? Response.redirect(to, 302) : new Response(png);
  });
  const providerHost = `127.0.0.1:${provider.addr.port}`;
  const guard: GuardedFetchOptions = { privateHostAllowlist: [providerHost] };
  try {
    const hostile = [
      `http://127.0.0.1:${port}/a.png`,
      `http://localhost:${port}/a.png`,
      `http://127.1:${port}/a.png`,
      `http://2130706433:${port}/a.png`,
      `http://0x7f000001:${port}/a.png`,
      `http://0177.0.0.1:${port}/a.png`,
      `http://[::1]:${port}/a.png`,
      `http://[::ffff:127.0.0.1]:${port}/a.png`,
      `http://[::ffff:7f00:1]:${port}/a.png`,
      `http://[::ffff:0:127.0.0.1]:${port}/a.png`,
      `http://[64:ff9b::7f00:1]:${port}/a.png`,
      `http://0.0.0.0:${port}/a.png`,
      "http://10.0.0.1/a.png",
      "http://192.168.1.1/a.png",
      "http://172.16.0.1/a.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/latest/meta-data/",
      "http://100.64.0.1/a.png",
      `http://${providerHost}/files/x.png?to=${encodeURIComponent(`http://127.0.0.1:${port}/a.png`)}`,
      `http://${providerHost}/files/x.png?to=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`,
    ];
    for (const url of hostile) {
      const error = await rejects(downloadImage(url, { guard, timeoutMs: 5_000 }), ImageDownloadError);
      assert.equal(error.kind, "forbidden_address", `${url}: ${error.message}`);
    }
    assert.equal(internalHits, 0, "no request reached the internal service");
    const allowed = await downloadImage(`http://${providerHost}/files/x.png`, { guard });
    assert.deepEqual(allowed.bytes, png, "the allowlisted provider itself still works");
  } finally {
    await internal.shutdown();
    await provider.shutdown();
  }
});

Deno.test("downloadImages fetches in parallel and aborts the rest when one fails", async () => {
  const png = await gradientPng(2, 2);
  let inFlight = 0;
  let peak = 0;
  let abortedSiblings = 0;
  const transport: typeof fetch = async (input, init) => {
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
  const guard = { fetch: transport, resolveDns: publicDns };
  const ok = await downloadImages(["https://x.test/1.png", "https://x.test/2.png", "https://x.test/3.png"], { guard });
  assert.equal(ok.length, 3);
  assert.equal(peak, 3, "all three downloads ran at once");
  await rejects(
    downloadImages(["https://x.test/slow.png", "https://x.test/bad.png"], { guard }),
    ImageDownloadError,
    /500/,
  );
  assert.equal(abortedSiblings, 1);
});
