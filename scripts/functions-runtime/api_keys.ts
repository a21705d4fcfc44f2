/** The project's API keys (new-style `sb_publishable_…` / `sb_secret_…`). */
export type ApiKeys = { publishableKey: string; secretKey: string };

/**
 * Resolves the local API keys: SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY
 * from `env` win (matching scripts/local-backend/keys.ts), otherwise the
 * `{ publishableKey, secretKey }` JSON the local backend writes on first run.
 * A key that is found nowhere is "" — callers must treat "" as "no key", never
 * as a value to compare against.
 */
export async function resolveApiKeys(env: Record<string, string>, localKeysPath: string): Promise<ApiKeys> {
  const stored = await readLocalKeysFile(localKeysPath);
  return {
    publishableKey: env.SUPABASE_PUBLISHABLE_KEY || stored.publishableKey || "",
    secretKey: env.SUPABASE_SECRET_KEY || stored.secretKey || "",
  };
}

async function readLocalKeysFile(path: string): Promise<Partial<ApiKeys>> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null) return {};
  const { publishableKey, secretKey } = parsed as Record<string, unknown>;
  return {
    publishableKey: typeof publishableKey === "string" ? publishableKey : undefined,
    secretKey: typeof secretKey === "string" ? secretKey : undefined,
  };
}
