import { expect, test, type Page } from "@playwright/test";
import { register, type Account } from "./support/accounts.ts";
import { expectFullyAccessible, VIEWPORTS } from "./support/axe.ts";
import { adminBackend, backendAs } from "./support/backend.ts";
import { contentEditor, fillContentHtml } from "./support/editor.ts";

// Each test drafts with the fake provider and runs the strict check at both widths several times.
test.setTimeout(180_000);

const SEO_BLOG_WRITER = "SEO Blog Writer — Writes a complete, search-optimised blog post from an idea.";

async function saveOpenAIKey(account: Account, key: string): Promise<void> {
  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", { body: { openaiKey: key } });
  expect(error).toBeNull();
}

async function openCreatePage(page: Page) {
  await page.getByRole("link", { name: "Articles" }).click();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
  await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
}

/**
 * The strict check of this feature's parts of the page at both widths (the
 * editor's toolbar, not this feature's, has glyph buttons axe leaves
 * undecided on this machine's Chromium).
 */
async function expectAccessibleAtBothWidths(page: Page, newParts: string[]) {
  await page.setViewportSize(VIEWPORTS.phone);
  await expectFullyAccessible(page, newParts);
  await page.setViewportSize(VIEWPORTS.desktop);
  await expectFullyAccessible(page, newParts);
}

async function draftInSpanish(page: Page) {
  await page.getByLabel("AI Article Idea").fill("tapas en Madrid");
  await page.getByLabel("Choose Assistant").selectOption({ label: SEO_BLOG_WRITER });
  await page.getByText("Language and generation settings").click();
  await page.getByLabel("Article language").selectOption("es");
  await page.getByLabel("Length (words)").fill("900");
  await page.getByLabel("FAQ").check();
  await expectAccessibleAtBothWidths(page, [".generation-options"]);
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByText("Content generated successfully")).toBeVisible({ timeout: 60_000 });
}

test("a Spanish article from an idea: written in Spanish, no language flag, a sensible slug, saved", async ({ page }) => {
  const account = await register(page);
  await saveOpenAIKey(account, "sk-test-languages-FIXTURE-not-a-real-key-0001");
  await openCreatePage(page);
  await draftInSpanish(page);

  await expect(page.getByLabel("Title")).toHaveValue("Tapas en Madrid: una guía práctica");
  await expect(contentEditor(page).locator("h2").first()).toHaveText("Por qué es importante");
  await expect(page.getByLabel("Slug")).toHaveValue("tapas-en-madrid-una-guia-practica");
  await expect(page.getByRole("alert").filter({ hasText: "Check the language" })).toHaveCount(0);
  // The SEO panel checks in the article's language.
  await expect(page.locator(".seo-language")).toContainText("Language: Spanish.");
  await expectAccessibleAtBothWidths(page, [".ai-section"]);

  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article created successfully")).toBeVisible();
  const { data: saved } = await adminBackend()
    .from("articles")
    .select("slug")
    .eq("title", "Tapas en Madrid: una guía práctica")
    .single();
  expect(saved).toEqual({ slug: "tapas-en-madrid-una-guia-practica" });
});

test("a draft that drifts into English is flagged in the editor until the person confirms it", async ({ page }) => {
  const account = await register(page);
  // The fake OpenAI answers in English whatever is asked (scenario "language-drift").
  await saveOpenAIKey(account, "sk-scenario-language-drift-FIXTURE-0001");
  await openCreatePage(page);
  await draftInSpanish(page);

  await expect(page.getByLabel("Title")).toHaveValue("Tapas en Madrid: A Practical Guide");
  const flag = page.getByRole("alert").filter({ hasText: "Check the language" });
  await expect(flag).toContainText("This draft looks like English, not Spanish as asked.");
  await expectAccessibleAtBothWidths(page, [".ai-section", "section.form-notice"]);
  await flag.getByRole("button", { name: "The language is right" }).click();
  await expect(flag).toHaveCount(0);
});

test("a bulk draft that drifted into English is held, says so in the editor, and is released once rewritten in Spanish and saved", async ({ page }) => {
  const account = await register(page);
  await saveOpenAIKey(account, "sk-scenario-language-drift-FIXTURE-0002");
  await page.getByRole("link", { name: "Bulk Drafts" }).click();
  await page.getByLabel("Ideas (one per line)").fill("tapas en Madrid");
  await page.getByLabel("Choose Assistant").selectOption({ label: SEO_BLOG_WRITER });
  await page.getByLabel("Language of the drafts").selectOption("es");
  await page.getByRole("button", { name: "Start drafting" }).click();
  await expect(page.getByText(/1 of 1 drafted/)).toBeVisible({ timeout: 45_000 });
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "tapas en Madrid", exact: true }) });
  await expect(row.getByText("Language to check")).toBeVisible();

  await row.getByRole("link", { name: "Tapas en Madrid: A Practical Guide" }).click();
  const notice = page.getByRole("region", { name: "Check the language" });
  await expect(notice).toContainText("This draft looks like English, not Spanish as its batch asked");
  await expectAccessibleAtBothWidths(page, ["section.form-notice"]);

  await page.getByLabel("Title", { exact: true }).fill("Tapas en Madrid: una guía práctica");
  await fillContentHtml(
    page,
    "<h2>Por qué es importante</h2><p>Las tapas son pequeñas raciones que se comparten en los bares de Madrid. " +
      "Para empezar, elige un barrio con muchos bares, pide una bebida y prueba lo que recomiende el camarero. " +
      "No tengas prisa: la costumbre es ir de un bar a otro con los amigos durante toda la tarde.</p>",
  );
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.goBack();
  await expect(row.getByText("Waiting for approval")).toBeVisible();
});
