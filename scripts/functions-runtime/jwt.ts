/**
 * HS256 JWT verification with WebCrypto.
 *
 * Security decisions:
 * - Only `alg: "HS256"` is accepted, so `none` and algorithm-confusion
 *   tokens are rejected before any signature work.
 * - The signature is checked with `crypto.subtle.verify` (constant time).
 * - `exp` and `nbf` are enforced when present (no clock leeway); a token
 *   without `exp` is accepted, as Supabase's own verifier does.
 */

export type JwtPayload = Record<string, unknown>;
export type JwtVerification = { valid: true; payload: JwtPayload } | { valid: false; reason: string };

export async function verifyHs256Jwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<JwtVerification> {
  const parts = token.split(".");
  if (parts.length !== 3) return { valid: false, reason: "not a JWT" };
  const [encodedHeader, encodedPayload, encodedSignature] = parts;
  const header = decodeJsonSegment(encodedHeader);
  const payload = decodeJsonSegment(encodedPayload);
  const signature = decodeBase64Url(encodedSignature);
  if (!header || !payload || !signature) return { valid: false, reason: "malformed JWT" };
  if (header.alg !== "HS256") return { valid: false, reason: `unsupported alg ${String(header.alg)}` };

  const key = await importHmacKey(secret, "verify");
  const signedBytes = new TextEncoder().encode(`${encodedHeader}.${encodedPayload}`);
  if (!(await crypto.subtle.verify("HMAC", key, signature, signedBytes))) {
    return { valid: false, reason: "bad signature" };
  }
  if (payload.exp !== undefined && !(typeof payload.exp === "number" && nowSeconds < payload.exp)) {
    return { valid: false, reason: "expired" };
  }
  if (payload.nbf !== undefined && !(typeof payload.nbf === "number" && nowSeconds >= payload.nbf)) {
    return { valid: false, reason: "not yet valid" };
  }
  return { valid: true, payload };
}

/** Signs `payload` as an HS256 JWT (the local backend's format); used by tests and tooling. */
export async function signHs256Jwt(payload: JwtPayload, secret: string): Promise<string> {
  const encode = (value: unknown) => encodeBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  const signingInput = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(payload)}`;
  const key = await importHmacKey(secret, "sign");
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(signingInput));
  return `${signingInput}.${encodeBase64Url(new Uint8Array(signature))}`;
}

function importHmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);
}

function decodeJsonSegment(segment: string): JwtPayload | null {
  const bytes = decodeBase64Url(segment);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value as JwtPayload : null;
  } catch {
    return null;
  }
}

function decodeBase64Url(segment: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  try {
    const binary = atob(segment.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

function encodeBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
