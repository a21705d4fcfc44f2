import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileSchemaCache } from "./schema-cache.ts";

const KEY = "@supabase/lite:schema-cache:postgres::./pglite";

async function fixture() {
  const dir = await Deno.makeTempDir({ prefix: "inkpress-schema-cache-" });
  const pgliteDir = join(dir, "pglite");
  const migrationsDir = join(dir, "migrations");
  const lockFile = join(dir, "package-lock.json");
  mkdirSync(join(pgliteDir, "global"), { recursive: true });
  mkdirSync(migrationsDir);
  writeFileSync(join(pgliteDir, "global", "pg_control"), new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 9]));
  writeFileSync(join(migrationsDir, "20260101000000_articles.sql"), "create table articles ();");
  writeFileSync(lockFile, '{"packages":{}}');
  const open = () => fileSchemaCache(pgliteDir, { migrationsDir, lockFile });
  return { dir, pgliteDir, migrationsDir, lockFile, open, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

Deno.test("an introspection written by one start is read by the next", async () => {
  await using f = await fixture();
  await f.open().set(KEY, '{"tables":[]}');
  assert.equal(await f.open().get(KEY), '{"tables":[]}');
  assert.equal(await f.open().get("another key"), undefined);
});

Deno.test("nothing is read once a migration, the packages or the database changed", async () => {
  for (const change of [
    (f: Awaited<ReturnType<typeof fixture>>) => writeFileSync(join(f.migrationsDir, "20260102000000_more.sql"), "alter table articles add x int;"),
    (f: Awaited<ReturnType<typeof fixture>>) => writeFileSync(join(f.migrationsDir, "20260101000000_articles.sql"), "create table articles (id int);"),
    (f: Awaited<ReturnType<typeof fixture>>) => writeFileSync(f.lockFile, '{"packages":{"node_modules/@supabase/lite":{}}}'),
    // A new database: another system identifier in pg_control's first 8 bytes.
    (f: Awaited<ReturnType<typeof fixture>>) => writeFileSync(join(f.pgliteDir, "global", "pg_control"), new Uint8Array([8, 7, 6, 5, 4, 3, 2, 1, 9, 9])),
  ]) {
    await using f = await fixture();
    await f.open().set(KEY, '{"tables":[]}');
    change(f);
    assert.equal(await f.open().get(KEY), undefined);
  }
});

Deno.test("the pg_control bytes after the system identifier do not matter", async () => {
  await using f = await fixture();
  await f.open().set(KEY, '{"tables":[]}');
  writeFileSync(join(f.pgliteDir, "global", "pg_control"), new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 0, 0]));
  assert.equal(await f.open().get(KEY), '{"tables":[]}');
});

Deno.test("lite's delete (a migration applied) is kept, except the one it makes on closing", async () => {
  await using f = await fixture();
  const cache = f.open();
  await cache.set(KEY, '{"tables":[]}');
  await cache.delete(KEY);
  assert.equal(await f.open().get(KEY), undefined);

  await cache.set(KEY, '{"tables":[1]}');
  cache.keepOnClose();
  await cache.delete(KEY);
  assert.equal(await f.open().get(KEY), '{"tables":[1]}');
});

Deno.test("before the database exists nothing is written", async () => {
  await using f = await fixture();
  await Deno.remove(join(f.pgliteDir, "global"), { recursive: true });
  const cache = f.open();
  await cache.set(KEY, '{"tables":[]}');
  assert.equal(await cache.get(KEY), undefined);
  await assert.rejects(Deno.stat(join(f.pgliteDir, "inkpress-schema-cache.json")), Deno.errors.NotFound);
});
