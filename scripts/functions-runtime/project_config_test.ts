import assert from "node:assert/strict";
import { LITE_DEFAULT_JWT_SECRET, projectConfigFromToml, readProjectConfig } from "./project_config.ts";
import { parseToml, TomlError } from "./toml.ts";

Deno.test("parseToml reads the subset supabase/config.toml uses", () => {
  const toml = parseToml(`
project_id = "inkpress" # trailing comment
[api]
port = 54_321
schemas = ["public", 'graphql_public',
  "storage", ] # arrays may span lines

[auth]
enabled = true
jwt_secret = "a \\"quoted\\" \\u00e9"
ratio = 0.5
[auth.email]
enable_confirmations = false

[functions.send-email]
verify_jwt = false
limits = { max = 3, name = "x" }

[[auth.hooks]]
uri = "first"
[[auth.hooks]]
uri = "second"
`);
  assert.deepEqual(toml, {
    project_id: "inkpress",
    api: { port: 54321, schemas: ["public", "graphql_public", "storage"] },
    auth: {
      enabled: true,
      jwt_secret: 'a "quoted" é',
      ratio: 0.5,
      email: { enable_confirmations: false },
      hooks: [{ uri: "first" }, { uri: "second" }],
    },
    functions: { "send-email": { verify_jwt: false, limits: { max: 3, name: "x" } } },
  });
});

Deno.test("parseToml reports what it cannot read, with the line", () => {
  assert.throws(
    () => parseToml('a = "ok"\nb = """multi"""'),
    (error: unknown) => error instanceof TomlError && /line 2/.test(error.message),
  );
  assert.throws(() => parseToml("a = 1\na = 2"), /duplicate key/);
  assert.throws(() => parseToml("a = nope"), /unsupported value/);
});

Deno.test("verify_jwt defaults to true and honours false per function", () => {
  const config = projectConfigFromToml(parseToml("[functions.open]\nverify_jwt = false\n[functions.closed]\n"), {});
  assert.equal(config.verifyJwt("open"), false);
  assert.equal(config.verifyJwt("closed"), true);
  assert.equal(config.verifyJwt("unlisted"), true);
});

Deno.test("jwt_secret: literal, env(NAME), or lite's default", () => {
  const secretOf = (text: string, env: Record<string, string> = {}) =>
    projectConfigFromToml(parseToml(text), env).jwtSecret;
  assert.equal(secretOf('[auth]\njwt_secret = "literal"'), "literal");
  assert.equal(secretOf('[auth]\njwt_secret = "env(MY_SECRET)"', { MY_SECRET: "from-env" }), "from-env");
  assert.equal(secretOf('[auth]\njwt_secret = "env(MY_SECRET)"'), LITE_DEFAULT_JWT_SECRET);
  assert.equal(secretOf("[auth]\nenabled = true"), LITE_DEFAULT_JWT_SECRET);
});

Deno.test("readProjectConfig treats a missing file as all defaults", async () => {
  const config = await readProjectConfig("/nonexistent/config.toml", {});
  assert.equal(config.jwtSecret, LITE_DEFAULT_JWT_SECRET);
  assert.equal(config.verifyJwt("anything"), true);
});

Deno.test("the repository's supabase/config.toml parses", async () => {
  const config = await readProjectConfig(new URL("../../supabase/config.toml", import.meta.url).pathname, {});
  assert.equal(typeof config.jwtSecret, "string");
});
