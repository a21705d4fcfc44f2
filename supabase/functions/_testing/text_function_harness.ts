/**
 * Test support for the AI text functions: the fake OpenAI server (real Chat
 * Completions JSON and error bodies) behind a handler, with an in-memory
 * caller and key lookup instead of the database, and console.error captured.
 */
import assert from "node:assert/strict";
import { type FakeOpenAI, type FakeOpenAIOptions, startFakeOpenAI } from "./fakes/openai_server.ts";
import { openAISettingsFromEnv } from "../_shared/ai/openai_settings.ts";
import type { TextFunctionDeps } from "../_shared/ai/text_function.ts";
import type { RateLimit } from "../_shared/limits/rate_limit.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { withCapturedErrors } from "./captured_errors.ts";
import { unlimited } from "./memory_rate_limiter.ts";

/** The signed-in caller: token "alice-token", OpenAI key "sk-test-alice-FIXTURE-not-a-real-key-6789". */
export const ALICE = "0b5e1c52-5f0e-4f7a-9a0e-6d3f2f1b9a01";

/** The parts of a Chat Completions request body these tests look at. */
export interface ChatRequest {
  model: string;
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema: { name: string; strict: boolean } };
}

export interface TextFunctionHarness<Body> {
  fake: FakeOpenAI;
  /** POSTs `body` as JSON with `Bearer <token>`; checks the CORS header and reads the JSON answer. */
  call: (body: unknown, token?: string) => Promise<{ status: number; body: Body & { error?: string } }>;
  /** OpenAI keys by user id; ALICE has one. */
  keys: Map<string, string>;
  logs: string[];
}

export interface TextFunctionHarnessOptions {
  fake?: FakeOpenAIOptions;
  settings?: Partial<TextFunctionDeps["settings"]>;
  /** Default: no limit. */
  rateLimit?: RateLimit;
}

/**
 * Runs `test` against the handler `createHandler` builds for the function
 * `name`, called directly (no HTTP server), with a fresh fake OpenAI server
 * that is closed afterwards.
 */
export async function withTextFunctionHarness<Body>(
  name: string,
  createHandler: (deps: TextFunctionDeps) => (req: Request) => Promise<Response>,
  options: TextFunctionHarnessOptions,
  test: (harness: TextFunctionHarness<Body>) => Promise<void>,
): Promise<void> {
  const fake = startFakeOpenAI({ retryAfterMs: 1, ...options.fake });
  const keys = new Map([[ALICE, "sk-test-alice-FIXTURE-not-a-real-key-6789"]]);
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer alice-token"
        ? Promise.resolve({ id: ALICE })
        : Promise.reject(new UnauthenticatedError()),
    readOpenAIKey: (userId) => Promise.resolve(keys.get(userId) ?? null),
    settings: { ...openAISettingsFromEnv(new Map()), baseURL: fake.url, timeoutMs: 10_000, ...options.settings },
    rateLimit: options.rateLimit ?? unlimited("aiText"),
  });
  const call = async (body: unknown, token = "alice-token") => {
    const response = await handler(
      new Request(`http://localhost/functions/v1/${name}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    return { status: response.status, body: await response.json() };
  };
  try {
    await withCapturedErrors((logs) => test({ fake, call, keys, logs }));
  } finally {
    await fake.close();
  }
}
