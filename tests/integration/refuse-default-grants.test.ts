import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, expect, test } from "vitest";
import { startLocalApi } from "../../scripts/devstack/local-backend/http-server.ts";

// Runs in `npm run test:integration:pg` only (vitest.integration.config.ts):
// it needs a fresh database, which a PostgreSQL server makes in milliseconds
// (a fresh PGlite takes tens of seconds). The check itself is the same for
// both drivers (scripts/devstack/local-backend/api-privileges.ts).
const serverUrl = process.env.INTEGRATION_DATABASE_URL!;
const database = `inkpress_default_grants_${randomBytes(4).toString("hex")}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const dir = mkdtempSync(join(tmpdir(), "inkpress-default-grants-"));

afterAll(async () => {
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

// A database that grants new tables in public to the API roles (as data left
// by an earlier local backend did) cannot be trusted to hold the migrations'
// privileges: the local backend refuses it and says what to do.
test("the local backend refuses a database whose default privileges expose new tables", async () => {
  await admin.unsafe(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await db.unsafe(`
    do $$ begin
      if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin; end if;
    end $$;
    alter default privileges in schema public grant all on tables to anon;
  `);
  await db.end();

  await expect(startLocalApi({ databaseUrl: url.toString(), keysFile: join(dir, "keys.json") })).rejects.toThrow(
    /Refusing to start: this database grants new objects in schema public to the API roles by default .*delete supabase\/\.temp\/pglite \(or the LOCAL_PGLITE_DIR \/ DATABASE_URL database\)/,
  );
});
