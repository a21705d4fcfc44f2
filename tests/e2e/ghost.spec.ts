import { expect, test, type Page } from "@playwright/test";
import { ghostAdminToken } from "../../supabase/functions/_shared/publishing/ghost/admin_token.ts";
import { register, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";

/**
 * Ghost as a publishing target, against a real Ghost (scripts/rigs/ghost, started
 * by scripts/testing/test-e2e.ts when installed): connect through the UI, publish
 * through the Publish modal and the scheduler, and read the result back
 * through Ghost's own Admin API.
 */
const ghost = e2eEnv.ghost;

const REFUSED_KEY = "Ghost refused the Admin API key. Please copy the Admin API key of your custom integration again.";
const NOT_GHOST = [
  "Could not find the Ghost Admin API at this address. Please enter the API URL shown in your Ghost custom integration.",
  "This address points to a private or local network, which cannot be connected.",
];
const CONNECT_TIMEOUT = 30_000;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);

type GhostPost = {
  id: string;
  title: string;
  html: string;
  slug: string;
  status: string;
  url: string;
  custom_excerpt: string | null;
  feature_image: string | null;
  feature_image_alt: string | null;
  meta_title: string | null;
  meta_description: string | null;
  updated_at: string;
  tags: { name: string }[];
};

/** Ghost's Admin API, with the integration's key (what the test reads back, never what the app does). */
async function ghostPosts(filter: string): Promise<GhostPost[]> {
  const url = `${ghost!.url}/ghost/api/admin/posts/?filter=${encodeURIComponent(filter)}&formats=html&include=tags&limit=all`;
  const response = await fetch(url, { headers: { authorization: `Ghost ${await ghostAdminToken(ghost!.adminApiKey)}` } });
  expect(response.ok, `GET posts ${filter}: ${response.status}`).toBe(true);
  return ((await response.json()) as { posts: GhostPost[] }).posts;
}

const fieldNote = (page: Page, label: string) =>
  page
    .getByRole("dialog")
    .getByLabel(label)
    .evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent);

async function fillGhostForm(page: Page, details: { name: string; url: string; key: string }) {
  const dialog = page.getByRole("dialog", { name: "Connect Ghost Site" });
  await dialog.getByLabel("Site Name").fill(details.name);
  await dialog.getByLabel("API URL").fill(details.url);
  await dialog.getByLabel("Admin API Key").fill(details.key);
  await dialog.getByRole("button", { name: "Connect Site" }).click();
}

async function connectGhost(page: Page, account: Account, name: string): Promise<string> {
  await page.goto("/wordpress-sites");
  await page.getByRole("button", { name: "Add Ghost Site" }).click();
  await fillGhostForm(page, { name, url: ghost!.url, key: ghost!.adminApiKey });
  await expect(page.getByText("Ghost site connected successfully")).toBeVisible({ timeout: CONNECT_TIMEOUT });
  await expect(page.getByRole("article", { name })).toBeVisible();
  const backend = await backendAs(account);
  const { data, error } = await backend.from("wordpress_sites").select("id, kind").eq("name", name).single();
  expect(error).toBeNull();
  expect(data!.kind).toBe("ghost");
  return data!.id as string;
}

/** An article with a featured image in Storage, arranged with the secret key as generate-image and save-article would. */
async function arrangeArticle(account: Account, fields: Record<string, unknown>): Promise<string> {
  const backend = await backendAs(account);
  const admin = adminBackend();
  const path = `${backend.userId}/g-${Date.now()}.png`;
  const upload = await admin.storage.from("images").upload(path, PNG, { contentType: "image/png" });
  expect(upload.error).toBeNull();
  const { data, error } = await admin
    .from("articles")
    .insert({
      user_id: backend.userId,
      content: "<h2>Day one</h2><p>From Chamonix to the first hut.</p>",
      excerpt: "Ten days of walking from hut to hut.",
      featured_image_url: admin.storage.from("images").getPublicUrl(path).data.publicUrl,
      ...fields,
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

async function publishFromModal(page: Page, title: string, siteName: string) {
  await page.goto("/articles");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish to WordPress" });
  await expect(dialog.getByText("Loading sites...")).toBeHidden();
  // A Ghost site is offered as "Name (Ghost, its address as Ghost reports it)".
  const option = dialog.getByRole("option", { name: new RegExp(`^${siteName} \\(Ghost, `) });
  await dialog.getByLabel("Select WordPress Site").selectOption({ label: (await option.textContent())! });
  await dialog.getByLabel("Post Status").selectOption({ label: "Publish Immediately" });
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  return dialog;
}

test("connect Ghost: a wrong key and a non-Ghost URL are shown under their fields; then connect and remove", async ({ page }) => {
  // Three connection attempts against the real Ghost took 34–46 s on a busy machine.
  test.setTimeout(120_000);
  const account = await register(page);
  await page.goto("/wordpress-sites");
  const help = page.getByRole("complementary", { name: "Connecting a Ghost site" });
  await expect(help.getByText("Create a custom integration.")).toBeVisible();

  await page.getByRole("button", { name: "Add Ghost Site" }).click();
  await expectAccessible(page);
  const wrongKey = `${ghost!.adminApiKey.split(":")[0]}:${"ab".repeat(32)}`;
  await fillGhostForm(page, { name: "Journal", url: ghost!.url, key: wrongKey });
  await expect.poll(() => fieldNote(page, "Admin API Key"), { timeout: CONNECT_TIMEOUT }).toBe(REFUSED_KEY);

  await fillGhostForm(page, { name: "Journal", url: e2eEnv.falUrl, key: ghost!.adminApiKey });
  await expect.poll(() => fieldNote(page, "API URL"), { timeout: CONNECT_TIMEOUT }).toMatch(
    new RegExp(NOT_GHOST.map((text) => text.replace(/[.]/g, "\\.")).join("|")),
  );
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  const backend = await backendAs(account);
  expect((await backend.from("wordpress_sites").select("id")).data).toEqual([]);

  await connectGhost(page, account, "Journal");
  const card = page.getByRole("article", { name: "Journal" });
  await expect(card).toContainText("Ghost");
  await expect(card.getByRole("button", { name: "Edit Journal" })).toHaveCount(0);
  await expectAccessible(page);

  await card.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog", { name: "Remove Journal?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Site removed successfully")).toBeVisible();
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByRole("article", { name: "Journal" })).toHaveCount(0);
});

test("publish to Ghost with an image and two new tags; publish again: one post, updated", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await register(page);
  const stamp = Date.now();
  const title = `Ten days in the Alps ${stamp}`;
  const slug = `ten-days-in-the-alps-${stamp}`;
  const tags = [`alps-${stamp}`, `huts-${stamp}`];
  await arrangeArticle(account, { title, slug, tags, meta_description: "Walking the Alps from hut to hut." });
  await connectGhost(page, account, "Alps journal");

  const dialog = await publishFromModal(page, title, "Alps journal");
  await expect(dialog.getByText("Article published successfully!")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Article published successfully to Ghost")).toBeVisible();
  await expectAccessible(page);

  let posts = await ghostPosts(`slug:${slug}`);
  expect(posts).toHaveLength(1);
  const [post] = posts;
  expect(post.title).toBe(title);
  expect(post.status).toBe("published");
  expect(post.html).toContain("From Chamonix to the first hut.");
  expect(post.html).toMatch(/<h2[^>]*>Day one<\/h2>/);
  // Besides the article's tags, the publication's marker: an internal tag ("#inkpress-<id>", hidden from readers; docs/integrity.md).
  const names = post.tags.map((tag) => tag.name);
  expect(names.filter((name) => !name.startsWith("#")).sort()).toEqual([...tags].sort());
  expect(names.filter((name) => name.startsWith("#"))).toEqual([expect.stringMatching(/^#inkpress-[0-9a-f-]{36}$/)]);
  expect(post.custom_excerpt).toBe("Ten days of walking from hut to hut.");
  expect(post.meta_description).toBe("Walking the Alps from hut to hut.");
  expect(post.meta_title).toBe(title);
  expect(post.feature_image).toMatch(new RegExp(`^${ghost!.url}/content/images/`));
  expect(post.feature_image_alt).toBe(title);
  const image = await fetch(post.feature_image!);
  expect(image.headers.get("content-type")).toBe("image/png");
  await expect(dialog.getByRole("link", { name: "View Post" })).toHaveAttribute("href", post.url);

  const backend = await backendAs(account);
  const { data: publication } = await backend.from("publications").select("status, link, remote_post_ref").single();
  expect(publication).toEqual({ status: "publish", link: post.url, remote_post_ref: post.id });
  await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByRole("list", { name: "WordPress publications" }).getByRole("link", { name: "Alps journal" }))
    .toHaveAttribute("href", post.url);

  // The article changes (Ghost keeps updated_at when an edit changes nothing), in a later second
  // (updated_at has one-second resolution).
  const { error: editError } = await adminBackend()
    .from("articles")
    .update({ excerpt: "Ten days, nine huts, one glacier." })
    .eq("title", title);
  expect(editError).toBeNull();
  await page.waitForTimeout(1_100);
  const again = await publishFromModal(page, title, "Alps journal");
  await expect(again.getByText(/updated on Alps journal/i)).toBeVisible({ timeout: 30_000 });
  posts = await ghostPosts(`slug:${slug}`);
  expect(posts).toHaveLength(1);
  expect(posts[0].id).toBe(post.id);
  expect(posts[0].custom_excerpt).toBe("Ten days, nine huts, one glacier.");
  expect(posts[0].updated_at).not.toBe(post.updated_at);
  expect(posts[0].feature_image).toBe(post.feature_image);
  expect(await ghostPosts(`title:'${title}'`)).toHaveLength(1);
});

test("a scheduled article is published to Ghost by the scheduler", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await register(page);
  const siteId = await connectGhost(page, account, "Scheduled journal");
  const stamp = Date.now();
  const slug = `autumn-in-the-dolomites-${stamp}`;
  const articleId = await arrangeArticle(account, {
    title: `Autumn in the Dolomites ${stamp}`,
    slug,
    tags: ["autumn"],
    status: "scheduled",
    scheduled_for: new Date(Date.now() + 5_000).toISOString(),
    scheduled_site_ids: [siteId],
  });
  expect(await ghostPosts(`slug:${slug}`)).toHaveLength(0);

  const backend = await backendAs(account);
  await expect
    .poll(async () => (await backend.from("articles").select("status").eq("id", articleId).single()).data?.status, {
      timeout: 60_000,
      intervals: [1_000],
    })
    .toBe("published");
  const posts = await ghostPosts(`slug:${slug}`);
  expect(posts).toHaveLength(1);
  expect(posts[0].status).toBe("published");
  expect(posts[0].feature_image).not.toBeNull();
  const { data: publication } = await backend
    .from("publications")
    .select("status, link, last_error, remote_post_ref")
    .eq("article_id", articleId)
    .single();
  expect(publication).toEqual({ status: "publish", link: posts[0].url, last_error: null, remote_post_ref: posts[0].id });
});
