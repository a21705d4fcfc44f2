import assert from "node:assert/strict";
import { type FakeFal, type FakeFalScenario, startFakeFal } from "../_testing/fakes/fal_server.ts";
import { FLAGGED_IMAGE } from "../_shared/images/fal.ts";
import { sniffImageFormat } from "../_shared/images/image_format.ts";
import { generateImageResponseSchema, IMAGE_DEFAULTS } from "../_shared/contracts/image.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { createHandler, FAL_KEY_NOT_FOUND, type GenerateImageDeps } from "./handler.ts";
import { createMemoryImageStore, MEMORY_STORAGE_URL, type MemoryImageStore } from "../_testing/memory_image_store.ts";
import { createMemoryRateLimiter, memoryRateLimit, unlimited } from "../_testing/memory_rate_limiter.ts";
import { gradientPng } from "../_testing/fakes/png.ts";

const QUOTA_BYTES = 200 * 1024 * 1024;

const USER_ID = "7d3c1a52-0d55-4c3e-9d6b-2b1b7a0f9e11";
const USER_TOKEN = "user-session-token";
const FAL_KEY = "fal-good-key-5b0e7c2a:9f8d7e6c5b4a";

interface Harness {
  fake: FakeFal;
  store: MemoryImageStore;
  logs: { event: string; fields?: Record<string, unknown> }[];
  call(body: unknown, init?: { token?: string | null; method?: string; rawBody?: string }): Promise<Response>;
}

async function withHarness(
  options: {
    scenario?: FakeFalScenario;
    falKey?: string | null;
    deps?: Partial<GenerateImageDeps>;
    store?: MemoryImageStore;
    /** A hostile provider: rewrites the image URLs fal answers with. */
    imageUrl?: (url: string, origin: string) => string;
  },
  test: (harness: Harness) => Promise<void>,
): Promise<void> {
  const fake = await startFakeFal({
    scenario: options.scenario ?? "success",
    hugeImageBytes: 12 * 1024 * 1024,
    imageUrl: options.imageUrl,
  });
  const store = options.store ?? createMemoryImageStore();
  const logs: Harness["logs"] = [];
  const falKey = options.falKey === undefined ? FAL_KEY : options.falKey;
  const handler = createHandler({
    authenticate: (req) => {
      if (req.headers.get("Authorization") === `Bearer ${USER_TOKEN}`) return Promise.resolve({ id: USER_ID });
      return Promise.reject(new UnauthenticatedError());
    },
    falKeyFor: (userId) => Promise.resolve(userId === USER_ID ? falKey : null),
    imageStore: store,
    fal: { baseUrl: fake.url, timeoutMs: 5_000 },
    rateLimit: unlimited("images"),
    storageQuotaBytes: QUOTA_BYTES,
    // The fake fal.ai (and its file server) is on loopback: allowlisted, as PRIVATE_HOST_ALLOWLIST does in tests.
    imageFetchOptions: { privateHostAllowlist: [new URL(fake.url).host] },
    now: () => new Date("2026-03-09T10:00:00Z"),
    log: (event, fields) => logs.push({ event, fields }),
    ...options.deps,
  });
  const call: Harness["call"] = (body, init = {}) => {
    const headers = new Headers({ "Content-Type": "application/json" });
    const token = init.token === undefined ? USER_TOKEN : init.token;
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const method = init.method ?? "POST";
    return handler(
      new Request("http://functions.test/generate-image", {
        method,
        headers,
        body: method === "GET" || method === "OPTIONS" ? undefined : init.rawBody ?? JSON.stringify(body),
      }),
    );
  };
  try {
    await test({ fake, store, logs, call });
  } finally {
    await fake.close();
  }
}

async function expectError(response: Response, status: number, message: string): Promise<Record<string, unknown>> {
  const body = await response.json();
  assert.equal(response.status, status, JSON.stringify(body));
  assert.equal(body.error, message);
  assert.equal(response.headers.get("Access-Control-Allow-Origin"), "*");
  return body;
}

/** No secret or provider URL anywhere the browser, the database or the logs could see. */
function assertNothingLeaked(harness: Harness, responseText: string) {
  const logText = JSON.stringify(harness.logs);
  const recordText = JSON.stringify(harness.store.records);
  for (const text of [responseText, logText, recordText]) {
    assert.ok(!text.includes(FAL_KEY), "the fal key leaked");
    assert.ok(!text.includes(harness.fake.url), "a fal URL leaked");
  }
}

const generationRequests = (fake: FakeFal) => fake.requests.filter((request) => request.method === "POST");

Deno.test("success: the image is copied into Storage, recorded, and only our URL is returned", async () => {
  await withHarness({}, async (harness) => {
    const { fake, store, call } = harness;
    const response = await call({ prompt: "  A lighthouse at dusk  ", stylePreset: "digital-art", guidanceScale: 8.2 });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const body = generateImageResponseSchema.parse(JSON.parse(text));

    const [sent] = generationRequests(fake);
    assert.equal(sent.path, "/fal-ai/fast-sdxl");
    assert.equal(sent.authorization, `Key ${FAL_KEY}`);
    assert.deepEqual(sent.body, {
      prompt: "A lighthouse at dusk, digital art style",
      image_size: "square_hd",
      num_inference_steps: 30,
      guidance_scale: 8.2,
      negative_prompt: IMAGE_DEFAULTS.negativePrompt,
      num_images: 1,
      enable_safety_checker: true,
      format: "png",
    });

    assert.equal(body.images.length, 1);
    const [image] = body.images;
    const [[path, stored]] = [...store.objects];
    assert.match(path, new RegExp(`^${USER_ID}/2026/03/[0-9a-f-]{36}\\.png$`));
    assert.equal(stored.contentType, "image/png");
    const [served] = [...fake.files.values()];
    assert.deepEqual(stored.bytes, served, "bytes stored equal bytes served");
    assert.deepEqual(sniffImageFormat(stored.bytes), { contentType: "image/png", extension: "png" });

    assert.equal(image.url, `${MEMORY_STORAGE_URL}/${path}`);
    assert.deepEqual({ width: image.width, height: image.height }, { width: 64, height: 64 });
    assert.equal(image.createdAt, "2026-11-22T13:57:40.852Z");

    assert.equal(store.records.length, 1);
    const { id, created_at: _createdAt, ...record } = store.records[0];
    assert.equal(image.id, id);
    assert.deepEqual(record, {
      user_id: USER_ID,
      storage_path: path,
      public_url: image.url,
      prompt: "A lighthouse at dusk",
      negative_prompt: IMAGE_DEFAULTS.negativePrompt,
      image_size: "square_hd",
      style_preset: "digital-art",
      num_inference_steps: 30,
      guidance_scale: 8.2,
      content_type: "image/png",
      byte_size: served.byteLength,
      model: "fal-ai/fast-sdxl",
    });
    assert.equal(body.flagged, 0);
    assertNothingLeaked(harness, text);
  });
});

Deno.test("success: several images are all downloaded and stored, each with its own row", async () => {
  await withHarness({}, async (harness) => {
    const response = await harness.call({
      prompt: "Mountains",
      numImages: 3,
      imageSize: "landscape_16_9",
      numInferenceSteps: 12,
      negativePrompt: "",
      stylePreset: "3d-model",
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const body = generateImageResponseSchema.parse(JSON.parse(text));
    assert.equal(body.images.length, 3);
    assert.equal(harness.store.objects.size, 3);
    assert.equal(harness.store.records.length, 3);
    assert.equal(new Set(body.images.map((image) => image.url)).size, 3);
    for (const image of body.images) assert.deepEqual([image.width, image.height], [64, 36]);

    const [sent] = generationRequests(harness.fake);
    const input = sent.body as Record<string, unknown>;
    assert.equal(input.prompt, "Mountains, 3d model style");
    assert.equal(input.num_images, 3);
    assert.equal(input.image_size, "landscape_16_9");
    assert.equal(input.num_inference_steps, 12);
    assert.equal("negative_prompt" in input, false, "an empty negative prompt is not sent");

    const stored = [...harness.store.objects.values()].map((object) => object.bytes);
    for (const served of harness.fake.files.values()) {
      assert.ok(stored.some((bytes) => bytes.length === served.length && bytes.every((b, i) => b === served[i])));
    }
    assertNothingLeaked(harness, text);
  });
});

const REFUSED_KEY = "fal.ai refused the API key. Check it in Profile Settings → API Keys.";

Deno.test("fal refuses the key: 400 naming the fix, nothing stored, key not leaked", async () => {
  await withHarness({ falKey: "fal-wrong-key-123456" }, async (harness) => {
    const response = await harness.call({ prompt: "A cat" });
    const text = await response.clone().text();
    await expectError(response, 400, REFUSED_KEY);
    assert.equal(harness.store.objects.size, 0);
    assert.ok(!text.includes("fal-wrong-key-123456"));
    assert.ok(!JSON.stringify(harness.logs).includes("fal-wrong-key-123456"));
  });
});

Deno.test("fal 401 scenario answers 400 with the fix; an exhausted balance and the content checker say theirs", async () => {
  await withHarness({ scenario: "unauthorized" }, async ({ call }) => {
    await expectError(await call({ prompt: "A cat" }), 400, REFUSED_KEY);
  });
  await withHarness({ scenario: "exhausted-balance" }, async ({ call }) => {
    await expectError(
      await call({ prompt: "A cat" }),
      400,
      "Your fal.ai balance is used up. Top up at fal.ai/dashboard/billing, then try again.",
    );
  });
  await withHarness({ scenario: "content-policy" }, async ({ call }) => {
    await expectError(
      await call({ prompt: "A cat" }),
      400,
      "fal.ai's content checker refused the description (sexual). Rephrase it and try again.",
    );
  });
});

Deno.test("a flagged image is refused with the reason: not downloaded, not stored, not counted", async () => {
  await withHarness({}, async ({ call, store, fake, logs }) => {
    await expectError(await call({ prompt: "A nsfw-test cat" }), 422, FLAGGED_IMAGE);
    assert.equal(store.records.length, 0);
    assert.equal(store.objects.size, 0);
    assert.equal(fake.requests.filter((request) => request.path.startsWith("/files/")).length, 0, "never downloaded");
    assert.ok(logs.some((entry) => entry.event === "fal_failed"));
  });
});

Deno.test("each model gets only its own fields; FLUX defaults and limits are its own", async () => {
  await withHarness({}, async ({ call, fake, store }) => {
    const response = await call({ prompt: "A fox", model: "fal-ai/flux/schnell", negativePrompt: "blur", stylePreset: "origami" });
    assert.equal(response.status, 200, await response.text());
    assert.deepEqual(generationRequests(fake)[0].body, {
      prompt: "A fox",
      image_size: "square_hd",
      num_inference_steps: 4,
      guidance_scale: 3.5,
      num_images: 1,
      enable_safety_checker: true,
      output_format: "png",
    });
    const { model, style_preset, num_inference_steps, negative_prompt } = store.records[0];
    assert.deepEqual([model, style_preset, num_inference_steps, negative_prompt], ["fal-ai/flux/schnell", null, 4, ""]);
    await expectError(
      await call({ prompt: "A fox", model: "fal-ai/flux/schnell", numInferenceSteps: 30 }),
      400,
      "numInferenceSteps: Inference steps must be a whole number from 1 to 12",
    );
    const recraft = await call({ prompt: "A fox", model: "fal-ai/recraft/v3/text-to-image", recraftStyle: "digital_illustration" });
    assert.equal(recraft.status, 200, await recraft.text());
    assert.deepEqual(generationRequests(fake).at(-1)?.body, {
      prompt: "A fox",
      image_size: "square_hd",
      style: "digital_illustration",
      enable_safety_checker: true,
    });
  });
});

Deno.test("fal 422: the detail messages are joined", async () => {
  await withHarness({ scenario: "validation-error" }, async ({ call, store }) => {
    await expectError(
      await call({ prompt: "A cat" }),
      400,
      "Prompt contains blocked content; Input should be less than or equal to 50",
    );
    assert.equal(store.records.length, 0);
  });
});

Deno.test("fal 500 without a message: 502 'Failed to generate image'", async () => {
  await withHarness({ scenario: "server-error" }, async (harness) => {
    await expectError(await harness.call({ prompt: "A cat" }), 502, "Failed to generate image");
    assert.ok(harness.logs.some((entry) => entry.event === "fal_failed" && entry.fields?.providerStatus === 500));
  });
});

Deno.test("fal answers without images: 502 'No image URL was returned from the API'", async () => {
  await withHarness({ scenario: "missing-images" }, async ({ call }) => {
    await expectError(await call({ prompt: "A cat" }), 502, "No image URL was returned from the API");
  });
});

Deno.test("the image URL answers 404: 502 'Failed to generate image', nothing stored", async () => {
  await withHarness({ scenario: "image-not-found" }, async (harness) => {
    const response = await harness.call({ prompt: "A cat", numImages: 2 });
    const text = await response.clone().text();
    await expectError(response, 502, "Failed to generate image");
    assert.equal(harness.store.objects.size, 0);
    assert.equal(harness.store.records.length, 0);
    assert.ok(
      harness.logs.some((entry) =>
        entry.event === "image_download_failed" && String(entry.fields?.reason).includes("404")
      ),
    );
    assertNothingLeaked(harness, text);
  });
});

Deno.test("the image is larger than the cap: download stops, 502, nothing stored", async () => {
  await withHarness({ scenario: "huge-image" }, async (harness) => {
    await expectError(await harness.call({ prompt: "A cat" }), 502, "Failed to generate image");
    assert.equal(harness.store.objects.size, 0);
    assert.ok(harness.logs.some((entry) => String(entry.fields?.reason).includes("too_large")));
  });
});

Deno.test("the image URL serves HTML labelled image/png: rejected by its bytes and logged", async () => {
  await withHarness({ scenario: "not-an-image" }, async (harness) => {
    await expectError(await harness.call({ prompt: "A cat" }), 502, "Failed to generate image");
    assert.equal(harness.store.objects.size, 0);
    assert.ok(
      harness.logs.some((entry) =>
        entry.event === "image_download_failed" && String(entry.fields?.reason).includes("not a PNG")
      ),
    );
  });
});

Deno.test("an upload fails: 502 'Failed to save generated image' and no orphans once every upload settled", async () => {
  const store = createMemoryImageStore({ failUploadNumber: 1, uploadDelayMs: 30 });
  await withHarness({ store }, async (harness) => {
    await expectError(await harness.call({ prompt: "A cat", numImages: 3 }), 502, "Failed to save generated image");
    await new Promise((resolve) => setTimeout(resolve, 60)); // an upload still in flight would land now
    assert.equal(store.objects.size, 0);
    assert.equal(store.records.length, 0);
    assert.ok(harness.logs.some((entry) => entry.event === "image_save_failed"));
  });
});

Deno.test("the database insert fails: stored objects are removed, 502", async () => {
  const store = createMemoryImageStore({ failInsert: true });
  await withHarness({ store }, async ({ call }) => {
    await expectError(await call({ prompt: "A cat", numImages: 2 }), 502, "Failed to save generated image");
    assert.equal(store.objects.size, 0);
  });
});

Deno.test("no fal.ai key saved: 400 with the Profile Settings hint, fal not called", async () => {
  for (const falKey of [null, "   "]) {
    await withHarness({ falKey }, async ({ call, fake }) => {
      await expectError(await call({ prompt: "A cat" }), 400, FAL_KEY_NOT_FOUND);
      assert.equal(fake.requests.length, 0);
    });
  }
});

Deno.test("a prompt PostgreSQL could not store is a 400 naming the field, before fal is paid", async () => {
  await withHarness({}, async ({ call, fake }) => {
    const nul = await expectError(
      await call({ prompt: "A cat\u0000" }),
      400,
      "prompt: Contains a NUL character (U+0000), which cannot be stored",
    );
    assert.equal(nul.field, "prompt");
    await expectError(
      await call({ prompt: "A cat", negativePrompt: "blurry \udfff" }),
      400,
      "negativePrompt: Contains an unpaired surrogate (a broken Unicode character), which cannot be stored",
    );
    assert.equal(fake.requests.length, 0);
  });
});

Deno.test("unauthenticated: 401 'User not authenticated' before anything else", async () => {
  for (const token of [null, "forged-token"]) {
    await withHarness({}, async ({ call, fake }) => {
      await expectError(await call({ prompt: "A cat" }, { token }), 401, "User not authenticated");
      assert.equal(fake.requests.length, 0);
    });
  }
});

Deno.test("OPTIONS answers the CORS preflight; other methods get 405", async () => {
  await withHarness({}, async ({ call }) => {
    const preflight = await call(undefined, { method: "OPTIONS", token: null });
    await preflight.body?.cancel();
    assert.equal(preflight.status, 200);
    assert.match(preflight.headers.get("Access-Control-Allow-Headers") ?? "", /authorization/);
    await expectError(await call(undefined, { method: "GET" }), 405, "Method not allowed");
  });
});

Deno.test("malformed and oversized bodies: 400 and 413", async () => {
  await withHarness({}, async ({ call }) => {
    await expectError(await call(undefined, { rawBody: "{not json" }), 400, "Request body is not valid JSON");
    const huge = await call(undefined, { rawBody: JSON.stringify({ prompt: "x".repeat(40 * 1024) }) });
    assert.equal(huge.status, 413);
    await huge.body?.cancel();
    await expectError(await call([1, 2]), 400, "Request body must be a JSON object");
  });
});

const validationCases: [string, Record<string, unknown>, string][] = [
  ["missing prompt", { prompt: undefined }, "prompt: Please enter a prompt"],
  ["blank prompt", { prompt: " \n\t " }, "prompt: Please enter a prompt"],
  ["prompt not text", { prompt: 42 }, "prompt: Please enter a prompt"],
  ["prompt too long", { prompt: "a".repeat(2001) }, "prompt: Prompt must be at most 2000 characters"],
  [
    "unknown image size",
    { imageSize: "huge" },
    "imageSize: Image size must be one of square_hd, square, portrait_4_3, portrait_16_9, landscape_4_3, landscape_16_9",
  ],
  ["steps below 1", { numInferenceSteps: 0 }, "numInferenceSteps: Inference steps must be a whole number from 1 to 50"],
  [
    "steps above 50",
    { numInferenceSteps: 51 },
    "numInferenceSteps: Inference steps must be a whole number from 1 to 50",
  ],
  [
    "fractional steps",
    { numInferenceSteps: 10.5 },
    "numInferenceSteps: Inference steps must be a whole number from 1 to 50",
  ],
  [
    "steps as text",
    { numInferenceSteps: "30" },
    "numInferenceSteps: Inference steps must be a whole number from 1 to 50",
  ],
  ["guidance below 1", { guidanceScale: 0.9 }, "guidanceScale: Guidance scale must be from 1 to 20"],
  ["guidance above 20", { guidanceScale: 20.1 }, "guidanceScale: Guidance scale must be from 1 to 20"],
  ["guidance off the 0.1 grid", { guidanceScale: 7.55 }, "guidanceScale: Guidance scale must be in steps of 0.1"],
  ["guidance a hair off the grid", { guidanceScale: 7.5001 }, "guidanceScale: Guidance scale must be in steps of 0.1"],
  ["guidance not a number", { guidanceScale: null }, "guidanceScale: Guidance scale must be from 1 to 20"],
  ["negative prompt not text", { negativePrompt: ["x"] }, "negativePrompt: Negative prompt must be text"],
  [
    "negative prompt too long",
    { negativePrompt: "n".repeat(2001) },
    "negativePrompt: Negative prompt must be at most 2000 characters",
  ],
  [
    "unknown style",
    { stylePreset: "watercolour" },
    "stylePreset: Style preset must be one of photographic, digital-art, comic-book, fantasy-art, isometric, line-art, low-poly, origami, 3d-model",
  ],
  ["no images", { numImages: 0 }, "numImages: Number of images must be a whole number from 1 to 4"],
  ["five images", { numImages: 5 }, "numImages: Number of images must be a whole number from 1 to 4"],
  ["fractional images", { numImages: 1.5 }, "numImages: Number of images must be a whole number from 1 to 4"],
];

for (const [name, fields, message] of validationCases) {
  Deno.test(`validation: ${name} → 400 "${message.slice(0, 60)}"`, async () => {
    await withHarness({}, async ({ call, fake }) => {
      const body = await expectError(await call({ prompt: "A cat", ...fields }), 400, message);
      assert.ok(Array.isArray(body.issues) && body.issues.length >= 1);
      assert.equal(fake.requests.length, 0, "fal is not called for an invalid request");
    });
  });
}

Deno.test("validation: guidance on the 0.1 grid despite float error is accepted and rounded", async () => {
  await withHarness({}, async ({ call, fake }) => {
    const response = await call({ prompt: "A cat", guidanceScale: 0.1 * 3 + 1, numInferenceSteps: 1 });
    await response.body?.cancel();
    assert.equal(response.status, 200);
    const [sent] = generationRequests(fake);
    assert.equal((sent.body as Record<string, unknown>).guidance_scale, 1.3);
  });
});

Deno.test("validation: the limits themselves are accepted", async () => {
  await withHarness({}, async ({ call }) => {
    for (
      const fields of [
        { guidanceScale: 1, numInferenceSteps: 50, numImages: 4, prompt: "a".repeat(2000) },
        { guidanceScale: 20, numInferenceSteps: 1, numImages: 1, imageSize: "portrait_4_3", stylePreset: "origami" },
      ]
    ) {
      const response = await call({ prompt: "A cat", ...fields });
      const text = await response.text();
      assert.equal(response.status, 200, text);
    }
  });
});

Deno.test("fal does not answer in time: 504 'Failed to generate image'", async () => {
  const stalled: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
  await withHarness({
    deps: { fetch: stalled, fal: { baseUrl: "http://127.0.0.1:9", timeoutMs: 50 } },
  }, async ({ call }) => {
    await expectError(await call({ prompt: "A cat" }), 504, "Failed to generate image");
  });
});

Deno.test("rate limit: images are counted, not calls; past it 429 with Retry-After and fal is not called", async () => {
  const limiter = createMemoryRateLimiter();
  const rateLimit = memoryRateLimit("images", limiter, { limit: 5, windowSeconds: 600 });
  await withHarness({ deps: { rateLimit } }, async ({ call, fake, store }) => {
    const first = await call({ prompt: "A cat", numImages: 4 });
    await first.body?.cancel();
    assert.equal(first.status, 200);
    limiter.advance(60);
    const refused = await call({ prompt: "A cat", numImages: 2 });
    assert.equal(refused.headers.get("Retry-After"), "540");
    const body = await expectError(
      refused,
      429,
      "Too many images: you can generate 5 every 10 minutes. Try again in 9 minutes.",
    );
    assert.deepEqual([body.retryAfterSeconds, body.limit, body.windowSeconds], [540, 5, 600]);
    assert.equal(generationRequests(fake).length, 1, "the refused request never reached fal");
    assert.equal(store.records.length, 4);
    const one = await call({ prompt: "A cat", numImages: 1 });
    await one.body?.cancel();
    assert.equal(one.status, 200, "what is left of the allowance can still be used");
    assert.deepEqual(limiter.calls.map((c) => [c.cost, c.allowed]), [[4, true], [2, false], [1, true]]);
  });
});

Deno.test("storage quota: a full library is refused with 403 before fal is paid", async () => {
  const store = createMemoryImageStore({ usedBytes: { [USER_ID]: QUOTA_BYTES } });
  const limiter = createMemoryRateLimiter();
  await withHarness({ store, deps: { rateLimit: memoryRateLimit("images", limiter) } }, async ({ call, fake }) => {
    const body = await expectError(
      await call({ prompt: "A cat" }),
      403,
      "Your image library is full (200 MB of 200 MB used). Delete images you no longer need, then try again.",
    );
    assert.deepEqual([body.usedBytes, body.quotaBytes], [QUOTA_BYTES, QUOTA_BYTES]);
    assert.equal(fake.requests.length, 0);
    assert.deepEqual(limiter.calls, [], "a refused request does not use the rate limit");
  });
});

Deno.test("storage quota: images that would pass it are not kept (checked again when recorded)", async () => {
  const store = createMemoryImageStore({ usedBytes: { [USER_ID]: QUOTA_BYTES - 10 } });
  await withHarness({ store }, async ({ call }) => {
    await expectError(
      await call({ prompt: "A cat", numImages: 2 }),
      403,
      "Your image library is full (200 MB of 200 MB used). Delete images you no longer need, then try again.",
    );
    assert.equal(store.objects.size, 0);
    assert.equal(store.records.length, 0);
  });
});

/**
 * A hostile (or compromised) provider answers with image URLs pointing inside
 * our network. An internal service on loopback serves a real PNG, so a
 * download that got through would be stored in the user's public bucket.
 */
Deno.test("hostile provider URLs (loopback in every notation, private, redirects inward): 502, nothing stored", async () => {
  const png = await gradientPng(4, 4);
  let internalHits = 0;
  const internal = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => {
    internalHits++;
    return new Response(png, { headers: { "content-type": "image/png" } });
  });
  const port = internal.addr.port;
  const targets: ((origin: string) => string)[] = [
    () => `http://127.0.0.1:${port}/secret.png`,
    () => `http://localhost:${port}/secret.png`,
    () => `http://2130706433:${port}/secret.png`,
    () => `http://0x7f.1:${port}/secret.png`,
    () => `http://[::1]:${port}/secret.png`,
    () => `http://[::ffff:127.0.0.1]:${port}/secret.png`,
    () => `http://[::ffff:0:7f00:1]:${port}/secret.png`,
    () => "http://10.1.2.3/secret.png",
    () => "http://192.168.0.10/secret.png",
    () => "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    (origin) => `${origin}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port}/secret.png`)}`,
    (origin) => `${origin}/redirect?to=${encodeURIComponent("http://10.1.2.3/secret.png")}`,
  ];
  try {
    for (const target of targets) {
      await withHarness({ imageUrl: (_url, origin) => target(origin) }, async (harness) => {
        const response = await harness.call({ prompt: "A cat" });
        const text = await response.clone().text();
        await expectError(response, 502, "Failed to generate image");
        assert.equal(harness.store.objects.size, 0, target(harness.fake.url));
        assert.equal(harness.store.records.length, 0);
        assert.ok(
          harness.logs.some((entry) =>
            entry.event === "image_download_refused" && /not allowed/.test(String(entry.fields?.reason))
          ),
          JSON.stringify(harness.logs),
        );
        assertNothingLeaked(harness, text);
      });
    }
    assert.equal(internalHits, 0, "no request reached the internal service");
  } finally {
    await internal.shutdown();
  }
});
