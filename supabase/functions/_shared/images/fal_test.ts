import assert from "node:assert/strict";
import {
  buildFalRequestBody,
  DEFAULT_FAL_BASE_URL,
  DEFAULT_FAL_IMAGE_MODEL,
  FAL_TIMEOUT_MS,
  falConfigFromEnv,
  FalError,
  falErrorMessage,
  generateFalImages,
  promptWithStyle,
} from "./fal.ts";
import { generateImageRequestSchema } from "../contracts/image.ts";

const request = generateImageRequestSchema.parse({ prompt: "A red fox", stylePreset: "low-poly", numImages: 2 });
const config = { baseUrl: "https://fal.test", model: DEFAULT_FAL_IMAGE_MODEL, timeoutMs: 1_000 };
const API_KEY = "fal-key-0123456789abcdef";

/** A fetch that answers once with `body` (a string is sent as is) and records the call. */
function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status, headers: { "content-type": "application/json" } }));
  };
  return { calls, fetch: fetchStub };
}

async function rejection(promise: Promise<unknown>): Promise<FalError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof FalError, String(error));
    return error;
  }
  assert.fail("expected a FalError");
}

Deno.test("falConfigFromEnv: defaults, overrides, and stray slashes", () => {
  assert.deepEqual(falConfigFromEnv(() => undefined), {
    baseUrl: DEFAULT_FAL_BASE_URL,
    model: DEFAULT_FAL_IMAGE_MODEL,
    timeoutMs: FAL_TIMEOUT_MS,
  });
  assert.ok(FAL_TIMEOUT_MS <= 120_000);
  const env: Record<string, string> = {
    FAL_BASE_URL: "http://127.0.0.1:9999/ ",
    FAL_IMAGE_MODEL: "/fal-ai/flux/schnell/",
  };
  assert.deepEqual(falConfigFromEnv((name) => env[name]), {
    baseUrl: "http://127.0.0.1:9999",
    model: "fal-ai/flux/schnell",
    timeoutMs: FAL_TIMEOUT_MS,
  });
});

Deno.test("buildFalRequestBody maps the spec fields and folds the style into the prompt", () => {
  assert.equal(promptWithStyle("A fox", "3d-model"), "A fox, 3d model style");
  assert.deepEqual(buildFalRequestBody(DEFAULT_FAL_IMAGE_MODEL, request), {
    prompt: "A red fox, low poly style",
    image_size: "square_hd",
    num_inference_steps: 30,
    guidance_scale: 7.5,
    negative_prompt: "blurry, low quality, distorted, watermark",
    num_images: 2,
    enable_safety_checker: true,
    format: "png",
  });
});

Deno.test("buildFalRequestBody drops negative_prompt for models without one", () => {
  assert.equal("negative_prompt" in buildFalRequestBody("fal-ai/flux/schnell", request), false);
  assert.equal("negative_prompt" in buildFalRequestBody("fal-ai/fast-lightning-sdxl", request), true);
});

Deno.test("falErrorMessage reads error.message, error, detail (string or array) and message", () => {
  assert.equal(falErrorMessage({ error: { message: "Quota exceeded" }, detail: "ignored" }), "Quota exceeded");
  assert.equal(falErrorMessage({ error: "Bad gateway" }), "Bad gateway");
  assert.equal(falErrorMessage({ detail: "Invalid authentication" }), "Invalid authentication");
  assert.equal(
    falErrorMessage({
      detail: [{ loc: ["body", "prompt"], msg: "Field required", type: "missing" }, { msg: "Too big" }, "junk"],
    }),
    "Field required; Too big",
  );
  assert.equal(falErrorMessage({ message: "User is locked" }), "User is locked");
  assert.equal(falErrorMessage({ detail: [] }), null);
  assert.equal(falErrorMessage({ error: { code: 3 }, message: "  " }), null);
  assert.equal(falErrorMessage("plain text"), null);
  assert.equal(falErrorMessage(undefined), null);
});

Deno.test("generateFalImages posts to <base>/<model> with the Key header and returns the images", async () => {
  const stub = answering(200, {
    images: [
      { url: "https://v3.fal.media/files/a.png", width: 1024, height: 1024, content_type: "image/png" },
      { url: "https://v3.fal.media/files/b.png", width: "wide" },
    ],
    seed: 1,
  });
  const images = await generateFalImages({ apiKey: API_KEY, request, config, fetch: stub.fetch });
  assert.deepEqual(images, [
    { url: "https://v3.fal.media/files/a.png", width: 1024, height: 1024 },
    { url: "https://v3.fal.media/files/b.png", width: undefined, height: undefined },
  ]);
  const [call] = stub.calls;
  assert.equal(call.url, "https://fal.test/fal-ai/fast-sdxl");
  assert.equal(call.init.method, "POST");
  assert.equal(new Headers(call.init.headers).get("Authorization"), `Key ${API_KEY}`);
  assert.equal(JSON.parse(String(call.init.body)).prompt, "A red fox, low poly style");
});

Deno.test("generateFalImages: images missing, empty or without URLs → 'No image URL was returned from the API'", async () => {
  for (const body of [{}, { images: [] }, { images: [{ url: "" }, { width: 3 }] }]) {
    const error = await rejection(
      generateFalImages({ apiKey: API_KEY, request, config, fetch: answering(200, body).fetch }),
    );
    assert.equal(error.message, "No image URL was returned from the API");
    assert.equal(error.status, 502);
  }
});

Deno.test("generateFalImages: a 200 that is not JSON → 'Failed to generate image'", async () => {
  const error = await rejection(
    generateFalImages({ apiKey: API_KEY, request, config, fetch: answering(200, "<html>").fetch }),
  );
  assert.equal(error.message, "Failed to generate image");
  assert.equal(error.status, 502);
});

Deno.test("generateFalImages: provider errors keep fal's message and map the status", async () => {
  const cases: [number, unknown, string, number][] = [
    [401, { detail: "Invalid authentication" }, "Invalid authentication", 400],
    [403, { detail: "Forbidden" }, "Forbidden", 400],
    [422, { detail: [{ msg: "a" }, { msg: "b" }] }, "a; b", 400],
    [429, { error: { message: "Too many requests" } }, "Too many requests", 429],
    [500, { message: "Model crashed" }, "Model crashed", 502],
    [503, "Service Unavailable", "Failed to generate image", 502],
    [404, { detail: "Application not found" }, "Application not found", 502],
  ];
  for (const [providerStatus, body, message, status] of cases) {
    const error = await rejection(
      generateFalImages({ apiKey: API_KEY, request, config, fetch: answering(providerStatus, body).fetch }),
    );
    assert.deepEqual([error.message, error.status, error.providerStatus], [message, status, providerStatus]);
  }
});

Deno.test("generateFalImages never passes the key on, even when fal echoes it, and caps long messages", async () => {
  const echoed = await rejection(generateFalImages({
    apiKey: API_KEY,
    request,
    config,
    fetch: answering(401, { detail: `Key ${API_KEY} is not valid` }).fetch,
  }));
  assert.equal(echoed.message, "Key [redacted] is not valid");
  const long = await rejection(
    generateFalImages({ apiKey: API_KEY, request, config, fetch: answering(400, { detail: "x".repeat(5000) }).fetch }),
  );
  assert.equal(long.message.length, 500);
});

Deno.test("generateFalImages: network failure → 502, time-out → 504, caller abort stops the call", async () => {
  const failing: typeof fetch = () => Promise.reject(new TypeError("connection refused"));
  const network = await rejection(generateFalImages({ apiKey: API_KEY, request, config, fetch: failing }));
  assert.deepEqual([network.message, network.status], ["Failed to generate image", 502]);

  const stalled: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
  const timedOut = await rejection(
    generateFalImages({ apiKey: API_KEY, request, config: { ...config, timeoutMs: 20 }, fetch: stalled }),
  );
  assert.deepEqual([timedOut.message, timedOut.status], ["Failed to generate image", 504]);

  const abort = new AbortController();
  const pending = generateFalImages({ apiKey: API_KEY, request, config, fetch: stalled, signal: abort.signal });
  abort.abort();
  assert.equal((await rejection(pending)).status, 502);
});

Deno.test("generateFalImages refuses an oversized JSON answer", async () => {
  const big = JSON.stringify({ images: [{ url: "https://x.test/a.png" }], padding: "p".repeat(2 * 1024 * 1024) });
  const error = await rejection(
    generateFalImages({ apiKey: API_KEY, request, config, fetch: answering(200, big).fetch }),
  );
  assert.equal(error.message, "Failed to generate image");
});
