/**
 * Article HTML made safe on the server, with the allow-list the browser's
 * preview uses (../contracts/html_policy.ts): before an article is stored
 * (save-article) and again before it is sent to WordPress (whose
 * administrators may post unfiltered HTML, so WordPress would keep a script).
 *
 * Why sanitize-html: it runs in Deno without a DOM, is maintained (security
 * advisories fixed promptly), and builds its output itself from an
 * allow-list: only allowed elements and attributes are written, every text
 * and attribute value is escaped. Its parser (htmlparser2) is not the
 * browser's, but nothing it lets through is parsed differently by a browser:
 * no allowed element is raw text (script, style, textarea, title) or
 * foreign content (SVG, MathML), so the output cannot change meaning when
 * re-parsed (the mutation-XSS route that makes DOMPurify-over-a-fake-DOM
 * unsound). The browser sanitises again before it renders anything.
 */
// @ts-types="npm:@types/sanitize-html@2.16.2"
import sanitizeHtml from "sanitize-html";
import {
  ALLOWED_TAGS,
  ALLOWED_URL_SCHEMES,
  DROP_CONTENT_TAGS,
  GLOBAL_ATTRIBUTES,
  isAllowedAttribute,
  LINK_REL,
  TAG_ATTRIBUTES,
  URL_ATTRIBUTES,
} from "../contracts/html_policy.ts";

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    "*": [...GLOBAL_ATTRIBUTES],
    ...Object.fromEntries(Object.entries(TAG_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    // Written by transformTags below, never taken from the input.
    a: [...TAG_ATTRIBUTES.a, "rel"],
  },
  allowedSchemes: [...ALLOWED_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
  allowProtocolRelative: true,
  nonTextTags: [...DROP_CONTENT_TAGS],
  disallowedTagsMode: "discard",
  // Empty values are kept as the browser keeps them (title="", alt="").
  nonBooleanAttributes: [],
  allowVulnerableTags: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    // The policy's per-attribute rule (the URL rule on every non-text
    // attribute, as DOMPurify applies it), and rel on every link.
    "*": (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (name !== "rel" && isAllowedAttribute(tagName, name, value)) kept[name] = value;
      }
      if (tagName === "a" && "href" in kept) kept.rel = LINK_REL;
      return { tagName, attribs: kept };
    },
  },
};

/** `html` with everything outside the article allow-list removed. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_OPTIONS);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Text for a place WordPress treats as HTML but we mean as text (post title
 * and excerpt): `&`, `<`, `>` and `"` escaped, so no tag can be formed and
 * readers see exactly what the user typed.
 */
export function textAsHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char]);
}
