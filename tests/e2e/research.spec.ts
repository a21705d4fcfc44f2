import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { backendAs } from "./support/backend.ts";

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** The website the test rig serves for the SEO audit (on the SSRF guard's allowlist). */
const AUDITED_SITE = process.env.E2E_AUDITED_SITE_URL!;
const GOOD_PAGE = `${AUDITED_SITE}/blog/balcony-tomatoes`;
const KEYWORD_HEADER = "Keyword,Search Volume,Difficulty,CPC,Competition";

/** A signed-in account; with `openaiKey`, that key is stored for it. */
async function registerWithOpenAIKey(page: Page, openaiKey?: string) {
  const account = await register(page);
  if (openaiKey) {
    const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", { body: { openaiKey } });
    expect(error).toBeNull();
  }
  return account;
}

async function openScreen(page: Page, name: "Keyword Phrases" | "SEO Analysis") {
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function generateKeywords(page: Page, topic: string) {
  await page.getByLabel("Topic or Niche").fill(topic);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
}

/** Exports the keyword table; returns the file name and its raw bytes. */
async function exportCsv(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test("Keyword Phrases: generate, read the table, copy a keyword, export CSV, keep results across screens", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await registerWithOpenAIKey(page, "sk-e2e-research-FIXTURE-not-a-real-key-0001");
  await openScreen(page, "Keyword Phrases");
  await expect(page.getByText("No keywords generated yet")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText("Please enter a topic")).toBeVisible();

  await generateKeywords(page, "Home Gardening");
  await expect(page.getByText("Keywords generated successfully")).toBeVisible();
  const table = page.getByRole("region", { name: "Keywords for “Home Gardening”" }).getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Keyword", "Search Volume", "Difficulty", "CPC", "Competition", "Actions"]);
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(16);
  await expect(rows.nth(1).getByRole("cell")).toHaveText(["home gardening tips", "0.5K", "12", "$0.35", "Low", "Write article"]);
  const firstMeter = rows.nth(1).getByRole("meter", { name: "Difficulty" });
  await expect(firstMeter).toHaveAttribute("aria-valuenow", "12");
  await expect(firstMeter).toHaveAttribute("data-tone", "green");
  await expect(rows.nth(1).getByText("Low")).toHaveAttribute("data-tone", "green");
  await expect(page.getByText("No keywords generated yet")).toHaveCount(0);
  await expectAccessible(page);

  const copy = page.getByRole("button", { name: "Copy best home gardening" });
  await copy.click();
  await expect(page.getByText("Keyword copied to clipboard")).toBeVisible();
  await expect(copy.locator('[data-icon="check"]')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("best home gardening");
  await expect(copy.locator('[data-icon="copy"]')).toBeVisible({ timeout: 4000 });

  const csv = await exportCsv(page);
  expect(csv.name).toBe("keyword-research-home-gardening.csv");
  expect([...csv.bytes.subarray(0, 3)]).toEqual(UTF8_BOM);
  const records = csv.bytes.subarray(3).toString("utf8").split("\r\n");
  expect(records[0]).toBe(KEYWORD_HEADER);
  // Numbers a spreadsheet can use: "0.5K" is 500, "$0.35" is 0.35.
  expect(records[1]).toBe("home gardening tips,500,12,0.35,low");
  expect(records).toHaveLength(17);
  expect(records[16]).toBe("");
  const shown = await rows.evaluateAll((all) =>
    all.slice(1).map((row) => (row.querySelector("td")?.textContent ?? "").trim()),
  );
  expect(records.slice(1, 16).map((record) => record.split(",")[0])).toEqual(shown);

  await page.getByRole("link", { name: "Dashboard" }).click();
  await openScreen(page, "Keyword Phrases");
  await expect(rows).toHaveCount(16);
  await expect(page.getByLabel("Topic or Niche")).toHaveValue("Home Gardening");

  // Kept: after a reload the research is still there, listed in the history.
  await page.reload();
  await expect(rows).toHaveCount(16);
  const history = page.getByRole("region", { name: "Your research" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("Home Gardening");

  // Sorted by a figure, as numbers.
  await table.getByRole("button", { name: "Search Volume" }).click();
  await expect(table.getByRole("columnheader", { name: "Search Volume" })).toHaveAttribute("aria-sort", "descending");
  const volumes = await rows.evaluateAll((all) => all.slice(1).map((row) => row.querySelectorAll("td")[1]?.textContent ?? ""));
  const asNumbers = volumes.map((volume) => Number.parseFloat(volume) * (volume.endsWith("K") ? 1000 : 1));
  expect(asNumbers).toEqual([...asNumbers].sort((a, b) => b - a));
  await expectAccessible(page);

  // A second research; the first reopened, then deleted after asking.
  await generateKeywords(page, "Composting");
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await history.getByRole("button", { name: /^Open Home Gardening/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Keywords for “Home Gardening”" })).toBeVisible();
  await history.getByRole("button", { name: /^Delete Composting/ }).click();
  await page.getByRole("alertdialog", { name: "Delete this research?" }).getByRole("button", { name: "Delete" }).click();
  await expect(history.getByRole("listitem")).toHaveCount(1);

  // Write article: Create New Post with the keyword as idea and focus keyword.
  await rows.nth(1).getByRole("link", { name: "Write article: home gardening tips" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
  await expect(page.getByLabel("AI Article Idea")).toHaveValue("home gardening tips");
  await expect(page.getByLabel("Focus Keyword")).toHaveValue("home gardening tips");
});

test("Keyword Phrases: the CSV neutralises formulas in model output", async ({ page }) => {
  await registerWithOpenAIKey(page, "sk-e2e-research-FIXTURE-not-a-real-key-0002");
  await openScreen(page, "Keyword Phrases");
  await generateKeywords(page, '=HYPERLINK("http://evil.test","x")');
  await expect(page.getByText("Keywords generated successfully")).toBeVisible();

  const csv = await exportCsv(page);
  expect(csv.name).toBe("keyword-research-hyperlinkhttpeviltestx.csv");
  const records = csv.bytes.subarray(3).toString("utf8").split("\r\n");
  const formulaRecords = records.slice(1, -1).filter((record) => /^"?'?=/.test(record));
  expect(formulaRecords.length).toBeGreaterThan(0);
  for (const record of formulaRecords) expect(record.startsWith(`"'=hyperlink(""http://evil.test`)).toBe(true);
});

test("SEO Analysis: validates the URL, audits the page and shows every section", async ({ page }) => {
  await registerWithOpenAIKey(page, "sk-e2e-research-FIXTURE-not-a-real-key-0003");
  await openScreen(page, "SEO Analysis");
  await expect(page.getByLabel("Website URL")).toHaveAttribute("type", "url");
  await expectAccessible(page);

  const analyze = page.getByRole("button", { name: "Analyze" });
  await analyze.click();
  await expect(page.getByText("Please enter a website URL")).toBeVisible();
  await page.getByLabel("Website URL").fill("ftp://example.com");
  await analyze.click();
  await expect(page.getByText("Please enter a valid URL")).toBeVisible();

  // An address typed without a scheme is completed with https:// (the test site serves http only: it says so).
  const bare = GOOD_PAGE.replace(/^http:\/\//, "");
  await page.getByLabel("Website URL").fill(bare);
  await analyze.click();
  await expect(page.locator(".request-error")).toContainText(`Could not audit https://${bare}:`);

  await page.getByLabel("Website URL").fill(GOOD_PAGE);
  await analyze.click();
  await expect(page.getByText("SEO analysis completed successfully")).toBeVisible();
  const report = page.getByRole("article", { name: "SEO analysis of 127.0.0.1" });
  await expect(report.getByText("These figures are AI estimates, not measured data.")).toBeVisible();
  await expect(report.getByRole("heading", { level: 3 })).toHaveText([
    "Measured audit",
    "1. Traffic & Engagement Metrics",
    "2. SEO Content Strategy",
    "3. Backlink Profile",
    "4. Technical SEO",
    "Summary Table",
    "Recommendations",
  ]);
  for (const [label, value] of [
    ["Monthly Visits", "~45K (estimate)"],
    ["Avg. Duration", "2m 35s"],
    ["Pages/Visit", "2.8"],
    ["Bounce Rate", "48%"],
    ["Top Country", "United States"],
    ["Content Freshness", "New content roughly every week"],
    ["Strength", "Moderate: around 300 referring domains (estimate)"],
    ["Structure", "Clear hierarchy with descriptive URLs"],
  ]) {
    await expect(report.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]")).toHaveText(value);
  }
  await expect(report.locator("dt", { hasText: "Content Types" }).locator("xpath=following-sibling::dd[1]").getByRole("listitem")).toHaveText([
    "Blog posts",
    "How-to guides",
    "Product pages",
  ]);
  await expect(report.locator("dt", { hasText: "Improvements" }).locator("xpath=following-sibling::dd[1]").getByRole("listitem")).toHaveCount(3);
  const summary = report.getByRole("region", { name: "Summary Table" }).getByRole("table");
  await expect(summary.getByRole("columnheader")).toHaveText(["Metric", "Value", "Insight"]);
  await expect(summary.getByRole("rowheader")).toHaveText(["Monthly visits", "Bounce rate", "Referring domains"]);
  await expect(report.getByRole("listitem").filter({ hasText: "Improve Core Web Vitals on mobile" })).toBeVisible();
  await expectAccessible(page);
});

test("a wrong or missing OpenAI key is explained, with a way to Profile Settings", async ({ page }) => {
  const account = await registerWithOpenAIKey(page);
  await openScreen(page, "Keyword Phrases");
  await generateKeywords(page, "gardening");
  await expect(page.locator(".Toastify").getByText("OpenAI API key not found")).toBeVisible();
  await expect(page.locator(".request-error")).toHaveText(/^OpenAI API key not found/);

  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-wrong-e2e-research-FIXTURE-not-a-real-key-0000" },
  });
  expect(error).toBeNull();
  await generateKeywords(page, "gardening");
  const invalidKey = "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.";
  await expect(page.locator(".Toastify").getByText(invalidKey)).toBeVisible();
  await expect(page.getByText("No keywords generated yet")).toBeVisible();
  // The function names where the key is fixed (problem.fix): the API Keys section of Profile.
  await expect(page.locator(".request-error").getByRole("link", { name: "Go to Profile Settings → API Keys" })).toHaveAttribute(
    "href",
    "/profile#api-keys",
  );

  // The audit is measured without the model: the report keeps it, and says why the written sections are empty.
  await openScreen(page, "SEO Analysis");
  await page.getByLabel("Website URL").fill(GOOD_PAGE);
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByText("SEO analysis completed successfully")).toBeVisible();
  await expect(page.locator('[data-check="title"]')).toContainText("How to Grow Tomatoes on a Balcony");
  await page.getByText("Notes on this report (1)").click();
  await expect(page.getByText(`The written sections could not be produced: ${invalidKey} The measured audit is complete.`)).toBeVisible();
  await page.getByRole("link", { name: "Profile", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
