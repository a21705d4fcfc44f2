/** Thrown when a request has no valid signed-in user; answered with 401. */
export class UnauthenticatedError extends Error {
  override name = "UnauthenticatedError";
  constructor() {
    super("User not authenticated");
  }
}

/** The token of an `Authorization: Bearer <token>` header; undefined without one. */
export function bearerToken(req: Request): string | undefined {
  return req.headers.get("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}
