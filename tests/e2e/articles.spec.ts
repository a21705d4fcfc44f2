import { expect, test, type Page } from "@playwright/test";
import { register, type Account } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { adminBackend, backendAs } from "./support/backend.ts";
import { contentEditor, contentHtml, expectEditorReady, fillContentHtml, formattingToolbar } from "./support/editor.ts";

const HOSTILE_HTML = '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>';

type ArticleSeed = { title: string; status?: "draft" | "published"; content?: string; excerpt?: string; tags?: string[] };

/** Arranges articles for the account, oldest first (each insert is newer than the last). */
async function seedArticles(account: Account, seeds: ArticleSeed[]): Promise<string[]> {
  const backend = await backendAs(account);
  const ids: string[] = [];
  for (const seed of seeds) {
    // The secret key writes the HTML as it is: the browser may not store content
    // itself, and these rows stand in for articles saved before sanitising existed.
    const { data, error } = await adminBackend()
      .from("articles")
      .insert({
        user_id: backend.userId,
        title: seed.title,
        content: seed.content ?? `<p>About ${seed.title}.</p>`,
        excerpt: seed.excerpt ?? `A short summary of ${seed.title}.`,
        status: seed.status ?? "draft",
        categories: ["Garden"],
        tags: seed.tags ?? ["soil"],
      })
      .select("id")
      .single();
    expect(error).toBeNull();
    ids.push(data!.id as string);
  }
  return ids;
}

async function saveOpenAIKey(account: Account, key: string): Promise<void> {
  const { error } = await (await backendAs(account)).functions.invoke("save-api-keys", { body: { openaiKey: key } });
  expect(error).toBeNull();
}

const cardOf = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

const cardTitles = (page: Page) => page.locator(".article-card h2").allTextContents();

/** A datetime-local value `days` from now, in the browser's (this machine's) time zone. */
function localDateTimeInDays(days: number): { value: string; instant: Date } {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setSeconds(0, 0);
  const pad = (value: number) => String(value).padStart(2, "0");
  const value =
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return { value, instant: date };
}

async function openCreatePage(page: Page) {
  await page.getByRole("link", { name: "Articles" }).click();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
  await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
}

test("create an article by hand, find it in the list, then delete it after confirming", async ({ page }) => {
  await register(page);
  await page.getByRole("link", { name: "Articles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Articles" })).toBeVisible();
  await expect(page.getByText("No articles yet")).toBeVisible();
  await expect(page.getByText("Get started by creating your first article")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
  await expectEditorReady(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Save Article" }).click();
  for (const message of [
    "Title is required",
    "Content is required",
    "Excerpt is required",
    "Category is required",
    "At least one tag is required",
    "Meta description is required",
    "Focus keyword is required",
    "Slug is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Title")).toBeFocused();

  await page.getByLabel("Title").fill("Raised beds for beginners");
  await contentEditor(page).click();
  await page.keyboard.type("Why raised beds");
  await formattingToolbar(page).getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Warmer soil, fewer weeds.");
  await expect(contentEditor(page).locator("h2")).toHaveText("Why raised beds");
  await page.getByLabel("Excerpt").fill("How to build and fill your first raised bed.");
  await page.getByLabel("Category").fill("Garden");
  await page.getByLabel("Tags (comma separated)").fill(" raised beds, soil ,, beginners ");
  await page.getByLabel("Meta Description").fill("Build your first raised bed.");
  await page.getByLabel("Focus Keyword").fill("raised beds");
  await page.getByLabel("Slug").fill("raised-beds-for-beginners");
  await page.getByRole("button", { name: "Save Article" }).dblclick();

  await expect(page.getByText("Article created successfully")).toBeVisible();
  // Saving keeps the writer in the editor: the new article's.
  await expect(page).toHaveURL(/\/articles\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: /^Saved at / })).toBeVisible();
  await page.getByRole("link", { name: "Articles" }).click();
  const card = cardOf(page, "Raised beds for beginners");
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await expect(card.getByText("How to build and fill your first raised bed.")).toBeVisible();
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["raised beds", "soil", "beginners"]);
  await expect(card.getByRole("list", { name: "Categories" })).toHaveText("Garden");
  await expect(card.locator("img")).toHaveAttribute("src", "/placeholder-article.svg");
  const today = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date());
  await expect(card.locator("time")).toHaveText(today);
  await expectAccessible(page);

  const { data: rows } = await adminBackend()
    .from("articles")
    .select("status, categories, tags, slug, content")
    .eq("title", "Raised beds for beginners");
  expect(rows).toEqual([
    {
      status: "draft",
      categories: ["Garden"],
      tags: ["raised beds", "soil", "beginners"],
      slug: "raised-beds-for-beginners",
      content: "<h2>Why raised beds</h2>\n<p>Warmer soil, fewer weeds.</p>",
    },
  ]);

  // The app's own dialog asks (never the browser's confirm()).
  const question = page.getByRole("alertdialog", { name: "Delete “Raised beds for beginners”?" });
  await card.getByRole("button", { name: "Delete" }).click();
  await expect(question).toContainText("Are you sure you want to delete this article? This action cannot be undone.");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);
  await expect(card).toHaveCount(1);

  await card.getByRole("button", { name: "Delete" }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Article deleted successfully")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("No articles yet")).toBeVisible();
});

test("create with AI: the content streams in before the draft is done, then every field is filled", async ({ page }) => {
  const account = await register(page);
  await saveOpenAIKey(account, "sk-test-articles-FIXTURE-not-a-real-key-0001");
  await openCreatePage(page);

  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByText("Please provide either an article idea or paste an existing article")).toBeVisible();
  await expect(page.getByText("Please select an assistant")).toBeVisible();

  await page.getByLabel("AI Article Idea").fill("composting");
  await page.getByLabel("Choose Assistant").selectOption({ label: "SEO Blog Writer — Writes a complete, search-optimised blog post from an idea." });
  await page.getByRole("button", { name: "Generate with AI" }).dblclick();
  await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();

  // Content fills first, in the visual editor, while the title and the slug are still unwritten.
  await page.waitForFunction(() => {
    const content = document.querySelector<HTMLElement>("[contenteditable][data-field=content]")?.textContent ?? "";
    const title = document.querySelector<HTMLInputElement>("input[name=title]")!.value;
    const slug = document.querySelector<HTMLInputElement>("input[name=slug]")!.value;
    return content.startsWith("Everyone talks about composting") && title === "" && slug === "";
  });
  await expect(contentEditor(page)).toHaveAttribute("contenteditable", "false");
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();

  await expect(page.getByText("Content generated successfully")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Title")).toHaveValue("Composting: A Practical Guide");
  await expect(contentEditor(page).locator("blockquote")).toHaveText("Progress beats perfection.");
  await expect(contentEditor(page).locator("h2").first()).toHaveText("Why composting matters");
  await expect(contentEditor(page)).toContainText("café-table simple 🚀");
  await expect(contentEditor(page)).toHaveAttribute("contenteditable", "true");
  await expect(page.getByLabel("Excerpt")).toHaveValue(/^A practical, step-by-step guide to composting/);
  await expect(page.getByLabel("Category")).toHaveValue("Guides");
  await expect(page.getByLabel("Tags (comma separated)")).toHaveValue("composting, how-to, beginners, tips");
  await expect(page.getByLabel("Meta Description")).toHaveValue(/^Learn composting step by step/);
  await expect(page.getByLabel("Focus Keyword")).toHaveValue("composting");
  await expect(page.getByLabel("Slug")).toHaveValue("composting-a-practical-guide");
  await expect(page.getByRole("button", { name: "Generate with AI" })).toBeEnabled();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article created successfully")).toBeVisible();
  // Saving stays in the editor: the new article's own Edit route, saved, so the list is one click away.
  await expect(page).toHaveURL(/\/articles\/edit\//);
  await expect(page.getByRole("status").filter({ hasText: /^Saved at / })).toBeVisible();
  await page.getByRole("link", { name: "Articles" }).click();
  await expect(page.getByRole("dialog", { name: "Leave without saving?" }), "nothing is unsaved right after saving").toHaveCount(0);
  await expect(cardOf(page, "Composting: A Practical Guide")).toBeVisible();
  const { data: saved } = await adminBackend()
    .from("articles")
    .select("categories, tags, assistant_id, focus_keyword")
    .eq("title", "Composting: A Practical Guide")
    .single();
  expect(saved).toMatchObject({
    categories: ["Guides"],
    tags: ["composting", "how-to", "beginners", "tips"],
    focus_keyword: "composting",
  });
  expect(saved!.assistant_id).toEqual(expect.any(String));
});

test("a refused OpenAI key shows the provider's reason in place, with where to fix it, and the form keeps what was typed", async ({ page }) => {
  const account = await register(page);
  await saveOpenAIKey(account, "sk-wrong-articles-FIXTURE-not-a-real-key-0001");
  await openCreatePage(page);

  await page.getByLabel("Title").fill("My own working title");
  await page.getByLabel("AI Article Idea").fill("beekeeping");
  await page.getByLabel("Choose Assistant").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Generate with AI" }).click();
  const replace = page.getByRole("dialog", { name: "Replace your article?" });
  await expect(replace).toBeVisible();
  await expectAccessible(page);
  await replace.getByRole("button", { name: "Replace with AI draft" }).click();

  const refused = "OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.";
  const inPlace = page.locator(".ai-section .request-error");
  await expect(inPlace).toHaveText(`${refused} Go to Profile Settings → API KeysTry againDismiss`);
  await expectAccessible(page);
  // Nothing of a draft arrived, so nothing is marked as interrupted.
  await expect(page.getByRole("alert").filter({ hasText: "The AI draft was" })).toHaveCount(0);
  await expect(page.getByLabel("Title")).toHaveValue("My own working title");
  await expect(page.getByLabel("AI Article Idea")).toHaveValue("beekeeping");
  await expect(page.getByRole("button", { name: "Generate with AI" })).toBeEnabled();
  // The message stays until dismissed (not only a toast).
  await page.waitForTimeout(4_500);
  await expect(inPlace).toBeVisible();
  await inPlace.getByRole("button", { name: "Dismiss" }).click();
  await expect(inPlace).toHaveCount(0);
});

test("edit and schedule an article for a connected site; a reload shows the schedule", async ({ page }) => {
  const account = await register(page);
  const [articleId] = await seedArticles(account, [{ title: "Winter pruning", tags: ["pruning"] }]);
  const backend = await backendAs(account);
  const { data: site, error } = await adminBackend()
    .from("wordpress_sites")
    .insert({
      user_id: backend.userId,
      name: "Garden Blog",
      site_url: "https://garden.example",
      username: "editor",
      base_url: "https://garden.example/wp-json/wp/v2",
    })
    .select("id")
    .single();
  expect(error).toBeNull();

  await page.getByRole("link", { name: "Articles" }).click();
  await cardOf(page, "Winter pruning").getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/articles/edit/${articleId}$`));
  await expect(page.getByLabel("Title")).toHaveValue("Winter pruning");
  await expect(page.getByLabel("Tags (comma separated)")).toHaveValue("pruning");
  await expectAccessible(page);

  await expectEditorReady(page);
  await expect(contentEditor(page)).toHaveText("About Winter pruning.");
  await expectAccessible(page);
  await page.getByLabel("Title").fill("");
  await page.getByLabel("Status").selectOption("Scheduled");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Please set a scheduled date")).toBeVisible();

  const schedule = localDateTimeInDays(2);
  await page.getByLabel("Title").fill("Winter pruning, step by step");
  await page.getByLabel("Schedule For").fill(schedule.value);
  await page.getByRole("group", { name: "Publish To" }).getByLabel("Garden Blog").check();
  await page.getByLabel("Tags (comma separated)").fill("pruning, winter");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByText("Article updated successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/articles/edit/${articleId}$`));
  await page.getByRole("link", { name: "Articles" }).click();
  await expect(cardOf(page, "Winter pruning, step by step").getByText("Scheduled", { exact: true })).toBeVisible();

  const { data: saved } = await adminBackend()
    .from("articles")
    .select("status, scheduled_for, scheduled_site_ids, tags")
    .eq("id", articleId)
    .single();
  expect(saved!.status).toBe("scheduled");
  expect(new Date(String(saved!.scheduled_for).replace(" ", "T").replace(/\+00$/, "Z")).getTime()).toBe(
    schedule.instant.getTime(),
  );
  expect(saved!.scheduled_site_ids).toEqual([site!.id]);
  expect(saved!.tags).toEqual(["pruning", "winter"]);

  await page.goto(`/articles/edit/${articleId}`);
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("scheduled");
  await expect(page.getByLabel("Schedule For")).toHaveValue(schedule.value);
  await expect(page.getByRole("group", { name: "Publish To" }).getByLabel("Garden Blog")).toBeChecked();

  await page.getByLabel("Status").selectOption("Draft");
  await expect(page.getByLabel("Schedule For")).toHaveCount(0);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  const { data: unscheduled } = await adminBackend()
    .from("articles")
    .select("status, scheduled_for, scheduled_site_ids")
    .eq("id", articleId)
    .single();
  expect(unscheduled).toEqual({ status: "draft", scheduled_for: null, scheduled_site_ids: [] });
});

test("a missing article says so", async ({ page }) => {
  await register(page);
  await page.goto("/articles/edit/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
  await expect(page.getByText("The article you're looking for doesn't exist.")).toBeVisible();
});

test("preview renders hostile HTML inert, in the list and on Create", async ({ page }) => {
  const account = await register(page);
  await seedArticles(account, [{ title: "Hostile content", content: `<p>Visible text</p>${HOSTILE_HTML}` }]);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.getByRole("link", { name: "Articles" }).click();
  await cardOf(page, "Hostile content").getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: "Article Preview" });
  await expect(preview.getByText("Visible text")).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Hostile content" })).toBeVisible();
  await expect(preview.getByText("Garden")).toBeVisible();
  await expectInert(page);
  await preview.getByRole("button", { name: "Close" }).last().click();
  await expect(preview).toHaveCount(0);

  await page.getByRole("button", { name: "Create Article" }).click();
  await page.getByLabel("Title").fill("Pasted hostile content");
  await fillContentHtml(page, HOSTILE_HTML);
  // The visual editor runs none of it either: no script, no event handler, no javascript: link.
  const shownHtml = await contentEditor(page).innerHTML();
  expect(shownHtml).not.toMatch(/<script|\son[a-z]+\s*=|javascript:/i);
  expect(await contentEditor(page).locator("script, a[href^='javascript']").count()).toBe(0);
  await page.getByRole("button", { name: "Preview Post" }).click();
  await expect(page.getByRole("dialog", { name: "Article Preview" }).getByText("Not saved yet")).toBeVisible();
  await expectInert(page);
  expect(dialogs).toEqual([]);
});

test("never lose work: a reload asks first and offers the unsaved text back; leaving by the menu asks too", async ({ page }) => {
  await register(page);
  await page.getByRole("link", { name: "Articles" }).click();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expectEditorReady(page);
  await page.getByLabel("Title").fill("Seed saving");
  await contentEditor(page).click();
  await page.keyboard.type("Dry the seeds for a week.");
  await formattingToolbar(page).getByRole("button", { name: "Bulleted list" }).click();

  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.type();
    void dialog.accept();
  });
  await page.reload();
  expect(question).toBe("beforeunload");
  const offer = page.getByRole("region", { name: /^Restore unsaved changes from \d{1,2}:\d{2} (AM|PM)\?$/ });
  await expect(offer).toBeVisible();
  await expectEditorReady(page);
  await expectAccessible(page);
  await offer.getByRole("button", { name: "Restore" }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByLabel("Title")).toHaveValue("Seed saving");
  await expect(contentEditor(page).locator("ul li")).toHaveText("Dry the seeds for a week.");

  await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/articles\/create$/);
  await expect(page.getByLabel("Title")).toHaveValue("Seed saving");

  await page.getByRole("button", { name: "Cancel" }).click();
  await leave.getByRole("button", { name: "Discard changes and leave" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await page.getByRole("button", { name: "Create Article" }).click();
  await expectEditorReady(page);
  await expect(page.getByRole("region", { name: /Restore unsaved changes/ })).toHaveCount(0);
  await expect(page.getByLabel("Title")).toHaveValue("");
});

test("a draft stream that breaks off is marked in the form, and Restore brings back what was there", async ({ page }) => {
  const account = await register(page);
  await saveOpenAIKey(account, "sk-scenario-cut-stream-articles");
  await openCreatePage(page);
  await expectEditorReady(page);
  await fillContentHtml(page, "<p>My own opening.</p>");
  await page.getByLabel("AI Article Idea").fill("mulching");
  await page.getByLabel("Choose Assistant").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await page.getByRole("dialog", { name: "Replace your article?" }).getByRole("button", { name: "Replace with AI draft" }).click();

  const notice = page.getByRole("alert").filter({ hasText: "The AI draft was interrupted" });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(contentEditor(page)).toContainText("Everyone talks about mulching");
  await expectAccessible(page);
  // The notice stays (unlike the toast) until the user decides.
  await page.waitForTimeout(5_000);
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Restore previous text" }).click();
  await expect(notice).toHaveCount(0);
  await expect(contentEditor(page)).toHaveText("My own opening.");
  expect(await contentHtml(page)).toBe("<p>My own opening.</p>");
});

/** Nothing executable of HOSTILE_HTML reached the page, and nothing ran. */
async function expectInert(page: Page) {
  await page.waitForTimeout(500);
  const content = page.getByRole("dialog", { name: "Article Preview" }).locator(".article-content");
  expect(await content.locator("script, iframe, [onerror]").count()).toBe(0);
  const html = await content.innerHTML();
  expect(html).not.toMatch(/onerror|javascript:|<script/i);
  expect(await page.locator("a[href^='javascript:' i], [onerror], [onclick]").count()).toBe(0);
}

test("filter by Draft and Published; the list is newest first", async ({ page }) => {
  const account = await register(page);
  await seedArticles(account, [
    { title: "Oldest draft" },
    { title: "Published piece", status: "published" },
    { title: "Newest draft" },
  ]);
  await page.getByRole("link", { name: "Articles" }).click();
  await expect.poll(() => cardTitles(page)).toEqual(["Newest draft", "Published piece", "Oldest draft"]);
  await expect(cardOf(page, "Published piece").getByText("Published", { exact: true })).toBeVisible();

  await page.getByLabel("Status").selectOption("Draft");
  await expect(page).toHaveURL(/\/articles\?status=draft$/);
  await expect.poll(() => cardTitles(page)).toEqual(["Newest draft", "Oldest draft"]);

  await page.getByLabel("Status").selectOption("Published");
  await expect.poll(() => cardTitles(page)).toEqual(["Published piece"]);

  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("published");
  await expect.poll(() => cardTitles(page)).toEqual(["Published piece"]);

  await page.getByLabel("Status").selectOption("All Articles");
  await expect.poll(() => cardTitles(page)).toEqual(["Newest draft", "Published piece", "Oldest draft"]);
  await expectAccessible(page);

  await cardOf(page, "Published piece").getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: "Article Preview" });
  await expect(preview.getByText("About Published piece.")).toBeVisible();
  await expect(preview.getByRole("region", { name: "SEO" })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);
});

/**
 * `count` articles "Article 01" (oldest) to "Article <count>", inserted one at a time so each is newer;
 * with the secret key, as save-article stores article HTML (the browser's role may not write `content`).
 */
async function seedNumbered(account: Account, count: number): Promise<void> {
  const backend = await backendAs(account);
  for (let n = 1; n <= count; n++) {
    const { error } = await adminBackend().from("articles").insert({
      user_id: backend.userId,
      title: `Article ${String(n).padStart(2, "0")}`,
      content: `<p>Body of article ${n}.</p>`,
      excerpt: `Summary ${n}.`,
    });
    expect(error).toBeNull();
  }
}

const numbered = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => `Article ${String(from - i).padStart(2, "0")}`);

test("page through 41 articles: Next and Previous, the page kept on reload and Back, deleting the last card of a page", async ({ page }) => {
  const account = await register(page);
  await seedNumbered(account, 41);
  await page.getByRole("link", { name: "Articles" }).click();
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect.poll(() => cardTitles(page)).toEqual(numbered(41, 22));
  await expect(page.getByText("41 articles")).toBeVisible();
  await expect(pagination.getByText("Page 1 of 3")).toBeVisible();
  await expect(pagination.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expectAccessible(page);

  await pagination.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/articles\?after=[\w-]+&page=2$/);
  await expect.poll(() => cardTitles(page)).toEqual(numbered(21, 2));
  await expect(pagination.getByText("Page 2 of 3")).toBeVisible();
  await page.reload();
  await expect.poll(() => cardTitles(page)).toEqual(numbered(21, 2));

  await pagination.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=3$/);
  await expect.poll(() => cardTitles(page)).toEqual(["Article 01"]);
  await expect(pagination.getByRole("button", { name: "Next" })).toBeDisabled();
  await expectAccessible(page);

  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect.poll(() => cardTitles(page)).toEqual(numbered(21, 2));
  await page.goForward();
  await expect.poll(() => cardTitles(page)).toEqual(["Article 01"]);

  // The only card of page 3 goes: the list steps back to page 2, which is now the last.
  await cardOf(page, "Article 01").getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete “Article 01”?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Article deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(/page=2$/);
  await expect.poll(() => cardTitles(page)).toEqual(numbered(21, 2));
  await expect(page.getByText("40 articles")).toBeVisible();
  await expect(pagination.getByText("Page 2 of 2")).toBeVisible();
  await expect(pagination.getByRole("button", { name: "Next" })).toBeDisabled();

  await pagination.getByRole("button", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect.poll(() => cardTitles(page)).toEqual(numbered(41, 22));
});

test("search title, excerpt and content with partial words, combined with the filter and the sort", async ({ page }) => {
  const account = await register(page);
  await seedArticles(account, [
    { title: "Compost tea", content: "<p>Brew it with <strong>nettles</strong>.</p>", excerpt: "A liquid feed." },
    { title: "Raised beds", content: "<p>Layer compost under the soil.</p>", status: "published" },
    { title: "Winter pruning", content: "<p>Cut back the roses.</p>", excerpt: "Tidy shrubs before spring." },
    { title: "Autumn compost", content: "<p>Leaves and grass.</p>", status: "published" },
  ]);
  await page.getByRole("link", { name: "Articles" }).click();
  await expect.poll(() => cardTitles(page)).toHaveLength(4);
  const search = page.getByRole("searchbox", { name: "Search articles" });

  await search.fill("nettle");
  await expect(page).toHaveURL(/\/articles\?q=nettle$/);
  await expect.poll(() => cardTitles(page)).toEqual(["Compost tea"]);
  await expect(page.getByText("1 article matches “nettle”")).toBeVisible();

  await search.fill("shrub");
  await expect.poll(() => cardTitles(page)).toEqual(["Winter pruning"]);

  await search.fill("compo");
  await expect.poll(() => cardTitles(page)).toEqual(["Autumn compost", "Raised beds", "Compost tea"]);
  await page.getByLabel("Status").selectOption("Published");
  await expect.poll(() => cardTitles(page)).toEqual(["Autumn compost", "Raised beds"]);
  await page.getByLabel("Sort by").selectOption("Title (A–Z)");
  await expect(page).toHaveURL(/\/articles\?status=published&q=compo&sort=title$/);
  await expect.poll(() => cardTitles(page)).toEqual(["Autumn compost", "Raised beds"]);
  await expect(page.getByText("2 published articles match “compo”")).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(search).toHaveValue("compo");
  await expect(page.getByLabel("Status")).toHaveValue("published");
  await expect(page.getByLabel("Sort by")).toHaveValue("title");
  await expect.poll(() => cardTitles(page)).toEqual(["Autumn compost", "Raised beds"]);

  await search.fill("zucchini");
  await search.press("Enter");
  await expect(page.getByText("No published articles match “zucchini”.")).toBeVisible();
  await expect(page.getByText("No articles yet")).toHaveCount(0);
  await expectAccessible(page);

  // Preview still shows the content, fetched when asked.
  await search.fill("");
  await page.getByLabel("Status").selectOption("All Articles");
  await cardOf(page, "Compost tea").getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("dialog", { name: "Article Preview" }).getByText("nettles")).toBeVisible();
});

test("assistants: list the defaults, create, edit, use on Create, delete", async ({ page }) => {
  const account = await register(page);
  await openCreatePage(page);
  await page.getByRole("link", { name: "Manage assistants" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Assistants" })).toBeVisible();
  for (const name of ["SEO Blog Writer", "Article Polisher", "How-To Guide Writer"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expectAccessible(page);

  await page.getByRole("button", { name: "New Assistant" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Assistant" })).toBeVisible();
  // Without a key the provider's list cannot be read: the drafting model is offered, with the reason.
  await expect(page.getByLabel("Model").locator("option")).toHaveText(["Your drafting model (gpt-6.1-terra)"]);
  await expect(page.getByText("Save your OpenAI API key to see its models.")).toBeVisible();
  await page.getByRole("button", { name: "Save Assistant" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Name").fill("Travel Writer");
  await page.getByLabel("Description").fill("Writes warm, practical travel guides.");
  await page.getByLabel("Instructions").fill("Write like a well-travelled friend. Practical tips first.");
  await page.getByRole("button", { name: "Save Assistant" }).click();
  await expect(page.getByText("Assistant created successfully")).toBeVisible();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Travel Writer" }) });
  await expect(card.getByText("Model: your drafting model")).toBeVisible();

  // With a key, the model is a choice among the provider's models (the strict fake OpenAI's list).
  await saveOpenAIKey(account, "sk-test-assistants-FIXTURE-not-a-real-key-0003");
  await page.reload();
  await card.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Assistant" })).toBeVisible();
  await expect(page.getByLabel("Model").locator("option").first()).toHaveText("Your drafting model (gpt-6.1-terra)");
  await expect(page.getByLabel("Model").locator("option", { hasText: /^gpt-4$/ })).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveValue("Travel Writer");
  await page.getByLabel("Description").fill("Writes city guides.");
  await page.getByLabel("Model").selectOption("gpt-6.2-sol");
  await page.getByRole("button", { name: "Save Assistant" }).click();
  await expect(page.getByText("Assistant updated successfully")).toBeVisible();
  await expect(card.getByText("Writes city guides.")).toBeVisible();
  await expect(card.getByText("Model: gpt-6.2-sol")).toBeVisible();

  await page.goto("/articles/create");
  await expect(page.getByLabel("Choose Assistant").locator("option")).toContainText(["Travel Writer — Writes city guides."]);

  await page.goto("/assistants");
  await card.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: /^Delete .+\?$/ }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Assistant deleted successfully")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "SEO Blog Writer" })).toBeVisible();
});
