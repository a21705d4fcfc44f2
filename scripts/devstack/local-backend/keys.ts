import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Per-machine local credentials, given to lite in-process (local-config.ts),
 * never written to config.toml. `secretsKey` is the functions'
 * INKPRESS_SECRETS_KEY, which seals stored keys and passwords
 * (supabase/functions/_shared/platform/secret_box.ts): the local stack runs
 * the same code path as hosted, with its own key here instead of a function
 * secret. Losing it makes the stored secrets unreadable (they must be saved
 * again); it is not printed.
 */
export type LocalKeys = { publishableKey: string; secretKey: string; jwtSecret: string; secretsKey: string };

export const LOCAL_KEYS_FILE = "supabase/.temp/local-keys.json";

const ENV_NAMES = {
  publishableKey: "SUPABASE_PUBLISHABLE_KEY",
  secretKey: "SUPABASE_SECRET_KEY",
  jwtSecret: "LOCAL_JWT_SECRET",
  secretsKey: "INKPRESS_SECRETS_KEY",
} as const satisfies Record<keyof LocalKeys, string>;

const mint: Record<keyof LocalKeys, () => string> = {
  publishableKey: () => "sb_publishable_" + randomBytes(24).toString("base64url"),
  secretKey: () => "sb_secret_" + randomBytes(24).toString("base64url"),
  jwtSecret: () => randomBytes(48).toString("base64url"),
  secretsKey: () => randomBytes(32).toString("base64url"),
};

/**
 * Local keys live beside the local data (git-ignored, mode 0600) and are
 * minted on first run; values already in the environment win, so CI and
 * scripts can pin them. Exports them to process.env for the processes this
 * one starts (the functions runtime reads LOCAL_JWT_SECRET).
 */
export function ensureLocalKeys(file = LOCAL_KEYS_FILE): LocalKeys {
  return loadOrMintLocalKeys(file).keys;
}

/** ensureLocalKeys, also saying which keys were minted just now (printed once, on the first start). */
export function loadOrMintLocalKeys(file = LOCAL_KEYS_FILE): { keys: LocalKeys; minted: (keyof LocalKeys)[] } {
  const stored: Partial<LocalKeys> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const keys = {} as LocalKeys;
  const minted: (keyof LocalKeys)[] = [];
  for (const name of Object.keys(ENV_NAMES) as (keyof LocalKeys)[]) {
    const given = process.env[ENV_NAMES[name]] || stored[name];
    if (!given) minted.push(name);
    keys[name] = given || mint[name]();
    process.env[ENV_NAMES[name]] = keys[name];
  }
  if (Object.keys(ENV_NAMES).some((name) => keys[name as keyof LocalKeys] !== stored[name as keyof LocalKeys])) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(keys, null, 2) + "\n", { mode: 0o600 });
  }
  return { keys, minted };
}

/** The stored keys, without minting any (null before the first start). */
export function readLocalKeys(file = LOCAL_KEYS_FILE): LocalKeys | null {
  if (!existsSync(file)) return null;
  const stored: Partial<LocalKeys> = JSON.parse(readFileSync(file, "utf8"));
  return stored.publishableKey && stored.secretKey && stored.jwtSecret && stored.secretsKey ? stored as LocalKeys : null;
}
