import { parseToml, type TomlTable, type TomlValue } from "./toml.ts";

/**
 * The JWT secret @supabase/lite signs user tokens with when config.toml sets
 * none. Must match lite's own default, or locally issued tokens would fail.
 */
export const LITE_DEFAULT_JWT_SECRET = "unsafe-secret-change-me";

export type ProjectConfig = {
  /** HS256 secret that user JWTs are signed with. */
  jwtSecret: string;
  /** Whether calls to `functionName` need a valid JWT (Supabase default: true). */
  verifyJwt(functionName: string): boolean;
};

/**
 * Reads the parts of supabase/config.toml the functions runtime needs.
 * A missing file means all defaults; an unreadable one throws.
 * `env` resolves `env(NAME)` references the way the Supabase CLI does.
 */
export async function readProjectConfig(configPath: string, env: Record<string, string>): Promise<ProjectConfig> {
  let text: string;
  try {
    text = await Deno.readTextFile(configPath);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    text = "";
  }
  return projectConfigFromToml(parseToml(text), env);
}

export function projectConfigFromToml(toml: TomlTable, env: Record<string, string>): ProjectConfig {
  const auth = tableAt(toml, "auth");
  const functions = tableAt(toml, "functions");
  return {
    // The local backend mints its JWT secret (supabase/.temp/local-keys.json) and
    // exports it as LOCAL_JWT_SECRET; config.toml holds none.
    jwtSecret: env.LOCAL_JWT_SECRET || resolveEnvReference(auth.jwt_secret, env) || LITE_DEFAULT_JWT_SECRET,
    verifyJwt(functionName) {
      return tableAt(functions, functionName).verify_jwt !== false;
    },
  };
}

function tableAt(table: TomlTable, key: string): TomlTable {
  const value = table[key];
  return typeof value === "object" && !Array.isArray(value) ? value : {};
}

/** `"env(NAME)"` → env.NAME (empty when unset); other strings as-is; non-strings → "". */
function resolveEnvReference(value: TomlValue | undefined, env: Record<string, string>): string {
  if (typeof value !== "string") return "";
  const reference = /^env\((\w+)\)$/.exec(value.trim());
  return reference ? env[reference[1]] ?? "" : value;
}
