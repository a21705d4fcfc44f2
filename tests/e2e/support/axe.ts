import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * What a person sees is checked, not assumed. `expectAccessible` fails on:
 *   - every axe violation, whatever its impact;
 *   - every colour-contrast result axe could not decide ("incomplete": a 1:1
 *     ratio, text over an image or gradient, a pseudo-element, an overlap…),
 *     because white text on a white button was filed there, not as a
 *     violation (issue 21);
 *   - visible text whose colour is (nearly) that of its effective background,
 *     computed in the page (`invisibleText` below).
 * The two viewports the browser tests check every screen at.
 */
export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Below this contrast ratio text counts as the colour of its background (1 is identical; axe's AA minimum is 4.5). */
export const INVISIBLE_TEXT_RATIO = 1.5;

export async function expectAccessible(page: Page): Promise<void> {
  const problems = await accessibilityProblems(page);
  expect(problems, problems.join("\n")).toEqual([]);
}

/**
 * Bars that float over the page while it scrolls (the editor's sticky action
 * bar, the sticky top bar below the large breakpoint). What a floating bar
 * covers cannot have its contrast decided ("bgOverlap"), so while axe runs
 * each is put back in the flow (both are sticky, so their place in the flow
 * is where they already stand), where it is checked itself and covers nothing.
 */
const FLOATING_BARS = ".editor-action-bar, .top-bar";

/**
 * A toast on its way out (react-toastify marks it data-in="false" until it is
 * removed) is fading and collapsing: its contrast is undecidable and nobody
 * reads it any more, so it is left out (a toast that shows is weighed).
 */
const LEAVING_TOASTS = '.Toastify__toast[data-in="false"]';

/** Runs axe with the floating bars in the flow (see FLOATING_BARS), then lets them float again. */
async function analyzeWithBarsInFlow(page: Page, builder: AxeBuilder) {
  builder.exclude(LEAVING_TOASTS);
  const bars = page.locator(FLOATING_BARS);
  await bars.evaluateAll((elements: HTMLElement[]) => elements.forEach((bar) => bar.style.setProperty("position", "static")));
  return await builder.analyze().finally(() =>
    bars.evaluateAll((elements: HTMLElement[]) => elements.forEach((bar) => bar.style.removeProperty("position")))
  );
}

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Undecided = { rule: string; messageKey: string; selector: string; html: string };

const CONTRAST_RULES = new Set(["color-contrast", "color-contrast-enhanced"]);

/** The contrast results axe could not decide, but for empty fields (no text to weigh; invisibleText checks their placeholders). */
function undecidedContrast({ incomplete }: AxeResults): Undecided[] {
  return incomplete
    .filter((result) => CONTRAST_RULES.has(result.id))
    .flatMap((result) =>
      result.nodes.flatMap((node) => {
        const data = node.any.find((check) => check.id === result.id)?.data as { messageKey?: string } | undefined;
        if (data?.messageKey === "emptyValue") return [];
        return [{ rule: result.id, messageKey: data?.messageKey ?? "unknown", selector: node.target.join(" "), html: node.html }];
      })
    );
}

function describeViolations({ violations }: AxeResults): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const describeUndecided = (u: Undecided) => `${u.rule} undecided (${u.messageKey}): ${u.selector} — ${u.html.slice(0, 120)}`;

/**
 * Text partly scrolled out of a scrolling box (a dialog's top fields once
 * its help at the bottom is opened) cannot be weighed where it stands
 * ("elmPartiallyObscured"): each such element is scrolled into view and
 * weighed again on its own, so it passes or fails on its colours.
 */
async function weighScrolledOut(page: Page, undecided: Undecided[]): Promise<string[]> {
  const problems: string[] = [];
  for (const item of undecided) {
    if (item.messageKey !== "elmPartiallyObscured") {
      problems.push(describeUndecided(item));
      continue;
    }
    await page.locator(item.selector).first().evaluate((element) => element.scrollIntoView({ block: "center" }));
    const again = await analyzeWithBarsInFlow(page, new AxeBuilder({ page }).include(item.selector).withRules([item.rule]));
    problems.push(...describeViolations(again), ...undecidedContrast(again).map(describeUndecided));
  }
  return problems;
}

/** What `expectAccessible` fails on, one line per finding (for checks that collect them across screens). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await settle(page);
  const results = await analyzeWithBarsInFlow(page, new AxeBuilder({ page }));
  return [
    ...describeViolations(results),
    ...(await weighScrolledOut(page, undecidedContrast(results))),
    ...(await invisibleText(page)),
    ...(await brokenWords(page)),
  ];
}

/**
 * Words broken across lines ("Wednesd|ay", letters stacked in a narrow
 * button): a plain word (2 to 20 letters between spaces, punctuation around
 * it aside) whose text sits on more than one line. Addresses, e-mails and
 * long tokens may wrap where they must.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const problems = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || !/\p{L}{2}/u.test(text) || parent.closest("script, style, noscript, template, option, title, textarea")) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // Whitespace-separated tokens that are plain words (punctuation around them aside).
      for (const token of text.matchAll(/\S+/gu)) {
        const match = /^[\p{P}]*(\p{L}{2,20})[\p{P}]*$/u.exec(token[0]);
        if (!match) continue;
        const start = token.index + token[0].indexOf(match[1]);
        range.setStart(node, start);
        range.setEnd(node, start + match[1].length);
        const lines = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0).map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) {
          const id = parent.id ? `#${parent.id}` : "";
          problems.add(`word broken across lines: "${match[1]}" in ${parent.tagName.toLowerCase()}${id}${[...parent.classList].slice(0, 2).map((name) => `.${name}`).join("")}`);
        }
      }
    }
    return [...problems];
  });
}

/**
 * Lets finite animations (a toast fading in, a drawer sliding) end, so colours
 * are the settled ones; endless ones (spinners) are not waited for.
 */
async function settle(page: Page): Promise<void> {
  // A toast on its way out (react-toastify marks it data-in="false" until it is removed) fades and
  // collapses by script, not only by animation: its contrast is undecidable meanwhile, so wait it out.
  await page
    .waitForFunction(() => document.querySelector('.Toastify__toast[data-in="false"]') === null, undefined, { timeout: 5_000 })
    .catch(() => {});
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    )
  );
}

/**
 * Visible text (text nodes, the values of text fields and selects, and the
 * placeholders of empty fields) whose
 * colour cannot be told from its effective background. Computed in the page:
 * the background is composited from the root down through the text's
 * ancestors (background colours with their alpha, and each ancestor's
 * opacity as a group), over the canvas colour. Conservatively: a gradient
 * counts with each of its colour stops (the text must stand out from every
 * one), and an image behind text is reported, since no colour for it can be
 * known (form controls' own icons, drawn beside their text, excepted).
 * Returns one line per offending element.
 */
export async function invisibleText(page: Page): Promise<string[]> {
  return await page.evaluate((minimumRatio) => {
    type Rgba = [number, number, number, number];
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const parsed = new Map<string, Rgba>();
    /** Any CSS colour (rgb(), color(srgb …), oklch(), …) as sRGB 0–255 with alpha 0–1, through the canvas. */
    const toRgba = (css: string): Rgba => {
      const known = parsed.get(css);
      if (known) return known;
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "rgb(0 0 0 / 0)";
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      const rgba: Rgba = [r, g, b, a / 255];
      parsed.set(css, rgba);
      return rgba;
    };
    const TRANSPARENT: Rgba = [0, 0, 0, 0];
    /** Source-over compositing of `top` on `bottom` (straight alpha). */
    const over = (bottom: Rgba, top: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return TRANSPARENT;
      const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    const COLOUR_FUNCTION = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-f]{3,8}\b|\btransparent\b/gi;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join("");
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    const isFormControl = (element: Element) => element.matches("input, select, textarea");

    /**
     * The colours a layer may paint behind text: its background colour, or
     * that colour under each stop of a gradient; null when an image is
     * behind the text (unknowable).
     */
    const layerVariants = (element: Element): Rgba[] | null => {
      const style = getComputedStyle(element);
      const colour = toRgba(style.backgroundColor);
      const image = style.backgroundImage;
      if (!image || image === "none") return [colour];
      if (/url\(/i.test(image)) return isFormControl(element) ? [colour] : null;
      const stops = image.match(COLOUR_FUNCTION) ?? [];
      return stops.length === 0 ? [colour] : stops.map((stop) => over(colour, toRgba(stop)));
    };

    /** The colour at a point of the chain root → … → deepest, optionally with the text on top, over `canvasColour`. */
    const composite = (chain: Element[], layers: Rgba[], opacities: number[], text: Rgba | null, canvasColour: Rgba) => {
      const render = (index: number): Rgba => {
        const inner = index + 1 < chain.length ? render(index + 1) : (text ?? TRANSPARENT);
        const [r, g, b, a] = over(layers[index], inner);
        return [r, g, b, a * opacities[index]];
      };
      return over(canvasColour, render(0));
    };

    const rootStyle = getComputedStyle(document.documentElement);
    const bodyColour = toRgba(getComputedStyle(document.body).backgroundColor);
    const rootColour = toRgba(rootStyle.backgroundColor);
    const canvasColour = rootColour[3] > 0 ? over([255, 255, 255, 1], rootColour) : over([255, 255, 255, 1], bodyColour);

    const checked = new Set<Element>();
    const problems: string[] = [];
    const check = (element: Element, sample: string, pseudo?: "::placeholder") => {
      if (!pseudo && checked.has(element)) return;
      checked.add(element);
      const chain: Element[] = [];
      for (let node: Element | null = element; node; node = node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null)) {
        chain.unshift(node);
      }
      const variants = chain.map(layerVariants);
      const imageAt = variants.findIndex((variant) => variant === null);
      if (imageAt >= 0) {
        problems.push(`text over an image (${describe(chain[imageAt])}), its contrast cannot be known: ${describe(element)} "${sample}"`);
        return;
      }
      const opacities = chain.map((node) => Number(getComputedStyle(node).opacity));
      const text = toRgba(getComputedStyle(element, pseudo).color);
      // Every combination of gradient stops (one variant per plain layer, so usually a single one).
      let combinations: Rgba[][] = [[]];
      for (const options of variants as Rgba[][]) {
        combinations = combinations.flatMap((combination) => options.map((option) => [...combination, option]));
        if (combinations.length > 64) combinations = combinations.slice(0, 64);
      }
      for (const layers of combinations) {
        const background = composite(chain, layers, opacities, null, canvasColour);
        const foreground = composite(chain, layers, opacities, text, canvasColour);
        const contrast = ratio(foreground, background);
        if (contrast < minimumRatio) {
          const hex = (colour: Rgba) => `rgb(${colour.slice(0, 3).map(Math.round).join(" ")})`;
          problems.push(
            `invisible text (contrast ${contrast.toFixed(2)}:1, ${hex(foreground)} on ${hex(background)}): ${describe(element)} "${sample}"`,
          );
          return;
        }
      }
    };

    /** Shown (aria-hidden text is still seen), with a box a person can see (not a 1 px visually-hidden clip), inside the page (not a skip link parked above it). */
    const visibleBox = (rects: DOMRectList | DOMRect[]) =>
      [...rects].some(
        (rect) => rect.width >= 2 && rect.height >= 2 && rect.bottom + scrollY > 0 && rect.right + scrollX > 0,
      );
    /** Inside an ancestor that clips it to (nearly) nothing: the visually-hidden pattern. */
    const clippedAway = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const clips = style.overflow !== "visible" || style.clip !== "auto" || style.clipPath !== "none";
        if (clips && !visibleBox([node.getBoundingClientRect()])) return true;
      }
      return false;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, noscript, template, option, title")) continue;
      if (!shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (!visibleBox(range.getClientRects()) || clippedAway(parent)) continue;
      check(parent, text.slice(0, 40));
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      "input:not([type=hidden],[type=checkbox],[type=radio],[type=range],[type=color],[type=file],[type=submit],[type=button],[type=image]), textarea, select",
    )) {
      const value = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? "") : field.value;
      const placeholder = field instanceof HTMLSelectElement ? "" : field.placeholder;
      if (!(value.trim() || placeholder.trim()) || !shown(field) || !visibleBox([field.getBoundingClientRect()]) || clippedAway(field)) continue;
      if (value.trim()) check(field, value.trim().slice(0, 40));
      else check(field, `placeholder ${placeholder.trim().slice(0, 28)}`, "::placeholder");
    }
    return problems;
  }, INVISIBLE_TEXT_RATIO);
}

/** Phone and desktop viewports the new UI is checked at. */
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

/**
 * The strict check for new UI: every axe violation of any impact fails, and
 * so does every "incomplete" result (what axe could not decide, colour
 * contrast over images or overlapping elements among them), scoped to
 * `selectors` (the new parts of the page). Waits until no toast covers the
 * page (a toast over a field leaves its contrast undecided) and for finite
 * animations.
 */
export async function expectFullyAccessible(page: Page, selectors: string[]): Promise<void> {
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 10_000 });
  // At the top of the page nothing is scrolled behind the phone layout's sticky top bar.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    )
  );
  let builder = new AxeBuilder({ page });
  for (const selector of selectors) builder = builder.include(selector);
  const { violations, incomplete } = await analyzeWithBarsInFlow(page, builder);
  type Check = { message: string; relatedNodes?: { target: unknown[] }[] };
  type Node = { target: unknown[]; any: Check[]; all: Check[]; none: Check[] };
  const why = (node: Node) =>
    [...node.any, ...node.all, ...node.none]
      .map((check) => `${check.message}${check.relatedNodes?.length ? ` [${check.relatedNodes.map((related) => related.target.join(" ")).join(", ")}]` : ""}`)
      .join("; ");
  const describe = (kind: string) => (result: { id: string; help: string; nodes: Node[] }) =>
    `${kind} ${result.id}: ${result.help} (${result.nodes.map((node) => `${node.target.join(" ")}: ${why(node)}`).join(" | ")})`;
  const problems = [...violations.map(describe("violation")), ...incomplete.map(describe("incomplete"))];
  expect(problems, problems.join("\n")).toEqual([]);
}

/** `expectFullyAccessible` at phone and desktop width; the viewport is left at desktop. */
export async function expectFullyAccessibleAtBothWidths(page: Page, selectors: string[]): Promise<void> {
  for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(size);
    await expectFullyAccessible(page, selectors);
  }
}
