import { expect, test, type Page } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { adminBackend, backendAs } from "./support/backend.ts";
import { contentEditor, contentHtml, expectEditorReady, fillContentHtml } from "./support/editor.ts";

/**
 * History and restore in Chromium against the production build: an article
 * drafted by the (fake) OpenAI and edited before it is saved keeps the AI
 * draft and the saved text as revisions; History shows them with time and
 * source and a readable diff against what the form holds; Restore over
 * unsaved changes asks first and saves a new revision. Revisions are read
 * back with the secret key.
 */

const AI_TITLE = "Composting: A Practical Guide";

async function revisionSources(articleId: string): Promise<string[]> {
  const { data, error } = await adminBackend()
    .from("article_revisions")
    .select("source")
    .eq("article_id", articleId)
    .order("id", { ascending: false });
  expect(error).toBeNull();
  return data!.map((row) => row.source as string);
}

const historyDialog = (page: Page) => page.getByRole("dialog", { name: "History" });
const revisionChoice = (page: Page, source: RegExp) =>
  historyDialog(page).getByRole("navigation").getByRole("button", { name: source });

test("history lists the AI draft and each save, shows what changed, and restores over unsaved changes after asking", async ({ page }) => {
  const account = await register(page);
  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-test-revisions-FIXTURE-not-a-real-key-0001" },
  });
  expect(error).toBeNull();

  // An AI draft, edited before the first save.
  await page.getByRole("link", { name: "Articles" }).click();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
  await page.getByLabel("AI Article Idea").fill("composting");
  await page.getByLabel("Choose Assistant").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByText("Content generated successfully")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Title")).toHaveValue(AI_TITLE);
  await page.getByLabel("Title").fill(`${AI_TITLE} for Small Gardens`);
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article created successfully")).toBeVisible();

  const { data: article } = await adminBackend()
    .from("articles")
    .select("id")
    .eq("title", `${AI_TITLE} for Small Gardens`)
    .single();
  const articleId = article!.id as string;
  expect(await revisionSources(articleId)).toEqual(["manual", "ai"]);

  // History: newest first, time and source; the newest reads as the form.
  await page.goto(`/articles/edit/${articleId}`);
  await expect(page.getByLabel("Title")).toHaveValue(`${AI_TITLE} for Small Gardens`);
  await expectEditorReady(page);
  const historyButton = page.getByRole("button", { name: "History" });
  await historyButton.focus();
  await page.keyboard.press("Enter");
  await expect(historyDialog(page)).toBeVisible();
  const choices = historyDialog(page).getByRole("navigation").getByRole("button");
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toContainText("Saved");
  await expect(choices.nth(1)).toContainText("AI text");
  await expect(choices.nth(0).locator("time")).toHaveText(/\d{4}.*\d{1,2}:\d{2}:\d{2}/);
  await expect(historyDialog(page).getByText("This revision reads the same as the current text.")).toBeVisible();
  await expectAccessible(page);

  // The AI draft against the form: the words added to the title.
  await revisionChoice(page, /AI text/).click();
  await expect(revisionChoice(page, /AI text/)).toHaveAttribute("aria-pressed", "true");
  const title = historyDialog(page).getByRole("region", { name: "Changes in Title" });
  await expect(title.locator("ins")).toHaveText(/for Small Gardens/);
  await expectAccessible(page);

  // Escape closes it.
  await page.keyboard.press("Escape");
  await expect(historyDialog(page)).toHaveCount(0);

  // A paragraph typed but not saved is part of the comparison.
  await fillContentHtml(page, `${await contentHtml(page)}<p>My unsaved closing thought.</p>`);
  await expect(contentEditor(page)).toContainText("My unsaved closing thought.");
  await historyButton.click();
  await revisionChoice(page, /AI text/).click();
  const contentChanges = historyDialog(page).getByRole("region", { name: "Changes in Content" });
  await expect(contentChanges.locator("li.diff-added")).toHaveText(/My unsaved closing thought\./);

  // Restore over unsaved changes asks first; Keep editing changes nothing.
  await historyDialog(page).getByRole("button", { name: "Restore this revision" }).click();
  const question = historyDialog(page).getByRole("group", { name: /unsaved changes will be replaced/ });
  await expect(question.getByRole("button", { name: "Restore anyway" })).toBeFocused();
  await question.getByRole("button", { name: "Keep editing" }).click();
  expect(await revisionSources(articleId)).toEqual(["manual", "ai"]);

  await historyDialog(page).getByRole("button", { name: "Restore this revision" }).click();
  await historyDialog(page).getByRole("button", { name: "Restore anyway" }).click();
  await expect(page.getByText("Revision restored")).toBeVisible();
  await expect(historyDialog(page)).toHaveCount(0);
  await expect(page.getByLabel("Title")).toHaveValue(AI_TITLE);
  await expectEditorReady(page);
  await expect(contentEditor(page)).not.toContainText("My unsaved closing thought");
  await expect(page.getByRole("button", { name: "History" })).toBeFocused();

  // The restore is a new revision, naming the draft it restored; the article holds the draft's text.
  expect(await revisionSources(articleId)).toEqual(["restore", "manual", "ai"]);
  const { data: stored } = await adminBackend().from("articles").select("title, status").eq("id", articleId).single();
  expect(stored).toEqual({ title: AI_TITLE, status: "draft" });
  await page.getByRole("button", { name: "History" }).click();
  await expect(choices).toHaveCount(3);
  await expect(choices.nth(0)).toContainText(/Restored \(from .+\)/);
  await expect(historyDialog(page).getByText("This revision reads the same as the current text.")).toBeVisible();

  // After a reload the form shows the restored text, and the text typed before the restore is not offered back.
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue(AI_TITLE);
  await expectEditorReady(page);
  await expect(contentEditor(page)).not.toContainText("My unsaved closing thought");
  await expect(page.getByRole("region", { name: /Restore unsaved changes/ })).toHaveCount(0);
});
