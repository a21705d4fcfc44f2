/** The project's API keys (new-style `sb_publishable_…` / `sb_secret_…`). */
export type ApiKeys = { publishableKey: string; secretKey: string };

/**
 * The API keys plus the HS256 secret the local backend signs user JWTs with,
 * and the functions' INKPRESS_SECRETS_KEY (sealing stored secrets).
 */
export type LocalKeys = ApiKeys & { jwtSecret: string; secretsKey: string };

/**
 * Resolves the local stack's keys from the same places the local backend
 * takes them (scripts/devstack/local-backend/keys.ts): SUPABASE_PUBLISHABLE_KEY,
 * SUPABASE_SECRET_KEY and LOCAL_JWT_SECRET from `env` win (the start script
 * passes them), otherwise the `{ publishableKey, secretKey, jwtSecret }` JSON
 * the local backend writes on its first start. A key that is found nowhere
 * is "" — callers must treat "" as "no key", never as a value to compare
 * against.
 */
export async function resolveLocalKeys(env: Record<string, string>, localKeysPath: string): Promise<LocalKeys> {
  const stored = await readLocalKeysFile(localKeysPath);
  return {
    publishableKey: env.SUPABASE_PUBLISHABLE_KEY || stored.publishableKey || "",
    secretKey: env.SUPABASE_SECRET_KEY || stored.secretKey || "",
    jwtSecret: env.LOCAL_JWT_SECRET || stored.jwtSecret || "",
    secretsKey: env.INKPRESS_SECRETS_KEY || stored.secretsKey || "",
  };
}

async function readLocalKeysFile(path: string): Promise<Partial<LocalKeys>> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null) return {};
  const stringAt = (name: keyof LocalKeys) => {
    const value = (parsed as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  };
  return {
    publishableKey: stringAt("publishableKey"),
    secretKey: stringAt("secretKey"),
    jwtSecret: stringAt("jwtSecret"),
    secretsKey: stringAt("secretsKey"),
  };
}
