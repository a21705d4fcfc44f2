// Tests for the HTTP helpers every function uses.
import assert from "node:assert/strict";
import {
  corsHeaders,
  errorResponse,
  handleOptions,
  json,
  readJsonBody,
} from "./responses.ts";

const post = (body: BodyInit | null, headers?: HeadersInit) =>
  new Request("http://localhost/fn", { method: "POST", body, headers });

Deno.test("json sets status, content type, CORS and extra headers", async () => {
  const response = json({ a: 1 }, 201, { "Cache-Control": "no-store" });
  assert.equal(response.status, 201);
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.deepEqual(await response.json(), { a: 1 });
});

Deno.test("errorResponse returns { error, ...details } and keeps error authoritative", async () => {
  const response = errorResponse(422, "Title is required", { field: "title", error: "ignored" });
  assert.equal(response.status, 422);
  assert.equal(response.headers.get("access-control-allow-headers"), corsHeaders["Access-Control-Allow-Headers"]);
  assert.deepEqual(await response.json(), { field: "title", error: "Title is required" });
});

Deno.test("handleOptions answers preflight only", async () => {
  const preflight = handleOptions(new Request("http://localhost/fn", { method: "OPTIONS" }));
  assert.equal(preflight?.status, 200);
  assert.equal(preflight?.headers.get("access-control-allow-methods"), corsHeaders["Access-Control-Allow-Methods"]);
  await preflight?.body?.cancel();
  assert.equal(handleOptions(post("{}")), null);
});

Deno.test("readJsonBody parses JSON within the limit", async () => {
  assert.deepEqual(await readJsonBody(post('{"title":"héllo"}'), 100), { ok: true, value: { title: "héllo" } });
});

Deno.test("readJsonBody: 413 by Content-Length and by streamed size", async () => {
  const declared = await readJsonBody(post("{}", { "content-length": "5000" }), 100);
  assert.ok(!declared.ok);
  assert.equal(declared.response.status, 413);
  assert.deepEqual(await declared.response.json(), { maxBytes: 100, error: "Request body exceeds 100 bytes" });

  let pulls = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      controller.enqueue(new Uint8Array(64).fill(32));
    },
  });
  const streamed = await readJsonBody(post(endless), 100);
  assert.ok(!streamed.ok);
  assert.equal(streamed.response.status, 413);
  await streamed.response.body?.cancel();
  assert.ok(pulls < 10, "stopped reading at the limit");
});

Deno.test("readJsonBody: 400 for empty, invalid JSON and invalid UTF-8", async () => {
  const cases: [BodyInit | null, string][] = [
    [null, "Request body must be JSON"],
    ["{not json", "Request body is not valid JSON"],
    [new Uint8Array([0x7b, 0xff, 0x7d]), "Request body is not valid JSON"],
  ];
  for (const [body, error] of cases) {
    const result = await readJsonBody(post(body), 100);
    assert.ok(!result.ok);
    assert.equal(result.response.status, 400);
    assert.deepEqual(await result.response.json(), { error });
  }
});
