import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { register } from "./support/accounts";
import { backendAs, e2eEnv } from "./support/backend";

/**
 * The user's AI provider in the browser, against the strict fakes: OpenAI
 * (the deployment's), and a local Ollama named by base URL. Check key, the
 * models from the provider's list, a key removed with its provider, and a
 * provider's refusal shown in place with its reason until dismissed.
 */

/**
 * The contrast of text axe cannot decide because its box has a background
 * image (Pico draws a select's chevron as one): the text colour against the
 * nearest solid background, as WCAG computes it.
 */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return await page.locator(selector).evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const parts = rgb(getComputedStyle(node).backgroundColor);
      if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) {
        background = parts.slice(0, 3);
        break;
      }
      node = node.parentElement;
    }
    const [lighter, darker] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)].sort((a, b) => b - a);
    return (lighter + 0.05) / (darker + 0.05);
  });
}

/**
 * No violation of any impact, and nothing axe could not decide: text over a
 * background image (a select's chevron) is decided here, at 4.5:1; anything
 * else undecided fails.
 */
async function expectCleanA11y(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    )
  );
  // Toasts (checked by the other specs) float over the page for 4 s; they would hide what is under them.
  const toasts = (display: string) =>
    page.evaluate((value) => {
      for (const element of document.querySelectorAll<HTMLElement>(".Toastify")) element.style.setProperty("display", value);
    }, display);
  await toasts("none");
  const { violations, incomplete } = await new AxeBuilder({ page }).analyze();
  await toasts("");
  const undecided = [];
  for (const result of incomplete) {
    const nodes = [];
    for (const node of result.nodes) {
      const selector = node.target.join(" ");
      const because = (pattern: RegExp) => result.id === "color-contrast" && node.any.some((check) => pattern.test(check.message));
      if (because(/background image/) && (await contrastOf(page, selector)) >= 4.5) continue;
      if (because(/overlapped by another element/)) {
        // Under the phone layout's fixed top bar where the page is scrolled: checked again in the middle of the screen.
        await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: "center" }));
        const again = await new AxeBuilder({ page }).include(selector).withRules(["color-contrast"]).analyze();
        const stillOpen = [...again.violations, ...again.incomplete].flatMap((entry) => entry.nodes).filter((other) =>
          !other.any.some((check) => /background image/.test(check.message))
        );
        if (stillOpen.length === 0 && again.violations.length === 0) continue;
      }
      nodes.push(node);
    }
    if (nodes.length > 0) undecided.push({ ...result, nodes });
  }
  const problems = [...violations, ...undecided].map(
    (result) =>
      `${result.id}: ${result.help} (${
        result.nodes.map((node) => `${node.target.join(" ")}: ${[...node.any, ...node.all].map((check) => check.message).join("; ")}`)
          .join(", ")
      })`,
  );
  expect(problems, problems.join("\n")).toEqual([]);
}

const section = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name }) });

test("Profile: Check key, models from the provider's list, the choice used; its refusal shown in place until dismissed", async ({ page }) => {
  test.setTimeout(150_000);
  const account = await register(page);
  await page.goto("/profile");
  const provider = section(page, "AI provider");
  await expect(provider.getByRole("radio", { name: "OpenAI", exact: true })).toBeChecked();

  const keys = section(page, "API Keys");
  await keys.getByLabel("OpenAI API Key", { exact: true }).fill("sk-e2e-provider-FIXTURE-not-a-real-key-0001");
  await keys.getByRole("button", { name: "Save API Keys" }).click();
  await expect(page.getByText("API keys saved successfully")).toBeVisible();

  await provider.getByRole("button", { name: "Check key" }).click();
  await expect(provider.getByText(/^Key works: \d+ models$/)).toBeVisible();

  const models = section(page, "AI models");
  const keywordsModel = models.getByLabel("Keyword research model");
  await expect(keywordsModel.locator("option").first()).toHaveText("Provider default (gpt-6-luna)");
  // Only what the provider offers today: nothing shut down, nothing Responses-only.
  await expect(keywordsModel.locator("option", { hasText: /^gpt-4$|gpt-5\.5-pro/ })).toHaveCount(0);
  await keywordsModel.selectOption("gpt-6.2-sol");
  await models.getByRole("button", { name: "Save AI models" }).click();
  await expect(page.getByText("AI models saved")).toBeVisible();
  await expectCleanA11y(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("profile-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectCleanA11y(page);
  await page.screenshot({ path: test.info().outputPath("profile-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("link", { name: "Keyword Phrases" }).click();
  await page.getByLabel("Topic or Niche").fill("tea");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Keywords generated successfully")).toBeVisible({ timeout: 30_000 });

  // A key without credit: the provider's reason, in place, until dismissed (not only a 4-second toast).
  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-scenario-insufficient-quota-e2e" },
  });
  expect(error).toBeNull();
  await page.getByLabel("Topic or Niche").fill("coffee");
  await page.getByRole("button", { name: "Generate" }).click();
  const inPlace = page.locator(".request-error");
  await expect(inPlace).toContainText(
    "Your OpenAI account has no credit left for this request (insufficient_quota). Add credit at platform.openai.com → Settings → Billing, then try again.",
  );
  await page.waitForTimeout(4_500);
  await expect(inPlace).toBeVisible();
  await expectCleanA11y(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("keywords-error-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await inPlace.getByRole("button", { name: "Dismiss" }).click();
  await expect(inPlace).toHaveCount(0);
});

test("Profile: a local Ollama by base URL; switching removes the key; its pulled models are offered and used", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await register(page);
  const backend = await backendAs(account);
  expect((await backend.functions.invoke("save-api-keys", { body: { openaiKey: "sk-e2e-ollama-FIXTURE-not-a-real-key-0002" } })).error)
    .toBeNull();
  await page.goto("/profile");
  const provider = section(page, "AI provider");
  await provider.getByRole("radio", { name: /^OpenAI-compatible server/ }).check();
  await provider.getByLabel("Base URL").fill(e2eEnv.ollamaUrl);
  await expect(provider.getByText(/removes the stored text-generation key/)).toBeVisible();
  await provider.getByRole("button", { name: "Save provider" }).click();
  await expect(
    provider.getByText("Your OpenAI key was removed: a key belongs to one provider. Enter your OpenAI-compatible server key under API Keys."),
  ).toBeVisible();
  await expect(section(page, "API Keys").getByLabel("Server API Key", { exact: true })).toBeVisible();

  await provider.getByRole("button", { name: "Check key" }).click();
  await expect(provider.getByText("Server answers: 4 models")).toBeVisible();

  const keywordsModel = section(page, "AI models").getByLabel("Keyword research model");
  await expect(keywordsModel.locator("option").first()).toHaveText("Choose a model");
  await expect(keywordsModel.locator("option")).toHaveText(["Choose a model", "gpt-oss:20b", "llama3.2:latest", "qwen3:8b"]);
  await keywordsModel.selectOption("llama3.2:latest");
  await section(page, "AI models").getByRole("button", { name: "Save AI models" }).click();
  await expect(page.getByText("AI models saved")).toBeVisible();
  await expectCleanA11y(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("profile-ollama-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("link", { name: "Keyword Phrases" }).click();
  await page.getByLabel("Topic or Niche").fill("herbal tea");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Keywords generated successfully")).toBeVisible({ timeout: 30_000 });

  // SEO has no model chosen on the user's own server: said before any request, with where to choose one.
  await page.getByRole("link", { name: "SEO Analysis" }).click();
  await page.getByLabel("Website URL").fill("https://example.com");
  await page.getByRole("button", { name: "Analyze" }).click();
  const inPlace = page.locator(".request-error");
  await expect(inPlace).toContainText(/No model is chosen for SEO analysis at your server at http:\/\/127\.0\.0\.1:\d+\/v1\./);
  await inPlace.getByRole("link", { name: "Go to Profile Settings → AI models" }).click();
  await expect(page).toHaveURL(/\/profile#ai-models$/);
});
