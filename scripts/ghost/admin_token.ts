/**
 * A Ghost Admin API token, made the way Ghost documents it: an HS256 JWT whose
 * header `kid` is the key's id, with `iat`, `exp` at most 5 minutes later
 * (Ghost rejects longer-lived tokens) and `aud` "/admin/", signed with the
 * key's secret decoded from hex. Sent as `Authorization: Ghost <token>`.
 */
import { SignJWT } from "npm:jose@6.2.17";

/** Splits an Admin API key `id:secret` (secret in hex, as Ghost Admin shows it). */
export function parseAdminApiKey(adminApiKey: string): { id: string; secret: Uint8Array } {
  const match = /^([0-9a-f]{24}):([0-9a-f]{64})$/i.exec(adminApiKey.trim());
  if (!match) throw new Error("an Admin API key looks like <24 hex characters>:<64 hex characters>");
  const secret = Uint8Array.from(match[2].match(/../g)!, (pair) => parseInt(pair, 16));
  return { id: match[1], secret };
}

/** A token valid for 5 minutes from `issuedAt` (default: now). */
export async function ghostAdminToken(adminApiKey: string, issuedAt: Date = new Date()): Promise<string> {
  const { id, secret } = parseAdminApiKey(adminApiKey);
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: id })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .setAudience("/admin/")
    .sign(secret);
}
