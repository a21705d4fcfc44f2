import assert from "node:assert/strict";
import fs from "node:fs";
import { join } from "node:path";
import { looserThanPrivate, makePrivate, restrictNewFiles } from "./private-files.ts";

Deno.test("makePrivate makes an existing data folder owner-only: folders 0700, files 0600", async () => {
  const root = await Deno.makeTempDir({ prefix: "inkpress-private-" });
  try {
    const data = join(root, ".temp");
    await Deno.mkdir(join(data, "pglite", "base"), { recursive: true, mode: 0o755 });
    await Deno.mkdir(join(data, "storage", "images"), { recursive: true, mode: 0o777 });
    await Deno.writeTextFile(join(data, "local-keys.json"), "{}", { mode: 0o644 });
    await Deno.writeTextFile(join(data, "pglite", "base", "1234"), "rows", { mode: 0o666 });
    await Deno.writeTextFile(join(data, "storage", "images", "x.png"), "png", { mode: 0o640 });
    for (const dir of [data, join(data, "pglite"), join(data, "pglite", "base"), join(data, "storage")]) await Deno.chmod(dir, 0o755);
    assert.ok(looserThanPrivate(data).length >= 7);

    makePrivate(data);

    assert.deepEqual(looserThanPrivate(data), []);
    assert.equal((await Deno.stat(join(data, "local-keys.json"))).mode! & 0o777, 0o600);
    assert.equal((await Deno.stat(join(data, "pglite", "base"))).mode! & 0o777, 0o700);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("makePrivate creates a missing folder as 0700", async () => {
  const root = await Deno.makeTempDir({ prefix: "inkpress-private-" });
  try {
    makePrivate(join(root, "new", "data"));
    assert.equal((await Deno.stat(join(root, "new", "data"))).mode! & 0o777, 0o700);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("after restrictNewFiles, what this process and its children create is owner-only", async () => {
  const root = await Deno.makeTempDir({ prefix: "inkpress-private-" });
  try {
    restrictNewFiles();
    await Deno.writeTextFile(join(root, "wal"), "x");
    // How PGlite's Emscripten file system creates its data files (Deno's node:fs chmods to the given mode).
    fs.writeFileSync(join(root, "pglite-file"), "", { mode: 0o666 });
    await Deno.mkdir(join(root, "segment"));
    await new Deno.Command("sh", { args: ["-c", `touch '${join(root, "from-child")}'`] }).output();
    assert.deepEqual(looserThanPrivate(root), []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
