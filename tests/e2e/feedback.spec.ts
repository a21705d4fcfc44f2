import { expect, test, type Page } from "@playwright/test";
import { register, type Account } from "./support/accounts.ts";
import { DESKTOP, expectAccessible, PHONE } from "./support/axe.ts";
import { adminBackend, backendAs, sealSecret } from "./support/backend.ts";

/**
 * Progress and errors in place, deletion in the app's own dialog, and what a
 * past-due schedule came to (issue 21), at both widths with strict axe. The
 * deletion that removes a post from a real WordPress is in wordpress.spec.ts.
 */

const isoAt = (date: Date) => date.toISOString();

/**
 * A site whose address the SSRF guard refuses at once (a private address
 * that is not allowlisted), with a stored application password: asking it
 * anything fails, deterministically, without a network.
 */
async function seedRefusingSite(account: Account, name: string): Promise<string> {
  const backend = await backendAs(account);
  const admin = adminBackend();
  const { data, error } = await admin
    .from("wordpress_sites")
    .insert({ user_id: backend.userId, name, site_url: "http://127.0.0.1:9", base_url: "http://127.0.0.1:9/wp-json/", username: "ada" })
    .select("id")
    .single();
  expect(error, JSON.stringify(error)).toBeNull();
  const siteId = data!.id as string;
  const application_password = await sealSecret("abcd EFGH ijkl MNOP qrst UVWX", {
    column: "wordpress_site_credentials.application_password",
    userId: backend.userId,
    rowKey: siteId,
  });
  const credentials = await admin
    .from("wordpress_site_credentials")
    .insert({ site_id: siteId, user_id: backend.userId, application_password });
  expect(credentials.error, JSON.stringify(credentials.error)).toBeNull();
  return siteId;
}

async function seedArticle(account: Account, fields: Record<string, unknown>): Promise<string> {
  const backend = await backendAs(account);
  const { data, error } = await adminBackend()
    .from("articles")
    .insert({
      user_id: backend.userId,
      content: "<p>Ten days of walking from hut to hut.</p>",
      excerpt: "Ten days of walking from hut to hut.",
      categories: ["Walks"],
      tags: ["alps"],
      ...fields,
    })
    .select("id")
    .single();
  expect(error, JSON.stringify(error)).toBeNull();
  return data!.id as string;
}

const cardOf = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name: title }) });

/**
 * Toasts go first: they cover what is under them for a few seconds, which axe
 * cannot weigh. Behind a modal dialog they cannot be clicked: they close by themselves.
 */
async function closeToasts(page: Page) {
  for (const close of await page.locator(".Toastify__close-button").all()) await close.click({ timeout: 1_000 }).catch(() => {});
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 15_000 });
}

/** Strict axe and a screenshot at both widths, back at the desktop width after. */
async function lookAtBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // The menu turns into a drawer (or back) as the width changes: let it settle before the picture.
    await page.waitForTimeout(400);
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage: true });
    await expectAccessible(page);
  }
}

test.use({ viewport: DESKTOP });

test("a failed request stays in place with Try again and where to fix it, after the toast has gone, until dismissed", async ({ page }) => {
  await register(page);
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Keyword Phrases" }).click();
  await page.getByLabel("Topic or Niche").fill("alpine huts");
  await page.getByRole("button", { name: "Generate" }).click();

  // In the page where the work was asked for, apart from the toast (an alert too).
  const inPlace = page.locator("#main").getByRole("alert").filter({ hasText: "OpenAI API key not found" });
  await expect(inPlace).toBeVisible();
  await expect(inPlace.getByRole("link", { name: "Go to Profile Settings → API Keys" })).toHaveAttribute(
    "href",
    "/profile#api-keys",
  );
  // Toasts close after about 5 s; the reason stays where the work was asked for.
  await page.waitForTimeout(6_000);
  await expect(page.locator(".Toastify__toast")).toHaveCount(0);
  await expect(inPlace).toBeVisible();
  await lookAtBothWidths(page, "keywords-error");

  // Try again asks again (and fails again, still without a key): the reason comes back in place.
  await inPlace.getByRole("button", { name: "Try again" }).click();
  await expect(inPlace).toBeVisible();
  await inPlace.getByRole("button", { name: "Dismiss" }).click();
  await expect(inPlace).toHaveCount(0);
});

test("deleting asks in the app's dialog; a published article's dialog says its post stays live, and a refused removal stays in the dialog", async ({ page }) => {
  const account = await register(page);
  const siteId = await seedRefusingSite(account, "Hut Journal");
  const title = "Ten days from hut to hut";
  const articleId = await seedArticle(account, { title, status: "published", wordpress_site_ids: [siteId] });
  const { error } = await adminBackend().from("publications").insert({
    user_id: (await backendAs(account)).userId,
    article_id: articleId,
    site_id: siteId,
    status: "publish",
    remote_status: "publish",
    remote_post_id: 41,
    link: "http://127.0.0.1:9/ten-days/",
    published_at: isoAt(new Date(Date.now() - 86_400_000)),
  });
  expect(error, JSON.stringify(error)).toBeNull();

  await page.goto("/articles");
  await cardOf(page, title).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Delete “${title}”?` });
  await expect(dialog).toContainText("Are you sure you want to delete this article? This action cannot be undone.");
  await expect(dialog).toContainText("It is live on Hut Journal. Deleting the article here leaves that post on the site.");
  await expect(dialog.getByRole("radio", { name: "Leave the post on Hut Journal" })).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await lookAtBothWidths(page, "delete-published");

  // Removing the post too: the site refuses (its address is private), the article is kept, the reason stays here.
  await dialog.getByRole("radio", { name: /Also remove it from the site/ }).check();
  await dialog.getByRole("button", { name: "Delete" }).click();
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toContainText("The post could not be removed from every site, so the article was kept. Hut Journal:");
  await expect(refusal.getByRole("link", { name: "Go to WordPress Sites" })).toHaveAttribute("href", "/wordpress-sites");
  await expect(dialog.getByRole("button", { name: "Try again" })).toBeEnabled();
  await closeToasts(page);
  await lookAtBothWidths(page, "delete-refused");
  expect((await adminBackend().from("articles").select("id").eq("id", articleId)).data).toHaveLength(1);

  // Leaving the post: only the article goes.
  await dialog.getByRole("radio", { name: "Leave the post on Hut Journal" }).check();
  await dialog.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Article deleted successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(cardOf(page, title)).toHaveCount(0);
});

test("a past-due schedule says what happened: failed with the reason and Retry, being published, or no site chosen", async ({ page }) => {
  const account = await register(page);
  const siteId = await seedRefusingSite(account, "Hut Journal");
  const userId = (await backendAs(account)).userId;
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  // Scheduled ahead first, so the scheduler does not take them before their records are in place.
  const ahead = isoAt(new Date(Date.now() + 60 * 60_000));
  const failedId = await seedArticle(account, {
    title: "Snow on the pass",
    status: "scheduled",
    scheduled_for: ahead,
    scheduled_site_ids: [siteId],
  });
  const publishingId = await seedArticle(account, {
    title: "Fog in the valley",
    status: "scheduled",
    scheduled_for: ahead,
    scheduled_site_ids: [siteId],
  });
  await seedArticle(account, { title: "Nowhere to go", status: "scheduled", scheduled_for: isoAt(hourAgo) });
  const admin = adminBackend();
  // The scheduler's records: a failure waiting for its next attempt, and a publish under way (its claim held).
  for (const row of [
    {
      article_id: failedId,
      status: "failed",
      attempts: 1,
      last_error: "The site did not respond in time",
      next_attempt_at: isoAt(new Date(Date.now() + 30 * 60_000)),
    },
    {
      article_id: publishingId,
      status: "pending",
      claim_token: crypto.randomUUID(),
      claimed_until: isoAt(new Date(Date.now() + 10 * 60_000)),
      claimed_by: "scheduler",
    },
  ]) {
    const { error } = await admin.from("publications").insert({ user_id: userId, site_id: siteId, ...row });
    expect(error, JSON.stringify(error)).toBeNull();
  }
  const due = await admin.from("articles").update({ scheduled_for: isoAt(hourAgo) }).in("id", [failedId, publishingId]);
  expect(due.error, JSON.stringify(due.error)).toBeNull();

  await page.goto("/articles?status=scheduled");
  const failed = cardOf(page, "Snow on the pass");
  await expect(failed.locator(".article-card-schedule")).toHaveText(/^Was due .+: failed on Hut Journal \(the reason is below\)\.$/);
  await expect(failed).toContainText("The site did not respond in time");
  await expect(failed.getByRole("button", { name: "Retry publishing to Hut Journal" })).toBeVisible();
  await expect(cardOf(page, "Fog in the valley").locator(".article-card-schedule")).toHaveText(
    /^Was due .+: publishing to Hut Journal now…$/,
  );
  await expect(cardOf(page, "Nowhere to go").locator(".article-card-schedule")).toHaveText(
    /^Was due .+: no site was chosen, so it was not published\. Edit it to choose a site\.$/,
  );
  await expect(page.getByText(/^Scheduled for /)).toHaveCount(0);
  await closeToasts(page);
  await lookAtBothWidths(page, "past-due-cards");

  const today = hourAgo.toLocaleDateString("en-CA");
  await page.goto(`/calendar?view=week&date=${today}`);
  const nowhere = page.locator(".calendar-entry").filter({ has: page.getByRole("link", { name: "Nowhere to go" }) });
  await expect(nowhere).toContainText("Not published: no site was chosen. Edit it to choose a site.");
  const snow = page.locator(".calendar-entry").filter({ has: page.getByRole("link", { name: "Snow on the pass" }) });
  await expect(snow).toContainText("Failed on Hut Journal: The site did not respond in time.");
  await expect(snow.getByRole("button", { name: "Retry publishing Snow on the pass to Hut Journal" })).toBeVisible();
  await lookAtBothWidths(page, "past-due-calendar");
});
