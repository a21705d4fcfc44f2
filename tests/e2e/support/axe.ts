import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Mid-animation elements (a toast fading in) have transient colours; check the
  // settled page. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    )
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, serious.join("\n")).toEqual([]);
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
  const { violations, incomplete } = await builder.analyze();
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
