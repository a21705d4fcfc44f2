import assert from "node:assert/strict";
import { readJsonBody } from "./json_body.ts";

const post = (body: BodyInit | null, headers?: HeadersInit) =>
  new Request("http://localhost/fn", { method: "POST", body, headers });

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
