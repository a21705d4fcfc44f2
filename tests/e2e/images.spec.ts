import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";

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

test("Generate Featured Image: generate from the excerpt, save, and the card shows our stored image", async ({ page }) => {
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
  await expect(modal.getByLabel("Image Description")).toHaveValue("A lighthouse at dusk on a rocky coast");
  await expect(modal.getByRole("button", { name: "Save Image" })).toHaveCount(0);
  await expectAccessible(page);

  await modal.getByRole("button", { name: "Generate", exact: true }).click();
  const preview = modal.getByRole("img", { name: /Generated image/ });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  const url = (await preview.getAttribute("src"))!;
  expect(url.startsWith(STORAGE_PREFIX)).toBe(true);
  await expectAccessible(page);

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
  await expect(library(page).getByRole("img", { name: "An owl on a branch" })).toBeVisible();
});
