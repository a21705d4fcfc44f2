import { expect, test, type Page } from "@playwright/test";
import { register, type Account } from "./support/accounts.ts";
import { DESKTOP, expectAccessible, PHONE } from "./support/axe.ts";
import { backendAs } from "./support/backend.ts";
import { contentEditor } from "./support/editor.ts";

// Proposes an outline and drafts with the fake provider, with the strict check at both widths twice.
test.setTimeout(180_000);

const SEO_BLOG_WRITER = "SEO Blog Writer — Writes a complete, search-optimised blog post from an idea.";

async function saveOpenAIKey(account: Account, key: string): Promise<void> {
  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", { body: { openaiKey: key } });
  expect(error).toBeNull();
}

/** The strict check (every axe finding, undecided contrast and invisible text) at phone and desktop width. */
async function expectAccessibleAtBothWidths(page: Page) {
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 10_000 });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // At the top of the page nothing is scrolled behind the phone layout's sticky top bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
  }
}

test("an outline edited before drafting appears as the article's headings", async ({ page }) => {
  const account = await register(page);
  await saveOpenAIKey(account, "sk-test-outlines-FIXTURE-not-a-real-key-0001");
  await page.getByRole("link", { name: "Articles" }).click();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
  await page.getByLabel("AI Article Idea").fill("home composting");
  await page.getByLabel("Choose Assistant").selectOption({ label: SEO_BLOG_WRITER });

  await page.getByRole("button", { name: "Propose an outline" }).click();
  const outline = page.getByRole("group", { name: "Outline" });
  await expect(outline.getByRole("textbox")).toHaveCount(5, { timeout: 60_000 });
  await expect(page.getByLabel("Heading 1")).toHaveValue("What home composting is");
  await expectAccessibleAtBothWidths(page);

  // Edit one heading, move one with the keyboard, remove one and add one.
  await page.getByLabel("Heading 2").fill("Why compost at home");
  await page.getByRole("button", { name: "Move up “Common home composting mistakes”" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move up “Common home composting mistakes”" })).toBeFocused();
  await page.getByRole("button", { name: "Remove “What home composting is”" }).click();
  await page.getByRole("button", { name: "Add heading" }).click();
  await page.keyboard.type("A compost bin on a balcony");
  const approved = [
    "Why compost at home",
    "Common home composting mistakes",
    "Getting started with home composting",
    "Home composting: next steps",
    "A compost bin on a balcony",
  ];
  expect(await outline.getByRole("textbox").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
    .toEqual(approved);
  await expectAccessibleAtBothWidths(page);

  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByText("Content generated successfully")).toBeVisible({ timeout: 60_000 });
  await expect(contentEditor(page).locator("h2")).toHaveText(approved);

  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article created successfully")).toBeVisible();
  // As the person (row-level security): their one article.
  const { data: saved } = await (await backendAs(account)).from("articles").select("content").single();
  const savedHeadings = [...(saved?.content ?? "").matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
  expect(savedHeadings).toEqual(approved);
});

test("a template made on Templates fills the outline on Create, and is deleted after the app's confirmation", async ({ page }) => {
  await register(page);
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "No templates yet" })).toBeVisible();
  await page.getByRole("button", { name: "New Template" }).click();
  await page.getByLabel("Name").fill("How-to guide");
  await page.getByLabel("Sections").fill("What you need\nStep by step\n\nCommon mistakes");
  await page.getByLabel("Word target").fill("1200");
  await page.getByLabel("FAQ").check();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole("button", { name: "Save Template" }).click();
  const card = page.getByRole("article", { name: "How-to guide" });
  await expect(card).toContainText("3 sections · about 1200 words · includes FAQ");
  await expectAccessibleAtBothWidths(page);

  await page.getByRole("link", { name: "Articles" }).click();
  await page.getByRole("button", { name: "Create Article" }).click();
  await page.getByLabel("Template").selectOption({ label: "How-to guide" });
  await expect(page.getByLabel("Heading 3")).toHaveValue("Common mistakes");
  await page.getByText("Language and generation settings").click();
  await expect(page.getByLabel("Length (words)")).toHaveValue("1200");

  await page.getByRole("link", { name: "Templates" }).click();
  await page.getByRole("article", { name: "How-to guide" }).getByRole("button", { name: "Delete" }).click();
  const question = page.getByRole("alertdialog", { name: "Delete How-to guide?" });
  await expectAccessibleAtBothWidths(page);
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "No templates yet" })).toBeVisible();
});

test("bulk: each idea's outline waits for review; the draft follows it as edited, or as it stands after Approve all outlines", async ({ page }) => {
  const account = await register(page);
  await saveOpenAIKey(account, "sk-test-outlines-FIXTURE-not-a-real-key-0002");
  await page.getByRole("link", { name: "Bulk Drafts" }).click();
  await page.getByLabel("Ideas (one per line)").fill("home composting\nbalcony tomatoes");
  await page.getByLabel("Choose Assistant").selectOption({ label: SEO_BLOG_WRITER });
  await page.getByRole("switch", { name: "Review each outline before it is drafted" }).check();
  await expect(page.getByRole("status").filter({ hasText: "model calls" })).toHaveText(
    "2 ideas: 4 model calls (at most 16 if calls must be retried after rate limits or errors).",
  );
  await page.getByRole("button", { name: "Start drafting" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);

  // The worker (every second here) proposes both outlines; nothing is drafted yet.
  await expect(page.locator(".batch-progress strong")).toHaveText("Outlines to review", { timeout: 45_000 });
  await expect(page.getByText("0 of 2 drafted · 2 outlines to review")).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await page.getByRole("button", { name: "Review outline: home composting" }).click();
  const dialog = page.getByRole("dialog", { name: "Review outline" });
  await expect(dialog.getByLabel("Heading 1")).toHaveValue("What home composting is");
  await dialog.getByLabel("Heading 2").fill("Why compost at home");
  await dialog.getByRole("button", { name: "Remove “What home composting is”" }).click();
  const approved = await dialog.getByRole("textbox").evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value)
  );
  expect(approved[0]).toBe("Why compost at home");
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole("button", { name: "Approve and draft" }).click();
  await expect(page.getByText("Outline approved: the idea is being drafted")).toBeVisible();

  await page.getByRole("button", { name: "Approve all outlines (1)" }).click();
  await page.getByRole("alertdialog", { name: "Approve 1 outline?" }).getByRole("button", { name: "Approve all outlines (1)" })
    .click();
  await expect(page.getByText(/2 of 2 drafted/)).toBeVisible({ timeout: 45_000 });

  // As the person (row-level security): the ideas, their outlines and their drafts.
  const backend = await backendAs(account);
  const jobs = await backend.from("draft_jobs").select("outline, article_id").order("position");
  expect(jobs.error).toBeNull();
  const headingsOf = async (articleId: string) => {
    const { data } = await backend.from("articles").select("content").eq("id", articleId).single();
    return [...(data?.content ?? "").matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
  };
  const [composting, tomatoes] = jobs.data!;
  expect(await headingsOf(composting.article_id!)).toEqual(approved);
  expect(tomatoes.outline![0]).toBe("What balcony tomatoes is");
  expect(await headingsOf(tomatoes.article_id!)).toEqual(tomatoes.outline);
});
