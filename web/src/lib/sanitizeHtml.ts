import DOMPurify from "dompurify";
import {
  ALL_ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  ALLOWED_URI_PATTERN,
  DROP_CONTENT_TAGS,
  isAllowedAttribute,
  LINK_REL,
} from "@contracts/html_policy";

/**
 * The one place HTML from articles (typed, pasted or written by an AI model)
 * is made safe to render, with the allow-list the server applies before it
 * stores or publishes an article (html_policy.ts explains each decision).
 * DOMPurify takes the tags, the union of the attributes, the URL rule and the
 * elements whose content goes; a hook applies the per-element attribute rule
 * (DOMPurify has no per-element list) and rewrites every link's rel.
 * Uses its own DOMPurify instance, so the hooks cannot affect anyone else's.
 */
const purifier = DOMPurify(window);

purifier.addHook("uponSanitizeAttribute", (node, data) => {
  if (!isAllowedAttribute(node.nodeName, data.attrName, data.attrValue)) data.keepAttr = false;
});

purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.hasAttribute("href")) node.setAttribute("rel", LINK_REL);
});

const CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALL_ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP: ALLOWED_URI_PATTERN,
  FORBID_CONTENTS: [...DROP_CONTENT_TAGS],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
