import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { migrationsHash, recordedMigrationsHash, TYPES_FILE } from "./gen-types.ts";

// `npm test` needs no PostgreSQL, so it cannot regenerate the types; it checks
// that they were generated from the migrations as they are now (npm run
// test:db regenerates them and compares the whole file).
Deno.test("the committed Database types were generated from the current migrations", async () => {
  const recorded = recordedMigrationsHash(await readFile(TYPES_FILE, "utf8"));
  assert.equal(
    recorded,
    await migrationsHash(),
    `${TYPES_FILE} is stale (a migration changed since it was generated): run \`npm run gen:types\` and commit it`,
  );
});
