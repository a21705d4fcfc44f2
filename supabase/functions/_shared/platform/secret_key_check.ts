import { createHash, timingSafeEqual } from "node:crypto";

export type SecretKeyCheck = "ok" | "missing" | "forbidden";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether the caller presented one of the project's secret keys, as
 * `apikey: <key>` (what the hosted cron job sends) or
 * `Authorization: Bearer <key>`. A signed-in user's JWT, the publishable key
 * or anything else is "forbidden"; no credential at all is "missing". Every
 * candidate is compared with every key as SHA-256 digests with
 * timingSafeEqual, so neither content, length nor which key matched leaks
 * through timing. Empty configured keys never match.
 */
export function checkSecretKey(headers: Headers, secretKeys: readonly string[]): SecretKeyCheck {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  const candidates = [bearer, headers.get("apikey")?.trim()].filter((value): value is string => Boolean(value));
  if (candidates.length === 0) return "missing";
  const keys = secretKeys.filter(Boolean).map(digest);
  let matched = false;
  for (const candidate of candidates) {
    const candidateDigest = digest(candidate);
    for (const key of keys) matched = timingSafeEqual(candidateDigest, key) || matched;
  }
  return matched ? "ok" : "forbidden";
}
