import assert from "node:assert/strict";
import { isoTimestamp } from "./keyword_data_store.ts";

Deno.test("timestamps from PostgREST (ISO) and from the local backend (Postgres text) read alike", () => {
  assert.equal(isoTimestamp("2026-12-06T10:00:00.123+00:00"), "2026-12-06T10:00:00.123Z");
  assert.equal(isoTimestamp("2026-12-06 10:00:00.123+00"), "2026-12-06T10:00:00.123Z");
  assert.equal(isoTimestamp("2026-12-06 11:00:00+01"), "2026-12-06T10:00:00.000Z");
  assert.throws(() => isoTimestamp("yesterday"), /Not a timestamp/);
});
