import assert from "node:assert/strict";
import { apiProcessCount, fromFront, leastBusy, type LiteBackend, WORKER_TOKEN_HEADER } from "./api-workers.ts";

Deno.test("leastBusy: each request goes to the backend with the fewest in progress; an unreachable worker is left out", async () => {
  const served: string[] = [];
  const gates: (() => void)[] = [];
  const backend = (name: string): LiteBackend => async () => {
    served.push(name);
    await new Promise<void>((resolve) => gates.push(resolve));
    return new Response(name);
  };
  const dispatch = leastBusy([backend("front"), backend("worker 1"), backend("worker 2")]);
  const request = () => new Request("http://api.test/rest/v1/profiles");
  const pending = [dispatch(request(), null), dispatch(request(), null), dispatch(request(), null)];
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(served, ["front", "worker 1", "worker 2"]);
  gates.shift()!(); // the front is free again
  assert.equal(await (await pending[0]).text(), "front");
  const fourth = dispatch(request(), null);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(served.at(-1), "front");
  for (const open of gates.splice(0)) open();
  await Promise.all([...pending, fourth]);

  // A worker that cannot be reached fails the request it got, and gets no other.
  let asked = 0;
  const gone: LiteBackend = () => {
    asked++;
    return Promise.reject(new TypeError("connection refused"));
  };
  const held: (() => void)[] = [];
  const front: LiteBackend = () => new Promise((resolve) => held.push(() => resolve(new Response("front"))));
  const withDeadWorker = leastBusy([front, gone]);
  const busyFront = withDeadWorker(request(), null);
  await assert.rejects(withDeadWorker(request(), null), TypeError);
  const next = withDeadWorker(request(), null); // the front is busy, yet the worker is not asked again
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const open of held.splice(0)) open();
  assert.deepEqual([await (await busyFront).text(), await (await next).text()], ["front", "front"]);
  assert.equal(asked, 1);
});

Deno.test("fromFront: only requests with the worker's token reach lite, without the token", async () => {
  const token = "a".repeat(48);
  const post = (headers: Record<string, string>) =>
    new Request("http://127.0.0.1:1/rest/v1/rpc/x", { method: "POST", headers, body: '{"a":1}' });
  assert.equal(await fromFront(post({}), token), null);
  assert.equal(await fromFront(post({ [WORKER_TOKEN_HEADER]: "b".repeat(48) }), token), null);
  assert.equal(await fromFront(post({ [WORKER_TOKEN_HEADER]: "a" }), token), null);
  const passed = await fromFront(post({ [WORKER_TOKEN_HEADER]: token, apikey: "k" }), token);
  assert.equal(passed!.headers.get(WORKER_TOKEN_HEADER), null);
  assert.equal(passed!.headers.get("apikey"), "k");
  assert.equal(await passed!.text(), '{"a":1}');
});

Deno.test("apiProcessCount: LOCAL_API_PROCESSES, else the cores up to 4", () => {
  assert.equal(apiProcessCount({ LOCAL_API_PROCESSES: "3" }), 3);
  assert.ok(apiProcessCount({}) >= 1 && apiProcessCount({}) <= 4);
  for (const bad of ["0", "33", "two"]) assert.throws(() => apiProcessCount({ LOCAL_API_PROCESSES: bad }), /LOCAL_API_PROCESSES/);
});
