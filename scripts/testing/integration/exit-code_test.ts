/**
 * The integration suite fails when a test fails. The local backend (PGlite,
 * in the runner's process) writes process.exitCode as it runs and closes; a
 * run with a failed test once exited 0, so CI passed it. A planted failing
 * test must make the runner exit non-zero.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../../../", import.meta.url));

Deno.test({
  name: "a failed integration test makes the suite fail",
  sanitizeResources: false,
  async fn() {
    const planted = join(repo, `tests/integration/planted-failure-${crypto.randomUUID()}.test.ts`);
    await Deno.writeTextFile(
      planted,
      'import { expect, test } from "vitest";\ntest("planted failure", () => expect(1).toBe(2));\n',
    );
    try {
      const { code, stdout } = await new Deno.Command(join(repo, "node_modules/.bin/vitest"), {
        args: ["run", "-c", "vitest.integration.config.ts", planted],
        cwd: repo,
        env: { DO_NOT_TRACK: "1" },
        stderr: "null",
      }).output();
      const output = new TextDecoder().decode(stdout);
      assert.match(output, /1 failed/, output);
      assert.equal(code, 1, output);
    } finally {
      await Deno.remove(planted);
    }
  },
});
