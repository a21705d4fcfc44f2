import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export type LocalKeys = { publishableKey: string; secretKey: string };

export const LOCAL_KEYS_FILE = "supabase/.temp/local-keys.json";

function mintKey(prefix: "sb_publishable_" | "sb_secret_"): string {
  return prefix + randomBytes(24).toString("base64url");
}

/**
 * Local API keys live beside the local data (git-ignored) and are minted on
 * first run. Keys already in the environment win, so CI and scripts can pin them.
 */
export function ensureLocalKeys(file = LOCAL_KEYS_FILE): LocalKeys {
  const fromEnv = {
    publishableKey: process.env.SUPABASE_PUBLISHABLE_KEY,
    secretKey: process.env.SUPABASE_SECRET_KEY,
  };
  let stored: Partial<LocalKeys> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8"));
  const keys: LocalKeys = {
    publishableKey: fromEnv.publishableKey || stored.publishableKey || mintKey("sb_publishable_"),
    secretKey: fromEnv.secretKey || stored.secretKey || mintKey("sb_secret_"),
  };
  if (keys.publishableKey !== stored.publishableKey || keys.secretKey !== stored.secretKey) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(keys, null, 2) + "\n", { mode: 0o600 });
  }
  process.env.SUPABASE_PUBLISHABLE_KEY = keys.publishableKey;
  process.env.SUPABASE_SECRET_KEY = keys.secretKey;
  return keys;
}
