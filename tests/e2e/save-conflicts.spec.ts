import { expect, test, type Page } from "@playwright/test";
import { type Account, register } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { adminBackend, backendAs } from "./support/backend.ts";
import { expectEditorReady } from "./support/editor.ts";

/**
 * No silent overwrites, in Chromium against the production build: two tabs
 * editing one article (the second save gets the conflict view, and "Save
 * mine over theirs" keeps what the first saved where the second changed
 * nothing); a drip schedule applied while an editor is open is not undone
 * by that editor's save; a revision restores the status and schedule it
 * kept. The database is read back with the secret key.
 */

const CONFLICT = "This article was changed elsewhere";

/** An article of the account's, with HTML content (stored with the secret key, as save-article stores it). */
async function arrangeArticle(account: Account, title: string): Promise<string> {
  const backend = await backendAs(account);
  const { data, error } = await adminBackend()
    .from("articles")
    .insert({
      user_id: backend.userId,
      title,
      content: "<p>Leaves make the best mulch.</p>",
      excerpt: "Why leaves make the best mulch.",
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

/** A connected site of the account's to schedule onto (a site row, as wordpress-connect would write it). */
async function arrangeSite(account: Account, name: string): Promise<string> {
  const backend = await backendAs(account);
  const { data, error } = await adminBackend()
    .from("wordpress_sites")
    .insert({ user_id: backend.userId, name, site_url: "https://blog.example", username: "editor", base_url: "https://blog.example/wp-json/" })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

async function stored(articleId: string) {
  const { data, error } = await adminBackend()
    .from("articles")
    .select("title, excerpt, status, scheduled_for, scheduled_site_ids, version")
    .eq("id", articleId)
    .single();
  expect(error).toBeNull();
  return data!;
}

async function openEditor(page: Page, articleId: string, title: string) {
  await page.goto(`/articles/edit/${articleId}`);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expectEditorReady(page);
}

test("two tabs: the second save gets the conflict view; saving mine over theirs keeps the first tab's title", async ({ page, context }) => {
  const account = await register(page);
  const articleId = await arrangeArticle(account, "Mulching in autumn");
  const second = await context.newPage();
  await openEditor(page, articleId, "Mulching in autumn");
  await openEditor(second, articleId, "Mulching in autumn");

  // The first tab saves a new title.
  await page.getByLabel("Title").fill("Mulching in autumn, with leaves");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();

  // The second tab, opened before that, saves a new excerpt.
  await second.getByLabel("Excerpt").fill("Leaves are free, and worms love them.");
  await second.getByRole("button", { name: "Save Changes" }).click();
  const dialog = second.getByRole("dialog", { name: CONFLICT });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Nothing of yours was saved yet.")).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Changes in Title" }).locator("ins")).toHaveText(/with leaves/);
  await expect(dialog.getByRole("region", { name: "Changed here" })).toContainText("Excerpt");
  expect(await stored(articleId)).toMatchObject({
    title: "Mulching in autumn, with leaves",
    excerpt: "Why leaves make the best mulch.",
  });
  await expectAccessible(second);
  await second.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(second);

  await dialog.getByRole("button", { name: "Save mine over theirs" }).click();
  await expect(second.getByText("Article updated successfully")).toBeVisible();
  // Saving stays in the editor (the workspace).
  await expect(second).toHaveURL(new RegExp(`/articles/edit/${articleId}$`));
  expect(await stored(articleId)).toMatchObject({
    title: "Mulching in autumn, with leaves",
    excerpt: "Leaves are free, and worms love them.",
  });
});

test("a drip schedule applied while the editor is open is not undone by its save", async ({ page }) => {
  const account = await register(page);
  const articleId = await arrangeArticle(account, "Leaf mould");
  const siteId = await arrangeSite(account, "Garden Blog");
  await openEditor(page, articleId, "Leaf mould");
  await expect(page.getByLabel("Status")).toHaveValue("draft");

  // Elsewhere: the drip rule schedules it for tomorrow.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const { error } = await (await backendAs(account)).rpc("apply_drip_schedule", {
    p_article_ids: [articleId],
    p_start_date: tomorrow,
    p_per_period: 1,
    p_period: "day",
    p_window_start: "09:00",
    p_window_end: "10:00",
    p_time_zone: "Europe/London",
    p_site_ids: [siteId],
    p_post_status: "publish",
  });
  expect(error).toBeNull();
  const dripped = await stored(articleId);
  expect(dripped.status).toBe("scheduled");

  // The open form (still showing Draft) saves a new title.
  await page.getByLabel("Title").fill("Leaf mould in a year");
  await page.getByRole("button", { name: "Save Changes" }).click();
  const dialog = page.getByRole("dialog", { name: CONFLICT });
  await expect(dialog.getByText(/Status: Draft → Scheduled/)).toBeVisible();
  await expect(dialog.getByText(/Target sites: none → Garden Blog/)).toBeVisible();
  await expect(dialog.getByText(/their status and schedule included/)).toBeVisible();
  expect((await stored(articleId)).status).toBe("scheduled");

  // Reload theirs: the form shows the schedule; the title typed here is offered back as a draft.
  await dialog.getByRole("button", { name: "Reload their version" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel("Status")).toHaveValue("scheduled");
  await expect(page.getByLabel("Title")).toHaveValue("Leaf mould");

  // Typed again and saved from the version now shown: the schedule stays.
  await page.getByLabel("Title").fill("Leaf mould in a year");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  expect(await stored(articleId)).toMatchObject({
    title: "Leaf mould in a year",
    status: "scheduled",
    scheduled_for: dripped.scheduled_for,
    scheduled_site_ids: [siteId],
  });
});

test("a revision restores the status and schedule it kept", async ({ page }) => {
  const account = await register(page);
  const articleId = await arrangeArticle(account, "Cold frames");
  await arrangeSite(account, "Garden Blog");

  // Scheduled to Garden Blog in three days, saved.
  await openEditor(page, articleId, "Cold frames");
  await page.getByLabel("Status").selectOption("scheduled");
  const when = new Date(Date.now() + 3 * 86_400_000);
  const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, "0")}-${String(when.getDate()).padStart(2, "0")}T09:30`;
  await page.getByLabel("Schedule For").fill(local);
  await page.getByRole("group", { name: "Publish To" }).getByLabel("Garden Blog").check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  const scheduled = await stored(articleId);
  expect(scheduled.status).toBe("scheduled");

  // Then taken off the schedule.
  await openEditor(page, articleId, "Cold frames");
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  expect(await stored(articleId)).toMatchObject({ status: "draft", scheduled_for: null, scheduled_site_ids: [] });

  // History: the scheduled save says what a restore brings back.
  await openEditor(page, articleId, "Cold frames");
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History" });
  const choices = history.getByRole("navigation").getByRole("button");
  // Two saves (the article was arranged without one): the older is the scheduled one.
  await expect(choices).toHaveCount(2);
  await choices.nth(1).click();
  await expect(history.getByText(/Restoring also brings back its status: Scheduled for .* to 1 site/)).toBeVisible();
  await expectAccessible(page);
  await history.getByRole("button", { name: "Restore this revision" }).click();
  await expect(page.getByText("Revision restored")).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("scheduled");
  await expect(page.getByLabel("Schedule For")).toHaveValue(local);
  expect(await stored(articleId)).toMatchObject({
    status: "scheduled",
    scheduled_for: scheduled.scheduled_for,
    scheduled_site_ids: scheduled.scheduled_site_ids,
  });
});
