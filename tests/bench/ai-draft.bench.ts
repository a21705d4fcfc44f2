import { type ElementHandle, expect, type Page, test } from "@playwright/test";
import { register } from "../e2e/support/accounts.ts";
import { backendAs } from "../e2e/support/backend.ts";

/**
 * AI draft latency on /articles/create, against the fake OpenAI that
 * `npm run bench` starts with a 500 ms first token and 50 tokens/s. Timed in
 * the page, on its own clock (performance.now()): from the click on
 * "Generate with AI" (a capturing listener, before the app's own handler) to
 * the first frame in which the Content editor shows characters, and to the
 * completed form. Frames are observed with requestAnimationFrame, so figures
 * are to within one frame (~16 ms). The goal is timed from the provider's
 * first token, which the fake reports (GET /v1/fake/stream-timings) on the
 * wall clock the page's times are turned into (performance.timeOrigin).
 * Two series in the same run: the form as it opens, and with issue 26's
 * settings (Spanish, a word target, tone, point of view, two elements, and an
 * outline proposed and kept), so what the settings cost is measured against
 * the plain draft on the same machine at the same moment.
 * Prints figures and goals; fails only if the draft does not arrive.
 */

const RUNS = 5;
const FIRST_TOKEN_DELAY_MS = 500;
/** The goal: Content starts filling at most this long after the provider's first token. */
const AFTER_FIRST_TOKEN_GOAL_MS = 150;

/** The draft fields, by their labels on the Create New Post screen. */
const DRAFT_FIELDS = [
  "Title",
  "Content",
  "Excerpt",
  "Category",
  "Tags (comma separated)",
  "Meta Description",
  "Focus Keyword",
  "Slug",
];
const SUCCESS_TOAST = "Content generated successfully";

type Probe = {
  click: number | null;
  firstAnyField: number | null;
  firstContent: number | null;
  allFilled: number | null;
  toast: number | null;
  error: string | null;
};
type Run = {
  firstAnyField: number;
  firstContent: number;
  allFilled: number;
  toast: number;
  contentLength: number;
  /** Click → the request's arrival at the provider, and the provider's first token → Content's first characters. */
  toProvider: number;
  fromFirstToken: number;
};
type StreamTiming = { receivedAt: number; firstTokenAt: number | null };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
const ms = (value: number) => `${value.toFixed(0)} ms`;

type Series = "defaults" | "settings";

/** Issue 26's settings on Create: language, length, tone, point of view, elements, and an approved outline. */
async function chooseSettings(page: Page) {
  await page.getByText("Language and generation settings").click();
  await page.getByLabel("Article language").selectOption("es");
  await page.getByLabel("Length (words)").fill("1500");
  await page.getByLabel("Tone").selectOption({ label: "Friendly" });
  await page.getByLabel("Point of view").selectOption({ label: "Second person (you)" });
  await page.getByLabel("FAQ").check();
  await page.getByLabel("Key takeaways").check();
  await page.getByRole("button", { name: "Propose an outline" }).click();
  await expect(page.getByLabel("Heading 1")).not.toHaveValue("", { timeout: 30_000 });
}

test("AI draft latency on /articles/create", async ({ page }) => {
  test.setTimeout(900_000);
  const account = await register(page);
  const backend = await backendAs(account);
  const { error } = await backend.functions.invoke("save-api-keys", { body: { openaiKey: "sk-bench-key-FIXTURE-not-a-real-key-1234" } });
  if (error) throw error;

  const series: Record<Series, Run[]> = { defaults: [], settings: [] };
  // Alternating, so both series meet the machine in the same states.
  const plan = Array.from({ length: RUNS * 2 }, (_, i) => ({ run: Math.floor(i / 2) + 1, kind: (i % 2 ? "settings" : "defaults") as Series }));
  for (const { run, kind } of plan) {
    const runs = series[kind];
    await page.goto("/articles/create");
    await expect(page.getByRole("heading", { name: "Create New Post" })).toBeVisible();
    await page.getByLabel("AI Article Idea").fill(`Growing tomatoes on a small balcony (run ${run})`);
    const assistant = page.getByLabel("Choose Assistant");
    await expect(assistant).toBeEnabled();
    const options = assistant.locator("option:not([value=''])");
    await expect(options.first()).toBeAttached();
    await assistant.selectOption((await options.first().getAttribute("value"))!);
    if (kind === "settings") await chooseSettings(page);
    const button = page.getByRole("button", { name: "Generate with AI" });
    await expect(button).toBeEnabled();

    // Content is the visual editor (a contenteditable surface), once its chunk has loaded.
    const contentEditor = page.locator('[role="textbox"][contenteditable][data-field="content"]');
    await expect(contentEditor).toBeVisible({ timeout: 30_000 });
    const fields = await Promise.all(
      DRAFT_FIELDS.map(async (label) =>
        (await (label === "Content" ? contentEditor : page.getByLabel(label, { exact: true })).elementHandle())!
      ),
    );
    const textOf = (field: ElementHandle) =>
      field.evaluate((element) =>
        element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
          ? element.value
          : element.textContent ?? ""
      );
    for (const [i, field] of fields.entries()) {
      expect(await textOf(field), `${DRAFT_FIELDS[i]} starts empty`).toBe("");
    }
    await page.evaluate(
      ({ button, fields, toastText }) => {
        const valueOf = (element: Element) =>
          element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
            ? element.value
            : element.textContent ?? "";
        const content = { get value() { return valueOf(fields[1]); } };
        const inputs = fields.map((field) => ({ get value() { return valueOf(field); } }));
        const probe: Probe = {
          click: null,
          firstAnyField: null,
          firstContent: null,
          allFilled: null,
          toast: null,
          error: null,
        };
        (window as unknown as { draftProbe: Probe }).draftProbe = probe;
        window.addEventListener("click", (event) => {
          if (probe.click === null && button.contains(event.target as Node)) probe.click = performance.now();
        }, { capture: true });
        const frame = () => {
          const now = performance.now();
          if (probe.click !== null) {
            if (probe.firstAnyField === null && inputs.some((input) => input.value !== "")) probe.firstAnyField = now;
            if (probe.firstContent === null && content.value !== "") probe.firstContent = now;
            if (probe.allFilled === null && inputs.every((input) => input.value.trim() !== "")) probe.allFilled = now;
          }
          if (probe.toast === null && probe.error === null) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        new MutationObserver((records, observer) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              const element = node instanceof Element ? node : node.parentElement;
              const text = node.textContent ?? "";
              if (probe.toast === null && text.includes(toastText)) probe.toast = performance.now();
              const failure = element?.closest(".Toastify__toast--error") ??
                element?.querySelector(".Toastify__toast--error");
              if (probe.error === null && failure) probe.error = failure.textContent || "error toast";
            }
          }
          if (probe.toast !== null || probe.error !== null) observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      },
      { button: (await button.elementHandle()) as ElementHandle<HTMLElement>, fields, toastText: SUCCESS_TOAST },
    );

    await button.click();
    const readProbe = () => page.evaluate(() => (window as unknown as { draftProbe: Probe }).draftProbe);
    await page.waitForFunction(
      () => {
        const probe = (window as unknown as { draftProbe: Probe }).draftProbe;
        return probe.error !== null || (probe.toast !== null && probe.allFilled !== null);
      },
      null,
      { timeout: 60_000 },
    ).catch(async (error) => {
      const status = await page.getByRole("status").filter({ hasText: /\S/ }).allTextContents();
      throw new Error(
        `run ${run}: no completed draft in 60 s; probe ${JSON.stringify(await readProbe())}; status ${
          JSON.stringify(status)
        }; Content has ${(await textOf(fields[1])).length} characters`,
        { cause: error },
      );
    });
    const probe = await readProbe();
    expect(probe.error, `run ${run}: the draft failed`).toBeNull();
    expect(probe.click, "the click was seen").not.toBeNull();
    const since = (at: number | null) => (at === null ? NaN : at - probe.click!);
    // The fake OpenAI runs in another process: both sides are compared on the wall clock (epoch ms).
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const timings: StreamTiming[] = await (await fetch(`${process.env.E2E_OPENAI_URL}/fake/stream-timings`)).json();
    const provider = timings.at(-1)!;
    runs.push({
      toProvider: provider.receivedAt - (pageOrigin + probe.click!),
      fromFirstToken: provider.firstTokenAt === null ? NaN : pageOrigin + probe.firstContent! - provider.firstTokenAt,
      firstAnyField: since(probe.firstAnyField),
      firstContent: since(probe.firstContent),
      allFilled: since(probe.allFilled),
      toast: since(probe.toast),
      contentLength: (await textOf(fields[1])).length,
    });
  }

  console.log(
    `AI draft on /articles/create, fake OpenAI: first token after ${FIRST_TOKEN_DELAY_MS} ms, 50 tokens/s; ${RUNS} runs ` +
      `of each series, alternating (the first also starts the function's process)`,
  );
  report("as the form opens", series.defaults);
  report(
    "with the settings (Spanish, 1500 words, friendly, second person, FAQ and key takeaways, a proposed outline kept)",
    series.settings,
  );
  const [plain, set] = [series.defaults, series.settings].map((runs) => median(runs.map((r) => r.fromFirstToken)));
  console.log(`  the settings' cost, provider's first token → Content: ${ms(set - plain)} (medians ${ms(set)} and ${ms(plain)})`);
});

function report(title: string, runs: Run[]) {
  const column = (pick: (run: Run) => number) =>
    `median ${ms(median(runs.map(pick)))}  (runs: ${runs.map((r) => ms(pick(r))).join(", ")})`;
  console.log(`━ ${title}`);
  const afterFirstToken = median(runs.map((r) => r.fromFirstToken));
  console.log(`  provider's first token → first characters in Content: ${column((r) => r.fromFirstToken)}`);
  console.log(
    `      goal ≤ ${AFTER_FIRST_TOKEN_GOAL_MS} ms  (${afterFirstToken <= AFTER_FIRST_TOKEN_GOAL_MS ? "meets goal" : "OVER goal"}; ` +
      `Content's first character is in the model's 4th token, 3 tokens = 60 ms after the first)`,
  );
  console.log(`  click → first characters in Content:   ${column((r) => r.firstContent)}`);
  console.log(
    `  click → the request at the provider:   ${column((r) => r.toProvider)}  ` +
      `(browser, function, sign-in check, key, assistant, link targets, rate limit)`,
  );
  console.log(`  click → first characters in any field: ${column((r) => r.firstAnyField)}`);
  console.log(`  click → every field filled:            ${column((r) => r.allFilled)}`);
  console.log(`  click → "${SUCCESS_TOAST}" toast: ${column((r) => r.toast)}`);
  console.log(`  (Content ends at ${runs.map((r) => r.contentLength).join(", ")} characters of text)`);
}
