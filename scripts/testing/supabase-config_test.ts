/**
 * supabase/config.toml is a valid Supabase CLI config as it is: `supabase
 * start` and `supabase config push` use it with no variable set, so nothing
 * in it may be an env() reference (the CLI would use the literal text
 * "env(X)" as a JWT secret, key or URL when X is unset) and it holds no
 * secret. The local backend adds its own values in-process
 * (scripts/devstack/local-backend/local-config.ts).
 */
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";

const CONFIG = "supabase/config.toml";
const CLI = "node_modules/.bin/supabase";

function stringsIn(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === "string") return [[path.join("."), value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsIn(item, [...path, String(i)]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, [...path, key]));
  }
  return [];
}

Deno.test("config.toml has no env() reference and no secret", async () => {
  const config = parse(await readFile(CONFIG, "utf8")) as Record<string, Record<string, unknown>>;
  assert.deepEqual(stringsIn(config).filter(([, value]) => /env\(/i.test(value)), []);
  for (const secret of ["jwt_secret", "publishable_key", "secret_key", "signing_keys_path"]) {
    assert.equal(config.auth[secret], undefined, `[auth] ${secret} must not be in config.toml`);
  }
  assert.equal(config.db.url, undefined, "[db] url is the local backend's business");
  assert.equal(config.db.driver, undefined, "[db] driver is the local backend's business");
  assert.match(String(config.auth.site_url), /^https?:\/\/[^/]+$/);
  assert.equal(config.api.auto_expose_new_tables, false, "as hosted: new tables are not granted to the API roles");
});

/**
 * `supabase start` reads and validates config.toml before it talks to Docker,
 * so with DOCKER_HOST pointing at nothing it stops at Docker only if the
 * config is valid (and can start nothing on a machine that has Docker).
 */
async function supabaseStart(workdir: string): Promise<string> {
  const socket = join(workdir, "no-docker.sock");
  const { stdout, stderr } = await new Deno.Command(CLI, {
    args: ["start", "--workdir", workdir],
    // No variable the config could reference: only what running the CLI needs.
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: workdir,
      DOCKER_HOST: `unix://${socket}`,
      DO_NOT_TRACK: "1",
      SUPABASE_TELEMETRY_DISABLED: "1",
    },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
}

Deno.test("the Supabase CLI loads config.toml with no variable set", async () => {
  const workdir = await mkdtemp(join(tmpdir(), "inkpress-cli-config-"));
  try {
    await cp(CONFIG, join(workdir, "supabase", "config.toml"));
    const output = await supabaseStart(workdir);
    assert.match(output, /Cannot connect to the Docker daemon at unix:\/\/.*no-docker\.sock/, output);
    assert.doesNotMatch(output, /CliConfigParseError|failed to (read|parse)/, output);

    // The same run fails on an invalid config, so the check above means something.
    await writeFile(join(workdir, "supabase", "config.toml"), "[auth]\njwt_expiry = \"an hour\"\n");
    assert.match(await supabaseStart(workdir), /CliConfigParseError/);
  } finally {
    await rm(workdir, { recursive: true, force: true });
  }
});
