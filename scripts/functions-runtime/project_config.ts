import { parse, type TomlTable, type TomlValue } from "npm:smol-toml@1.9.1";

/**
 * The JWT secret @supabase/lite signs user tokens with when config.toml sets
 * none. Must match lite's own default, or locally issued tokens would fail.
 */
export const LITE_DEFAULT_JWT_SECRET = "unsafe-secret-change-me";

/** Stands in for the hosted project ref (the `ref` claim of the legacy keys) when config.toml names no project_id. */
export const DEFAULT_PROJECT_REF = "local";

export type ProjectConfig = {
  /** `project_id`, the local stand-in for the hosted project ref. */
  projectRef: string;
  /** HS256 secret that user JWTs and the legacy API keys are signed with. */
  jwtSecret: string;
  /** Whether calls to `functionName` need a valid JWT (Supabase default: true). */
  verifyJwt(functionName: string): boolean;
};

/**
 * Reads the parts of supabase/config.toml the functions runtime needs.
 * A missing file means all defaults; an unreadable or invalid one throws.
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
  return projectConfigFromToml(parse(text), env);
}

export function projectConfigFromToml(toml: TomlTable, env: Record<string, string>): ProjectConfig {
  const auth = tableAt(toml, "auth");
  const functions = tableAt(toml, "functions");
  return {
    projectRef: resolveEnvReference(toml.project_id, env) || DEFAULT_PROJECT_REF,
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
  return isTable(value) ? value : {};
}

/** smol-toml builds tables with Object.create(null); arrays and dates have prototypes. */
function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === "object" && Object.getPrototypeOf(value) === null;
}

/** `"env(NAME)"` → env.NAME (empty when unset); other strings as-is; non-strings → "". */
function resolveEnvReference(value: TomlValue | undefined, env: Record<string, string>): string {
  if (typeof value !== "string") return "";
  const reference = /^env\((\w+)\)$/.exec(value.trim());
  return reference ? env[reference[1]] ?? "" : value;
}
