/**
 * Which URLs the article editor keeps in links and images. The same rule as
 * the article HTML policy the server sanitises with: http(s), mailto: and
 * tel: URLs, or relative ones; never `javascript:`, `data:` or `vbscript:`.
 * Characters browsers ignore inside a scheme are ignored here too, so
 * "java\tscript:" is recognised for what it is.
 */
const IGNORED_CHARACTERS = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

const LINK_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "mailto", "tel"]);
const IMAGE_SCHEMES: ReadonlySet<string> = new Set(["http", "https"]);

function hasAllowedScheme(url: string, schemes: ReadonlySet<string>): boolean {
  const scheme = SCHEME.exec(url.replace(IGNORED_CHARACTERS, ""))?.[1];
  return scheme === undefined || schemes.has(scheme.toLowerCase());
}

export const isSafeLinkUrl = (url: string): boolean => url.trim() !== "" && hasAllowedScheme(url, LINK_SCHEMES);

export const isSafeImageUrl = (url: string): boolean => url.trim() !== "" && hasAllowedScheme(url, IMAGE_SCHEMES);

/**
 * What the user typed into a link or image address field, completed: a bare
 * host ("example.com/page") gets https://. Returns null for an address the
 * editor would refuse.
 */
export function completeUrl(typed: string, isSafe: (url: string) => boolean): string | null {
  const url = typed.trim();
  if (!url) return null;
  // "host:8080/path" has a port, not a scheme.
  const hasScheme = /^(mailto|tel):/i.test(url) || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(url);
  const completed = hasScheme || /^[/#?.]/.test(url) ? url : `https://${url}`;
  return isSafe(completed) ? completed : null;
}
