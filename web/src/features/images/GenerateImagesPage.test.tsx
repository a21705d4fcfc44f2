import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  deleteGeneratedImage,
  fetchImageBlob,
  generateImages,
  listArticleChoices,
  listGeneratedImages,
  uploadImage,
  type LibraryCursor,
  type LibraryImage,
} from "./data/images";
import { notifyError, notifySuccess } from "../../lib/notify";
import GenerateImagesPage from "./GenerateImagesPage";
import { placeImageInArticle } from "./placeInArticle";

vi.mock("../../backend/supabase", () => ({ supabase: {} }));
vi.mock("./data/images", async (importOriginal) => ({
  dimensionsOf: (await importOriginal<typeof import("./data/images")>()).dimensionsOf,
  flaggedNote: (await importOriginal<typeof import("./data/images")>()).flaggedNote,
  generateImages: vi.fn(),
  listGeneratedImages: vi.fn(),
  deleteGeneratedImage: vi.fn(),
  fetchImageBlob: vi.fn(),
  uploadImage: vi.fn(),
  listArticleChoices: vi.fn(),
}));
vi.mock("./placeInArticle", () => ({ placeImageInArticle: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const STORED: LibraryImage[] = [
  { id: "b", url: "https://storage.test/b.png", prompt: "A newer fox", width: 1024, height: 576, source: "generated", createdAt: new Date("2026-11-22T12:00:00Z") },
  { id: "a", url: "https://storage.test/a.png", prompt: "An older owl", width: 1024, height: 1024, source: "uploaded", createdAt: new Date("2026-11-21T12:00:00Z") },
];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby")!)?.textContent;
const shownPrompts = () =>
  within(screen.getByRole("region", { name: "Generated Images" }))
    .queryAllByRole("img")
    .map((image) => image.getAttribute("alt"));

const NEXT = { createdAt: "2026-11-21 12:00:00.123456+00", id: "a" };

async function renderPage(images: LibraryImage[] = STORED, next: LibraryCursor | null = null) {
  vi.mocked(listGeneratedImages).mockResolvedValue({ images, next });
  const user = userEvent.setup();
  render(<GenerateImagesPage />);
  await waitFor(() =>
    expect(screen.getByRole("region", { name: "Generated Images" }).getAttribute("aria-busy")).toBe("false"),
  );
  return user;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("Generate Images form", () => {
  it("shows every field with its default", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Generate Images" })).toBeTruthy();
    expect(field("Image Description").value).toBe("");
    expect(field("Image Description").tagName).toBe("TEXTAREA");
    expect(field("Image Size").value).toBe("square_hd");
    expect(field("Style Preset").value).toBe("photographic");
    expect(field("Negative Prompt").value).toBe("blurry, low quality, distorted, watermark");
    expect([field("Number of Images").value, field("Number of Images").min, field("Number of Images").max]).toEqual(["1", "1", "4"]);
    expect(field("Inference Steps").value).toBe("30");
    expect([field("Guidance Scale").value, field("Guidance Scale").step]).toEqual(["7.5", "0.1"]);
    const sizes = within(screen.getByLabelText("Image Size")).getAllByRole("option").map((option) => option.textContent);
    expect(sizes).toEqual(["Square HD", "Square", "Portrait 4:3", "Portrait 16:9", "Landscape 4:3", "Landscape 16:9"]);
  });

  it("shows each validation message and sends nothing", async () => {
    const user = await renderPage();
    for (const [label, value] of [["Number of Images", "5"], ["Inference Steps", "0"], ["Guidance Scale", "20.5"]]) {
      await user.clear(field(label));
      await user.type(field(label), value);
    }
    await user.click(screen.getByRole("button", { name: "Generate" }));
    expect(noteOf(field("Image Description"))).toBe("Please enter a prompt");
    expect(noteOf(field("Number of Images"))).toBe("Number of images must be a whole number from 1 to 4");
    expect(noteOf(field("Inference Steps"))).toBe("Inference steps must be a whole number from 1 to 50");
    expect(noteOf(field("Guidance Scale"))).toBe("Guidance scale must be from 1 to 20");
    expect(document.activeElement).toBe(field("Image Description"));
    expect(generateImages).not.toHaveBeenCalled();
  });

  it("shows progress with elapsed seconds, then prepends the new images", async () => {
    let finish: (images: Awaited<ReturnType<typeof generateImages>>) => void = () => {};
    vi.mocked(generateImages).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = await renderPage();
    await user.type(field("Image Description"), "Two cats");
    await user.clear(field("Number of Images"));
    await user.type(field("Number of Images"), "2");
    await user.click(screen.getByRole("button", { name: "Generate" }));
    expect(vi.mocked(generateImages).mock.calls[0][0]).toMatchObject({ prompt: "Two cats", numImages: 2 });
    expect(screen.getByRole("button", { name: "Generating..." })).toHaveProperty("disabled", true);
    expect(screen.getByRole("status").textContent).toMatch(/^Generating images… 0 s/);
    await act(async () =>
      finish({
        images: [
          { id: "c1", url: "https://storage.test/c1.png", createdAt: "2026-11-23T10:00:00.000Z" },
          { id: "c2", url: "https://storage.test/c2.png", width: 1024, height: 1024, createdAt: "2026-11-23T10:00:00.000Z" },
        ],
        flagged: 0,
      }),
    );
    expect(notifySuccess).toHaveBeenCalledWith("Image generated successfully");
    expect(shownPrompts()).toEqual(["Two cats", "Two cats", "A newer fox", "An older owl"]);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(field("Image Description").value).toBe("Two cats");
  });

  it("shows the service's message when generation fails", async () => {
    vi.mocked(generateImages).mockRejectedValue(new Error("Invalid prompt: too spicy"));
    const user = await renderPage();
    await user.type(field("Image Description"), "Something");
    await user.click(screen.getByRole("button", { name: "Generate" }));
    expect(notifyError).toHaveBeenCalledWith("Invalid prompt: too spicy");
    expect(screen.getByText("Invalid prompt: too spicy")).toBeTruthy();
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(shownPrompts()).toHaveLength(2);
  });
});

describe("Generated Images list", () => {
  it("lists the library newest first with lazy images of explicit size", async () => {
    await renderPage();
    expect(listGeneratedImages).toHaveBeenCalledWith();
    expect(shownPrompts()).toEqual(["A newer fox", "An older owl"]);
    const [first] = within(screen.getByRole("region", { name: "Generated Images" })).getAllByRole("img");
    expect([first.getAttribute("loading"), first.getAttribute("width"), first.getAttribute("height")]).toEqual([
      "lazy",
      "1024",
      "576",
    ]);
  });

  it("tells how to start when there are no images", async () => {
    await renderPage([]);
    expect(screen.getByText("No images generated yet. Start by filling out the form and clicking generate!")).toBeTruthy();
  });

  it("says so when the library cannot be loaded", async () => {
    vi.mocked(listGeneratedImages).mockRejectedValue(new Error("offline"));
    render(<GenerateImagesPage />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/Could not load your images/);
  });

  it("loads further pages on request, continuing after the last image loaded", async () => {
    const user = await renderPage(STORED, NEXT);
    const older = { ...STORED[1], id: "z", prompt: "The oldest bee" };
    vi.mocked(listGeneratedImages).mockResolvedValue({ images: [STORED[1], older], next: null });
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(listGeneratedImages).toHaveBeenLastCalledWith(NEXT);
    expect(shownPrompts()).toEqual(["A newer fox", "An older owl", "The oldest bee"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("downloads an image as generated-image-{timestamp}.png", async () => {
    const user = await renderPage();
    vi.mocked(fetchImageBlob).mockResolvedValue(new Blob(["png"], { type: "image/png" }));
    URL.createObjectURL = vi.fn(() => "blob:image");
    URL.revokeObjectURL = vi.fn();
    let saved: HTMLAnchorElement | undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved = this;
    });
    await user.click(screen.getByRole("button", { name: "Download image: A newer fox" }));
    expect(fetchImageBlob).toHaveBeenCalledWith("https://storage.test/b.png");
    expect(saved?.href).toBe("blob:image");
    expect(saved?.download).toMatch(/^generated-image-\d+\.png$/);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:image"));
    click.mockRestore();
  });

  it("says so when a download fails", async () => {
    const user = await renderPage();
    vi.mocked(fetchImageBlob).mockRejectedValue(new Error("404"));
    await user.click(screen.getByRole("button", { name: "Download image: An older owl" }));
    expect(notifyError).toHaveBeenCalledWith("Failed to download image");
  });

  it("deletes an image after confirmation", async () => {
    const user = await renderPage();
    vi.mocked(deleteGeneratedImage).mockResolvedValue();
    const question = () => screen.getByRole("alertdialog", { name: "Delete this image?" });
    await user.click(screen.getByRole("button", { name: "Delete image: A newer fox" }));
    await user.click(within(question()).getByRole("button", { name: "Cancel" }));
    expect(deleteGeneratedImage).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Delete image: A newer fox" }).getAttribute("aria-busy")).toBeNull(),
    );
    await user.click(screen.getByRole("button", { name: "Delete image: A newer fox" }));
    expect(question().textContent).toContain("This cannot be undone.");
    await user.click(within(question()).getByRole("button", { name: "Delete" }));
    expect(deleteGeneratedImage).toHaveBeenCalledWith("b");
    await waitFor(() => expect(shownPrompts()).toEqual(["An older owl"]));
  });

  it("marks uploaded images in the library", async () => {
    await renderPage();
    const cards = within(screen.getByRole("region", { name: "Generated Images" })).getAllByRole("listitem");
    expect(cards.map((card) => card.querySelector(".image-source-badge")?.textContent ?? null)).toEqual([null, "Uploaded"]);
  });
});

describe("Upload an Image", () => {
  it("uploads the chosen file with its description and shows it first in the library, marked uploaded", async () => {
    const user = await renderPage();
    const uploaded: LibraryImage = {
      id: "new", url: "https://storage.test/new.jpg", prompt: "Our stand at the fair", width: 1200, height: 800,
      source: "uploaded", createdAt: new Date("2026-12-07T10:00:00Z"),
    };
    vi.mocked(uploadImage).mockResolvedValue(uploaded);
    const upload = within(screen.getByRole("region", { name: "Upload an Image" }));
    const file = new File([new Uint8Array([0x89, 0x50])], "stand.jpg", { type: "image/jpeg" });
    await user.upload(upload.getByLabelText("Image file"), file);
    await user.type(upload.getByLabelText("Description"), "Our stand at the fair");
    await user.click(upload.getByRole("button", { name: "Upload image" }));
    expect(uploadImage).toHaveBeenCalledWith(file, "Our stand at the fair");
    expect(shownPrompts()).toEqual(["Our stand at the fair", "A newer fox", "An older owl"]);
    expect(notifySuccess).toHaveBeenCalledWith("Image uploaded");
  });

  it("keeps the server's refusal under the form until dismissed", async () => {
    const user = await renderPage();
    vi.mocked(uploadImage).mockRejectedValue(
      new Error("Your image library is full (200 MB of 200 MB used). Delete images you no longer need, then try again."),
    );
    const upload = within(screen.getByRole("region", { name: "Upload an Image" }));
    await user.upload(upload.getByLabelText("Image file"), new File(["x"], "a.png", { type: "image/png" }));
    await user.click(upload.getByRole("button", { name: "Upload image" }));
    expect(await upload.findByText(/Your image library is full/)).toBeTruthy();
    await user.click(upload.getByRole("button", { name: "Dismiss" }));
    expect(upload.queryByText(/Your image library is full/)).toBeNull();
    expect(shownPrompts()).toEqual(["A newer fox", "An older owl"]);
  });
});

describe("Use in article", () => {
  it("puts the image into the chosen article as its featured image or into its text, and links to it", async () => {
    vi.mocked(listArticleChoices).mockResolvedValue([
      { id: "art-1", title: "Spring planting" },
      { id: "art-2", title: "Harbour walks" },
    ]);
    vi.mocked(placeImageInArticle).mockResolvedValue();
    const user = await renderPage();
    await user.click(screen.getByRole("button", { name: "Use in article: An older owl" }));
    const dialog = await screen.findByRole("dialog", { name: "Use in article" });
    await user.click(within(dialog).getByRole("button", { name: "Use image" }));
    expect(within(dialog).getByText("Choose an article")).toBeTruthy();
    expect(placeImageInArticle).not.toHaveBeenCalled();
    await user.selectOptions(await within(dialog).findByLabelText("Article"), "Harbour walks");
    expect((within(dialog).getByRole("radio", { name: "As its featured image" }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole("radio", { name: "At the end of its text" }));
    await user.click(within(dialog).getByRole("button", { name: "Use image" }));
    expect(placeImageInArticle).toHaveBeenCalledWith("art-2", STORED[1], "body");
    expect(within(dialog).getByRole("status").textContent).toBe(
      "The image was added at the end of the text of Harbour walks. Open the article",
    );
    expect(within(dialog).getByRole("link", { name: "Open the article" }).getAttribute("href")).toBe("/articles/edit/art-2");
  });

  it("says why when the article could not take the image, and keeps the dialog open", async () => {
    vi.mocked(listArticleChoices).mockResolvedValue([{ id: "art-1", title: "Spring planting" }]);
    vi.mocked(placeImageInArticle).mockRejectedValue(new Error("The article changed while the image was being added. Try again."));
    const user = await renderPage();
    await user.click(screen.getByRole("button", { name: "Use in article: A newer fox" }));
    const dialog = await screen.findByRole("dialog", { name: "Use in article" });
    await user.selectOptions(await within(dialog).findByLabelText("Article"), "Spring planting");
    await user.click(within(dialog).getByRole("button", { name: "Use image" }));
    expect(await within(dialog).findByText("The article changed while the image was being added. Try again.")).toBeTruthy();
    expect(placeImageInArticle).toHaveBeenCalledWith("art-1", STORED[0], "featured");
  });
});
