import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { CATALOG_STATE_SQL, fileSchemaCache } from "./schema-cache.ts";

const KEY = "@supabase/lite:schema-cache:postgres::./pglite";

async function fixture() {
  const dir = await Deno.makeTempDir({ prefix: "inkpress-schema-cache-" });
  const lockFile = join(dir, "package-lock.json");
  writeFileSync(lockFile, '{"packages":{}}');
  let state = "state-1";
  const open = () => fileSchemaCache(dir, async () => state, { files: [lockFile] });
  return {
    dir,
    lockFile,
    open,
    setState: (next: string) => (state = next),
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }),
  };
}

Deno.test("an introspection written by one start is read by the next", async () => {
  await using f = await fixture();
  await f.open().set(KEY, '{"tables":[]}');
  assert.equal(await f.open().get(KEY), '{"tables":[]}');
  assert.equal(await f.open().get("another key"), undefined);
});

Deno.test("nothing is read once the schema or the packages changed", async () => {
  {
    await using f = await fixture();
    await f.open().set(KEY, '{"tables":[]}');
    f.setState("state-2");
    assert.equal(await f.open().get(KEY), undefined);
  }
  {
    await using f = await fixture();
    await f.open().set(KEY, '{"tables":[]}');
    writeFileSync(f.lockFile, '{"packages":{"node_modules/@supabase/lite":{}}}');
    assert.equal(await f.open().get(KEY), undefined);
  }
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

Deno.test("lite's deletes (one per migration applied) ask nothing of the database", async () => {
  await using f = await fixture();
  let asked = 0;
  const cache = fileSchemaCache(f.dir, async () => `state-${++asked}`, { files: [f.lockFile] });
  await cache.set(KEY, '{"tables":[]}');
  for (let migration = 0; migration < 5; migration++) await cache.delete(KEY);
  assert.equal(asked, 1);
});

Deno.test("after lite's delete the schema's state is read again", async () => {
  await using f = await fixture();
  const cache = f.open();
  await cache.set(KEY, '{"tables":[]}');
  f.setState("state-2");
  await cache.delete(KEY);
  await cache.set(KEY, '{"tables":[2]}');
  assert.equal(await fileSchemaCache(f.dir, async () => "state-2", { files: [f.lockFile] }).get(KEY), '{"tables":[2]}');
});

Deno.test("the schema's state follows DDL, comes back when it is undone, and ignores privileges and statistics", async () => {
  const db = new PGlite();
  try {
    const state = async () => (await db.query<{ state: string }>(CATALOG_STATE_SQL)).rows[0].state;
    await db.exec(`
      create role anon;
      create table articles (id int primary key, title text);
      create view titles as select title from articles;
      create function one() returns int language sql as 'select 1';
      alter table articles enable row level security;
      create policy "Anyone reads titles" on articles for select using (title is not null);
    `);
    const before = await state();
    for (const change of [
      "alter table articles add column excerpt text",
      "alter table articles alter column id type bigint",
      "alter table articles alter column title set not null",
      "alter table articles alter column title set default 'Untitled'",
      "create index on articles (title)",
      "alter table articles add constraint title_length check (length(title) < 300)",
      "comment on table articles is 'posts'",
      "create or replace view titles as select title, id from articles",
      "create or replace function one() returns int language sql as 'select 2'",
      "alter table articles disable row level security",
      `alter policy "Anyone reads titles" on articles using (true)`,
      "create type status as enum ('draft')",
      "create schema private",
      "drop view titles",
    ]) {
      await db.exec("begin");
      await db.exec(change);
      assert.notEqual(await state(), before, change);
      await db.exec("rollback");
      assert.equal(await state(), before, `${change}, rolled back`);
    }
    await db.exec("grant select on articles to anon; grant usage on schema public to anon; analyze");
    assert.equal(await state(), before, "privileges and statistics");
    await db.exec("revoke select on articles from anon");
    assert.equal(await state(), before, "privileges revoked");
  } finally {
    await db.close();
  }
});
