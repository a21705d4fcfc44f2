/**
 * The project's API keys as hosted Supabase hands them to functions:
 * `SUPABASE_SECRET_KEYS` and `SUPABASE_PUBLISHABLE_KEYS`, JSON objects of
 * named keys (`{"default":"sb_secret_…"}`), and the legacy JWTs in
 * `SUPABASE_SERVICE_ROLE_KEY` and `SUPABASE_ANON_KEY` (absent once legacy
 * keys are disabled). The new form is read first; the legacy key is the
 * fallback. Nothing here reads `SUPABASE_SECRET_KEY` or
 * `SUPABASE_PUBLISHABLE_KEY` (singular): the platform never sets them.
 */

export type EnvReader = Pick<Deno.Env, "get">;

const SECRET_KEYS_VARIABLE = "SUPABASE_SECRET_KEYS";
const LEGACY_SERVICE_ROLE_VARIABLE = "SUPABASE_SERVICE_ROLE_KEY";
const PUBLISHABLE_KEYS_VARIABLE = "SUPABASE_PUBLISHABLE_KEYS";
const LEGACY_ANON_VARIABLE = "SUPABASE_ANON_KEY";

export interface SecretKeys {
  /** Every secret key of the project: each value of SUPABASE_SECRET_KEYS, then the legacy JWT. */
  all: string[];
  /** The key server-side clients use: the `default` named key, else any named key, else the legacy JWT. */
  preferred: string | undefined;
  /** Why a configured variable was ignored, for the error when no key is left. */
  problems: string[];
}

/** Thrown when a function needs the secret key and the environment has none. */
export class MissingSecretKeyError extends Error {
  override name = "MissingSecretKeyError";
}

/** Thrown when a function needs the publishable key and the environment has none. */
export class MissingPublishableKeyError extends Error {
  override name = "MissingPublishableKeyError";
}

function namedKeys(env: EnvReader, variable: string, problems: string[]): string[] {
  const raw = env.get(variable)?.trim();
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push(`${variable} is not valid JSON`);
    return [];
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    problems.push(`${variable} is not a JSON object of named keys`);
    return [];
  }
  const entries = Object.entries(parsed).filter((entry): entry is [string, string] =>
    typeof entry[1] === "string" && entry[1].trim() !== ""
  );
  if (entries.length === 0) problems.push(`${variable} names no key`);
  // `default` first, then the others in the order the platform listed them.
  entries.sort(([a], [b]) => Number(b === "default") - Number(a === "default"));
  return entries.map(([, key]) => key.trim());
}

/** The named keys of `variable`, then the legacy key of `legacyVariable`, without repeats. */
function projectKeys(env: EnvReader, variable: string, legacyVariable: string): SecretKeys {
  const problems: string[] = [];
  const named = namedKeys(env, variable, problems);
  const legacy = env.get(legacyVariable)?.trim();
  const all = [...new Set(legacy ? [...named, legacy] : named)];
  return { all, preferred: all[0], problems };
}

/** Reads the secret keys; never throws (a malformed variable is reported in `problems`). */
export function readSecretKeys(env: EnvReader = Deno.env): SecretKeys {
  return projectKeys(env, SECRET_KEYS_VARIABLE, LEGACY_SERVICE_ROLE_VARIABLE);
}

/** The secret key, for the system access; throws MissingSecretKeyError naming the variables when there is none. */
export function requireServiceKey(env: EnvReader = Deno.env): string {
  const { preferred, problems } = readSecretKeys(env);
  if (preferred) return preferred;
  throw new MissingSecretKeyError(
    `No secret key configured: set ${SECRET_KEYS_VARIABLE} (a JSON object such as {"default":"sb_secret_…"}, ` +
      `set by hosted Supabase) or ${LEGACY_SERVICE_ROLE_VARIABLE}` + (problems.length ? ` (${problems.join("; ")})` : ""),
  );
}

/**
 * The key a client acting as a signed-in caller is made with: the `default`
 * publishable key, else any named one, else the legacy anon JWT. Throws
 * MissingPublishableKeyError naming the variables when there is none.
 */
export function requirePublishableKey(env: EnvReader = Deno.env): string {
  const { preferred, problems } = projectKeys(env, PUBLISHABLE_KEYS_VARIABLE, LEGACY_ANON_VARIABLE);
  if (preferred) return preferred;
  throw new MissingPublishableKeyError(
    `No publishable key configured: set ${PUBLISHABLE_KEYS_VARIABLE} (a JSON object such as {"default":"sb_publishable_…"}, ` +
      `set by hosted Supabase) or ${LEGACY_ANON_VARIABLE}` + (problems.length ? ` (${problems.join("; ")})` : ""),
  );
}
