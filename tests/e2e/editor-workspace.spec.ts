import { expect, test, type Page } from "@playwright/test";
import { register, type Account } from "./support/accounts.ts";
import { DESKTOP, expectAccessible, PHONE } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";
import { contentEditor, expectEditorReady, fillContentHtml } from "./support/editor.ts";

/**
 * The editor is the workspace (issue 21): write, Save (and stay), Schedule…
 * and Publish… from the editor's own bar, at desktop and phone widths, with
 * the strict axe check on each screen and dialog. With the real WordPress
 * (scripts/rigs/wordpress) the publish goes through; without it the site is
 * a row and the publish dialog is checked up to the button.
 */

const wordpress = e2eEnv.wordpress;
const SITE = "Garden Blog";
const SCREENSHOTS = "/tmp/editor-workspace";

/** The site to schedule and publish to: the real WordPress connected through the UI, else a row. */
async function arrangeSite(page: Page, account: Account): Promise<string> {
  const backend = await backendAs(account);
  if (wordpress) {
    await page.goto("/wordpress-sites");
    await page.getByRole("button", { name: "Add Site" }).click();
    const dialog = page.getByRole("dialog", { name: "Connect WordPress Site" });
    await dialog.getByLabel("Site Name").fill(SITE);
    await dialog.getByLabel("Site URL").fill(wordpress.url);
    await dialog.getByLabel("Username").fill(wordpress.user);
    await dialog.getByLabel("Application Password").fill(wordpress.appPassword);
    await dialog.getByRole("button", { name: "Connect Site" }).click();
    await expect(page.getByText("WordPress site connected successfully")).toBeVisible({ timeout: 45_000 });
  } else {
    const { error } = await adminBackend()
      .from("wordpress_sites")
      .insert({ user_id: backend.userId, name: SITE, site_url: "https://blog.example", username: "editor", base_url: "https://blog.example/wp-json/" });
    expect(error).toBeNull();
  }
  const { data, error } = await backend.from("wordpress_sites").select("id").eq("name", SITE).single();
  expect(error).toBeNull();
  return data!.id as string;
}

/** A datetime-local value two days from now, in the browser's (this machine's) time zone. */
function inTwoDays(): { value: string; instant: Date } {
  const date = new Date(Date.now() + 2 * 86_400_000);
  date.setSeconds(0, 0);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    value: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`,
    instant: date,
  };
}

/**
 * Strict axe at both widths (the bar put in the flow while it runs, see
 * support/axe.ts), with a screenshot of each to look at: the top of the
 * page, the bar floating over the form.
 */
async function checkBothWidths(page: Page, name: string) {
  for (const [width, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(viewport);
    // The menu slides away as the width changes (0.2 s).
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
    await expectAccessible(page);
  }
  await page.setViewportSize(DESKTOP);
}

/** The bar stays in view at the bottom of the window, and leaves the page's last field reachable. */
async function expectBarInView(page: Page) {
  const bar = page.locator(".editor-action-bar");
  const box = await bar.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, "the action bar is shown").not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 1);
  expect(box!.y).toBeLessThan(viewport.height);
}

test("write, save and stay, schedule and publish from the editor's bar", async ({ page }) => {
  test.setTimeout(180_000);
  const account = await register(page);
  const siteId = await arrangeSite(page, account);

  await page.setViewportSize(DESKTOP);
  await page.goto("/articles/create");
  await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
  await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
  await expectEditorReady(page);

  // Write: a long article, so the page scrolls and the bar has to stay in view.
  await page.getByLabel("Title").fill("Raised beds for beginners");
  const paragraphs = Array.from({ length: 14 }, (_, index) => `<p>Step ${index + 1}: fill the bed with good soil and water it well.</p>`);
  await fillContentHtml(page, `<h2>Why raised beds</h2>${paragraphs.slice(0, 7).join("")}<h3>Building one</h3>${paragraphs.slice(7).join("")}<h4>Tools</h4><p>A spade.</p>`);
  await page.getByLabel("Excerpt").fill("How to build and fill your first raised bed.");
  await page.getByLabel("Category").fill("Garden");
  await page.getByLabel("Tags (comma separated)").fill("raised beds, soil");
  await page.getByLabel("Meta Description").fill("Build your first raised bed.");
  await page.getByLabel("Focus Keyword").fill("raised beds");
  await page.getByLabel("Slug").fill("raised-beds-for-beginners");
  const panel = page.getByRole("complementary", { name: "Post Settings" });
  await expect(panel.getByText(/^Word count:/)).toHaveText("Word count: 176");

  // Headings in order in the editor: H2 > H3 > H4.
  const sizes = await contentEditor(page).evaluate((surface) =>
    ["h2", "h3", "h4"].map((tag) => parseFloat(getComputedStyle(surface.querySelector(tag)!).fontSize)),
  );
  expect(sizes[0]).toBeGreaterThan(sizes[1]);
  expect(sizes[1]).toBeGreaterThan(sizes[2]);
  // The content grows with the text: no scroll box inside the page.
  expect(await contentEditor(page).evaluate((surface) => surface.scrollHeight <= surface.clientHeight + 1)).toBe(true);

  await expectBarInView(page);
  await checkBothWidths(page, "create");

  // Save: stays in the editor, now the saved article's, and says so.
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/articles\/edit\/[0-9a-f-]{36}$/);
  const articleId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("heading", { level: 1, name: "Edit Article" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Saved at / })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Raised beds for beginners");
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeFocused();
  await expectEditorReady(page);
  await expectBarInView(page);
  await checkBothWidths(page, "edit-saved");

  // Schedule… from the bar: the only site is chosen already; with none it is refused, saying why.
  await page.getByRole("button", { name: "Schedule…" }).click();
  const schedule = page.getByRole("dialog", { name: "Schedule Post" });
  const when = inTwoDays();
  await schedule.getByLabel("Publish At").fill(when.value);
  await expect(schedule.getByLabel(SITE)).toBeChecked();
  await schedule.getByLabel(SITE).uncheck();
  await schedule.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(schedule.getByRole("alert")).toHaveText(
    "Choose at least one site to publish to: a schedule without a site publishes nowhere",
  );
  await checkBothWidths(page, "schedule-refused");
  await schedule.getByLabel(SITE).check();
  await schedule.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("scheduled");
  await expect(page).toHaveURL(new RegExp(`/articles/edit/${articleId}$`));
  const { data: scheduled } = await adminBackend()
    .from("articles")
    .select("status, scheduled_for, scheduled_site_ids")
    .eq("id", articleId)
    .single();
  expect(scheduled!.status).toBe("scheduled");
  expect(scheduled!.scheduled_site_ids).toEqual([siteId]);
  expect(new Date(String(scheduled!.scheduled_for).replace(" ", "T").replace(/\+00$/, "Z")).getTime()).toBe(when.instant.getTime());

  // Publish… from the bar: the only site chosen, publishing live by default.
  await page.getByRole("button", { name: "Publish…" }).click();
  const publish = page.getByRole("dialog", { name: "Publish to WordPress" });
  await expect(publish.getByText("Loading sites...")).toBeHidden();
  await expect(publish.getByLabel("Select WordPress Site")).toHaveValue(siteId);
  await expect(publish.getByLabel("Post Status")).toHaveValue("publish");
  await expect(publish.getByRole("button", { name: "Schedule…" })).toBeVisible();
  await checkBothWidths(page, "publish-dialog");
  if (wordpress) {
    await publish.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(publish.getByText("Article published successfully!")).toBeVisible({ timeout: 30_000 });
    await publish.getByRole("button", { name: "Close" }).last().click();
    await expect(page.getByLabel("Status")).toHaveValue("published");
  } else {
    await publish.getByRole("button", { name: "Cancel" }).click();
  }
  await expect(publish).toBeHidden();

  // The preview's headings are in order too.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("dialog", { name: "Article Preview" });
  const previewSizes = await preview.locator(".article-content").evaluate((content) =>
    ["h2", "h3", "h4"].map((tag) => parseFloat(getComputedStyle(content.querySelector(tag)!).fontSize)),
  );
  expect(previewSizes[0]).toBeGreaterThan(previewSizes[1]);
  expect(previewSizes[1]).toBeGreaterThan(previewSizes[2]);
});

test("a schedule with no target site is refused by save-article itself", async ({ page }) => {
  const account = await register(page);
  const backend = await backendAs(account);
  const { data: created, error } = await backend.functions.invoke("save-article", {
    body: { title: "Cold frames", content: "<p>Glass and wood.</p>", excerpt: "Glass and wood." },
  });
  expect(error).toBeNull();
  const refused = await backend.functions.invoke("save-article", {
    body: {
      id: created.article.id,
      expectedVersion: created.article.version,
      title: "Cold frames",
      content: "<p>Glass and wood.</p>",
      excerpt: "Glass and wood.",
      status: "scheduled",
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      scheduledSiteIds: [],
    },
  });
  const response = (refused.error as { context?: Response } | null)?.context;
  expect(response?.status).toBe(400);
  expect((await response!.json()).error).toBe(
    "scheduledSiteIds: Choose at least one site to publish to: a schedule without a site publishes nowhere",
  );
});
