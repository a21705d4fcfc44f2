import { readFile } from "node:fs/promises";
import { crc32, deflateSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { expectAccessible, expectFullyAccessibleAtBothWidths } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";
import { contentHtml, expectEditorReady, formattingToolbar } from "./support/editor.ts";

const STORAGE_PREFIX = `${e2eEnv.apiUrl}/storage/v1/object/public/images/`;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function setFalScenario(scenario: string): Promise<void> {
  const response = await fetch(`${e2eEnv.falUrl}/_fake/scenario`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ scenario }),
  });
  expect(response.ok).toBe(true);
}

/** A signed-in account with a stored fal.ai key. */
async function registerWithFalKey(page: Page, falaiKey = "fal-test-key-123") {
  const account = await register(page);
  const backend = await backendAs(account);
  const { error } = await backend.functions.invoke("save-api-keys", { body: { falaiKey } });
  expect(error).toBeNull();
  return { account, backend };
}

const generatorForm = (page: Page) => page.getByRole("form", { name: "Generate images" });
const library = (page: Page) => page.getByRole("region", { name: "Generated Images" });

async function generate(page: Page, prompt: string, numImages: number) {
  await page.getByLabel("Image Description").fill(prompt);
  await page.getByLabel("Number of Images").fill(String(numImages));
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  // The previous generation's toast may still be leaving.
  await expect(page.getByText("Image generated successfully").last()).toBeVisible({ timeout: 60_000 });
}

test("Generate Images: generate, list newest first across reloads, download, see the service's errors", async ({ page }) => {
  await registerWithFalKey(page);
  await page.getByRole("link", { name: "Generate Images" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Generate Images" })).toBeVisible();
  await expect(library(page).getByText("No images generated yet. Start by filling out the form and clicking generate!")).toBeVisible();
  await expect(page.getByLabel("Image Size")).toHaveValue("square_hd");
  await expect(page.getByLabel("Negative Prompt")).toHaveValue("blurry, low quality, distorted, watermark");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText("Please enter a prompt")).toBeVisible();

  await generate(page, "A red fox in the snow", 1);
  await generate(page, "A blue owl at night", 2);
  const images = library(page).getByRole("img");
  const expectedOrder = ["A blue owl at night", "A blue owl at night", "A red fox in the snow"];
  await expect(images).toHaveCount(3);
  expect(await images.evaluateAll((all) => all.map((image) => image.getAttribute("alt")))).toEqual(expectedOrder);
  for (const src of await images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).src))) {
    expect(src.startsWith(STORAGE_PREFIX)).toBe(true);
  }

  await page.reload();
  await expect(images).toHaveCount(3);
  expect(await images.evaluateAll((all) => all.map((image) => image.getAttribute("alt")))).toEqual(expectedOrder);
  await expect.poll(() => images.first().evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);

  // The download button shows on keyboard focus as well as on hover.
  const newest = library(page).getByRole("listitem").first();
  const downloadButton = newest.getByRole("button", { name: "Download image: A blue owl at night" });
  await downloadButton.focus();
  await expect.poll(() => downloadButton.evaluate((button) => getComputedStyle(button.parentElement!).opacity)).toBe("1");
  await page.mouse.move(0, 0);
  await newest.hover();
  const [download] = await Promise.all([page.waitForEvent("download"), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^generated-image-\d+\.png$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

  await setFalScenario("validation-error");
  try {
    await page.getByLabel("Image Description").fill("Something blocked");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const message = "Prompt contains blocked content; Input should be less than or equal to 50";
    await expect(generatorForm(page).getByText(message)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  } finally {
    await setFalScenario("success");
  }
  await expect(images).toHaveCount(3);

  // Deleting removes the library row and the stored file.
  const oldest = library(page).getByRole("listitem").last();
  const oldestUrl = (await oldest.getByRole("img").getAttribute("src"))!;
  await oldest.getByRole("button", { name: "Delete image: A red fox in the snow" }).click();
  await page.getByRole("alertdialog", { name: "Delete this image?" }).getByRole("button", { name: "Delete" }).click();
  await expect(images).toHaveCount(2);
  await page.reload();
  await expect(images).toHaveCount(2);
  expect(await images.evaluateAll((all) => all.map((image) => image.getAttribute("alt")))).toEqual(expectedOrder.slice(0, 2));
  const admin = adminBackend();
  const { data: rows } = await admin.from("generated_images").select("id").eq("public_url", oldestUrl);
  expect(rows).toEqual([]);
  const storedPath = (url: string) => decodeURIComponent(url.slice(STORAGE_PREFIX.length));
  const kept = (await images.first().getAttribute("src"))!;
  expect((await admin.storage.from("images").download(storedPath(kept))).error).toBeNull();
  expect((await admin.storage.from("images").download(storedPath(oldestUrl))).error).not.toBeNull();
});

test("Generate Images: a wrong fal.ai key says so and where to fix it", async ({ page }) => {
  await registerWithFalKey(page, "fal-wrong-key-123");
  await page.goto("/generate-images");
  await page.getByLabel("Image Description").fill("A lighthouse");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(generatorForm(page).getByText("fal.ai refused the API key. Check it in Profile Settings → API Keys."))
    .toBeVisible({ timeout: 60_000 });
  await expect(library(page).getByText(/No images generated yet/)).toBeVisible();
});

test("Generate Images: the model decides the fields; FLUX's own limits; a flagged image is refused, not stored", async ({ page }) => {
  await registerWithFalKey(page);
  await page.goto("/generate-images");
  await expect(page.getByLabel("Image Model")).toHaveValue("fal-ai/fast-sdxl");
  await page.getByLabel("Image Model").selectOption("fal-ai/flux/schnell");
  await expect(page.getByLabel("Negative Prompt")).toHaveCount(0);
  await expect(page.getByLabel("Style Preset")).toHaveCount(0);
  await expect(page.getByLabel("Inference Steps")).toHaveValue("4");
  await expect(page.getByLabel("Inference Steps")).toHaveAttribute("max", "12");
  await page.getByLabel("Inference Steps").fill("30");
  await page.getByLabel("Image Description").fill("A fox by a lake");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(generatorForm(page).getByText("Inference steps must be a whole number from 1 to 12")).toBeVisible();
  await page.getByLabel("Inference Steps").fill("4");
  await page.getByLabel("Number of Images").fill("1");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText("Image generated successfully")).toBeVisible({ timeout: 60_000 });
  await expect(library(page).getByRole("img")).toHaveCount(1);

  await page.getByLabel("Image Model").selectOption("fal-ai/recraft/v3/text-to-image");
  await expect(page.getByLabel("Inference Steps")).toHaveCount(0);
  await expect(page.getByLabel("Number of Images")).toHaveCount(0);
  await expect(page.getByLabel("Style")).toHaveValue("realistic_image");
  await expectAccessible(page);

  await page.getByLabel("Image Model").selectOption("fal-ai/flux/dev");
  await page.getByLabel("Image Description").fill("A nsfw-test scene");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const flagged = "fal.ai's safety checker flagged the image, so it was not kept (and not counted). Try a different description.";
  await expect(generatorForm(page).getByText(flagged)).toBeVisible({ timeout: 60_000 });
  await expect(library(page).getByRole("img")).toHaveCount(1);
});

test("Generate Featured Image: generate from the title, save, and the card shows our stored image", async ({ page }) => {
  const { backend } = await registerWithFalKey(page);
  const title = "Lighthouses of the North";
  const { data: article, error } = await adminBackend()
    .from("articles")
    .insert({
      user_id: backend.userId,
      title,
      content: "<p>Tall towers by the sea.</p>",
      excerpt: "A lighthouse at dusk on a rocky coast",
      status: "draft",
      categories: ["Travel"],
      tags: ["coast"],
    })
    .select("id")
    .single();
  expect(error).toBeNull();

  await page.goto("/articles");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("button", { name: /Generate Image/ }).click();
  const modal = page.getByRole("dialog", { name: "Generate Featured Image" });
  await expect(modal).toBeVisible();
  // The description starts from the title (the list's card knows no focus keyword), in a landscape size.
  await expect(modal.getByLabel("Image Description")).toHaveValue(title);
  await expect(modal.getByLabel("Image Size")).toHaveValue("landscape_16_9");
  await expect(modal.getByRole("button", { name: "Save Image" })).toHaveCount(0);
  await expectFullyAccessibleAtBothWidths(page, ["dialog[open]"]);
  await page.screenshot({ path: test.info().outputPath("featured-modal-open.png") });

  await modal.getByRole("button", { name: "Generate", exact: true }).click();
  const preview = modal.getByRole("img", { name: /Generated image/ });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  const url = (await preview.getAttribute("src"))!;
  expect(url.startsWith(STORAGE_PREFIX)).toBe(true);
  // Save Image took the focus, scrolling the dialog's text under its header; axe is asked about it from the top.
  await modal.locator("article").evaluate((dialogArticle) => dialogArticle.scrollTo(0, 0));
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("featured-modal-generated.png") });

  await modal.getByRole("button", { name: "Save Image" }).click();
  await expect(page.getByText("Featured image saved successfully")).toBeVisible();
  await expect(modal).toBeHidden();
  const cardImage = card.locator(`img[src="${url}"]`);
  await expect(cardImage).toBeVisible();
  await expect.poll(() => cardImage.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  const { data: saved } = await adminBackend().from("articles").select("featured_image_url").eq("id", article!.id).single();
  expect(saved?.featured_image_url).toBe(url);

  await page.reload();
  await expect(card.locator(`img[src="${url}"]`)).toBeVisible();
});

test("Generate Featured Image: closing discards an unsaved image", async ({ page }) => {
  const { backend } = await registerWithFalKey(page);
  const title = "Owls at Night";
  const { data: article } = await adminBackend()
    .from("articles")
    .insert({ user_id: backend.userId, title, content: "<p>Hoot.</p>", excerpt: "An owl on a branch", status: "draft" })
    .select("id")
    .single();

  await page.goto("/articles");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("button", { name: /Generate Image/ }).click();
  const modal = page.getByRole("dialog", { name: "Generate Featured Image" });
  await modal.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(modal.getByRole("img", { name: /Generated image/ })).toBeVisible({ timeout: 60_000 });
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();

  const { data: unchanged } = await adminBackend().from("articles").select("featured_image_url").eq("id", article!.id).single();
  expect(unchanged?.featured_image_url).toBeNull();
  // The discarded image is still in the library.
  await page.goto("/generate-images");
  await expect(library(page).getByRole("img", { name: title })).toBeVisible();
});

/** A real PNG, `width`×`height`, a colour gradient (8-bit RGB; zlib and CRC-32 from Node). */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      rows.set([Math.round((255 * x) / width), 90, Math.round((255 * y) / height)], y * (1 + width * 3) + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from(PNG_SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("Images in writing: upload into the library, insert it into an article's body, use it as the featured image, publish", async ({ page }) => {
  // Strict axe at two widths on four screens, and a real WordPress when the runner has one.
  test.setTimeout(240_000);
  const account = await register(page);
  const backend = await backendAs(account);
  const title = `Harbour walks ${Date.now()}`;
  const { data: article, error } = await adminBackend()
    .from("articles")
    .insert({
      user_id: backend.userId,
      title,
      content: "<p>Start at the pier.</p>",
      excerpt: "Walks by the sea",
      status: "draft",
      categories: ["Travel"],
      tags: ["harbour"],
    })
    .select("id")
    .single();
  expect(error).toBeNull();

  // Upload: a file that is not an image is refused in place, whatever its name says; a PNG joins the library.
  await page.goto("/generate-images");
  const uploadSection = page.getByRole("region", { name: "Upload an Image" });
  await uploadSection.getByLabel("Image file").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
  });
  await uploadSection.getByRole("button", { name: "Upload image" }).click();
  await expect(uploadSection.getByText("Only JPEG, PNG, WebP and GIF images can be uploaded, and this file is none of them")).toBeVisible();
  await expectFullyAccessibleAtBothWidths(page, ["main"]);
  await page.screenshot({ path: test.info().outputPath("upload-refused.png"), fullPage: true });

  await uploadSection.getByLabel("Image file").setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: gradientPng(160, 90) });
  await uploadSection.getByLabel("Description").fill("The harbour at noon");
  await uploadSection.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText("Image uploaded")).toBeVisible();
  const card = library(page).getByRole("listitem").filter({ has: page.getByRole("img", { name: "The harbour at noon" }) });
  await expect(card.getByText("Uploaded", { exact: true })).toBeVisible();
  const url = (await card.getByRole("img").getAttribute("src"))!;
  expect(url.startsWith(STORAGE_PREFIX)).toBe(true);
  await expect.poll(() => card.getByRole("img").evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(160);
  await page.reload();
  await expect(card.getByText("Uploaded", { exact: true })).toBeVisible();
  await expectFullyAccessibleAtBothWidths(page, ["main"]);
  await page.screenshot({ path: test.info().outputPath("library-with-upload.png"), fullPage: true });

  // Insert from the library into the body, with the editor's Image button.
  await page.goto(`/articles/edit/${article!.id}`);
  await expectEditorReady(page);
  await page.locator('[role="textbox"][contenteditable][data-field="content"]').click();
  await page.keyboard.press("End");
  await formattingToolbar(page).getByRole("button", { name: "Image" }).click();
  const picker = page.getByRole("dialog", { name: "Add image" });
  await expect(picker.getByRole("radio", { name: "Your library" })).toBeChecked();
  await picker.getByRole("radio", { name: /The harbour at noon/ }).check();
  await expect(picker.getByLabel("Alternative text")).toHaveValue("The harbour at noon");
  await expectFullyAccessibleAtBothWidths(page, ["dialog[open]"]);
  await page.screenshot({ path: test.info().outputPath("add-image-library.png") });
  await picker.getByRole("radio", { name: "Upload", exact: true }).check();
  await expect(picker.getByLabel("Image file")).toBeVisible();
  await expectFullyAccessibleAtBothWidths(page, ["dialog[open]"]);
  await picker.getByRole("radio", { name: "Your library" }).check();
  await picker.getByRole("radio", { name: /The harbour at noon/ }).check();
  await picker.getByRole("button", { name: "Insert image" }).click();
  await expect(picker).toBeHidden();
  expect(await contentHtml(page)).toContain(`<img src="${url}" alt="The harbour at noon">`);
  await page.getByRole("button", { name: /^Save/ }).first().click();
  await expect
    .poll(async () => (await adminBackend().from("articles").select("content").eq("id", article!.id).single()).data?.content)
    .toContain(url);

  // "Use in article" from the library: as the featured image.
  await page.goto("/generate-images");
  await card.getByRole("button", { name: "Use in article: The harbour at noon" }).click();
  const use = page.getByRole("dialog", { name: "Use in article" });
  await use.getByLabel("Article").selectOption({ label: title });
  await expectFullyAccessibleAtBothWidths(page, ["dialog[open]"]);
  await use.getByRole("button", { name: "Use image" }).click();
  await expect(use.getByRole("status")).toHaveText(`The image is now the featured image of ${title}. Open the article`);
  await page.screenshot({ path: test.info().outputPath("use-in-article-done.png") });
  const { data: saved } = await adminBackend().from("articles").select("featured_image_url").eq("id", article!.id).single();
  expect(saved?.featured_image_url).toBe(url);

  // To the real WordPress, when this runner has one: the body's image and the featured image arrive.
  const wordpress = e2eEnv.wordpress;
  if (!wordpress) return;
  await page.goto("/wordpress-sites");
  await page.getByRole("button", { name: "Add Site" }).click();
  const connect = page.getByRole("dialog", { name: "Connect WordPress Site" });
  await connect.getByLabel("Site Name").fill("Harbour blog");
  await connect.getByLabel("Site URL").fill(wordpress.url);
  await connect.getByLabel("Username").fill(wordpress.user);
  await connect.getByLabel("Application Password").fill(wordpress.appPassword);
  await connect.getByRole("button", { name: "Connect Site" }).click();
  await expect(page.getByText("WordPress site connected successfully")).toBeVisible({ timeout: 60_000 });
  await page.goto("/articles");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) }).getByRole("button", { name: "Publish" }).click();
  const publish = page.getByRole("dialog", { name: "Publish to WordPress" });
  await expect(publish.getByText("Loading sites...")).toBeHidden();
  await publish.getByLabel("Select WordPress Site").selectOption({ label: `Harbour blog (${wordpress.url})` });
  await publish.getByLabel("Post Status").selectOption({ label: "Publish Immediately" });
  await publish.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(publish.getByText("Article published successfully!")).toBeVisible({ timeout: 60_000 });
  const auth = Buffer.from(`${wordpress.user}:${wordpress.appPassword}`).toString("base64");
  const response = await fetch(`${wordpress.url}/wp-json/wp/v2/posts?context=edit&status=any&search=${encodeURIComponent(title)}`, {
    headers: { authorization: `Basic ${auth}` },
  });
  const [post] = (await response.json()) as { content: { raw: string }; featured_media: number }[];
  // The image in the body was moved to WordPress's media library on publish; the post points at none of our storage.
  expect(post.content.raw).toMatch(/<img src="[^"]*\/wp-content\/uploads\/[^"]*inkpress-[0-9a-f]{12}[^"]*" alt="The harbour at noon"/);
  expect(post.content.raw).not.toContain(STORAGE_PREFIX);
  expect(post.featured_media).toBeGreaterThan(0);
});
