import assert from "node:assert/strict";
import { parse } from "npm:smol-toml@1.9.1";
import { DEFAULT_PROJECT_REF, projectConfigFromToml, readProjectConfig } from "./project_config.ts";

Deno.test("verify_jwt defaults to true and honours false per function", () => {
  const config = projectConfigFromToml(parse("[functions.open]\nverify_jwt = false\n[functions.closed]\n"));
  assert.equal(config.verifyJwt("open"), false);
  assert.equal(config.verifyJwt("closed"), true);
  assert.equal(config.verifyJwt("unlisted"), true);
});

Deno.test("project_id stands in for the project ref", () => {
  assert.equal(projectConfigFromToml(parse('project_id = "inkpress"')).projectRef, "inkpress");
  assert.equal(projectConfigFromToml(parse("")).projectRef, DEFAULT_PROJECT_REF);
});

Deno.test("a table-valued key that is not a table counts as absent", () => {
  const config = projectConfigFromToml(parse("functions = 1979-05-27\nauth = [1]"));
  assert.equal(config.verifyJwt("any"), true);
});

Deno.test("readProjectConfig treats a missing file as all defaults", async () => {
  const config = await readProjectConfig("/nonexistent/config.toml");
  assert.equal(config.projectRef, DEFAULT_PROJECT_REF);
  assert.equal(config.verifyJwt("anything"), true);
});

Deno.test("the repository's supabase/config.toml: every function listed, the scheduler's without verify_jwt", async () => {
  const config = await readProjectConfig(new URL("../../../supabase/config.toml", import.meta.url).pathname);
  assert.equal(config.projectRef, "inkpress");
  assert.equal(config.verifyJwt("publish-scheduled"), false);
  assert.equal(config.verifyJwt("draft-batch-worker"), false);
  assert.equal(config.verifyJwt("draft-batches"), true);
  assert.equal(config.verifyJwt("publish-article"), true);
});

Deno.test("an invalid config.toml is an error, not silently all defaults", async () => {
  const path = await Deno.makeTempFile({ suffix: ".toml" });
  try {
    await Deno.writeTextFile(path, "[functions.a]\nverify_jwt = \n");
    await assert.rejects(readProjectConfig(path));
  } finally {
    await Deno.remove(path);
  }
});
