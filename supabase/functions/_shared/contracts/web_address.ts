/**
 * Web addresses as users type them. Shared with the browser: imports nothing.
 */

/** A scheme followed by `//` ("https://", "ftp://"). */
const SCHEME_WITH_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A scheme without `//` ("javascript:", "mailto:"), but not a host and port ("localhost:8080"). */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * The address with `https://` in front when it was typed without a scheme
 * ("example.com", "www.example.com/blog", "localhost:8080"). An address with
 * a scheme, even one that is not allowed ("ftp://…", "javascript:…"), is
 * left as it is, for the URL check to refuse.
 */
export function withDefaultScheme(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "" || SCHEME_WITH_AUTHORITY.test(trimmed) || OTHER_SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/\//, "")}`;
}

/**
 * Whether `text` is an http(s) URL with a host and without a user name or
 * password (credentials in an address end up in logs and history).
 */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" &&
      url.username === "" && url.password === "";
  } catch {
    return false;
  }
}
