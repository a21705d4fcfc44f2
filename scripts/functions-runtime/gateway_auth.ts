import { verifyHs256Jwt } from "./jwt.ts";

export type GatewayCredentials = {
  /** HS256 secret of the local auth server. */
  jwtSecret: string;
  /** The project's secret API key; "" when unknown (then it never matches). */
  secretKey: string;
};

export type GatewayAuthResult = { ok: true } | {
  ok: false;
  message: "Missing authorization header" | "Invalid JWT";
  reason: string;
};

/**
 * The `verify_jwt` gate that hosted Supabase applies before a function runs.
 *
 * Accepted:
 * - `Authorization: Bearer <jwt>` where the JWT is HS256-signed with the
 *   local JWT secret and not expired (a signed-in user, or any token the
 *   local auth server issued);
 * - the exact secret API key, as the bearer token or in the `apikey` header
 *   (how server-side callers such as the local scheduler authenticate).
 * The publishable key alone is NOT accepted: it is public, so it proves nothing.
 * Secret-key comparison is constant-time.
 */
export async function checkGatewayAuth(headers: Headers, credentials: GatewayCredentials): Promise<GatewayAuthResult> {
  const apiKey = headers.get("apikey");
  if (apiKey && isSecretKey(apiKey, credentials.secretKey)) return { ok: true };

  const authorization = headers.get("authorization");
  if (!authorization) return { ok: false, message: "Missing authorization header", reason: "no Authorization header" };
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!bearer) return { ok: false, message: "Invalid JWT", reason: "Authorization is not a Bearer token" };
  const token = bearer[1];
  if (isSecretKey(token, credentials.secretKey)) return { ok: true };

  const verification = await verifyHs256Jwt(token, credentials.jwtSecret);
  return verification.valid ? { ok: true } : { ok: false, message: "Invalid JWT", reason: verification.reason };
}

function isSecretKey(candidate: string, secretKey: string): boolean {
  return secretKey !== "" && timingSafeEqual(candidate, secretKey);
}

/** Compares in time independent of where the strings differ (length is not hidden). */
function timingSafeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < left.length; i++) difference |= left[i] ^ (right[i % right.length] ?? 0);
  return difference === 0;
}
