import assert from "node:assert/strict";
import { errorResponse, json } from "./responses.ts";

Deno.test("json sets status, content type and extra headers", async () => {
  const response = json({ a: 1 }, 201, { "Cache-Control": "no-store" });
  assert.equal(response.status, 201);
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.deepEqual(await response.json(), { a: 1 });
});

Deno.test("errorResponse returns { error, ...details } and keeps error authoritative", async () => {
  const response = errorResponse(422, "Title is required", { field: "title", error: "ignored" }, { Allow: "POST" });
  assert.equal(response.status, 422);
  assert.equal(response.headers.get("allow"), "POST");
  assert.deepEqual(await response.json(), { field: "title", error: "Title is required" });
});
