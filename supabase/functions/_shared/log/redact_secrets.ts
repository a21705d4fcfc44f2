/** Key-shaped text: OpenAI-style `sk-…`, Supabase `sb_secret_…` / `sb_publishable_…`, and JWTs. */
const KEY_SHAPED = /\b(?:(?:sk|rk|pk)-[A-Za-z0-9_*.-]{3,}|sb_(?:secret|publishable)_[A-Za-z0-9_-]+|eyJ[\w-]*\.[\w-]+\.[\w-]*)/g;
/** The hidden middle and visible end of a key as providers quote it, e.g. "gsk_ab****wxyz". */
const MASKED_KEY_TAIL = /\*{3,}[A-Za-z0-9_-]*/g;

/**
 * Removes from `text` (a message about to be logged) anything shaped like
 * a key or token, the given `secrets`, their first 8 characters, and masked
 * key tails.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let redacted = text.replace(KEY_SHAPED, "[redacted]");
  for (const secret of secrets) {
    if (!secret) continue;
    redacted = redacted.replaceAll(secret, "[redacted]");
    if (secret.length >= 12) redacted = redacted.replaceAll(secret.slice(0, 8), "[redacted]");
  }
  return redacted.replace(MASKED_KEY_TAIL, "[redacted]");
}
