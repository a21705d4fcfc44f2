import { expect, test } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { DESKTOP, expectFullyAccessibleAtBothWidths, PHONE } from "./support/axe.ts";
import { adminBackend, backendAs } from "./support/backend.ts";
import { contentEditor, expectEditorReady } from "./support/editor.ts";

/**
 * AI on a selection (issue 26) in Chromium against the production build and
 * the fake provider (which rewrites a passage deterministically: "Put
 * simply, …", _testing/fakes/openai_selection.ts): a selection rewritten
 * and accepted replaces just that text, and the save keeps the accepted
 * text as an AI revision. The suggestion gets the strict axe check at
 * desktop and phone widths, with screenshots in /tmp/selection-ai.
 */

const SCREENSHOTS = "/tmp/selection-ai";

test("a selection rewritten and accepted", async ({ page }) => {
  const account = await register(page);
  const backend = await backendAs(account);
  expect(
    (await backend.functions.invoke("save-api-keys", { body: { openaiKey: "sk-e2e-selection-FIXTURE-not-a-real-key-0001" } }))
      .error,
  ).toBeNull();
  const { data: saved, error } = await backend.functions.invoke("save-article", {
    body: {
      title: "Composting basics",
      content: "<p>Compost needs air and water.</p>\n<p>Turn the pile every week.</p>",
      excerpt: "How to keep a compost pile going.",
    },
  });
  expect(error).toBeNull();
  const articleId = (saved as { article: { id: string } }).article.id;

  await page.goto(`/articles/edit/${articleId}`);
  await expectEditorReady(page);
  const suggest = page.getByRole("button", { name: "Get suggestion" });
  await expect(suggest).toBeDisabled();

  // The first paragraph selected, Rewrite (the first action) asked for.
  await contentEditor(page).locator("p").first().selectText();
  await expect(suggest).toBeEnabled();
  await expect(page.getByRole("combobox", { name: "AI on the selection" })).toHaveValue("rewrite");
  await suggest.click();

  const suggestion = page.getByRole("region", { name: "Suggestion: Rewrite" });
  await expect(suggestion).toContainText("Put simply, compost needs air and water.", { timeout: 30_000 });
  const accept = suggestion.getByRole("button", { name: "Accept" });
  await expect(accept).toBeEnabled();
  await expect(accept).toBeFocused();

  for (const [width, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(viewport);
    // The menu slides away as the width changes (0.2 s).
    await page.waitForTimeout(400);
    await suggestion.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/suggestion-${width}.png` });
  }
  await expectFullyAccessibleAtBothWidths(page, [".selection-assistant"]);

  await accept.click();
  await expect(suggestion).toHaveCount(0);
  await expect(contentEditor(page).locator("p").first()).toHaveText("Put simply, compost needs air and water.");
  await expect(contentEditor(page).locator("p").nth(1)).toHaveText("Turn the pile every week.");

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();

  // The accepted text is kept as an AI revision.
  const { data: revisions } = await adminBackend()
    .from("article_revisions")
    .select("source, content")
    .eq("article_id", articleId)
    .order("id", { ascending: false });
  const aiRevision = revisions!.find((revision) => revision.source === "ai");
  expect(aiRevision?.content).toContain("Put simply, compost needs air and water.");
  const { data: article } = await adminBackend().from("articles").select("content").eq("id", articleId).single();
  expect(article!.content).toContain("<p>Put simply, compost needs air and water.</p>");
  expect(article!.content).toContain("<p>Turn the pile every week.</p>");
});
