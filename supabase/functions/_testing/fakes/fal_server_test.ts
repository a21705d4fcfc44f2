import assert from "node:assert/strict";
import { type FakeFal, startFakeFal } from "./fal_server.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function withFake(options: Parameters<typeof startFakeFal>[0], test: (fake: FakeFal) => Promise<void>) {
  const fake = await startFakeFal(options);
  try {
    await test(fake);
  } finally {
    await fake.close();
  }
}

function generate(fake: FakeFal, body: unknown, key: string | null = "fal-test-key", model = "fal-ai/fast-sdxl") {
  return fetch(`${fake.url}/${model}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Key ${key}` } : {}) },
    body: JSON.stringify(body),
  });
}

Deno.test("success: fal's response shape, image URLs served by the fake as real PNGs", async () => {
  await withFake({}, async (fake) => {
    assert.match(fake.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await generate(fake, {
      prompt: "a fox",
      image_size: "landscape_4_3",
      num_images: 2,
      format: "png",
    });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.images.length, 2);
    assert.deepEqual(body.has_nsfw_concepts, [false, false]);
    assert.equal(body.prompt, "a fox");
    for (const image of body.images) {
      assert.ok(image.url.startsWith(`${fake.url}/files/`));
      assert.deepEqual([image.width, image.height, image.content_type], [64, 48, "image/png"]);
      const file = await fetch(image.url);
      const bytes = new Uint8Array(await file.arrayBuffer());
      assert.equal(file.headers.get("content-type"), "image/png");
      assert.deepEqual([...bytes.subarray(0, 8)], PNG_SIGNATURE);
      assert.deepEqual(bytes, fake.files.get(new URL(image.url).pathname));
    }
    const [request] = fake.requests;
    assert.deepEqual([request.method, request.path, request.authorization], [
      "POST",
      "/fal-ai/fast-sdxl",
      "Key fal-test-key",
    ]);
    assert.equal((request.body as { prompt: string }).prompt, "a fox");
  });
});

Deno.test("fullSizeImages serves fal's real pixel sizes, for another model too", async () => {
  await withFake({ fullSizeImages: true }, async (fake) => {
    const body = await (await generate(fake, { prompt: "x", image_size: "portrait_16_9" }, "k", "fal-ai/flux/schnell"))
      .json();
    assert.deepEqual([body.images[0].width, body.images[0].height], [576, 1024]);
    const bytes = new Uint8Array(await (await fetch(body.images[0].url)).arrayBuffer());
    const view = new DataView(bytes.buffer);
    assert.deepEqual([view.getUint32(16), view.getUint32(20)], [576, 1024]);
  });
});

Deno.test("auth: a missing key or a fal-wrong… key gets fal's 401", async () => {
  await withFake({}, async (fake) => {
    for (const key of [null, "fal-wrong-123"]) {
      const response = await generate(fake, { prompt: "x" }, key);
      assert.equal(response.status, 401);
      assert.deepEqual(await response.json(), { detail: "No user found for Key ID and Secret" });
    }
  });
});

Deno.test("input validation answers 422 with a FastAPI detail array", async () => {
  await withFake({}, async (fake) => {
    const response = await generate(fake, { image_size: "huge", num_images: 9 });
    assert.equal(response.status, 422);
    const { detail } = await response.json();
    assert.deepEqual(detail.map((issue: { loc: string[] }) => issue.loc.at(-1)), [
      "prompt",
      "image_size",
      "num_images",
    ]);
  });
});

Deno.test("per-model limits: schnell's 12 steps, webp refused, Recraft's 1,000-character prompt, an unknown model", async () => {
  await withFake({}, async (fake) => {
    const schnell = await generate(fake, { prompt: "x", num_inference_steps: 28, output_format: "webp" }, "k", "fal-ai/flux/schnell");
    assert.equal(schnell.status, 422);
    assert.deepEqual((await schnell.json()).detail, [
      {
        loc: ["body", "num_inference_steps"],
        msg: "Input should be less than or equal to 12",
        type: "less_than_equal",
        ctx: { le: 12 },
        input: 28,
      },
      { loc: ["body", "output_format"], msg: "Input should be 'jpeg' or 'png'", type: "literal_error" },
    ]);
    assert.equal((await generate(fake, { prompt: "x", num_inference_steps: 12 }, "k", "fal-ai/flux/schnell")).status, 200);
    const long = await generate(fake, { prompt: "x".repeat(1001) }, "k", "fal-ai/recraft/v3/text-to-image");
    assert.equal(long.status, 422);
    assert.equal((await long.json()).detail[0].type, "string_too_long");
    const recraft = await (await generate(fake, { prompt: "x", style: "vector_illustration" }, "k", "fal-ai/recraft/v3/text-to-image")).json();
    assert.deepEqual(Object.keys(recraft), ["images"], "Recraft's answer has no safety flags, seed or timings");
    const unknown = await generate(fake, { prompt: "x" }, "k", "fal-ai/imagen4/preview");
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
  });
});

Deno.test("the safety checker: a flagged image is still a 200, blacked out, with has_nsfw_concepts true", async () => {
  await withFake({}, async (fake) => {
    const body = await (await generate(fake, { prompt: "a nsfw-test scene", num_images: 2 })).json();
    assert.deepEqual(body.has_nsfw_concepts, [true, true]);
    const bytes = new Uint8Array(await (await fetch(body.images[0].url)).arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 8)], PNG_SIGNATURE);
  });
  await withFake({ scenario: "nsfw" }, async (fake) => {
    assert.deepEqual((await (await generate(fake, { prompt: "a fox" })).json()).has_nsfw_concepts, [true]);
  });
});

Deno.test("scenarios: errors, missing images, broken and misleading files", async () => {
  await withFake({ scenario: "exhausted-balance" }, async (fake) => {
    const response = await generate(fake, { prompt: "x" });
    assert.equal(response.status, 403);
    assert.match((await response.json()).detail, /^User is locked\. Reason: Exhausted balance/);
  });
  await withFake({ scenario: "content-policy" }, async (fake) => {
    const response = await generate(fake, { prompt: "x" });
    assert.equal(response.status, 422);
    assert.equal((await response.json()).detail[0].type, "content_policy_violation");
  });
  await withFake({ scenario: "unauthorized" }, async (fake) => {
    const response = await generate(fake, { prompt: "x" });
    assert.equal(response.status, 401);
    await response.body?.cancel();
  });
  await withFake({ scenario: "validation-error" }, async (fake) => {
    const response = await generate(fake, { prompt: "x" });
    assert.equal(response.status, 422);
    assert.equal((await response.json()).detail.length, 2);
  });
  await withFake({ scenario: "server-error" }, async (fake) => {
    const response = await generate(fake, { prompt: "x" });
    assert.equal(response.status, 500);
    assert.match(await response.text(), /upstream/);
  });
  await withFake({ scenario: "missing-images" }, async (fake) => {
    assert.deepEqual((await (await generate(fake, { prompt: "x" })).json()).images, []);
  });
  await withFake({ scenario: "image-not-found" }, async (fake) => {
    const { images } = await (await generate(fake, { prompt: "x" })).json();
    const file = await fetch(images[0].url);
    assert.equal(file.status, 404);
    await file.body?.cancel();
  });
  await withFake({ scenario: "not-an-image" }, async (fake) => {
    const { images } = await (await generate(fake, { prompt: "x" })).json();
    const file = await fetch(images[0].url);
    assert.equal(file.headers.get("content-type"), "image/png");
    assert.match(await file.text(), /<!doctype html>/);
  });
  await withFake({ scenario: "huge-image", hugeImageBytes: 300_000 }, async (fake) => {
    const { images } = await (await generate(fake, { prompt: "x" })).json();
    const file = await fetch(images[0].url);
    assert.equal(file.headers.get("content-length"), null, "no Content-Length to trust");
    assert.equal((await file.arrayBuffer()).byteLength, 300_000);
  });
});

Deno.test("the scenario can be switched at run time; URLs already handed out keep theirs", async () => {
  await withFake({}, async (fake) => {
    const before = (await (await generate(fake, { prompt: "x" })).json()).images[0].url;
    const switched = await fetch(`${fake.url}/_fake/scenario`, {
      method: "PUT",
      body: JSON.stringify({ scenario: "not-an-image" }),
    });
    assert.deepEqual(await switched.json(), { scenario: "not-an-image" });
    assert.equal(fake.scenario, "not-an-image");
    const after = (await (await generate(fake, { prompt: "x" })).json()).images[0].url;
    assert.deepEqual([...new Uint8Array(await (await fetch(before)).arrayBuffer()).subarray(0, 8)], PNG_SIGNATURE);
    assert.match(await (await fetch(after)).text(), /<!doctype html>/);

    const unknown = await fetch(`${fake.url}/_fake/scenario`, {
      method: "PUT",
      body: JSON.stringify({ scenario: "nope" }),
    });
    assert.equal(unknown.status, 400);
    await unknown.body?.cancel();
  });
});

Deno.test("the CLI prints its URL and serves until stopped", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      new URL("./fal_server.ts", import.meta.url).pathname,
      "--port",
      "0",
      "--scenario",
      "missing-images",
    ],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  try {
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let output = "";
    while (!output.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      output += value;
    }
    const url = output.split("\n")[0].trim();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/fal-ai/fast-sdxl`, {
      method: "POST",
      headers: { Authorization: "Key k" },
      body: '{"prompt":"x"}',
    });
    assert.deepEqual((await response.json()).images, []);
    await reader.cancel();
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
});
