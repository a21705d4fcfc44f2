import assert from "node:assert/strict";
import { z } from "zod";
import { withCapturedErrors } from "../../_testing/captured_errors.ts";
import { UnauthenticatedError } from "../platform/user_auth.ts";
import { anyone, type Authenticate, defineFunction, scheduler, signedInUser } from "./define_function.ts";
import { json } from "./responses.ts";

const USER_ID = "8d0f6f7e-8c5a-4a53-9d55-0d3c4c1e2f10";
const SECRET = "sb_secret_scheduler_FIXTURE-not-a-real-key-6789";

const authenticateAlice: Authenticate = (req) =>
  req.headers.get("authorization") === "Bearer alice-token"
    ? Promise.resolve({ id: USER_ID })
    : Promise.reject(new UnauthenticatedError());

const schema = z.object({
  topic: z.string().trim().min(1, "Please enter a topic"),
  site: z.object({ url: z.url("Please enter a valid URL") }).optional(),
});

function echoFunction(authenticate: Authenticate = authenticateAlice, methods?: string[]) {
  const calls: unknown[] = [];
  const handler = defineFunction({
    name: "echo",
    methods,
    caller: signedInUser(authenticate),
    body: { schema, maxBytes: 256 },
    failureMessage: "Failed to echo",
    handle: ({ req, userId, input }) => {
      calls.push({ method: req.method, userId, input });
      return Promise.resolve(json({ userId, input }, 200, { "X-Echo": "yes" }));
    },
  });
  return { handler, calls };
}

const request = (body: BodyInit | null, init: RequestInit = {}) =>
  new Request("http://localhost/functions/v1/echo", {
    method: "POST",
    body,
    ...init,
    headers: { authorization: "Bearer alice-token", "content-type": "application/json", ...init.headers },
  });

function assertCors(response: Response) {
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  const allowed = (response.headers.get("access-control-allow-headers") ?? "").split(/,\s*/);
  for (const header of ["authorization", "apikey", "x-client-info", "content-type"]) {
    assert.ok(allowed.includes(header), `${header} is allowed`);
  }
}

/** A body that records whether anyone read it (no chunk is produced before a read asks for one). */
function watchedBody(text: string) {
  const watch = { pulled: false, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      watch.pulled = true;
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
    cancel() {
      watch.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, watch };
}

Deno.test("defineFunction: OPTIONS is the CORS preflight, answered before any caller check", async () => {
  let authenticated = false;
  const { handler } = echoFunction(() => {
    authenticated = true;
    return Promise.reject(new UnauthenticatedError());
  });
  const preflight = await handler(new Request("http://localhost/functions/v1/echo", { method: "OPTIONS" }));
  assert.equal(preflight.status, 200);
  assert.equal(await preflight.text(), "ok");
  assertCors(preflight);
  assert.match(preflight.headers.get("access-control-allow-methods") ?? "", /POST/);
  assert.equal(authenticated, false);

  const cron = defineFunction({
    name: "cron",
    caller: scheduler([SECRET]),
    body: "ignored",
    failureMessage: "x",
    handle: () => Promise.resolve(json({})),
  });
  const cronPreflight = await cron(new Request("http://localhost/", { method: "OPTIONS" }));
  assert.equal(cronPreflight.status, 200);
  await cronPreflight.body?.cancel();
});

Deno.test("defineFunction: 405 with Allow for other methods, CORS included", async () => {
  const { handler, calls } = echoFunction();
  for (const method of ["GET", "PUT", "DELETE"]) {
    const response = await handler(request(method === "GET" ? null : "{}", { method }));
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    assertCors(response);
    assert.deepEqual(await response.json(), { error: "Method not allowed" });
  }
  assert.equal(calls.length, 0);

  const { handler: both } = echoFunction(authenticateAlice, ["GET", "POST"]);
  const put = await both(request("{}", { method: "PUT" }));
  assert.equal(put.headers.get("allow"), "GET, POST, OPTIONS");
  await put.body?.cancel();
});

Deno.test("defineFunction: 401 before the body is read when the caller is not signed in", async () => {
  const { handler, calls } = echoFunction();
  const { stream, watch } = watchedBody('{"topic":"tea"}');
  const response = await handler(request(stream, { headers: { authorization: "Bearer expired" } }));
  assert.equal(response.status, 401);
  assert.deepEqual(await response.json(), { error: "User not authenticated" });
  assertCors(response);
  assert.equal(watch.pulled, false, "the body was never read");
  assert.equal(watch.cancelled, true, "and it was discarded");
  assert.equal(calls.length, 0);
});

Deno.test("defineFunction: 413 for a body over the limit, 400 for a body that is not JSON", async () => {
  const { handler, calls } = echoFunction();
  const big = await handler(request(JSON.stringify({ topic: "x".repeat(300) })));
  assert.equal(big.status, 413);
  assert.deepEqual(await big.json(), { maxBytes: 256, error: "Request body exceeds 256 bytes" });
  assertCors(big);
  const broken = await handler(request("{topic"));
  assert.equal(broken.status, 400);
  assert.deepEqual(await broken.json(), { error: "Request body is not valid JSON" });
  assert.equal(calls.length, 0);
});

Deno.test("defineFunction: 400 names the first invalid field and lists every issue", async () => {
  const { handler } = echoFunction();
  const response = await handler(request(JSON.stringify({ topic: "  ", site: { url: "nope" } })));
  assert.equal(response.status, 400);
  assertCors(response);
  assert.deepEqual(await response.json(), {
    error: "topic: Please enter a topic",
    field: "topic",
    issues: [
      { path: ["topic"], message: "Please enter a topic" },
      { path: ["site", "url"], message: "Please enter a valid URL" },
    ],
  });
  const nested = await handler(request(JSON.stringify({ topic: "tea", site: { url: "nope" } })));
  const body = await nested.json();
  assert.equal(body.error, "site.url: Please enter a valid URL");
  assert.equal(body.field, "site.url");
  const notAnObject = await handler(request("[]"));
  assert.equal(notAnObject.status, 400);
  assert.equal((await notAnObject.json()).field, undefined, "a whole-body issue names no field");
});

Deno.test("defineFunction: text PostgreSQL cannot store is a 400 naming the field, before the handler runs", async () => {
  const { handler, calls } = echoFunction();
  const cases: [string, string, string][] = [
    ['{"topic":"tea\\u0000time"}', "topic", "Contains a NUL character (U+0000), which cannot be stored"],
    ['{"topic":"tea","site":{"url":"https://x.example/\\ud800"}}', "site.url", "Contains an unpaired surrogate (a broken Unicode character), which cannot be stored"],
    ['{"topic":"tea","tags":["ok","\\udc00x"]}', "tags.1", "Contains an unpaired surrogate (a broken Unicode character), which cannot be stored"],
  ];
  for (const [body, field, message] of cases) {
    const response = await handler(request(body));
    assert.equal(response.status, 400, body);
    assertCors(response);
    assert.deepEqual(await response.json(), { error: `${field}: ${message}`, field, issues: [{ path: field.split("."), message }] });
  }
  // A surrogate pair (an emoji) is text like any other.
  const emoji = await handler(request('{"topic":"tea \\ud83c\\udf75"}'));
  assert.equal(emoji.status, 200);
  assert.equal((await emoji.json()).input.topic, "tea \u{1F375}");
  assert.equal(calls.length, 1, "only the storable body reached the handler");
});

Deno.test("defineFunction: the handler gets the user and the parsed input; its headers are kept, CORS added", async () => {
  const { handler, calls } = echoFunction();
  const response = await handler(request(JSON.stringify({ topic: "  tea  " })));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-echo"), "yes");
  assertCors(response);
  assert.deepEqual(await response.json(), { userId: USER_ID, input: { topic: "tea" } });
  assert.deepEqual(calls, [{ method: "POST", userId: USER_ID, input: { topic: "tea" } }]);
});

Deno.test("defineFunction: a streamed response flows through chunk by chunk", async () => {
  let push!: (text: string) => void;
  let end!: () => void;
  const handler = defineFunction({
    name: "stream",
    caller: anyone(),
    body: "ignored",
    failureMessage: "x",
    handle: () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(new TextEncoder().encode(text));
              end = () => controller.close();
            },
          }),
          { headers: { "Content-Type": "text/event-stream" } },
        ),
      ),
  });
  const response = await handler(new Request("http://localhost/", { method: "POST" }));
  assertCors(response);
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const reader = response.body!.getReader();
  push("event: delta\n\n");
  assert.equal(new TextDecoder().decode((await reader.read()).value), "event: delta\n\n", "before the stream ends");
  end();
  assert.equal((await reader.read()).done, true);
});

Deno.test("defineFunction: a throw is a generic 500 with CORS; the log has the message without secrets", async () => {
  const leaky = "sb_secret_FIXTURE-not-a-real-key_0000 and eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZSJ9.c2ln";
  const handler = defineFunction({
    name: "leaky",
    caller: anyone(),
    body: "ignored",
    failureMessage: "Failed to do the thing",
    handle: () => Promise.reject(new Error(`connection to db failed with ${leaky} sk-proj-FIXTURE-0123`)),
  });
  const logs = await withCapturedErrors(async (lines) => {
    const response = await handler(new Request("http://localhost/", { method: "POST" }));
    assert.equal(response.status, 500);
    assertCors(response);
    assert.deepEqual(await response.json(), { error: "Failed to do the thing" });
    return lines;
  });
  assert.deepEqual(logs, [
    "[leaky] unexpected failure: connection to db failed with [redacted] and [redacted] [redacted]",
  ]);
});

Deno.test("defineFunction: an authentication error other than 'not signed in' is a 500, not a 401", async () => {
  const { handler } = echoFunction(() => Promise.reject(new Error("auth server unreachable")));
  const logs = await withCapturedErrors(async (lines) => {
    const response = await handler(request('{"topic":"tea"}'));
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), { error: "Failed to echo" });
    return lines;
  });
  assert.deepEqual(logs, ["[echo] unexpected failure: auth server unreachable"]);
});

Deno.test("defineFunction: the scheduler caller needs one of the secret keys; its body is never read", async () => {
  const handled: unknown[] = [];
  const handler = defineFunction({
    name: "cron",
    caller: scheduler(["sb_secret_other", SECRET]),
    body: "ignored",
    failureMessage: "Failed",
    handle: (invocation) => {
      handled.push(invocation.input);
      return Promise.resolve(json({ ran: true }));
    },
  });
  const call = (headers: Record<string, string>) => {
    const { stream, watch } = watchedBody("{}");
    return handler(new Request("http://localhost/", { method: "POST", headers, body: stream })).then(
      async (response) => ({ status: response.status, body: await response.json(), watch, response }),
    );
  };
  const missing = await call({});
  assert.deepEqual([missing.status, missing.body], [401, { error: "Missing authorization" }]);
  assertCors(missing.response);
  const browser = await call({ authorization: "Bearer eyJ.user.jwt", apikey: "sb_publishable_x" });
  assert.deepEqual([browser.status, browser.body], [403, { error: "Only the scheduler may call this function" }]);
  assert.equal(browser.watch.pulled, false);
  const cron = await call({ apikey: SECRET, "content-type": "application/json" });
  assert.deepEqual([cron.status, cron.body], [200, { ran: true }]);
  assert.equal(cron.watch.pulled, false, "an ignored body is discarded unread");
  assert.equal(cron.watch.cancelled, true);
  assert.deepEqual(handled, [undefined]);
});
