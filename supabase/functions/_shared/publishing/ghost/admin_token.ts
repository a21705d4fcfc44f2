/**
 * The Ghost Admin API token, made as Ghost documents it: an HS256 JWT whose
 * header `kid` is the key's id, with `iat`, `exp` 5 minutes later (Ghost
 * refuses longer-lived tokens) and `aud` "/admin/", signed with the key's
 * secret decoded from hex. Sent as `Authorization: Ghost <token>`.
 *
 * Made with `jose`, the JWT library the functions runtime already uses
 * (scripts/devstack/functions-runtime), rather than `@tryghost/admin-api`, which needs
 * Node's `crypto` and `form-data` and would send requests around our SSRF
 * guard.
 */
import { SignJWT } from "jose";

export const ADMIN_TOKEN_LIFETIME_SECONDS = 5 * 60;

/** `id:secret` as Ghost Admin shows it (Settings → Integrations → a custom integration). */
export const ADMIN_API_KEY_PATTERN = /^[0-9a-f]{24}:[0-9a-f]{64}$/;

export interface AdminApiKey {
  id: string;
  secret: Uint8Array;
}

/** Splits an Admin API key; throws a TypeError (that never repeats the secret) for anything else. */
export function parseAdminApiKey(adminApiKey: string): AdminApiKey {
  const key = adminApiKey.trim().toLowerCase();
  if (!ADMIN_API_KEY_PATTERN.test(key)) {
    throw new TypeError("an Admin API key is 24 hex characters, a colon and 64 hex characters");
  }
  const [id, hex] = key.split(":");
  return { id, secret: Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16)) };
}

/** A token valid for 5 minutes from `issuedAt` (default: now). */
export async function ghostAdminToken(adminApiKey: string, issuedAt: Date = new Date()): Promise<string> {
  const { id, secret } = parseAdminApiKey(adminApiKey);
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: id })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ADMIN_TOKEN_LIFETIME_SECONDS)
    .setAudience("/admin/")
    .sign(secret);
}
