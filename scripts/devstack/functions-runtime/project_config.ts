import { parse, type TomlTable, type TomlValue } from "npm:smol-toml@1.9.1";

/** Stands in for the hosted project ref (the `ref` claim of the legacy keys) when config.toml names no project_id. */
export const DEFAULT_PROJECT_REF = "local";

/**
 * What the functions runtime takes from supabase/config.toml. The JWT secret
 * is not among it: config.toml holds no secret, and the runtime reads it
 * where the local backend keeps it (api_keys.ts).
 */
export type ProjectConfig = {
  /** `project_id`, the local stand-in for the hosted project ref. */
  projectRef: string;
  /** Whether calls to `functionName` need a valid JWT (Supabase default: true). */
  verifyJwt(functionName: string): boolean;
};

/**
 * Reads the parts of supabase/config.toml the functions runtime needs.
 * A missing file means all defaults; an unreadable or invalid one throws.
 */
export async function readProjectConfig(configPath: string): Promise<ProjectConfig> {
  let text: string;
  try {
    text = await Deno.readTextFile(configPath);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    text = "";
  }
  return projectConfigFromToml(parse(text));
}

export function projectConfigFromToml(toml: TomlTable): ProjectConfig {
  const functions = tableAt(toml, "functions");
  return {
    projectRef: typeof toml.project_id === "string" && toml.project_id.trim() ? toml.project_id : DEFAULT_PROJECT_REF,
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
