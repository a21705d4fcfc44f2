/**
 * Secrets at rest: the users' provider keys, WordPress application passwords
 * and webhook secrets, Ghost Admin API keys and DataForSEO passwords are
 * stored encrypted, with a key the database never holds (migrations
 * 20261204000400, 20261206000300). Only functions
 * seal and open them, with INKPRESS_SECRETS_KEY (a function secret on hosted
 * Supabase: `supabase secrets set`; locally minted into
 * supabase/.temp/local-keys.json beside the other local keys and handed to
 * the functions by the local runtime, so both run this same code).
 *
 * A sealed value is `inkpress:v1:<key id>:<iv>:<ciphertext>`: AES-256-GCM
 * (WebCrypto) with a fresh 96-bit IV, the key id the first 8 hex digits of
 * SHA-256 over a label and the key (so a value sealed with another key is
 * named, not garbled), and as additional data the column and the row the
 * value belongs to (`api_keys.openai_key|<user id>|<user id>`): a value
 * copied into another user's row, or another column, does not open.
 *
 * Keys rotate: INKPRESS_SECRETS_PREVIOUS_KEYS (comma-separated) still open
 * what they sealed; everything is sealed with the current key, and a value
 * opened with an old key is sealed again by the reader (system_access.ts).
 *
 * Pure WebCrypto and no Deno API but the environment reader, so the Node
 * test suites use it too.
 */

export const SECRETS_KEY_VARIABLE = "INKPRESS_SECRETS_KEY";
export const PREVIOUS_SECRETS_KEYS_VARIABLE = "INKPRESS_SECRETS_PREVIOUS_KEYS";

/** The shape of a sealed value (also the database's check constraint on every secret column). */
export const SEALED = /^inkpress:v1:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/;

/** The columns holding secrets; each value is bound to one of them and to its row. */
export type SecretColumn =
  | "api_keys.openai_key"
  | "api_keys.falai_key"
  | "wordpress_site_credentials.application_password"
  | "wordpress_site_credentials.webhook_secret"
  | "ghost_site_credentials.admin_api_key"
  | "keyword_data_providers.password";

/** Where a secret lives: its column, its owner, and its row's key (the user id for api_keys and keyword_data_providers, the site id otherwise). */
export interface SecretPlace {
  column: SecretColumn;
  userId: string;
  rowKey: string;
}

/** What a stored value turned out to be: sealed with the current key, an older one, or (before migration) plain text. */
export type Opened = { value: string; sealedWith: "current" | "previous" | "nothing" };

export interface SecretBox {
  seal(value: string, place: SecretPlace): Promise<string>;
  /** Opens a stored value. A value that is not sealed is returned as it is (`sealedWith: "nothing"`): stored before encryption. */
  open(stored: string, place: SecretPlace): Promise<Opened>;
}

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

interface EnvReader {
  get(name: string): string | undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

/** A 256-bit key from its base64 or base64url text; anything else is refused. */
export function parseSecretsKey(text: string, name = SECRETS_KEY_VARIABLE): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64url(text.trim());
  } catch {
    throw new SecretBoxError(`${name} is not base64`);
  }
  if (bytes.length !== 32) {
    throw new SecretBoxError(`${name} must be 32 bytes (256 bits) in base64, e.g. \`openssl rand -base64 32\`; it has ${bytes.length}`);
  }
  return bytes;
}

/** A fresh key, base64url (what the local stack mints). */
export function newSecretsKey(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

async function keyId(raw: Uint8Array<ArrayBuffer>): Promise<string> {
  const label = encoder.encode("inkpress secrets key id\n");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array([...label, ...raw])));
  return Array.from(digest.slice(0, 4), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const additionalData = ({ column, userId, rowKey }: SecretPlace) => encoder.encode(`${column}|${userId}|${rowKey}`);

/** A box over the current key and any previous ones (raw 32-byte keys). */
export function secretBox(current: Uint8Array<ArrayBuffer>, previous: readonly Uint8Array<ArrayBuffer>[] = []): SecretBox {
  const keys = Promise.all([current, ...previous].map(async (raw, index) => ({
    id: await keyId(raw),
    key: await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]),
    current: index === 0,
  })));
  return {
    async seal(value, place) {
      const [{ id, key }] = await keys;
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: additionalData(place) }, key, encoder.encode(value)),
      );
      return `inkpress:v1:${id}:${base64url(iv)}:${base64url(sealed)}`;
    },
    async open(stored, place) {
      if (!SEALED.test(stored)) return { value: stored, sealedWith: "nothing" };
      const [, , id, iv, sealed] = stored.split(":");
      const match = (await keys).find((candidate) => candidate.id === id);
      if (!match) {
        throw new SecretBoxError(
          `a ${place.column} was sealed with key ${id}, which is neither ${SECRETS_KEY_VARIABLE} nor one of ${PREVIOUS_SECRETS_KEYS_VARIABLE}`,
        );
      }
      try {
        const plain = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: fromBase64url(iv), additionalData: additionalData(place) },
          match.key,
          fromBase64url(sealed),
        );
        return { value: decoder.decode(plain), sealedWith: match.current ? "current" : "previous" };
      } catch {
        throw new SecretBoxError(`a ${place.column} does not open: altered, or moved from another row`);
      }
    },
  };
}

/**
 * The box of INKPRESS_SECRETS_KEY (and INKPRESS_SECRETS_PREVIOUS_KEYS), made
 * when first used: functions that never touch a secret do not need the key.
 * Without it, every seal and open throws, naming the variable.
 */
export function secretBoxFromEnv(env: EnvReader): SecretBox {
  let box: SecretBox | undefined;
  const get = () => {
    if (box) return box;
    const current = env.get(SECRETS_KEY_VARIABLE)?.trim();
    if (!current) {
      throw new SecretBoxError(
        `${SECRETS_KEY_VARIABLE} is not set: stored keys and passwords cannot be sealed or opened (see docs/deploying.md)`,
      );
    }
    const previous = (env.get(PREVIOUS_SECRETS_KEYS_VARIABLE) ?? "").split(",").map((key) => key.trim()).filter(Boolean);
    box = secretBox(
      parseSecretsKey(current),
      previous.map((key) => parseSecretsKey(key, PREVIOUS_SECRETS_KEYS_VARIABLE)),
    );
    return box;
  };
  return {
    seal: (value, place) => Promise.resolve().then(() => get().seal(value, place)),
    open: (stored, place) => Promise.resolve().then(() => get().open(stored, place)),
  };
}
