import { expect, test, type Page } from "@playwright/test";
import { register, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv, openStoredSecret } from "./support/backend.ts";
import { contentEditor, contentHtml, expectEditorReady, fillContentHtml, formattingToolbar } from "./support/editor.ts";

const wordpress = e2eEnv.wordpress;

/**
 * WordPress 6.1 answers a wrong application password with 401
 * rest_not_logged_in (it records incorrect_password only after its REST
 * authentication check ran), which the connection test cannot tell apart from
 * a host that strips the Authorization header: the spec's message either
 * way, under Application Password, with both causes behind "How to fix this".
 */
const WRONG_PASSWORD = "Authentication failed. Please check your username and application password.";
const NOT_WORDPRESS = [
  "Could not find WordPress REST API endpoint. Please ensure this is a valid WordPress site with REST API enabled.",
  "This address points to a private or local network, which cannot be connected.",
];

/** Testing and saving a site is four round trips to WordPress, plus a function's cold start. */
const CONNECT_TIMEOUT = 30_000;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);

type WpTerm = { id: number; name: string };
type WpPost = {
  id: number;
  title: { raw: string };
  content: { raw: string; rendered: string };
  excerpt: { raw: string };
  status: string;
  categories: number[];
  tags: number[];
  featured_media: number;
  link: string;
};

/** WordPress's own REST API, as the site's administrator. */
async function wp<T>(path: string): Promise<T> {
  const auth = Buffer.from(`${wordpress!.user}:${wordpress!.appPassword}`).toString("base64");
  const response = await fetch(`${wordpress!.url}/wp-json/wp/v2/${path}`, { headers: { authorization: `Basic ${auth}` } });
  expect(response.ok, `GET ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

const postsTitled = async (title: string) =>
  (await wp<WpPost[]>(`posts?context=edit&status=any&per_page=100&search=${encodeURIComponent(title)}`)).filter(
    (post) => post.title.raw === title,
  );

const termNames = async (taxonomy: "categories" | "tags", ids: number[]) =>
  (await wp<WpTerm[]>(`${taxonomy}?include=${ids.join(",")}&per_page=100`)).map((term) => term.name).sort();

const termsNamed = async (taxonomy: "categories" | "tags", name: string) =>
  (await wp<WpTerm[]>(`${taxonomy}?search=${encodeURIComponent(name)}&per_page=100`)).filter((term) => term.name === name);

const siteUrlField = (page: Page) => page.getByRole("dialog").getByLabel("Site URL");

/** The message under a field (its aria-describedby note). */
const messageUnder = (field: ReturnType<Page["getByLabel"]>) =>
  field.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent);
const siteUrlMessage = (page: Page) => messageUnder(siteUrlField(page));

async function fillConnectForm(page: Page, details: { name: string; siteUrl: string; password: string }) {
  const dialog = page.getByRole("dialog", { name: "Connect WordPress Site" });
  await dialog.getByLabel("Site Name").fill(details.name);
  await dialog.getByLabel("Site URL").fill(details.siteUrl);
  await dialog.getByLabel("Username").fill(wordpress!.user);
  await dialog.getByLabel("Application Password").fill(details.password);
  await dialog.getByRole("button", { name: "Connect Site" }).click();
}

/** Connects the test WordPress through the UI; returns the site's id. */
async function connectSite(page: Page, account: Account, name: string): Promise<string> {
  await page.goto("/wordpress-sites");
  await page.getByRole("button", { name: "Add Site" }).click();
  await fillConnectForm(page, { name, siteUrl: wordpress!.url, password: wordpress!.appPassword });
  await expect(page.getByText("WordPress site connected successfully")).toBeVisible({ timeout: CONNECT_TIMEOUT });
  await expect(page.getByRole("article", { name })).toBeVisible();
  const backend = await backendAs(account);
  const { data, error } = await backend.from("wordpress_sites").select("id").eq("name", name).single();
  expect(error).toBeNull();
  return data!.id as string;
}

/**
 * An article with a featured image in Storage and categories/tags WordPress
 * does not have yet. Arranged with the secret key, as generate-image and
 * save-article would store them (the browser writes neither Storage objects
 * nor article HTML); `content` is stored as given, like an article saved
 * before the server sanitised HTML.
 */
async function arrangeArticle(account: Account, fields: Record<string, unknown>): Promise<string> {
  const backend = await backendAs(account);
  const admin = adminBackend();
  const path = `${backend.userId}/x-${Date.now()}.png`;
  const upload = await admin.storage.from("images").upload(path, PNG, { contentType: "image/png" });
  expect(upload.error).toBeNull();
  const featured_image_url = admin.storage.from("images").getPublicUrl(path).data.publicUrl;
  const { data, error } = await admin
    .from("articles")
    .insert({
      user_id: backend.userId,
      content: "<p>Ten days of walking from hut to hut.</p>",
      excerpt: "Ten days of walking from hut to hut.",
      featured_image_url,
      ...fields,
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

async function openPublishModal(page: Page, title: string) {
  await page.goto("/articles");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish to WordPress" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Loading sites...")).toBeHidden();
  return dialog;
}

test("connect: a wrong password is shown under Application Password, a non-WordPress or local URL under Site URL; then connect, check again and remove", async ({ page }) => {
  await register(page);
  await page.getByRole("link", { name: "WordPress Sites" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "WordPress Sites" })).toBeVisible();
  await page.getByText("SEO fields (Yoast SEO and Rank Math)").click();
  await expect(page.getByRole("link", { name: /Download the SEO fields plugin/ })).toHaveAttribute(
    "href",
    "/inkpress-seo-meta.php",
  );
  const plugin = await page.request.get("/inkpress-seo-meta.php");
  expect(plugin.ok()).toBe(true);
  expect(await plugin.text()).toContain("register_post_meta('post', $key");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Add Site" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect WordPress Site" });
  await dialog.getByRole("button", { name: "Connect Site" }).click();
  for (const message of [
    "Site name is required",
    "Please enter a valid URL",
    "Username is required",
    "Application password is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expectAccessible(page);

  await fillConnectForm(page, { name: "Test WordPress", siteUrl: wordpress!.url, password: "wrong pass word xxxx" });
  const passwordField = dialog.getByLabel("Application Password");
  await expect(passwordField).toHaveAttribute("aria-invalid", "true", { timeout: CONNECT_TIMEOUT });
  expect(await messageUnder(passwordField)).toBe(WRONG_PASSWORD);
  await expect(siteUrlField(page)).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Failed to connect WordPress site")).toBeVisible();
  await expect(dialog.getByText(/htaccess/)).toBeHidden();
  await dialog.getByText("How to fix this").click();
  await expect(dialog.getByText(/copy the application password again/)).toBeVisible();
  // The failure's toast goes first (by itself, behind the modal): it lies over the dialog's top fields while it shows
  // (the message stays in place under the field).
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page);

  // A WordPress on this machine that is not allowed: refused, naming the setting that allows it.
  const localPort = new URL(e2eEnv.baseUrl).port;
  await siteUrlField(page).fill(`http://localhost:${localPort}`);
  await passwordField.fill(wordpress!.appPassword);
  await dialog.getByRole("button", { name: "Connect Site" }).click();
  await expect(siteUrlField(page)).toHaveAttribute("aria-invalid", "true", { timeout: CONNECT_TIMEOUT });
  expect(await siteUrlMessage(page)).toBe("This address points to a private or local network, which cannot be connected.");
  await dialog.getByText("How to fix this").click();
  await expect(dialog.getByText(`add localhost:${localPort} to PRIVATE_HOST_ALLOWLIST`, { exact: false })).toBeVisible();

  await siteUrlField(page).fill(e2eEnv.baseUrl);
  await dialog.getByLabel("Application Password").fill(wordpress!.appPassword);
  await dialog.getByRole("button", { name: "Connect Site" }).click();
  await expect(dialog.getByRole("button", { name: "Connect Site" })).toBeEnabled({ timeout: CONNECT_TIMEOUT });
  await expect(siteUrlField(page)).toHaveAttribute("aria-invalid", "true", { timeout: CONNECT_TIMEOUT });
  expect(NOT_WORDPRESS).toContain(await siteUrlMessage(page));

  await siteUrlField(page).fill(wordpress!.url);
  await dialog.getByRole("button", { name: "Connect Site" }).click();
  await expect(dialog.getByRole("button", { name: /Validating\.\.\.|Connecting\.\.\./ })).toBeVisible();
  await expect(page.getByText("WordPress site connected successfully")).toBeVisible({ timeout: CONNECT_TIMEOUT });
  await expect(dialog).toBeHidden();
  const card = page.getByRole("article", { name: "Test WordPress" });
  await expect(card).toContainText(wordpress!.url);
  await expectAccessible(page);

  await page.reload();
  await expect(card).toBeVisible();
  // The SEO plugin is checked again without removing the site.
  await card.getByRole("button", { name: "Check again: the connection and SEO plugin of Test WordPress" }).click();
  await expect(page.getByText("Connection checked")).toBeVisible({ timeout: CONNECT_TIMEOUT });
  await expect(card).toContainText(/SEO plugin(Yoast SEO|Rank Math|None detected)/);

  await card.getByRole("button", { name: "Remove" }).click();
  const question = page.getByRole("alertdialog", { name: "Remove Test WordPress?" });
  await expect(question).toContainText("Are you sure you want to remove this site?");
  await expectAccessible(page);
  await question.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Site removed successfully")).toBeVisible();
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByText("No WordPress sites connected yet.")).toBeVisible();
});

test("edit a site: a new name is saved at once; a new password or username is tested with WordPress first", async ({ page }) => {
  const account = await register(page);
  const siteId = await connectSite(page, account, "Edit me");
  const stored = async () => {
    const { data: site } = await adminBackend().from("wordpress_sites").select("name, username").eq("id", siteId).single();
    const { data: credentials } = await adminBackend()
      .from("wordpress_site_credentials")
      .select("user_id, application_password")
      .eq("site_id", siteId)
      .single();
    // Stored sealed: opened as the functions open it.
    expect(credentials!.application_password).toMatch(/^inkpress:v1:/);
    const password = await openStoredSecret(credentials!.application_password, {
      column: "wordpress_site_credentials.application_password",
      userId: credentials!.user_id,
      rowKey: siteId,
    });
    return { ...site, application_password: password };
  };
  const connected = await stored();
  expect(connected).toEqual({ name: "Edit me", username: wordpress!.user, application_password: wordpress!.appPassword });

  const openEdit = async (name: string) => {
    await page.getByRole("article", { name }).getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit WordPress Site" });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  let dialog = await openEdit("Edit me");
  await expect(dialog.getByLabel("Site Name")).toHaveValue("Edit me");
  await expect(dialog.getByLabel("Site URL")).toHaveAttribute("readonly", "");
  expect(await dialog.getByLabel("Site URL").inputValue()).toContain(new URL(wordpress!.url).host);
  await expect(dialog.getByLabel("Username")).toHaveValue(wordpress!.user);
  await expect(dialog.getByLabel("Application Password")).toHaveValue("");
  await expect(dialog.getByLabel("Application Password")).toHaveAttribute("type", "password");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Edit Edit me" })).toBeFocused();

  // A new name alone: saved without a connection test.
  dialog = await openEdit("Edit me");
  await dialog.getByLabel("Site Name").fill("Renamed blog");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("WordPress site updated successfully").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Edit Renamed blog" })).toBeFocused();
  expect(await stored()).toEqual({ ...connected, name: "Renamed blog" });

  // A wrong password, then an unknown username (tried with the stored password): WordPress refuses, nothing changes.
  dialog = await openEdit("Renamed blog");
  await dialog.getByLabel("Site Name").fill("Must not stay");
  await dialog.getByLabel("Application Password").fill("wrong pass word xxxx");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  // The refusal is shown under Application Password, as when connecting (a refused login is about the credentials).
  const passwordField = dialog.getByLabel("Application Password");
  await expect(passwordField).toHaveAttribute("aria-invalid", "true", { timeout: CONNECT_TIMEOUT });
  expect(await messageUnder(passwordField)).toBe(WRONG_PASSWORD);
  await expect(passwordField).toBeFocused();
  await passwordField.fill("");
  await dialog.getByLabel("Username").fill("nobody-here");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeEnabled({ timeout: CONNECT_TIMEOUT });
  await expect(passwordField).toHaveAttribute("aria-invalid", "true");
  expect(await messageUnder(passwordField)).toBe(WRONG_PASSWORD);
  expect(await stored()).toEqual({ ...connected, name: "Renamed blog" });

  // The right username and a new password that WordPress accepts: saved; the password never comes back.
  await dialog.getByLabel("Username").fill(wordpress!.user);
  await dialog.getByLabel("Application Password").fill(` ${wordpress!.appPassword} `);
  await dialog.getByLabel("Site Name").fill("Edited blog");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden({ timeout: CONNECT_TIMEOUT });
  await expect(page.getByRole("article", { name: "Edited blog" })).toBeVisible();
  expect(await stored()).toEqual({ ...connected, name: "Edited blog" });
  await page.reload();
  dialog = await openEdit("Edited blog");
  await expect(dialog.getByLabel("Application Password")).toHaveValue("");
  expect(await page.content()).not.toContain(wordpress!.appPassword);
});

test("publish with a featured image and new terms; publish again: one post, updated, still live; Draft asks first", async ({ page }) => {
  test.setTimeout(150_000); // three publishes to the real WordPress
  const account = await register(page);
  const title = `Ten days in the Alps ${Date.now()}`;
  await arrangeArticle(account, {
    title,
    categories: ["Travel", "Food"],
    tags: ["alps", "hiking"],
    meta_description: "Walking the Alps from hut to hut.",
    focus_keyword: "alps hiking",
  });

  let dialog = await openPublishModal(page, title);
  await expect(dialog.getByText("No WordPress sites connected. Please add a site first.")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Add a WordPress site" })).toHaveAttribute("href", "/wordpress-sites");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await connectSite(page, account, "Alps blog");
  dialog = await openPublishModal(page, title);
  await expectAccessible(page);
  // The only site is chosen already, and a new post is published (safer defaults, issue 21); without a site, the spec's message.
  await expect(dialog.getByLabel("Select WordPress Site")).toHaveValue(/.+/);
  await expect(dialog.getByLabel("Post Status")).toHaveValue("publish");
  await dialog.getByLabel("Select WordPress Site").selectOption({ index: 0 });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByText("Please select a WordPress site")).toBeVisible();

  await dialog.getByLabel("Select WordPress Site").selectOption({ label: `Alps blog (${wordpress!.url})` });
  await dialog.getByLabel("Post Status").selectOption({ label: "Publish Immediately" });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByRole("list", { name: "Publishing progress" })).toBeVisible();
  await expect(dialog.getByText("Article published successfully!")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Article published successfully to WordPress")).toBeVisible();
  await expect(dialog.getByText(/A new post is live on Alps blog\./)).toBeVisible();
  await expect(dialog.getByText(/This site does not accept SEO fields/)).toBeVisible();
  const viewPost = dialog.getByRole("link", { name: "View Post" });
  await expect(viewPost).toHaveAttribute("target", "_blank");
  await expect(viewPost).toHaveAttribute("rel", /noopener/);
  await expectAccessible(page);

  const [post] = await postsTitled(title);
  expect(post.status).toBe("publish");
  expect(await viewPost.getAttribute("href")).toBe(post.link);
  expect(await termNames("categories", post.categories)).toEqual(["Food", "Travel"]);
  expect(await termNames("tags", post.tags)).toEqual(["alps", "hiking"]);
  expect(post.featured_media).toBeGreaterThan(0);
  for (const name of ["Travel", "Food"]) expect(await termsNamed("categories", name)).toHaveLength(1);

  const backend = await backendAs(account);
  const { data: article } = await backend.from("articles").select("status, wordpress_site_ids").eq("title", title).single();
  expect(article).toMatchObject({ status: "published" });
  expect(article!.wordpress_site_ids).toHaveLength(1);

  const closeButton = dialog.locator("footer").getByRole("button", { name: "Close" });
  await closeButton.click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  const publications = card.getByRole("list", { name: "WordPress publications" });
  await expect(publications.getByRole("link", { name: "Alps blog" })).toHaveAttribute("href", post.link);
  await expect(publications).toContainText("Live");

  // Published set by hand reads apart from published to a site: same badge, no publication.
  const handTitle = `Marked by hand ${Date.now()}`;
  await arrangeArticle(account, { title: handTitle, status: "published" });
  await page.reload();
  const handCard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: handTitle }) });
  await expect(handCard).toContainText("Marked Published, but not published to a connected site.");
  await expect(handCard.getByRole("list", { name: "WordPress publications" })).toHaveCount(0);
  await expect(publications).toContainText("Live");
  await expect(card).not.toContainText("Marked Published");

  // Publishing again: the modal knows the post is live there and keeps it live by default.
  dialog = await openPublishModal(page, title);
  const where = dialog.getByRole("region", { name: "On WordPress" });
  await expect(where.getByRole("link", { name: "Alps blog" })).toBeVisible();
  await expect(where).toContainText("Live");
  await expect(where).toContainText("Last published");
  await dialog.getByLabel("Select WordPress Site").selectOption({ label: `Alps blog (${wordpress!.url})` });
  await expect(dialog.getByLabel("Post Status")).toHaveValue("publish");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  const progress = dialog.getByRole("list", { name: "Publishing progress" });
  await expect(dialog.getByText("Post updated on Alps blog")).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole("listitem").filter({ hasText: "Updating the post" })).toHaveAttribute("data-state", "done");
  await expect(progress.getByRole("listitem").filter({ hasText: "Uploading featured image" })).toContainText(
    "skipped: already on the site",
  );
  await expect(dialog.getByText(/It stays live\./)).toBeVisible();
  let posts = await postsTitled(title);
  expect(posts).toHaveLength(1);
  expect(posts[0].id).toBe(post.id);
  expect(posts[0].status).toBe("publish");
  expect(posts[0].featured_media).toBe(post.featured_media);
  await dialog.locator("footer").getByRole("button", { name: "Close" }).click();

  // Draft would unpublish the live post: the modal asks first.
  dialog = await openPublishModal(page, title);
  await dialog.getByLabel("Select WordPress Site").selectOption({ label: `Alps blog (${wordpress!.url})` });
  await dialog.getByLabel("Post Status").selectOption({ label: "Draft" });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Unpublish this post?" });
  await expect(confirm).toContainText("This post is live on Alps blog. Switching it to Draft will unpublish it. Continue?");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect((await postsTitled(title))[0].status).toBe("publish");

  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await confirm.getByRole("button", { name: "Switch to Draft" }).click();
  await expect(dialog.getByText("Saved as a draft on Alps blog")).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(/The post is no longer live\./)).toBeVisible();
  posts = await postsTitled(title);
  expect(posts).toHaveLength(1);
  expect(posts[0].status).toBe("draft");
  await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
  await expect(publications).toContainText("Draft");
});

test("a scheduled article is published by the scheduler", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await register(page);
  const siteId = await connectSite(page, account, "Scheduled blog");
  const title = `Autumn in the Dolomites ${Date.now()}`;
  const articleId = await arrangeArticle(account, {
    title,
    categories: ["Seasons"],
    tags: ["autumn"],
    status: "scheduled",
    scheduled_for: new Date(Date.now() + 5_000).toISOString(),
    scheduled_site_ids: [siteId],
  });
  expect(await postsTitled(title)).toHaveLength(0);

  const backend = await backendAs(account);
  await expect
    .poll(
      async () => (await backend.from("articles").select("status").eq("id", articleId).single()).data?.status,
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe("published");

  const posts = await postsTitled(title);
  expect(posts).toHaveLength(1);
  expect(posts[0].status).toBe("publish");
  expect(await termNames("categories", posts[0].categories)).toEqual(["Seasons"]);
  expect(posts[0].featured_media).toBeGreaterThan(0);
  const { data: publication } = await backend
    .from("publications")
    .select("status, link, last_error")
    .eq("article_id", articleId)
    .single();
  expect(publication).toMatchObject({ status: "publish", link: posts[0].link, last_error: null });
});

test("deleting a published article: the app's dialog says the post stays live; removing it too moves the WordPress post to the trash", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await register(page);
  const siteId = await connectSite(page, account, "Trail blog");
  const title = `Across the glacier ${Date.now()}`;
  const articleId = await arrangeArticle(account, { title, categories: ["Walks"], tags: ["ice"] });
  const backend = await backendAs(account);
  const published = await backend.functions.invoke("publish-article", { body: { articleId, siteId, status: "publish" } });
  expect(published.error).toBeNull();
  const [post] = await postsTitled(title);
  expect(post.status).toBe("publish");

  await page.goto("/articles");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Delete “${title}”?` });
  await expect(dialog).toContainText("It is live on Trail blog. Deleting the article here leaves that post on the site.");
  await expect(dialog.getByRole("radio", { name: "Leave the post on Trail blog" })).toBeChecked();
  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`delete-live-${viewport.width}.png`), fullPage: true });
    await expectAccessible(page);
  }

  await dialog.getByRole("radio", { name: /Also remove it from the site/ }).check();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Article deleted successfully")).toBeVisible({ timeout: CONNECT_TIMEOUT });
  await expect(card).toHaveCount(0);
  // In WordPress's trash, not gone: the site's owner can still restore it.
  expect((await wp<WpPost>(`posts/${post.id}?context=edit`)).status).toBe("trash");
  expect((await backend.from("articles").select("id").eq("id", articleId)).data).toEqual([]);
});

test.describe("calendar", () => {
  // Not the machine's zone, so times are seen to be the browser's.
  const timeZone = "America/New_York";
  test.use({ timezoneId: timeZone });

  /** The parts of `date` on the wall clock in `timeZone`. */
  function wallClock(date: Date) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
    const day = `${parts.year}-${parts.month}-${parts.day}`;
    return { day, dateTimeLocal: `${day}T${parts.hour}:${parts.minute}` };
  }

  test("reschedule in the calendar moves the article, and the scheduler publishes it at the new time", async ({ page }) => {
    test.setTimeout(240_000);
    const account = await register(page);
    const siteId = await connectSite(page, account, "Calendar blog");
    const title = `Frost on the lake ${Date.now()}`;
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    const articleId = await arrangeArticle(account, {
      title,
      categories: ["Seasons"],
      tags: ["winter"],
      status: "scheduled",
      scheduled_for: inThreeDays.toISOString(),
      scheduled_site_ids: [siteId],
    });

    // The card says when and where.
    await page.goto("/articles");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card.locator(".article-card-schedule")).toContainText(/^Scheduled for .+ to Calendar blog$/);

    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Calendar" }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByText(`Times are in your time zone, ${timeZone}.`)).toBeVisible();
    await page.goto(`/calendar?view=week&date=${wallClock(inThreeDays).day}`);
    /** The entry itself (the week view's day is a list item too). */
    const entry = page.locator("li.calendar-entry").filter({ has: page.getByRole("link", { name: title }) });
    await expect(entry).toContainText("Scheduled to Calendar blog");
    await expect(entry.getByRole("link", { name: title })).toHaveAttribute("href", `/articles/edit/${articleId}`);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Month" }).click();
    await expect(page.getByRole("table")).toBeVisible();
    // A month's day lists its posts as chips (three, then "+N more"); rescheduling is in the week's list.
    await expect(page.locator("li.calendar-chip").filter({ has: page.getByRole("link", { name: title }) })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Week" }).click();
    await expect(entry).toBeVisible();

    // The next whole minute at least 20 s away, typed in the browser's zone.
    const newTime = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    await entry.getByRole("button", { name: `Reschedule ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule article" });
    await expect(dialog.getByLabel("New date and time")).toHaveValue(wallClock(inThreeDays).dateTimeLocal);
    await expectAccessible(page);
    await dialog.getByLabel("New date and time").fill(wallClock(newTime).dateTimeLocal);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/^Rescheduled to /)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`date=${wallClock(newTime).day}`));
    await expect(entry).toBeVisible();

    const backend = await backendAs(account);
    const { data: moved } = await backend.from("articles").select("status, scheduled_for").eq("id", articleId).single();
    expect(moved!.status).toBe("scheduled");
    expect(new Date(moved!.scheduled_for.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")).getTime()).toBe(newTime.getTime());
    if (Date.now() < newTime.getTime() - 3_000) expect(await postsTitled(title)).toHaveLength(0);

    await expect
      .poll(
        async () => (await backend.from("articles").select("status").eq("id", articleId).single()).data?.status,
        { timeout: 120_000, intervals: [1_000] },
      )
      .toBe("published");
    const [post] = await postsTitled(title);
    expect(post.status).toBe("publish");
    const { data: publication } = await backend
      .from("publications")
      .select("status, remote_status, published_at")
      .eq("article_id", articleId)
      .single();
    expect(publication).toMatchObject({ status: "publish", remote_status: "publish" });
    const publishedAt = new Date(publication!.published_at.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")).getTime();
    expect(publishedAt).toBeGreaterThanOrEqual(newTime.getTime());

    // The calendar now shows the publication at its time.
    await page.reload();
    const published = page.locator("li.calendar-entry-publication").filter({ has: page.getByRole("link", { name: title }) });
    await expect(published).toContainText("Live on Calendar blog");
    await expect(published.getByRole("link", { name: `View post ${title} on Calendar blog` })).toHaveAttribute("href", post.link);
  });
});

/** What a prompt-injected draft or pasted hostile HTML may contain (issue 8, finding 3). */
const HOSTILE_HTML = '<p>Visible text</p><script>document.title = "pwned"</script><img src="x" onerror="alert(1)">' +
  '<a href="javascript:alert(document.cookie)">click</a><a href=" JaVaScRiPt:alert(2)">again</a>' +
  '<iframe src="https://evil.example/"></iframe><svg onload="alert(3)"></svg><p onclick="alert(4)">Tap</p>';

/** The raw HTML WordPress stored (context=edit) keeps no script element, event handler or javascript: URL. */
function expectNoActiveContent(raw: string) {
  expect(raw).toContain("Visible text");
  expect(raw).not.toMatch(/<script|<iframe|<svg/i);
  expect(raw).not.toMatch(/\son[a-z]+\s*=/i);
  expect(raw).not.toMatch(/javascript:/i);
}

test("script is stripped before publishing: an old hostile row, one typed in the editor, and one the scheduler sends", async ({ page }) => {
  test.setTimeout(180_000);
  const account = await register(page);
  const siteId = await connectSite(page, account, "Hostile blog");
  const stamp = Date.now();

  // An article stored before the server sanitised HTML (written with the secret key, as it is).
  const oldRow = `Old hostile row ${stamp}`;
  await arrangeArticle(account, { title: oldRow, content: HOSTILE_HTML, excerpt: '<img src=x onerror="alert(5)">' });
  // The same HTML typed into the editor: stored sanitised by save-article.
  const typed = `Typed hostile draft ${stamp}`;
  await page.goto("/articles/create");
  await page.getByLabel("Title").fill(typed);
  await fillContentHtml(page, HOSTILE_HTML);
  await page.getByLabel("Excerpt").fill("Hostile HTML typed into the editor.");
  await page.getByLabel("Category").fill("Security");
  await page.getByLabel("Tags (comma separated)").fill("xss");
  await page.getByLabel("Meta Description").fill("Hostile HTML.");
  await page.getByLabel("Focus Keyword").fill("xss");
  await page.getByLabel("Slug").fill(`typed-hostile-${stamp}`);
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article created successfully")).toBeVisible();
  const { data: stored } = await adminBackend().from("articles").select("content").eq("title", typed).single();
  expectNoActiveContent(stored!.content as string);
  // An old hostile row the scheduler publishes (publish-scheduled sanitises too).
  const scheduled = `Scheduled hostile row ${stamp}`;
  await arrangeArticle(account, {
    title: scheduled,
    content: HOSTILE_HTML,
    status: "scheduled",
    scheduled_for: new Date(Date.now() + 3_000).toISOString(),
    scheduled_site_ids: [siteId],
  });

  for (const title of [oldRow, typed]) {
    const dialog = await openPublishModal(page, title);
    await dialog.getByLabel("Select WordPress Site").selectOption({ label: `Hostile blog (${wordpress!.url})` });
    await dialog.getByLabel("Post Status").selectOption({ label: "Publish Immediately" });
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(dialog.getByText("Article published successfully!")).toBeVisible({ timeout: 30_000 });
    await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
  }
  await expect.poll(async () => (await postsTitled(scheduled)).length, { timeout: 60_000, intervals: [1_000] }).toBe(1);

  for (const title of [oldRow, typed, scheduled]) {
    const [post] = await postsTitled(title);
    expect(post, title).toBeDefined();
    expectNoActiveContent(post.content.raw);
    expect(post.excerpt.raw, "the excerpt arrives as text, never as a tag").not.toMatch(/<[a-z]/i);
  }
  expect((await postsTitled(oldRow))[0].excerpt.raw).toBe("&lt;img src=x onerror=&quot;alert(5)&quot;&gt;");

  // The published page a blog visitor gets runs none of it either.
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const [published] = await postsTitled(oldRow);
  await page.goto(published.link);
  await expect(page.getByText("Visible text")).toBeVisible();
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.title()).not.toBe("pwned");
});

test("edit in the visual editor and publish: the WordPress post's HTML is what the editor shows", async ({ page }) => {
  const account = await register(page);
  const title = `Hut to hut packing ${Date.now()}`;
  const articleId = await arrangeArticle(account, { title, categories: ["Travel"], tags: ["alps"] });
  await connectSite(page, account, "Packing blog");

  await page.goto(`/articles/edit/${articleId}`);
  await expectEditorReady(page);
  await expectAccessible(page);
  const editor = contentEditor(page);
  const toolbar = formattingToolbar(page);
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Packing list");
  await toolbar.getByRole("button", { name: "Heading 2" }).click();
  await expect(toolbar.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Boots");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Rain jacket");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Book the ");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("huts");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" early");
  for (let i = 0; i < "early".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await toolbar.getByRole("button", { name: "Link" }).click();
  const linkDialog = page.getByRole("dialog", { name: "Add link" });
  await linkDialog.getByLabel("Link address").fill("example.com/huts");
  await expectAccessible(page);
  await linkDialog.getByRole("button", { name: "Apply" }).click();
  await expect(linkDialog).toHaveCount(0);

  await expect(editor.locator("h2")).toHaveText("Packing list");
  await expect(editor.locator("ul > li")).toHaveText(["Boots", "Rain jacket"]);
  await expect(editor.locator("strong")).toHaveText("huts");
  await expect(editor.locator("a")).toHaveAttribute("href", "https://example.com/huts");
  const shown = await contentHtml(page);
  expect(shown).toBe(
    "<p>Ten days of walking from hut to hut.</p>\n<h2>Packing list</h2>\n<ul>\n<li>Boots</li>\n<li>Rain jacket</li>\n</ul>\n" +
      '<p>Book the <strong>huts</strong> <a href="https://example.com/huts" rel="noopener noreferrer">early</a></p>',
  );
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();

  const dialog = await openPublishModal(page, title);
  await dialog.getByLabel("Select WordPress Site").selectOption({ label: `Packing blog (${wordpress!.url})` });
  await dialog.getByLabel("Post Status").selectOption({ label: "Publish Immediately" });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByText("Article published successfully!")).toBeVisible({ timeout: 30_000 });

  const [post] = await postsTitled(title);
  // Compared as the browser reads them, so a sanitiser's spelling (`<br />`, entity choice) does not count.
  const asParsed = (html: string) =>
    page.evaluate((text) => {
      const template = document.createElement("template");
      template.innerHTML = text;
      return template.innerHTML;
    }, html);
  // The post ends with its publication's marker (exactly-once publishing, docs/integrity.md); the rest is the editor's HTML.
  const marker = /\n?<!-- inkpress-pub-[0-9a-f-]{36} -->\s*$/;
  expect(post.content.raw).toMatch(marker);
  expect(await asParsed(post.content.raw.replace(marker, ""))).toBe(await asParsed(shown));
  // And the visitors' page has the same structure.
  const rendered = post.content.rendered;
  expect(rendered).toContain("<h2>Packing list</h2>");
  expect(rendered).toMatch(/<ul>\s*<li>Boots<\/li>\s*<li>Rain jacket<\/li>\s*<\/ul>/);
  expect(rendered).toContain('<strong>huts</strong> <a href="https://example.com/huts" rel="noopener noreferrer">early</a>');
});
