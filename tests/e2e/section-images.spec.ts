import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { DESKTOP, expectFullyAccessibleAtBothWidths, PHONE } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";
import { contentEditor, expectEditorReady } from "./support/editor.ts";

/**
 * Images in the body (issue 26) in Chromium against the production build,
 * the fake provider (which plans one image per "Section N:" with alt text in
 * the language asked for, _testing/fakes/openai_section_images.ts), the fake
 * fal.ai and the real WordPress: an article with two H2s gets an image
 * under each from the editor's panel, in Spanish alt text; one is
 * regenerated on its own; after saving and publishing, both images are in
 * WordPress's media library and the post points at none of this app's
 * storage. The panel gets the strict axe check at desktop and phone
 * widths, with screenshots in /tmp/section-images.
 */

const SCREENSHOTS = "/tmp/section-images";
const STORAGE_PREFIX = `${e2eEnv.apiUrl}/storage/v1/object/public/images/`;
/** The token body_images.ts puts into an uploaded file's name: `inkpress-` and 12 hex digits of the URL's SHA-256. */
const tokenOf = (url: string) => `inkpress-${createHash("sha256").update(url).digest("hex").slice(0, 12)}`;

test("an image under each section, one regenerated, both in WordPress's media library once published", async ({ page }) => {
  test.setTimeout(180_000);
  const wordpress = e2eEnv.wordpress;
  if (!wordpress) throw new Error("The real WordPress is not installed: run bash scripts/rigs/wordpress/install-packages.sh");
  const backend = await backendAs(await register(page));
  const keys = await backend.functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-e2e-sections-FIXTURE-not-a-real-key-0001", falaiKey: "fal-test-key-123" },
  });
  expect(keys.error).toBeNull();
  const { data: saved, error } = await backend.functions.invoke<{ article: { id: string } }>("save-article", {
    body: {
      title: "Huertos urbanos",
      content: [
        "<p>Un huerto cabe en cualquier balcón.</p>",
        "<h2>Elegir las macetas</h2>",
        "<p>Las macetas hondas guardan mejor la humedad.</p>",
        "<h2>Regar sin excesos</h2>",
        "<p>Riega por la mañana y comprueba la tierra con el dedo.</p>",
      ].join("\n"),
      excerpt: "Cómo empezar un huerto en casa.",
      locale: "es",
    },
  });
  expect(error).toBeNull();
  const articleId = saved!.article.id;

  await page.goto(`/articles/edit/${articleId}`);
  await expectEditorReady(page);
  const panel = page.getByRole("region", { name: "Images in the body" });
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await panel.getByRole("button", { name: "Add images to 2 sections" }).click();
  await expect(panel.getByRole("status")).toHaveText("2 images placed under their headings.", { timeout: 60_000 });

  const images = contentEditor(page).locator("img");
  await expect(images).toHaveCount(2);
  await expect(images.nth(0)).toHaveAttribute("alt", "Una ilustración sobre elegir las macetas");
  await expect(images.nth(1)).toHaveAttribute("alt", "Una ilustración sobre regar sin excesos");
  const drawn = await images.evaluateAll((elements) => elements.map((element) => element.getAttribute("src")!));
  for (const src of drawn) expect(src.startsWith(STORAGE_PREFIX), src).toBe(true);
  // Each image stands directly under its heading.
  await expect(contentEditor(page).locator("h2 + img")).toHaveCount(2);
  await expect(panel.getByRole("img", { name: "Una ilustración sobre regar sin excesos" })).toBeVisible();

  for (const [width, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(400);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/panel-${width}.png` });
  }
  await expectFullyAccessibleAtBothWidths(page, [".section-images"]);

  // The second section's image alone, drawn again.
  await page.setViewportSize(DESKTOP);
  await panel.getByRole("button", { name: "Regenerate image for “Regar sin excesos”" }).click();
  await expect(panel.getByRole("status")).toHaveText("1 image placed under its heading.", { timeout: 60_000 });
  await expect(images).toHaveCount(2);
  await expect(images.nth(0)).toHaveAttribute("src", drawn[0]);
  const regenerated = await images.nth(1).getAttribute("src");
  expect(regenerated).not.toBe(drawn[1]);
  expect(regenerated!.startsWith(STORAGE_PREFIX)).toBe(true);

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  const { data: stored } = await adminBackend().from("articles").select("content").eq("id", articleId).single();
  // Stored as save-article's sanitiser writes it (a self-closed <img />), directly under its heading.
  expect(stored!.content).toContain(`<h2>Regar sin excesos</h2>\n<img src="${regenerated}" alt="Una ilustración sobre regar sin excesos" />`);

  // Published to the real WordPress: both images moved into its media library.
  const connected = await backend.functions.invoke<{ site: { id: string } }>("wordpress-connect", {
    body: { name: "Huerto", site_url: wordpress.url, username: wordpress.user, application_password: wordpress.appPassword },
  });
  expect(connected.error).toBeNull();
  const published = await backend.functions.invoke<{ remotePostId: number }>("publish-article", {
    body: { articleId, siteId: connected.data!.site.id, status: "publish" },
  });
  expect(published.error).toBeNull();
  const auth = { authorization: `Basic ${Buffer.from(`${wordpress.user}:${wordpress.appPassword}`).toString("base64")}` };
  const wp = async <T>(path: string) => {
    const response = await fetch(`${wordpress.url}/wp-json/wp/v2/${path}`, { headers: auth });
    expect(response.ok, `GET ${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
  const post = await wp<{ content: { raw: string } }>(`posts/${published.data!.remotePostId}?context=edit`);
  expect(post.content.raw).not.toContain("/storage/v1/object/public/");
  const media = await wp<{ source_url: string; alt_text: string }[]>("media?per_page=100&orderby=id&order=desc&media_type=image");
  for (const [url, alt] of [
    [drawn[0], "Una ilustración sobre elegir las macetas"],
    [regenerated!, "Una ilustración sobre regar sin excesos"],
  ]) {
    const items = media.filter((item) => item.source_url.split("/").at(-1)!.includes(tokenOf(url)));
    expect(items, `${alt}: in the media library once`).toHaveLength(1);
    expect(items[0].alt_text).toBe(alt);
    expect(post.content.raw).toContain(items[0].source_url);
  }
});

test("Create with An image under each section: once the draft is written, each of its H2s gets an image", async ({ page }) => {
  test.setTimeout(120_000);
  const backend = await backendAs(await register(page));
  const keys = await backend.functions.invoke("save-api-keys", {
    body: { openaiKey: "sk-e2e-sections-FIXTURE-not-a-real-key-0002", falaiKey: "fal-test-key-123" },
  });
  expect(keys.error).toBeNull();
  await page.goto("/articles/create");
  await expect(page.getByLabel("Choose Assistant")).toBeEnabled();
  await page.getByLabel("AI Article Idea").fill("composting");
  await page.getByLabel("Choose Assistant").selectOption({ index: 1 });
  await page.getByText("Language and generation settings").click();
  await page.getByRole("checkbox", { name: "An image under each section" }).check();
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByText("Content generated successfully")).toBeVisible({ timeout: 30_000 });

  const headings = contentEditor(page).locator("h2");
  const count = await headings.count();
  expect(count).toBeGreaterThan(1);
  const panel = page.getByRole("region", { name: "Images in the body" });
  await expect(panel.getByRole("status")).toHaveText(`${count} images placed under their headings.`, { timeout: 60_000 });
  await expect(contentEditor(page).locator("h2 + img")).toHaveCount(count);
  for (const src of await contentEditor(page).locator("h2 + img").evaluateAll((elements) => elements.map((element) => element.getAttribute("src")!))) {
    expect(src.startsWith(STORAGE_PREFIX), src).toBe(true);
  }
});
