/**
 * `PRIVATE_HOST_ALLOWLIST` (comma-separated `host:port`, empty by default):
 * hosts the SSRF guard lets through although they are private or loopback,
 * so local development and tests can reach a WordPress on loopback. An
 * entry names exactly one service (host and port).
 */

const DEFAULT_PORTS: Readonly<Record<string, string>> = { "http:": "80", "https:": "443" };

/** `hostname:port` of a URL as the allowlist spells it (IPv6 keeps its brackets). */
export function hostKey(url: URL): string {
  return `${normaliseHostname(url.hostname)}:${url.port || DEFAULT_PORTS[url.protocol]}`;
}

export function normaliseHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, "");
}

/**
 * Parses a comma-separated `host:port` list. Entries without a numeric port
 * are ignored: an allowlist entry must name exactly one service.
 */
export function parsePrivateHostAllowlist(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .flatMap((entry) => {
      const match = /^(.+):(\d{1,5})$/.exec(entry);
      if (!match) return [];
      try {
        return [`${normaliseHostname(new URL(`http://${match[1]}`).hostname)}:${Number(match[2])}`];
      } catch {
        return [];
      }
    });
}

export function privateHostAllowlistFromEnv(): string[] {
  return parsePrivateHostAllowlist(Deno.env.get("PRIVATE_HOST_ALLOWLIST"));
}

/** Whether this URL's host:port is on the allowlist (local development). */
export function isAllowlistedHost(
  url: string | URL,
  allowlist: readonly string[] = privateHostAllowlistFromEnv(),
): boolean {
  try {
    const parsed = new URL(url);
    return allowlist.map((entry) => parsePrivateHostAllowlist(entry)[0]).includes(hostKey(parsed));
  } catch {
    return false;
  }
}
