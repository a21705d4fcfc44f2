import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { migrationsHash } from "./gen-types.ts";
import { normalizeDump, recordedSchemaHash, SCHEMA_FILE } from "./schema-dump.ts";

// `npm test` needs no PostgreSQL: it checks that supabase/schema.sql was
// dumped from the migrations as they are now (npm run test:db dumps again
// and compares the whole file).
Deno.test("supabase/schema.sql was dumped from the current migrations", async () => {
  assert.equal(
    recordedSchemaHash(await readFile(SCHEMA_FILE, "utf8")),
    await migrationsHash(),
    `${SCHEMA_FILE} is stale (a migration changed since it was dumped): run \`npm run gen:types\` and commit it`,
  );
});

Deno.test("the dump keeps the schema and drops what differs from run to run", () => {
  const dump = [
    "--",
    "-- PostgreSQL database dump",
    "--",
    "\\restrict Zk3sVq9",
    "-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)",
    "-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)",
    "SET statement_timeout = 0;",
    "SELECT pg_catalog.set_config('search_path', '', false);",
    "",
    "",
    "",
    "CREATE TABLE public.articles (id uuid NOT NULL);",
    "\\unrestrict Zk3sVq9",
  ].join("\n");
  assert.equal(
    normalizeDump(dump),
    "--\n-- PostgreSQL database dump\n--\n\nCREATE TABLE public.articles (id uuid NOT NULL);",
  );
});
