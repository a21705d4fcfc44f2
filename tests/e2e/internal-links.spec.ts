import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_ARTICLES, fixturePosts } from "../../scripts/bench/internal-links-fixtures.ts";
import { seedPosts, type SeededPost } from "../../scripts/rigs/wordpress/seed-posts.ts";
import { register } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";

const wordpress = e2eEnv.wordpress;

/** Testing and saving a site, then indexing its content: round trips to WordPress and a function's cold start or two. */
const CONNECT_TIMEOUT = 45_000;

/** The fixture blog's gardening and baking posts (20), published on the test WordPress once. */
const POSTS = fixturePosts().filter((post) => post.category === "Gardening" || post.category === "Baking");
/** "Planning a Vegetable Plot on Heavy Clay": it should link to "Building Raised Garden Beds". */
const ARTICLE = FIXTURE_ARTICLES[1];

let seeded: SeededPost[] = [];

test.beforeAll(async () => {
  seeded = await seedPosts(
    {
      restRoot: `${wordpress!.url}/wp-json/`,
      authorization: `Basic ${Buffer.from(`${wordpress!.user}:${wordpress!.appPassword}`).toString("base64")}`,
    },
    POSTS,
    // The cross-origin project runs this file again against the same WordPress.
    { reuse: true },
  );
});

/** Connects the test WordPress as "Fixture blog" (which indexes its content at once); returns its card. */
async function connectFixtureBlog(page: Page) {
  await page.goto("/wordpress-sites");
  await page.getByRole("button", { name: "Add Site" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect WordPress Site" });
  await dialog.getByLabel("Site Name").fill("Fixture blog");
  await dialog.getByLabel("Site URL").fill(wordpress!.url);
  await dialog.getByLabel("Username").fill(wordpress!.user);
  await dialog.getByLabel("Application Password").fill(wordpress!.appPassword);
  await dialog.getByRole("button", { name: "Connect Site" }).click();
  const card = page.getByRole("article", { name: "Fixture blog" });
  await expect(card.getByText(/^\d+ posts and pages, refreshed /)).toBeVisible({ timeout: CONNECT_TIMEOUT });
  return card;
}

/** An article of this user, as save-article stores it (the browser never writes content). */
async function createFixtureArticle(account: Awaited<ReturnType<typeof register>>): Promise<string> {
  const backend = await backendAs(account);
  const { data: article, error } = await adminBackend()
    .from("articles")
    .insert({
      user_id: backend.userId,
      title: ARTICLE.title,
      content: ARTICLE.content,
      excerpt: "Raised beds on heavy clay.",
      focus_keyword: ARTICLE.focusKeyword,
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  return article!.id;
}

test("link suggestions after syncing the real WordPress: one click inserts the link", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await register(page);

  // Connecting the site indexes its content at once.
  const card = await connectFixtureBlog(page);
  const indexed = Number((await card.getByText(/posts and pages, refreshed/).textContent())!.split(" ")[0]);
  expect(indexed).toBeGreaterThanOrEqual(POSTS.length);
  await expectAccessible(page);

  // Refreshing on demand reads only what changed since.
  await card.getByRole("button", { name: "Refresh content of Fixture blog" }).click();
  await expect(page.getByText(`Site content refreshed: ${indexed} posts and pages of Fixture blog`)).toBeVisible({
    timeout: CONNECT_TIMEOUT,
  });

  const articleId = await createFixtureArticle(account);

  await page.goto(`/articles/edit/${articleId}`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toContainText("build raised beds on top");
  const suggestions = page.getByRole("region", { name: "Internal links" });
  await suggestions.getByRole("button", { name: "Suggest links" }).click();
  const target = seeded.find((post) => post.slug === ARTICLE.expectedSlug)!;
  const insert = suggestions.getByRole("button", { name: /^Insert link to Building Raised Garden Beds on “/ });
  await expect(insert).toBeVisible();
  await expect(suggestions.getByRole("link", { name: "Building Raised Garden Beds" })).toHaveAttribute("href", target.link);
  await expectAccessible(page);

  const anchor = (await insert.getAttribute("aria-label"))!.match(/on “(.*)”$/)![1];
  await insert.click();
  await expect(editor.getByRole("link", { name: anchor })).toHaveAttribute("href", target.link);
  await expect(insert).toHaveCount(0);

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  const { data: saved } = await adminBackend().from("articles").select("content").eq("id", articleId).single();
  expect(saved!.content).toContain(`<a href="${target.link}" rel="noopener noreferrer">${anchor}</a>`);
});

test("relevance by embeddings: switching in Profile Settings embeds the index, the editor ranks by it", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await register(page);
  const { error: keyError } = await (await backendAs(account)).functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-e2e-FIXTURE-not-a-real-key" },
  });
  expect(keyError).toBeNull();
  const card = await connectFixtureBlog(page);
  const indexed = Number((await card.getByText(/posts and pages, refreshed/).textContent())!.split(" ")[0]);

  await page.goto("/profile");
  const settings = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Internal links" }) });
  const embeddings = settings.getByRole("radio", { name: /^Embeddings/ });
  // The choices are enabled once the stored setting has loaded.
  await expect(embeddings).toBeEnabled();
  await expect(settings.getByRole("radio", { name: /^Full-text search/ })).toBeChecked();
  await embeddings.focus();
  await page.keyboard.press("Space");
  await expect(embeddings).toBeChecked();
  // The provider's default (its list's embeddings models to choose from).
  await expect(settings.getByLabel("Embeddings model")).toHaveValue("");
  await expect(settings.getByLabel("Embeddings model").locator("option").first()).toHaveText("Provider default (text-embedding-3-small)");
  await settings.getByRole("button", { name: "Save internal links setting" }).click();
  await expect(settings.getByText(`${indexed} entries of your content index embedded with text-embedding-3-small.`)).toBeVisible({
    timeout: CONNECT_TIMEOUT,
  });
  await expectAccessible(page);

  const articleId = await createFixtureArticle(account);
  await page.goto(`/articles/edit/${articleId}`);
  await expect(page.getByRole("textbox", { name: "Content" })).toContainText("build raised beds on top");
  const suggestions = page.getByRole("region", { name: "Internal links" });
  await suggestions.getByRole("button", { name: "Suggest links" }).click();
  await expect(suggestions.getByRole("button", { name: /^Insert link to Building Raised Garden Beds on “/ })).toBeVisible();
  await expect(suggestions.getByText(/ranked by full text/)).toHaveCount(0);
});
