import assert from "node:assert/strict";
import {
  buildFalRequestBody,
  DEFAULT_FAL_BASE_URL,
  FAL_TIMEOUT_MS,
  FLAGGED_IMAGE,
  falConfigFromEnv,
  FalError,
  falErrorMessage,
  generateFalImages,
  promptWithStyle,
} from "./fal.ts";
import { generateImageRequestSchema } from "../contracts/image.ts";

const request = generateImageRequestSchema.parse({ prompt: "A red fox", stylePreset: "low-poly", numImages: 2 });
const config = { baseUrl: "https://fal.test", timeoutMs: 1_000 };
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
  assert.deepEqual(falConfigFromEnv(() => undefined), { baseUrl: DEFAULT_FAL_BASE_URL, timeoutMs: FAL_TIMEOUT_MS });
  assert.ok(FAL_TIMEOUT_MS <= 120_000);
  assert.deepEqual(falConfigFromEnv((name) => (name === "FAL_BASE_URL" ? "http://127.0.0.1:9999/ " : undefined)), {
    baseUrl: "http://127.0.0.1:9999",
    timeoutMs: FAL_TIMEOUT_MS,
  });
});

Deno.test("buildFalRequestBody: fast-sdxl gets the spec fields, the style folded into the prompt", () => {
  assert.equal(promptWithStyle("A fox", "3d-model"), "A fox, 3d model style");
  assert.deepEqual(buildFalRequestBody(request), {
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

Deno.test("buildFalRequestBody: each model gets only what its schema takes, with its own defaults", () => {
  const body = (input: Record<string, unknown>) => buildFalRequestBody(generateImageRequestSchema.parse({ prompt: "A fox", ...input }));
  assert.deepEqual(body({ model: "fal-ai/flux/schnell", stylePreset: "origami", negativePrompt: "blur" }), {
    prompt: "A fox",
    image_size: "square_hd",
    num_inference_steps: 4,
    guidance_scale: 3.5,
    num_images: 1,
    enable_safety_checker: true,
    output_format: "png",
  });
  assert.equal(body({ model: "fal-ai/flux/dev" }).num_inference_steps, 28);
  assert.deepEqual(body({ model: "fal-ai/flux-pro/v1.1", numInferenceSteps: 30, guidanceScale: 5 }), {
    prompt: "A fox",
    image_size: "square_hd",
    num_images: 1,
    safety_tolerance: "2",
    output_format: "png",
  });
  assert.deepEqual(body({ model: "fal-ai/recraft/v3/text-to-image", recraftStyle: "vector_illustration" }), {
    prompt: "A fox",
    image_size: "square_hd",
    style: "vector_illustration",
    enable_safety_checker: true,
  });
});

Deno.test("the request is checked against the chosen model's limits", () => {
  const issues = (input: Record<string, unknown>) => {
    const parsed = generateImageRequestSchema.safeParse({ prompt: "A fox", ...input });
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };
  assert.deepEqual(issues({ model: "fal-ai/flux/schnell", numInferenceSteps: 30 }), [
    "numInferenceSteps: Inference steps must be a whole number from 1 to 12",
  ]);
  assert.deepEqual(issues({ numInferenceSteps: 30 }), []);
  assert.deepEqual(issues({ numInferenceSteps: Number.NaN }), ["numInferenceSteps: Inference steps must be a whole number from 1 to 50"]);
  assert.deepEqual(issues({ guidanceScale: 7.55 }), ["guidanceScale: Guidance scale must be in steps of 0.1"]);
  assert.deepEqual(issues({ model: "fal-ai/recraft/v3/text-to-image", numImages: 2 }), [
    "numImages: Recraft V3 makes one image per request",
  ]);
  assert.deepEqual(issues({ model: "fal-ai/recraft/v3/text-to-image", prompt: "x".repeat(1001) }), [
    "prompt: Prompt must be at most 1000 characters for Recraft V3",
  ]);
  assert.deepEqual(issues({ model: "fal-ai/imagen4/preview" }).length, 1);
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
  const { images, flagged } = await generateFalImages({ apiKey: API_KEY, request, config, fetch: stub.fetch });
  assert.equal(flagged, 0);
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

Deno.test("generateFalImages: flagged images are refused; all flagged is a 422 with the reason", async () => {
  const two = answering(200, {
    images: [{ url: "https://v3.fal.media/files/a.png" }, { url: "https://v3.fal.media/files/b.png" }],
    has_nsfw_concepts: [true, false],
  });
  assert.deepEqual(await generateFalImages({ apiKey: API_KEY, request, config, fetch: two.fetch }), {
    images: [{ url: "https://v3.fal.media/files/b.png", width: undefined, height: undefined }],
    flagged: 1,
  });
  const all = await rejection(generateFalImages({
    apiKey: API_KEY,
    request,
    config,
    fetch: answering(200, { images: [{ url: "https://v3.fal.media/files/a.png" }], has_nsfw_concepts: [true] }).fetch,
  }));
  assert.deepEqual([all.message, all.status], [FLAGGED_IMAGE, 422]);
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
    [401, { detail: "No user found for Key ID and Secret" }, "fal.ai refused the API key. Check it in Profile Settings → API Keys.", 400],
    [
      403,
      { detail: "User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing." },
      "Your fal.ai balance is used up. Top up at fal.ai/dashboard/billing, then try again.",
      400,
    ],
    [403, { detail: "Forbidden" }, "Forbidden", 400],
    [422, { detail: [{ msg: "a" }, { msg: "b" }] }, "a; b", 400],
    [
      422,
      { detail: [{ loc: ["body", "prompt"], msg: "flagged", type: "content_policy_violation", categories: ["violence"] }] },
      "fal.ai's content checker refused the description (violence). Rephrase it and try again.",
      400,
    ],
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
    fetch: answering(400, { detail: `Key ${API_KEY} is not valid` }).fetch,
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
