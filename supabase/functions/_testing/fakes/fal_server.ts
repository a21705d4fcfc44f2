/**
 * A fake fal.ai for tests, benchmarks and end-to-end runs, strict: it checks
 * each model's input as fal's schemas do (docs/research/provider-sources.md
 * §4 as of 2026-11-27: fal's model pages, error reference and fal-js
 * types). It speaks fal's synchronous wire format: `POST /<model id>` with
 * `Authorization: Key <key>` and a JSON input, answering `{ images: [{ url,
 * width, height, content_type }], timings, seed, has_nsfw_concepts, prompt }`
 * (Recraft V3: `{ images: [{ url, content_type, file_name, file_size }] }`
 * only, §4.2). The image URLs point back at this server (`GET
 * /files/<id>.png`), which serves real PNG files.
 *
 * Rules: an unknown model path is 404; fields outside a model's ranges are
 * 422 with pydantic's `{ detail: [{ loc, msg, type, ctx }] }` (§4.3, e.g.
 * schnell's "Input should be less than or equal to 12"); a prompt
 * containing "nsfw-test" comes back flagged (`has_nsfw_concepts: [true]`
 * and a black image, still 200: §4.2, as observed: a flagged FLUX output still returns
 * 200). Keys starting with `fal-wrong` are refused with fal's 401 body
 * `{"detail":"No user found for Key ID and Secret"}` (§4.3). The scenario
 * (also switchable at run time with `PUT /_fake/scenario` `{ "scenario":
 * "..." }`) makes it misbehave in the ways the real service or its file CDN
 * can.
 *
 *   deno run -A supabase/functions/_testing/fakes/fal_server.ts [--port 0] [--scenario success] [--full-size]
 *
 * prints its base URL on the first line of stdout (use it as FAL_BASE_URL).
 */
import { gradientPng } from "./png.ts";

export const FAKE_FAL_SCENARIOS = [
  "success",
  /** 401 `{"detail":"No user found for Key ID and Secret"}` whatever the key (§4.3). */
  "unauthorized",
  /** 403 "User is locked. Reason: Exhausted balance. …" (§4.3). */
  "exhausted-balance",
  /** 422 `content_policy_violation` for the prompt (§4.3). */
  "content-policy",
  /** Every image comes back flagged by the safety checker (200, `has_nsfw_concepts: true`; §4.2). */
  "nsfw",
  /** 422 with a FastAPI `detail` array. */
  "validation-error",
  /** 500 with a plain-text body (no message to pass on). */
  "server-error",
  /** 200 `{ images: [] }`. */
  "missing-images",
  /** The image URL answers 404. */
  "image-not-found",
  /** The image URL streams more than 16 MiB without a Content-Length. */
  "huge-image",
  /** The image URL serves HTML labelled image/png. */
  "not-an-image",
] as const;
export type FakeFalScenario = (typeof FAKE_FAL_SCENARIOS)[number];

export interface FakeFalRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** The parsed JSON body of a generation request. */
  body?: unknown;
}

export interface FakeFalOptions {
  port?: number;
  hostname?: string;
  scenario?: FakeFalScenario;
  /**
   * Serve images at the pixel size fal would (1024x1024 for square_hd).
   * Off by default: images are 1/16 of that per side, which keeps tests fast.
   */
  fullSizeImages?: boolean;
  /** Bytes the huge-image scenario streams (default 16 MiB). */
  hugeImageBytes?: number;
  /**
   * Rewrites each image URL handed out (a hostile or compromised provider):
   * gets the URL the fake would give and the fake's own origin. The fake also
   * answers `GET /redirect?to=<url>` with a 302 to that URL.
   */
  imageUrl?: (url: string, origin: string) => string;
  /**
   * How long a generation takes before it is answered, by its prompt (fal
   * takes seconds per image; off by default). Requests wait side by side,
   * as fal's workers serve them, so a benchmark can tell parallel callers
   * from sequential ones.
   */
  generationDelayMs?: (prompt: string) => number;
}

export interface FakeFal {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:54000. */
  url: string;
  /** Every request received, oldest first. */
  requests: FakeFalRequest[];
  /** The PNG behind every image URL handed out in the success scenario, by URL path (`/files/<id>.png`). */
  files: Map<string, Uint8Array>;
  scenario: FakeFalScenario;
  close(): Promise<void>;
}

const SIZES: Record<string, { width: number; height: number }> = {
  square_hd: { width: 1024, height: 1024 },
  square: { width: 512, height: 512 },
  portrait_4_3: { width: 768, height: 1024 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  landscape_16_9: { width: 1024, height: 576 },
};

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type ValidationIssue = { loc: (string | number)[]; msg: string; type: string; ctx?: Record<string, unknown>; input?: unknown };

/** What each model's input accepts (§4.2); fields it does not have are ignored, as pydantic's default does. */
interface FakeModelSchema {
  steps?: { min: number; max: number };
  guidance?: { min: number; max: number };
  maxImages?: number;
  maxPromptLength?: number;
  formatField?: "format" | "output_format";
  formats?: readonly string[];
  styles?: readonly string[];
  /** The answer has no has_nsfw_concepts, seed, width or height (Recraft, §4.2). */
  plainOutput?: boolean;
}

const FAL_MODELS: Record<string, FakeModelSchema> = {
  // fast-sdxl: steps 1–50, num_images ≤ 8, `format` jpeg|png (fal-js FastSdxlInput; §4.2).
  "fal-ai/fast-sdxl": { steps: { min: 1, max: 50 }, guidance: { min: 0, max: 20 }, maxImages: 8, formatField: "format", formats: ["jpeg", "png"] },
  // schnell: steps 1–12 (llms.txt), output_format jpeg|png (webp rejected), num_images ≤ 4 (UNCONFIRMED).
  "fal-ai/flux/schnell": { steps: { min: 1, max: 12 }, guidance: { min: 1, max: 20 }, maxImages: 4, formatField: "output_format", formats: ["jpeg", "png"] },
  // dev: steps 1–50, guidance 1–20 (llms.txt; a public test verified against the OpenAPI, 2026-09-11).
  "fal-ai/flux/dev": { steps: { min: 1, max: 50 }, guidance: { min: 1, max: 20 }, maxImages: 4, formatField: "output_format", formats: ["jpeg", "png"] },
  // pro v1.1: no steps or guidance fields (fal-js FluxProV11Input).
  "fal-ai/flux-pro/v1.1": { maxImages: 4, formatField: "output_format", formats: ["jpeg", "png"] },
  // Recraft V3: prompt maxLength 1000, its own style enum, output without the checker's flags.
  "fal-ai/recraft/v3/text-to-image": {
    maxPromptLength: 1000,
    styles: ["any", "realistic_image", "digital_illustration", "vector_illustration"],
    plainOutput: true,
  },
};

const NSFW_TRIGGER = "nsfw-test";

/** The checks of the model's input model (pydantic v2 messages, §4.3). */
function validateInput(schema: FakeModelSchema, input: unknown): ValidationIssue[] {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return [{ loc: ["body"], msg: "Input should be a valid dictionary", type: "dict_type" }];
  }
  const body = input as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const range = (field: string, bounds: { min: number; max: number }, integer: boolean) => {
    const value = body[field];
    if (value === undefined) return;
    if (typeof value !== "number" || (integer && !Number.isInteger(value))) {
      issues.push({ loc: ["body", field], msg: `Input should be a valid ${integer ? "integer" : "number"}`, type: integer ? "int_type" : "float_type", input: value });
    } else if (value > bounds.max) {
      issues.push({ loc: ["body", field], msg: `Input should be less than or equal to ${bounds.max}`, type: "less_than_equal", ctx: { le: bounds.max }, input: value });
    } else if (value < bounds.min) {
      issues.push({ loc: ["body", field], msg: `Input should be greater than or equal to ${bounds.min}`, type: "greater_than_equal", ctx: { ge: bounds.min }, input: value });
    }
  };
  if (typeof body.prompt !== "string") issues.push({ loc: ["body", "prompt"], msg: "Field required", type: "missing" });
  else if (schema.maxPromptLength && body.prompt.length > schema.maxPromptLength) {
    issues.push({
      loc: ["body", "prompt"],
      msg: `String should have at most ${schema.maxPromptLength} characters`,
      type: "string_too_long",
      ctx: { max_length: schema.maxPromptLength },
    });
  }
  const size = body.image_size;
  const customSize = typeof size === "object" && size !== null && "width" in size && "height" in size;
  if (size !== undefined && !customSize && !(typeof size === "string" && size in SIZES)) {
    issues.push({ loc: ["body", "image_size"], msg: "Input should be a valid image size", type: "enum" });
  }
  if (schema.steps) range("num_inference_steps", schema.steps, true);
  if (schema.guidance) range("guidance_scale", schema.guidance, false);
  if (schema.maxImages) range("num_images", { min: 1, max: schema.maxImages }, true);
  if (schema.formatField && body[schema.formatField] !== undefined && !schema.formats!.includes(String(body[schema.formatField]))) {
    issues.push({
      loc: ["body", schema.formatField],
      msg: `Input should be ${schema.formats!.map((format) => `'${format}'`).join(" or ")}`,
      type: "literal_error",
    });
  }
  if (schema.styles && body.style !== undefined && !schema.styles.includes(String(body.style))) {
    issues.push({ loc: ["body", "style"], msg: "Input should be a valid style", type: "enum" });
  }
  return issues;
}

function requestedSize(body: Record<string, unknown>): { width: number; height: number } {
  const size = body.image_size;
  if (typeof size === "object" && size !== null) {
    const { width, height } = size as { width: unknown; height: unknown };
    if (typeof width === "number" && typeof height === "number") return { width, height };
  }
  return SIZES[typeof size === "string" ? size : "square_hd"] ?? SIZES.square_hd;
}

/** A body that streams `total` bytes (starting like a PNG) in 64 KiB chunks, stopping when the reader cancels. */
function oversizedBody(total: number): ReadableStream<Uint8Array> {
  const piece = new Uint8Array(64 * 1024).fill(0x41);
  piece.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const next = piece.subarray(0, Math.min(piece.length, total - sent));
      sent += next.length;
      controller.enqueue(next.slice());
    },
  });
}

export function startFakeFal(options: FakeFalOptions = {}): Promise<FakeFal> {
  const fullSize = options.fullSizeImages ?? false;
  const hugeImageBytes = options.hugeImageBytes ?? 16 * 1024 * 1024;
  const requests: FakeFalRequest[] = [];
  const files = new Map<string, Uint8Array>();
  /** What each handed-out URL serves; fixed when the URL is made, so switching scenario later does not change it. */
  const misbehavingFiles = new Map<string, "huge-image" | "not-an-image">();
  const pngCache = new Map<string, Promise<Uint8Array>>();

  const png = (width: number, height: number, tint: number) => {
    const key = `${width}x${height}:${tint}`;
    if (!pngCache.has(key)) pngCache.set(key, gradientPng(width, height, tint));
    return pngCache.get(key)!;
  };

  async function generate(req: Request, origin: string, record: FakeFalRequest): Promise<Response> {
    const authorization = req.headers.get("authorization") ?? "";
    const key = authorization.match(/^Key\s+(.+)$/)?.[1] ?? "";
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      body = undefined;
    }
    record.body = body;
    if (!key || key.startsWith("fal-wrong") || fake.scenario === "unauthorized") {
      return jsonResponse({ detail: "No user found for Key ID and Secret" }, 401);
    }
    if (fake.scenario === "exhausted-balance") {
      return jsonResponse({ detail: "User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing." }, 403);
    }
    const model = new URL(req.url).pathname.slice(1);
    const schema = FAL_MODELS[model];
    // UNCONFIRMED body for an unknown endpoint id.
    if (!schema) return jsonResponse({ detail: `Application '${model}' not found` }, 404);
    const issues = validateInput(schema, body);
    if (issues.length > 0) return jsonResponse({ detail: issues }, 422);
    if (fake.scenario === "content-policy") {
      return jsonResponse({
        detail: [{
          loc: ["body", "prompt"],
          msg: "The content was flagged by a content checker.",
          type: "content_policy_violation",
          url: "https://docs.fal.ai/errors#content_policy_violation",
          input: (body as Record<string, unknown>).prompt,
          categories: ["sexual"],
        }],
      }, 422);
    }
    if (fake.scenario === "validation-error") {
      return jsonResponse({
        detail: [
          { loc: ["body", "prompt"], msg: "Prompt contains blocked content", type: "value_error" },
          {
            loc: ["body", "num_inference_steps"],
            msg: "Input should be less than or equal to 50",
            type: "less_than_equal",
          },
        ],
      }, 422);
    }
    if (fake.scenario === "server-error") {
      return new Response("upstream connect error or disconnect/reset before headers", { status: 500 });
    }
    const input = body as Record<string, unknown>;
    if (fake.scenario === "missing-images") {
      return jsonResponse({
        images: [],
        timings: { inference: 0.1 },
        seed: 1,
        has_nsfw_concepts: [],
        prompt: input.prompt,
      });
    }

    const delay = options.generationDelayMs?.(String(input.prompt)) ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const size = requestedSize(input);
    const served = fullSize ? size : { width: Math.max(1, size.width >> 4), height: Math.max(1, size.height >> 4) };
    const count = schema.maxImages ? (input.num_images as number | undefined) ?? 1 : 1;
    const flagged = fake.scenario === "nsfw" || String(input.prompt).includes(NSFW_TRIGGER);
    const images = [];
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      const path = fake.scenario === "image-not-found" ? `/files/missing-${id}.png` : `/files/${id}.png`;
      if (fake.scenario === "huge-image" || fake.scenario === "not-an-image") misbehavingFiles.set(path, fake.scenario);
      else if (fake.scenario === "success" || fake.scenario === "nsfw") {
        // A flagged image is blacked out (§4.2).
        files.set(path, await png(served.width, served.height, flagged ? 0 : (i * 64 + 128) & 0xff));
      }
      const url = options.imageUrl ? options.imageUrl(`${origin}${path}`, origin) : `${origin}${path}`;
      images.push(
        schema.plainOutput
          ? { url, content_type: "image/png", file_name: `${id}.png`, file_size: 1024 }
          : { url, width: served.width, height: served.height, content_type: "image/png" },
      );
    }
    if (schema.plainOutput) return jsonResponse({ images });
    return jsonResponse({
      images,
      timings: { inference: 0.42 },
      seed: 42,
      has_nsfw_concepts: images.map(() => flagged),
      prompt: input.prompt,
    });
  }

  function serveFile(path: string): Response {
    const misbehaviour = misbehavingFiles.get(path);
    if (misbehaviour === "huge-image") {
      return new Response(oversizedBody(hugeImageBytes), { headers: { "content-type": "image/png" } });
    }
    if (misbehaviour === "not-an-image") {
      return new Response("<!doctype html><title>Sign in</title><p>Please sign in</p>", {
        headers: { "content-type": "image/png" },
      });
    }
    const bytes = files.get(path);
    if (!bytes) return jsonResponse({ detail: "Not Found" }, 404);
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": "image/png", "content-length": String(bytes.length) },
    });
  }

  const server = Deno.serve(
    { port: options.port ?? 0, hostname: options.hostname ?? "127.0.0.1", onListen: () => {} },
    async (req) => {
      const url = new URL(req.url);
      const record: FakeFalRequest = {
        method: req.method,
        path: url.pathname,
        authorization: req.headers.get("authorization"),
      };
      requests.push(record);

      if (req.method === "GET" && url.pathname.startsWith("/files/")) {
        return serveFile(url.pathname);
      }
      if (req.method === "GET" && url.pathname === "/redirect" && url.searchParams.has("to")) {
        return new Response(null, { status: 302, headers: { location: url.searchParams.get("to")! } });
      }
      if (req.method === "PUT" && url.pathname === "/_fake/scenario") {
        const { scenario } = await req.json().catch(() => ({}));
        if (!FAKE_FAL_SCENARIOS.includes(scenario)) {
          return jsonResponse({ detail: `Unknown scenario ${scenario}` }, 400);
        }
        fake.scenario = scenario;
        return jsonResponse({ scenario });
      }
      if (req.method === "POST" && url.pathname.length > 1) return await generate(req, url.origin, record);
      return jsonResponse({ detail: "Not Found" }, 404);
    },
  );

  const fake: FakeFal = {
    url: `http://${server.addr.hostname}:${server.addr.port}`,
    requests,
    files,
    scenario: options.scenario ?? "success",
    close: () => server.shutdown(),
  };
  return Promise.resolve(fake);
}

function parseArgs(args: string[]): FakeFalOptions {
  const options: FakeFalOptions = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--port") options.port = Number(args[++i]);
    else if (arg === "--scenario") {
      const scenario = args[++i] as FakeFalScenario;
      if (!FAKE_FAL_SCENARIOS.includes(scenario)) {
        throw new Error(`Unknown scenario ${scenario}; one of ${FAKE_FAL_SCENARIOS.join(", ")}`);
      }
      options.scenario = scenario;
    } else if (arg === "--full-size") options.fullSizeImages = true;
    else throw new Error(`Unknown argument ${arg}`);
  }
  return options;
}

if (import.meta.main) {
  const fake = await startFakeFal(parseArgs(Deno.args));
  console.log(fake.url);
  console.error(`fake fal.ai listening on ${fake.url} (scenario ${fake.scenario})`);
  const stop = async () => {
    await fake.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}
