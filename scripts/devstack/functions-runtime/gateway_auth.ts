import { decodeProtectedHeader, jwtVerify } from "npm:jose@6.2.17";

/** The `sb-error-code` values hosted Supabase gives the refusals of its verify_jwt check. */
export type UnauthorizedCode =
  | "UNAUTHORIZED_NO_AUTH_HEADER"
  | "UNAUTHORIZED_INVALID_JWT_FORMAT"
  | "UNAUTHORIZED_LEGACY_JWT"
  | "UNAUTHORIZED_ASYMMETRIC_JWT"
  | "UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM";

export type GatewayAuthResult =
  | { ok: true }
  /** `code` and `message` are what the caller sees; `reason` is for the log only. */
  | { ok: false; code: UnauthorizedCode; message: string; reason: string };

const refused = (code: UnauthorizedCode, message: string, reason: string): GatewayAuthResult => ({
  ok: false,
  code,
  message,
  reason,
});

/**
 * The `verify_jwt` check the Edge Runtime's gateway applies before a function
 * runs: only `Authorization: Bearer <JWT>` with a JWT signed by the project
 * (HS256 with the JWT secret, unexpired) gets through. That covers user
 * access tokens and the legacy anon / service_role keys, which are JWTs too.
 *
 * API keys get no special treatment: `sb_publishable_…` / `sb_secret_…` as
 * the bearer are not JWTs (UNAUTHORIZED_INVALID_JWT_FORMAT), and the `apikey`
 * header is not looked at (a request with only `apikey` is
 * UNAUTHORIZED_NO_AUTH_HEADER). Hosted Supabase has answered exactly so
 * (see gateway_responses.ts); its docs now also describe a migration-period
 * allowance for API keys, which this runtime deliberately does not grant, so
 * that nothing passes locally that hosted may refuse.
 *
 * The local backend signs HS256 only, so an asymmetric (ES256/RS256) token
 * cannot be the project's and is refused as hosted refuses a bad one.
 */
export async function checkGatewayAuth(headers: Headers, jwtSecret: string): Promise<GatewayAuthResult> {
  const authorization = headers.get("authorization");
  if (!authorization) {
    return refused("UNAUTHORIZED_NO_AUTH_HEADER", "Missing authorization header", "no Authorization header");
  }
  const bearer = /^Bearer (\S+)$/.exec(authorization);
  if (!bearer) {
    return refused(
      "UNAUTHORIZED_INVALID_JWT_FORMAT",
      "Auth header is not 'Bearer {token}'",
      "Authorization is not 'Bearer <token>'",
    );
  }
  const token = bearer[1];

  let algorithm: string | undefined;
  try {
    algorithm = decodeProtectedHeader(token).alg;
  } catch {
    return refused("UNAUTHORIZED_INVALID_JWT_FORMAT", "Invalid JWT", "the bearer token is not a JWT");
  }
  if (algorithm === "ES256" || algorithm === "RS256") {
    return refused(
      "UNAUTHORIZED_ASYMMETRIC_JWT",
      "Invalid JWT",
      `${algorithm} token, but the project signs HS256 only`,
    );
  }
  if (algorithm !== "HS256") {
    return refused(
      "UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM",
      `Unsupported JWT algorithm ${algorithm}`,
      `alg ${algorithm}`,
    );
  }
  try {
    await jwtVerify(token, new TextEncoder().encode(jwtSecret), { algorithms: ["HS256"] });
    return { ok: true };
  } catch (error) {
    return refused("UNAUTHORIZED_LEGACY_JWT", "Invalid JWT", error instanceof Error ? error.message : String(error));
  }
}
