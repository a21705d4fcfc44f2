import { expect, type Page } from "@playwright/test";

/** The visual Content editor (its writing surface), not the textarea shown while it loads. */
export const contentEditor = (page: Page) => page.locator('[role="textbox"][contenteditable][data-field="content"]');

export const formattingToolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatting" });

/** Waits until the editor's chunk has loaded and the editor is on the page. */
export async function expectEditorReady(page: Page): Promise<void> {
  await expect(contentEditor(page)).toBeVisible({ timeout: 30_000 });
}

/** Replaces Content by typing HTML into the HTML source view, then returns to the visual view. */
export async function fillContentHtml(page: Page, html: string): Promise<void> {
  await expectEditorReady(page);
  const sourceToggle = formattingToolbar(page).getByRole("button", { name: "HTML source" });
  await sourceToggle.click();
  await page.getByRole("textbox", { name: "Content HTML source" }).fill(html);
  await sourceToggle.click();
  await expect(contentEditor(page)).toBeVisible();
}

/** The article HTML the form holds (what Save sends), read from the HTML source view. */
export async function contentHtml(page: Page): Promise<string> {
  const sourceToggle = formattingToolbar(page).getByRole("button", { name: "HTML source" });
  await sourceToggle.click();
  const html = await page.getByRole("textbox", { name: "Content HTML source" }).inputValue();
  await sourceToggle.click();
  return html;
}
