import assert from "node:assert/strict";
import { parse } from "npm:smol-toml@1.9.1";
import {
  DEFAULT_PROJECT_REF,
  LITE_DEFAULT_JWT_SECRET,
  projectConfigFromToml,
  readProjectConfig,
} from "./project_config.ts";

Deno.test("verify_jwt defaults to true and honours false per function", () => {
  const config = projectConfigFromToml(parse("[functions.open]\nverify_jwt = false\n[functions.closed]\n"), {});
  assert.equal(config.verifyJwt("open"), false);
  assert.equal(config.verifyJwt("closed"), true);
  assert.equal(config.verifyJwt("unlisted"), true);
});

Deno.test("jwt_secret: literal, env(NAME), or lite's default", () => {
  const secretOf = (text: string, env: Record<string, string> = {}) =>
    projectConfigFromToml(parse(text), env).jwtSecret;
  assert.equal(secretOf('[auth]\njwt_secret = "literal"'), "literal");
  assert.equal(secretOf('[auth]\njwt_secret = "env(MY_SECRET)"', { MY_SECRET: "from-env" }), "from-env");
  assert.equal(secretOf('[auth]\njwt_secret = "env(MY_SECRET)"'), LITE_DEFAULT_JWT_SECRET);
  assert.equal(secretOf("[auth]\nenabled = true"), LITE_DEFAULT_JWT_SECRET);
});

Deno.test("project_id stands in for the project ref", () => {
  assert.equal(projectConfigFromToml(parse('project_id = "inkpress"'), {}).projectRef, "inkpress");
  assert.equal(projectConfigFromToml(parse(""), {}).projectRef, DEFAULT_PROJECT_REF);
});

Deno.test("a table-valued key that is not a table counts as absent", () => {
  const config = projectConfigFromToml(parse("functions = 1979-05-27\nauth = [1]"), {});
  assert.equal(config.verifyJwt("any"), true);
  assert.equal(config.jwtSecret, LITE_DEFAULT_JWT_SECRET);
});

Deno.test("readProjectConfig treats a missing file as all defaults", async () => {
  const config = await readProjectConfig("/nonexistent/config.toml", {});
  assert.equal(config.jwtSecret, LITE_DEFAULT_JWT_SECRET);
  assert.equal(config.projectRef, DEFAULT_PROJECT_REF);
  assert.equal(config.verifyJwt("anything"), true);
});

Deno.test("the repository's supabase/config.toml parses", async () => {
  const config = await readProjectConfig(new URL("../../supabase/config.toml", import.meta.url).pathname, {});
  assert.equal(typeof config.jwtSecret, "string");
});

Deno.test("an invalid config.toml is an error, not silently all defaults", async () => {
  const path = await Deno.makeTempFile({ suffix: ".toml" });
  try {
    await Deno.writeTextFile(path, "[functions.a]\nverify_jwt = \n");
    await assert.rejects(readProjectConfig(path, {}));
  } finally {
    await Deno.remove(path);
  }
});
