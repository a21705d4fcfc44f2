/**
 * The one allow-list for article HTML. The browser's preview (DOMPurify,
 * web/src/lib/sanitizeHtml.ts) and the server (sanitize-html,
 * _shared/html/sanitize_article_html.ts: before an article is stored and
 * again before it is sent to WordPress) are both configured from it, and a
 * Vitest suite runs both over the same inputs and compares the results.
 * Shared with the browser: imports nothing.
 *
 * Security decisions:
 * - only the tags below survive; none of them is a raw-text or RCDATA
 *   element (script, style, textarea, title, …) or foreign content (SVG,
 *   MathML), so sanitised output means the same to every HTML parser;
 * - frames, plugins, forms and form controls go, so content can neither load
 *   another page nor pose as one of the app's forms; `style` (element and
 *   attribute) goes, so content cannot overlay or restyle the page around it;
 * - no event handlers, no `id`/`name` (DOM clobbering), no `class`, no
 *   `data-*` or `aria-*`: only the attributes listed per tag;
 * - URL-bearing attributes keep only http(s), mailto: and tel: URLs or
 *   relative ones (no `javascript:`, `data:`, `vbscript:`);
 * - every link gets `rel="noopener noreferrer"`.
 */

/** Elements kept (with their allowed attributes). */
export const ALLOWED_TAGS = [
  "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd",
  "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5",
  "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "s", "samp", "small", "span",
  "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u",
  "ul", "var", "wbr",
] as const;

/**
 * Elements removed WITH their content (scripts, styles, embedded documents,
 * form controls). Any other element not in ALLOWED_TAGS is removed but its
 * text is kept.
 */
export const DROP_CONTENT_TAGS = [
  "script", "style", "template", "noscript", "noembed", "noframes", "xmp", "plaintext", "iframe", "frame",
  "frameset", "object", "embed", "applet", "svg", "math", "textarea", "select", "option", "title", "head",
  "audio", "video",
] as const;

/** Attributes allowed on every kept element. */
export const GLOBAL_ATTRIBUTES = ["title", "lang", "dir"] as const;

/** Attributes allowed on particular elements (besides GLOBAL_ATTRIBUTES). */
export const TAG_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite", "datetime"],
  ins: ["cite", "datetime"],
  time: ["datetime"],
  img: ["src", "alt", "width", "height"],
  ol: ["start", "reversed", "type"],
  li: ["value"],
  td: ["colspan", "rowspan", "headers"],
  th: ["colspan", "rowspan", "headers", "scope", "abbr"],
  col: ["span"],
  colgroup: ["span"],
  details: ["open"],
};

/** Attributes holding a URL; their value must pass `isAllowedUrl`. */
export const URL_ATTRIBUTES = ["href", "src", "cite"] as const;

/** Schemes a URL may have; a URL without a scheme (relative) is allowed too. */
export const ALLOWED_URL_SCHEMES = ["http", "https", "mailto", "tel"] as const;

/** What every link's `rel` becomes. */
export const LINK_REL = "noopener noreferrer";

/**
 * Free-text attributes. Every other attribute value is held to the URL rule
 * below (as DOMPurify does), which plain values such as "en", "2" or
 * "2026-11-22" pass.
 */
export const TEXT_ATTRIBUTES = ["title", "alt", "abbr"] as const;

/** Characters browsers ignore inside a URL's scheme (and DOMPurify strips before its check). */
const URL_IGNORED_CHARACTERS = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/**
 * A value with one of ALLOWED_URL_SCHEMES, or with no scheme at all (a
 * relative URL, a fragment, or a plain value): DOMPurify's own URI rule with
 * our schemes.
 */
export const ALLOWED_URI_PATTERN = new RegExp(
  `^(?:(?:${ALLOWED_URL_SCHEMES.join("|")}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  "i",
);

export function isAllowedUrl(value: string): boolean {
  return ALLOWED_URI_PATTERN.test(value.replace(URL_IGNORED_CHARACTERS, ""));
}

const globalAttributes: ReadonlySet<string> = new Set(GLOBAL_ATTRIBUTES);
const urlAttributes: ReadonlySet<string> = new Set(URL_ATTRIBUTES);
const textAttributes: ReadonlySet<string> = new Set(TEXT_ATTRIBUTES);

/** Whether `attribute="value"` may stay on `<tag>` (names in any case). */
export function isAllowedAttribute(tag: string, attribute: string, value: string): boolean {
  const name = attribute.toLowerCase();
  if (!globalAttributes.has(name) && !TAG_ATTRIBUTES[tag.toLowerCase()]?.includes(name)) return false;
  if (textAttributes.has(name)) return true;
  if (urlAttributes.has(name)) return isAllowedUrl(value);
  return value === "" || isAllowedUrl(value);
}

/** Every attribute name the policy allows anywhere (DOMPurify's ALLOWED_ATTR; the per-tag rule is a hook). */
export const ALL_ALLOWED_ATTRIBUTES: readonly string[] = [
  ...new Set([...GLOBAL_ATTRIBUTES, ...Object.values(TAG_ATTRIBUTES).flat()]),
];
