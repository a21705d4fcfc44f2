/**
 * Issue 25 in the browser: the SEO audit of a page the test rig serves
 * (scripts/testing/test-e2e.ts starts it and puts it on the SSRF guard's
 * allowlist), the editor's live SEO panel, and keyword research with the fake
 * DataForSEO — each screen also checked with axe (violations of any impact
 * and "incomplete" results fail) at phone and desktop width.
 */
import { expect, type Page, test } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { expectFullyAccessibleAtBothWidths } from "./support/axe.ts";
import { backendAs } from "./support/backend.ts";
import { expectEditorReady, fillContentHtml } from "./support/editor.ts";

const AUDITED_SITE = process.env.E2E_AUDITED_SITE_URL!;
const DATAFORSEO_URL = process.env.E2E_DATAFORSEO_URL!;
/** The account the fake DataForSEO knows (supabase/functions/_testing/fakes/dataforseo_server.ts). */
const DATAFORSEO_LOGIN = "fixture-login@example.test";
const DATAFORSEO_PASSWORD = "FIXTURE-dfs-password-not-real";

async function registerWithOpenAIKey(page: Page, key: string) {
  const account = await register(page);
  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", { body: { openaiKey: key } });
  expect(error).toBeNull();
  return account;
}

const check = (page: Page, id: string) => page.locator(`[data-check="${id}"]`);

async function paidDataForSeoRequests(): Promise<number> {
  const requests = await (await fetch(`${DATAFORSEO_URL}/_fake/requests`)).json() as { path: string; cost: number }[];
  return requests.filter((request) => request.cost > 0).length;
}

test("SEO Analysis audits a page served by the test rig and shows its measured defects", async ({ page }, testInfo) => {
  await registerWithOpenAIKey(page, "sk-e2e-seo-FIXTURE-not-a-real-key-0001");
  await page.getByRole("link", { name: "SEO Analysis" }).click();
  await page.getByLabel("Website URL").fill(`${AUDITED_SITE}/private/defects`);
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByText("SEO analysis completed successfully")).toBeVisible({ timeout: 30_000 });

  const report = page.locator("article.seo-report");
  await expect(report.getByRole("heading", { level: 3 })).toHaveText([
    "Measured audit",
    "1. Traffic & Engagement Metrics",
    "2. SEO Content Strategy",
    "3. Backlink Profile",
    "4. Technical SEO",
    "Summary Table",
    "Recommendations",
  ]);
  await expect(check(page, "h1")).toContainText("Warning");
  await expect(check(page, "h1")).toContainText("2 H1s: “First headline”, “Second headline”");
  await expect(check(page, "lang")).toContainText("Fail");
  await expect(check(page, "lang")).toContainText("No lang attribute on <html>");
  await expect(check(page, "robots-allows-page")).toContainText("Disallowed for Googlebot by “Disallow: /private/”");
  await expect(check(page, "broken-links")).toContainText("/missing-page (404 Not Found)");
  await expect(check(page, "structured-data")).toContainText("not valid JSON");
  await expect(check(page, "viewport")).toContainText("No viewport meta tag");
  await expect(report.getByText("These figures are AI estimates, not measured data.")).toBeVisible();
  expect(await report.locator("[data-check]").count()).toBeGreaterThanOrEqual(25);

  await report.getByRole("switch", { name: "Only what needs work" }).check();
  await expect(check(page, "status")).toHaveCount(0);
  await expect(check(page, "h1")).toBeVisible();
  await report.getByRole("switch", { name: "Only what needs work" }).uncheck();

  await expectFullyAccessibleAtBothWidths(page, ["article.seo-report"]);
  await page.screenshot({ path: testInfo.outputPath("seo-audit-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("seo-audit-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A page that cannot be fetched says why; nothing is invented in its place.
  await page.getByLabel("Website URL").fill(`${AUDITED_SITE}/server-error`);
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByText(`Could not audit ${AUDITED_SITE}/server-error: ${AUDITED_SITE}/server-error answered 500 Internal Server Error.`).first()).toBeVisible({ timeout: 30_000 });
  // A private address is refused by the SSRF guard.
  await page.getByLabel("Website URL").fill("http://127.0.0.1:9/admin");
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByText(/Could not audit http:\/\/127\.0\.0\.1:9\/admin: 127\.0\.0\.1:9 is a loopback address/).first()).toBeVisible({ timeout: 30_000 });
});

test("the editor's SEO panel: the keyword check flips when the keyword is added to the title; the score reaches the card and Publish", async ({ page }, testInfo) => {
  await register(page);
  await page.getByRole("link", { name: "Articles" }).click();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expectEditorReady(page);

  const paragraph = "Balcony tomatoes grow well in a deep pot on a sunny balcony. Water them every morning and feed them once a week.";
  await fillContentHtml(page, `<p>${paragraph}</p><h2>Balcony tomatoes in pots</h2><p>${paragraph} Pick the fruit when it is red.</p>`);
  await page.getByLabel("Focus Keyword").fill("balcony tomatoes");
  await page.getByLabel("Title").fill("How to grow tomatoes in pots");

  const panel = page.getByRole("region", { name: "SEO and readability" });
  await expect(check(page, "keyword-in-title")).toHaveAttribute("data-outcome", "fail");
  await expect(check(page, "keyword-in-title")).toContainText("Not in the title");
  await expect(panel.getByText("Language: English (detected).")).toBeVisible();
  const before = await panel.locator(".seo-score").textContent();

  await page.getByLabel("Title").fill("Balcony tomatoes: how to grow them in pots");
  await expect(check(page, "keyword-in-title")).toHaveAttribute("data-outcome", "pass");
  await expect(check(page, "keyword-in-title")).toContainText("In the title");
  await expect(panel.locator(".seo-score")).not.toHaveText(before!);
  await expect(check(page, "title-length")).toContainText("42 / 60 characters");

  await expectFullyAccessibleAtBothWidths(page, ["section.seo-panel"]);
  await panel.screenshot({ path: testInfo.outputPath("seo-panel.png") });

  // Saved, the article's card shows its score; below the warning level, Publish warns but does not block.
  await page.getByLabel("Excerpt").fill("Grow balcony tomatoes in pots.");
  await page.getByLabel("Category").fill("Garden");
  await page.getByLabel("Tags (comma separated)").fill("tomatoes");
  await page.getByLabel("Meta Description").fill("Grow balcony tomatoes in pots on a sunny balcony.");
  await page.getByLabel("Slug").fill("balcony-tomatoes");
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article created successfully")).toBeVisible();
  await page.getByRole("link", { name: "Articles" }).click();
  const card = page.getByRole("article", { name: "Balcony tomatoes: how to grow them in pots" });
  await page.reload();
  await expect(card.getByText(/^SEO score \d+ of 100/)).toBeAttached({ timeout: 15_000 });
  await expectFullyAccessibleAtBothWidths(page, [".article-card-badges"]);

  await page.getByRole("link", { name: "Profile", exact: true }).click();
  const settings = page.locator("#seo-settings");
  await settings.getByLabel("Warn before publishing below this score").fill("100");
  await settings.getByRole("button", { name: "Save SEO settings" }).click();
  await expect(page.getByText("SEO settings saved")).toBeVisible();
  for (const [name, size] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1280, height: 900 }]] as const) {
    await page.setViewportSize(size);
    await page.locator("#seo-settings").screenshot({ path: testInfo.outputPath(`seo-settings-${name}.png`) });
  }
  await expectFullyAccessibleAtBothWidths(page, ["#seo-settings"]);
  await page.getByRole("link", { name: "Articles" }).click();
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("note")).toContainText(/This article's SEO score is \d+, below your warning level of 100\./);
  await expect(page.getByRole("note")).toContainText("You can still publish");
});

test("keyword research with DataForSEO: the cost first, then its numbers; the same topic again comes from the cache", async ({ page }, testInfo) => {
  await register(page);
  await page.getByRole("link", { name: "Profile", exact: true }).click();
  const provider = page.locator("#keyword-data-provider");
  await expect(provider.getByText("Not connected: keyword research shows AI estimates.")).toBeVisible();
  await provider.getByLabel("DataForSEO API login").fill(DATAFORSEO_LOGIN);
  await provider.getByLabel("DataForSEO API password").fill(DATAFORSEO_PASSWORD);
  await provider.getByLabel("Location").selectOption({ label: "United States" });
  await provider.getByLabel("Language").selectOption({ label: "English" });
  await provider.getByRole("button", { name: "Save keyword data provider" }).click();
  await expect(page.getByText("Keyword data provider saved")).toBeVisible();
  await expect(provider.getByText(/Connected \(login ending in test, password ending in real\): data for United States in English/)).toBeVisible();
  await expect(provider.getByLabel("DataForSEO API password")).toHaveValue("");
  await expectFullyAccessibleAtBothWidths(page, ["#keyword-data-provider"]);

  await page.getByRole("link", { name: "Keyword Phrases" }).click();
  await expect(page.getByText(/Source: DataForSEO, United States in English/)).toBeVisible();
  const topic = `home gardening ${Date.now() % 100000}`;
  const paidBefore = await paidDataForSeoRequests();
  await page.getByLabel("Topic or Niche").fill(topic);
  await page.getByRole("button", { name: "Generate", exact: true }).click();

  const dialog = page.getByRole("alertdialog", { name: "Fetch keyword data from DataForSEO?" });
  await expect(dialog).toContainText(`“${topic}” costs at most $0.0115 from your DataForSEO balance (United States, English).`);
  await expect(dialog).toContainText("You have spent $0.00 in the last 30 days.");
  expect(await paidDataForSeoRequests()).toBe(paidBefore);
  await expectFullyAccessibleAtBothWidths(page, ["dialog.confirm-dialog"]);
  await dialog.getByRole("button", { name: "Fetch for $0.0115" }).click();

  await expect(page.getByText("Keywords generated successfully")).toBeVisible();
  const table = page.getByRole("region", { name: `Keywords for “${topic}”` }).getByRole("table");
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(16);
  const first = rows.nth(1).getByRole("cell");
  await expect(first.nth(0)).toHaveText(topic);
  await expect(first.nth(1)).toHaveText(/^\d{1,3}(,\d{3})*$/);
  await expect(first.nth(3)).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(rows.nth(1).getByRole("meter", { name: "Difficulty" })).toHaveAttribute("aria-valuenow", /^\d+$/);
  await expect(page.getByText(/This request cost \$0\.0115 from your DataForSEO balance\./)).toBeVisible();
  await expect(page.getByText(/AI estimates/)).toHaveCount(0);
  expect(await paidDataForSeoRequests()).toBe(paidBefore + 1);
  const firstRun = await table.innerText();
  await expectFullyAccessibleAtBothWidths(page, [".keyword-provenance", ".keyword-source"]);
  await page.screenshot({ path: testInfo.outputPath("keyword-data.png"), fullPage: true });

  // The same topic again (other spacing and case): straight from the cache, no dialog, no cost.
  await page.getByLabel("Topic or Niche").fill(`  ${topic.toUpperCase()} `);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText(/From your 30-day cache: this request cost nothing\./)).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(await paidDataForSeoRequests()).toBe(paidBefore + 1);
  expect(await page.getByRole("region", { name: /^Keywords for/ }).getByRole("table").innerText()).toBe(firstRun);
});
