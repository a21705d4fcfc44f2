import assert from "node:assert/strict";
import { z } from "zod";
import { json } from "../http/responses.ts";
import { UnauthenticatedError } from "../platform/user_auth.ts";
import { openAISettingsFromEnv } from "./openai_settings.ts";
import { defineTextFunction, type TextFunctionDeps } from "./text_function.ts";

const USER_ID = "8d0f6f7e-8c5a-4a53-9d55-0d3c4c1e2f10";

function textFunction(readOpenAIKey: TextFunctionDeps["readOpenAIKey"]) {
  const keyLookups: string[] = [];
  const handler = defineTextFunction({
    authenticate: (req) =>
      req.headers.get("authorization") === "Bearer good-token"
        ? Promise.resolve({ id: USER_ID })
        : Promise.reject(new UnauthenticatedError()),
    readOpenAIKey: (userId) => {
      keyLookups.push(userId);
      return readOpenAIKey(userId);
    },
    settings: openAISettingsFromEnv(new Map()),
  }, {
    name: "test",
    schema: z.object({ topic: z.string().trim().min(1, "Please enter a topic") }),
    maxBodyBytes: 1024,
    failureMessage: "Failed",
    handle: ({ userId, input, apiKey }) => Promise.resolve(json({ userId, input, keyLength: apiKey.length })),
  });
  const call = async (body: unknown, token = "good-token") => {
    const response = await handler(
      new Request("http://localhost/functions/v1/test", {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  return { call, keyLookups };
}

Deno.test("defineTextFunction: a valid request reaches the handler with the caller's key", async () => {
  const { call, keyLookups } = textFunction(() => Promise.resolve("sk-test-key"));
  assert.deepEqual(await call({ topic: " tea " }), {
    status: 200,
    body: { userId: USER_ID, input: { topic: "tea" }, keyLength: 11 },
  });
  assert.deepEqual(keyLookups, [USER_ID]);
});

Deno.test("defineTextFunction: 400 'OpenAI API key not found' when the caller has none", async () => {
  const { call } = textFunction(() => Promise.resolve(null));
  assert.deepEqual(await call({ topic: "tea" }), { status: 400, body: { error: "OpenAI API key not found" } });
});

Deno.test("defineTextFunction: the key is not looked up for a stranger or an invalid body", async () => {
  const { call, keyLookups } = textFunction(() => Promise.resolve("sk-test-key"));
  assert.equal((await call({ topic: "tea" }, "expired")).status, 401);
  assert.equal((await call({ topic: "" })).status, 400);
  assert.deepEqual(keyLookups, []);
});
