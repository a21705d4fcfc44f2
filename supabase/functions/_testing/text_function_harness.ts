/**
 * Test support for the AI text functions: the strict fake OpenAI-compatible
 * server (real wire format and error bodies, in the flavour asked for)
 * behind a handler, with an in-memory caller and provider lookup instead of
 * the database, and console.error captured.
 */
import assert from "node:assert/strict";
import {
  type FakeOpenAI,
  type FakeOpenAIFlavour,
  type FakeOpenAIOptions,
  startFakeOpenAI,
} from "./fakes/openai_server.ts";
import type { AiDeployment } from "../_shared/ai/ai_deployment.ts";
import type { AssistantSettings, FindAssistant } from "../_shared/ai/assistants.ts";
import type { TextFunctionDeps } from "../_shared/ai/text_function.ts";
import type { RateLimit } from "../_shared/limits/rate_limit.ts";
import type { AiOperation } from "../_shared/contracts/ai_provider.ts";
import { UnauthenticatedError } from "../_shared/platform/user_auth.ts";
import { withCapturedErrors } from "./captured_errors.ts";
import { unlimited } from "./memory_rate_limiter.ts";
import { storedProvider, testDeployment } from "./provider_fixtures.ts";

/** The signed-in caller: token "alice-token", key "sk-test-alice-FIXTURE-not-a-real-key-6789". */
export const ALICE = "0b5e1c52-5f0e-4f7a-9a0e-6d3f2f1b9a01";
export const ALICE_KEY = "sk-test-alice-FIXTURE-not-a-real-key-6789";

/** The parts of a Chat Completions request body these tests look at. */
export interface ChatRequest {
  model: string;
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  reasoning_effort?: string;
  provider?: { require_parameters: boolean };
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
}

/** An assistant of the tests' own table: its settings and its owner. */
export type OwnedAssistant = AssistantSettings & { userId: string };

/** findAssistant over `assistants` as row-level security answers it: another user's assistant is none. */
export function assistantLookup(assistants: ReadonlyMap<string, OwnedAssistant>): FindAssistant {
  return (userId, assistantId) => {
    const assistant = assistants.get(assistantId);
    return Promise.resolve(assistant?.userId === userId ? assistant : null);
  };
}

export interface TextFunctionHarness<Body> {
  fake: FakeOpenAI;
  /** POSTs `body` as JSON with `Bearer <token>`; checks the CORS header and reads the JSON answer. */
  call: (body: unknown, token?: string) => Promise<{ status: number; body: Body & { error?: string; problem?: unknown } }>;
  /** Keys by user id; ALICE has one. */
  keys: Map<string, string>;
  /** ALICE's model choices (null: the provider's default). */
  models: Partial<Record<AiOperation, string | null>>;
  logs: string[];
}

export interface TextFunctionHarnessOptions {
  fake?: FakeOpenAIOptions;
  /** ALICE's provider: OpenAI (default), OpenRouter or a local Ollama (custom), each at the fake. */
  flavour?: FakeOpenAIFlavour;
  models?: Partial<Record<AiOperation, string | null>>;
  deployment?: Partial<AiDeployment>;
  /** Default: no limit. */
  rateLimit?: RateLimit;
}

/**
 * Runs `test` against the handler `createHandler` builds for the function
 * `name`, called directly (no HTTP server), with a fresh fake server that is
 * closed afterwards.
 */
export async function withTextFunctionHarness<Body>(
  name: string,
  createHandler: (deps: TextFunctionDeps) => (req: Request) => Promise<Response>,
  options: TextFunctionHarnessOptions,
  test: (harness: TextFunctionHarness<Body>) => Promise<void>,
): Promise<void> {
  const flavour = options.flavour ?? "openai";
  const fake = startFakeOpenAI({ retryAfterMs: 1, flavour, ...options.fake });
  const keys = new Map([[ALICE, ALICE_KEY]]);
  const models = { ...options.models };
  const handler = createHandler({
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer alice-token"
        ? Promise.resolve({ id: ALICE })
        : Promise.reject(new UnauthenticatedError()),
    readTextProvider: (userId) => Promise.resolve(storedProvider(fake, flavour, keys.get(userId) ?? null, models)),
    deployment: testDeployment(fake, options.deployment),
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
    await withCapturedErrors((logs) => test({ fake, call, keys, models, logs }));
  } finally {
    await fake.close();
  }
}
