import { JSDOM } from "jsdom";
import postcss, { type AtRule, type Rule } from "postcss";

/**
 * States an element takes on when used (and pseudo-elements): a selector is
 * matched with these taken out, so that the rules for a field's focus, a
 * button's hover or a placeholder stay with the elements they style.
 */
const USER_STATES =
  /::?(?:hover|focus-visible|focus-within|focus|active|visited|link|any-link|checked|indeterminate|disabled|enabled|invalid|valid|user-invalid|user-valid|placeholder-shown|autofill|-webkit-autofill|read-only|read-write|required|optional|target|before|after|placeholder|selection|marker|backdrop|file-selector-button|first-line|first-letter|-webkit-[\w-]+|-moz-[\w-]+|-ms-[\w-]+)(?:\([^()]*\))?/g;

/** Whether `selector` selects anything `select` finds, in any user state; true when it cannot tell. */
function selectsAnything(select: (selector: string) => unknown, selector: string): boolean {
  const structural = selector.replace(USER_STATES, "").replace(/:not\(\s*\)/g, "").trim().replace(/[>+~]\s*$/, "").trim();
  try {
    return select(structural || "*") !== null;
  } catch {
    return true;
  }
}

/**
 * The part of `css` that styles the page `html`: every rule with at least
 * one selector that selects an element of the page (in any state of use),
 * with only those selectors, and every at-rule that still holds something
 * (@keyframes, @font-face and the like are kept whole). Rules keep their
 * order, so on that page the subset styles every element exactly as `css`
 * does; loading `css` later changes nothing on it.
 */
export function cssForPage(css: string, html: string): string {
  const { document } = new JSDOM(html).window;
  const select = (selector: string) => document.querySelector(selector);
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as AtRule).name)) return;
    const selectors = rule.selectors.filter((selector) => selectsAnything(select, selector));
    if (selectors.length === 0) rule.remove();
    else rule.selectors = selectors;
  });
  for (let emptied = true; emptied; ) {
    emptied = false;
    root.walkAtRules((atRule: AtRule) => {
      if (atRule.nodes?.length !== 0) return;
      atRule.remove();
      emptied = true;
    });
  }
  return root.toString();
}
