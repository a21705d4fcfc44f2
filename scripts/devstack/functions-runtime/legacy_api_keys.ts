import { SignJWT } from "npm:jose@6.2.17";

/** The legacy JWT API keys hosted Supabase gives functions as SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY. */
export type LegacyApiKeys = { anonKey: string; serviceRoleKey: string };

/** Hosted projects' legacy keys are valid for ten years (exp − iat = 315 576 000 s). */
const LEGACY_KEY_LIFETIME_SECONDS = 315_576_000;

/**
 * Signs the legacy keys the way hosted projects carry them: HS256 with the
 * project's JWT secret, header `{"alg":"HS256","typ":"JWT"}`, claims
 * `{ iss: "supabase", ref, role, iat, exp }` and no `sub`. The same inputs
 * give the same keys.
 */
export async function signLegacyApiKeys(
  jwtSecret: string,
  projectRef: string,
  issuedAtSeconds: number,
): Promise<LegacyApiKeys> {
  const key = new TextEncoder().encode(jwtSecret);
  const sign = (role: "anon" | "service_role") =>
    new SignJWT({ iss: "supabase", ref: projectRef, role })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(issuedAtSeconds)
      .setExpirationTime(issuedAtSeconds + LEGACY_KEY_LIFETIME_SECONDS)
      .sign(key);
  const [anonKey, serviceRoleKey] = await Promise.all([sign("anon"), sign("service_role")]);
  return { anonKey, serviceRoleKey };
}
