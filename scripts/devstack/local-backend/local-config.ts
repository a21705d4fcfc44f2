import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import type { LocalKeys } from "./keys.ts";

export const CONFIG_PATH = "supabase/config.toml";

/**
 * The configuration the local backend gives @supabase/lite: supabase/config.toml
 * as the Supabase CLI reads it (it holds no env() reference, so `supabase
 * start` and `supabase config push` use it as it is), plus what only this
 * machine knows, passed in-process and never written to config.toml:
 *   - auth.jwt_secret, auth.publishable_key, auth.secret_key: minted once into
 *     supabase/.temp/local-keys.json (keys.ts);
 *   - auth.site_url: the app's real origin (npm start sets LOCAL_SITE_URL from
 *     PORT), so e-mail links work on any port.
 * The database connection is made by lite-app.ts (PGlite, or DATABASE_URL).
 */
export function localLiteConfig(keys: LocalKeys, siteUrl: string, configPath = CONFIG_PATH): Record<string, unknown> {
  const config = parse(readFileSync(configPath, "utf8")) as Record<string, unknown>;
  const auth = (config.auth ?? {}) as Record<string, unknown>;
  // lite's config schema refuses the CLI's api.auto_expose_new_tables; the
  // local backend always behaves as `false` (api-privileges.ts).
  const { auto_expose_new_tables: _autoExpose, ...api } = (config.api ?? {}) as Record<string, unknown>;
  return {
    ...config,
    api,
    auth: {
      ...auth,
      site_url: siteUrl,
      jwt_secret: keys.jwtSecret,
      publishable_key: keys.publishableKey,
      secret_key: keys.secretKey,
    },
  };
}

/** Where e-mail links lead: LOCAL_SITE_URL, else the app on 127.0.0.1:PORT (default 5173). */
export function localSiteUrl(env: Record<string, string | undefined> = process.env): string {
  return env.LOCAL_SITE_URL || `http://127.0.0.1:${env.PORT || 5173}`;
}
