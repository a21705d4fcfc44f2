import { inspect } from "node:util";
import { redactSecrets } from "../../../supabase/functions/_shared/log/redact_secrets.ts";

/**
 * Keeps secrets out of the local stack's console. @supabase/lite prints every
 * failed SQL statement's error object (PgliteConnection.exec:
 * `console.error(error)`), and PGlite puts the statement's bind parameters on
 * it (`params`): an API key or application password being saved, a refresh
 * token being looked up. PostgreSQL's own `detail` repeats row values
 * ("Failing row contains (…)", "Key (col)=(…) already exists"). So, for every
 * line this process prints through `console`:
 *   - bind parameters (`params`, `parameters`) are replaced by their count;
 *   - row values in `detail` are replaced by "[redacted]";
 *   - the given secrets (the secret key, the JWT secret) and anything shaped
 *     like a key or token (`sk-…`, `sb_secret_…`, JWTs) are masked
 *     (redact_secrets.ts, shared with the edge functions).
 * Error objects stay error objects (with their stack and SQLSTATE), so
 * callers that count them keep working. Output that must show a key on
 * purpose (the first start, `npm run keys`) is written past `console`.
 */

const PARAMETER_FIELDS = ["params", "parameters"] as const;
const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;

const secrets = new Set<string>();
const wrappers = new WeakSet<(...args: unknown[]) => void>();

/** Redacts row values PostgreSQL quotes in an error's `detail`. */
export function redactDetail(detail: string): string {
  return detail
    .replace(/Failing row contains \(.*\)\.?$/s, "Failing row contains ([redacted]).")
    .replace(/(Key \([^)]*\))=\(.*?\)( already exists| is not present| is still referenced|$)/gs, "$1=([redacted])$2");
}

function mask(text: string): string {
  return redactSecrets(text, [...secrets]);
}

function redactError(error: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(Object.getPrototypeOf(error)) as Record<string, unknown>;
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
    if ("value" in descriptor) {
      let value = descriptor.value;
      if (typeof key === "string" && (PARAMETER_FIELDS as readonly string[]).includes(key) && value != null) {
        value = `[${Array.isArray(value) ? value.length : "?"} bind parameters redacted]`;
      } else if (key === "detail" && typeof value === "string") {
        value = mask(redactDetail(value));
      } else if (typeof value === "string") {
        value = mask(value);
      } else if (value && typeof value === "object" && key === "cause") {
        value = redactLogArgument(value);
      }
      descriptor.value = value;
    }
    Object.defineProperty(copy, key, descriptor);
  }
  return copy;
}

/** One console argument with its secrets taken out. */
export function redactLogArgument(argument: unknown): unknown {
  if (typeof argument === "string") return mask(argument);
  if (argument instanceof Error) return redactError(argument as unknown as Record<string, unknown>);
  if (argument && typeof argument === "object") {
    return mask(inspect(argument, { depth: 6, breakLength: 120 }));
  }
  return argument;
}

/**
 * Wraps this process's console methods; a method already wrapped is left as
 * it is (one that was replaced since is wrapped again). `extraSecrets` are
 * masked wherever they appear, from now on.
 */
export function installLogRedaction(extraSecrets: readonly string[] = []): void {
  for (const secret of extraSecrets) if (secret) secrets.add(secret);
  for (const method of CONSOLE_METHODS) {
    if (wrappers.has(console[method])) continue;
    const original = console[method].bind(console);
    const wrapper = (...args: unknown[]) => original(...args.map(redactLogArgument));
    wrappers.add(wrapper);
    console[method] = wrapper;
  }
}
