import DOMPurify from "dompurify";

/**
 * The one place HTML from articles (typed, pasted or written by an AI model)
 * is made safe to render. Security decisions:
 * - HTML profile only (no SVG or MathML, which carry their own script vectors);
 * - DOMPurify drops scripts, event-handler attributes and `javascript:` URLs;
 * - frames, plugins, forms and form controls are removed, so a preview can
 *   neither load another page nor pose as one of the app's forms;
 * - `style` (element and attribute) is removed, so content cannot overlay or
 *   restyle the app around it;
 * - every link gets `rel="noopener noreferrer"`.
 * Uses its own DOMPurify instance, so the hook cannot affect anyone else's.
 */
const purifier = DOMPurify(window);

purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.hasAttribute("href")) node.setAttribute("rel", "noopener noreferrer");
});

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    ...["style", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "link", "meta"],
    ...["form", "input", "button", "textarea", "select", "option"],
  ],
  FORBID_ATTR: ["style", "formaction", "action", "srcdoc"],
};

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
