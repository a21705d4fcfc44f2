import assert from "node:assert/strict";
import { join } from "node:path";
import { buildInputsHash } from "./build.ts";

async function fixture() {
  const repo = await Deno.makeTempDir({ prefix: "inkpress-build-inputs-" });
  const write = async (path: string, text: string) => {
    await Deno.mkdir(join(repo, path, ".."), { recursive: true });
    await Deno.writeTextFile(join(repo, path), text);
  };
  await write("web/index.html", "<div id=root>");
  await write("web/src/main.tsx", "render()");
  await write("web/src/App.test.tsx", "test()");
  await write("web/test/setup.ts", "setup()");
  await write("web/public/logo.svg", "<svg/>");
  await write("supabase/functions/_shared/contracts/image.ts", "export const LIMIT = 1");
  await write("vite.config.ts", "config");
  await write("package-lock.json", "{}");
  return { repo, write };
}

const SOURCES = ["web/src/main.tsx", "supabase/functions/_shared/contracts/image.ts"];
const ENV = { VITE_SUPABASE_URL: "", VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_x", PATH: "/bin" };

Deno.test("the build's inputs hash changes with what the build reads, and only with that", async () => {
  const { repo, write } = await fixture();
  try {
    const hash = () => buildInputsHash(repo, SOURCES, ENV);
    const first = hash();
    assert.equal(hash(), first, "stable");

    await write("web/src/App.test.tsx", "test(changed)");
    await write("web/test/setup.ts", "setup(changed)");
    assert.equal(hash(), first, "tests are not inputs");
    assert.equal(buildInputsHash(repo, SOURCES, { ...ENV, PATH: "/usr/bin" }), first, "only VITE_ variables count");

    const changes: [string, () => Promise<unknown> | string][] = [
      ["a web source", () => write("web/src/main.tsx", "render(2)")],
      ["a new public file", () => write("web/public/robots.txt", "User-agent: *")],
      ["a bundled source outside web/", () => write("supabase/functions/_shared/contracts/image.ts", "export const LIMIT = 2")],
      ["the build configuration", () => write("vite.config.ts", "config 2")],
      ["the lock file", () => write("package-lock.json", '{"v":2}')],
      ["an .env file Vite reads", () => write(".env.production", "VITE_X=1")],
    ];
    let previous = first;
    for (const [what, change] of changes) {
      await change();
      const next = hash();
      assert.notEqual(next, previous, what);
      previous = next;
    }
    assert.notEqual(buildInputsHash(repo, SOURCES, { ...ENV, VITE_SUPABASE_URL: "http://127.0.0.1:54321" }), previous, "the API URL");
    assert.notEqual(buildInputsHash(repo, SOURCES, { ...ENV, VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_y" }), previous, "the key");
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});
