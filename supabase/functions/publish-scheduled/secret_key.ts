import { createHash, timingSafeEqual } from "node:crypto";

export type SecretKeyCheck = "ok" | "missing" | "forbidden";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * publish-scheduled is for the scheduler only: the caller must present the
 * project's secret key, as `Authorization: Bearer <key>` or `apikey: <key>`.
 * A signed-in user's JWT, the publishable key or anything else is
 * "forbidden"; no credential at all is "missing". Keys are compared as
 * SHA-256 digests with timingSafeEqual, so neither content nor length leaks
 * through timing. Empty configured keys never match.
 */
export function checkSecretKey(headers: Headers, secretKeys: readonly string[]): SecretKeyCheck {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  const candidates = [bearer, headers.get("apikey") ?? undefined].filter((value): value is string => Boolean(value));
  if (candidates.length === 0) return "missing";
  const keys = secretKeys.filter(Boolean).map(digest);
  let matched = false;
  for (const candidate of candidates) {
    const candidateDigest = digest(candidate);
    for (const key of keys) matched = timingSafeEqual(candidateDigest, key) || matched;
  }
  return matched ? "ok" : "forbidden";
}
