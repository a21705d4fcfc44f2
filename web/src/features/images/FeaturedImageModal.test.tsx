import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { generateImages, listGeneratedImages, saveFeaturedImageUrl, uploadImage, type LibraryImage } from "./data/images";
import { notifyError, notifySuccess } from "../../lib/notify";
import FeaturedImageModal from "./FeaturedImageModal";

vi.mock("./data/images", () => ({
  generateImages: vi.fn(),
  saveFeaturedImageUrl: vi.fn(),
  listGeneratedImages: vi.fn(),
  uploadImage: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ARTICLE: { id: string; title: string; focusKeyword?: string; featuredImageUrl: string | null } = {
  id: "article-1",
  title: "A lighthouse at dusk",
  focusKeyword: "lighthouse",
  featuredImageUrl: null,
};
const LIBRARY: LibraryImage[] = [
  {
    id: "lib-1",
    url: "https://storage.test/u/2026/12/lib-1.jpg",
    prompt: "Our harbour at noon",
    width: 1600,
    height: 900,
    source: "uploaded",
    createdAt: new Date("2026-12-01T10:00:00Z"),
  },
  {
    id: "lib-2",
    url: "https://storage.test/u/2026/12/lib-2.png",
    prompt: "A red boat",
    width: 1024,
    height: 576,
    source: "generated",
    createdAt: new Date("2026-11-30T10:00:00Z"),
  },
];
const IMAGE = {
  id: "image-1",
  url: "http://127.0.0.1:54321/storage/v1/object/public/images/user-1/2026/11/image-1.png",
  width: 1024,
  height: 1024,
  createdAt: "2026-11-22T13:57:40.852Z",
};

const description = () => screen.getByLabelText("Image Description") as HTMLTextAreaElement;
const generateButton = () => screen.getByRole("button", { name: /^Generat/ }) as HTMLButtonElement;
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby")!)?.textContent;

function renderModal(article = ARTICLE) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup();
  const { unmount } = render(<FeaturedImageModal article={article} onClose={onClose} onSaved={onSaved} />);
  return { user, onClose, onSaved, unmount };
}

async function generate(user: ReturnType<typeof userEvent.setup>) {
  vi.mocked(generateImages).mockResolvedValue({ images: [IMAGE], flagged: 0 });
  await user.click(generateButton());
  await screen.findByRole("img", { name: /Generated image/ });
}

beforeEach(() => {
  vi.mocked(generateImages).mockReset();
  vi.mocked(saveFeaturedImageUrl).mockReset();
  vi.mocked(listGeneratedImages).mockResolvedValue({ images: LIBRARY, next: null });
  vi.mocked(uploadImage).mockReset();
});

describe("FeaturedImageModal", () => {
  it("prefills the description with the title, a landscape size and every other setting with its default", () => {
    renderModal();
    expect(screen.getByRole("heading", { name: "Generate Featured Image" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Generate" }) as HTMLInputElement).checked).toBe(true);
    expect(description().value).toBe("A lighthouse at dusk");
    expect((screen.getByLabelText("Image Size") as HTMLSelectElement).value).toBe("landscape_16_9");
    expect((screen.getByLabelText("Style Preset") as HTMLSelectElement).value).toBe("photographic");
    expect((screen.getByLabelText("Negative Prompt") as HTMLTextAreaElement).value).toBe(
      "blurry, low quality, distorted, watermark",
    );
    const steps = screen.getByLabelText("Inference Steps") as HTMLInputElement;
    expect([steps.value, steps.min, steps.max, steps.step]).toEqual(["30", "1", "50", "1"]);
    const guidance = screen.getByLabelText("Guidance Scale") as HTMLInputElement;
    expect([guidance.value, guidance.min, guidance.max, guidance.step]).toEqual(["7.5", "1", "20", "0.1"]);
    expect(screen.queryByRole("button", { name: "Save Image" })).toBeNull();
  });

  it("shows the current featured image until a new one is generated", async () => {
    const { user } = renderModal({ ...ARTICLE, featuredImageUrl: "https://storage.test/old.png" });
    expect(screen.getByRole("img", { name: "Current featured image of A lighthouse at dusk" }).getAttribute("src")).toBe(
      "https://storage.test/old.png",
    );
    await generate(user);
    expect(screen.queryByRole("img", { name: /Current featured image/ })).toBeNull();
  });

  it("adds the focus keyword to the title when the title does not say it; no excerpt is needed", () => {
    const { unmount } = renderModal({ ...ARTICLE, title: "Keeping a coast light", focusKeyword: " lighthouse keeping " });
    expect(description().value).toBe("Keeping a coast light, lighthouse keeping");
    expect(generateButton().disabled).toBe(false);
    unmount();
    renderModal({ ...ARTICLE, title: "Growing Tomatoes", focusKeyword: undefined });
    expect(description().value).toBe("Growing Tomatoes");
  });

  it("picks an image from the library and saves it as the featured image", async () => {
    vi.mocked(saveFeaturedImageUrl).mockResolvedValue();
    const { user, onSaved, onClose } = renderModal();
    await user.click(screen.getByRole("radio", { name: "Your library" }));
    expect(screen.queryByLabelText("Image Description")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Generat/ })).toBeNull();
    const choice = await screen.findByRole("radio", { name: /A red boat/ });
    expect(screen.getByRole("radio", { name: /Our harbour at noon/ }).closest("label")?.textContent).toContain("Uploaded");
    expect(screen.queryByRole("button", { name: "Save Image" })).toBeNull();
    await user.click(choice);
    const preview = document.querySelector(".featured-image-result img") as HTMLImageElement;
    expect([preview.alt, preview.src]).toEqual(["A red boat", LIBRARY[1].url]);
    await user.click(screen.getByRole("button", { name: "Save Image" }));
    expect(saveFeaturedImageUrl).toHaveBeenCalledWith("article-1", LIBRARY[1].url);
    expect(onSaved).toHaveBeenCalledWith(LIBRARY[1].url);
    expect(onClose).toHaveBeenCalled();
  });

  it("uploads an image, shows it, and saves it as the featured image", async () => {
    vi.mocked(saveFeaturedImageUrl).mockResolvedValue();
    vi.mocked(uploadImage).mockResolvedValue({ ...LIBRARY[0], id: "new", url: "https://storage.test/u/new.jpg", prompt: "Harbour" });
    const { user, onSaved } = renderModal();
    await user.click(screen.getByRole("radio", { name: "Upload" }));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "harbour.jpg", { type: "image/jpeg" });
    await user.upload(screen.getByLabelText("Image file"), file);
    await user.type(screen.getByLabelText("Description"), "Harbour");
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(uploadImage).toHaveBeenCalledWith(file, "Harbour");
    expect(((await screen.findByRole("img", { name: "Harbour" })) as HTMLImageElement).src).toBe("https://storage.test/u/new.jpg");
    expect(screen.getByText(/The uploaded image is also kept in your library/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save Image" }));
    expect(onSaved).toHaveBeenCalledWith("https://storage.test/u/new.jpg");
  });

  it("an upload the server refuses says why, in place, and nothing is offered to save", async () => {
    vi.mocked(uploadImage).mockRejectedValue(new Error("Only JPEG, PNG, WebP and GIF images can be uploaded, and this file is none of them"));
    const { user } = renderModal();
    await user.click(screen.getByRole("radio", { name: "Upload" }));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(screen.getByText("Choose an image file to upload")).toBeTruthy();
    expect(uploadImage).not.toHaveBeenCalled();
    await user.upload(screen.getByLabelText("Image file"), new File(["<svg/>"], "logo.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText(/this file is none of them/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save Image" })).toBeNull();
  });

  it("requires a description and valid numbers", async () => {
    const { user } = renderModal();
    await user.clear(description());
    await user.clear(screen.getByLabelText("Guidance Scale"));
    await user.type(screen.getByLabelText("Guidance Scale"), "7.55");
    await user.click(generateButton());
    expect(noteOf(description())).toBe("Please enter a prompt");
    expect(noteOf(screen.getByLabelText("Guidance Scale"))).toBe("Guidance scale must be in steps of 0.1");
    expect(generateImages).not.toHaveBeenCalled();
  });

  it("asks for one image with the chosen settings and shows Generating... meanwhile", async () => {
    let finish: (response: { images: (typeof IMAGE)[]; flagged: number }) => void = () => {};
    vi.mocked(generateImages).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderModal();
    await user.selectOptions(screen.getByLabelText("Image Size"), "Landscape 16:9");
    await user.selectOptions(screen.getByLabelText("Style Preset"), "Digital Art");
    await user.click(generateButton());
    expect(generateButton().textContent).toBe("Generating...");
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByRole("status").textContent).toMatch(/^Generating image… 0 s/);
    expect(vi.mocked(generateImages).mock.calls[0][0]).toEqual({
      model: "fal-ai/fast-sdxl",
      prompt: "A lighthouse at dusk",
      imageSize: "landscape_16_9",
      stylePreset: "digital-art",
      recraftStyle: null,
      negativePrompt: "blurry, low quality, distorted, watermark",
      numInferenceSteps: 30,
      guidanceScale: 7.5,
      numImages: 1,
    });
    await act(async () => finish({ images: [IMAGE], flagged: 0 }));
    const preview = (await screen.findByRole("img", { name: "Generated image: A lighthouse at dusk" })) as HTMLImageElement;
    expect(preview.src).toBe(IMAGE.url);
    expect(generateButton().textContent).toBe("Generate");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Save Image" }));
  });

  it("saves the generated image as the article's featured image", async () => {
    vi.mocked(saveFeaturedImageUrl).mockResolvedValue();
    const { user, onSaved, onClose } = renderModal();
    await generate(user);
    await user.click(screen.getByRole("button", { name: "Save Image" }));
    expect(saveFeaturedImageUrl).toHaveBeenCalledWith("article-1", IMAGE.url);
    expect(notifySuccess).toHaveBeenCalledWith("Featured image saved successfully");
    expect(onSaved).toHaveBeenCalledWith(IMAGE.url);
    expect(onClose).toHaveBeenCalled();
  });

  it("says so when saving fails and stays open", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(saveFeaturedImageUrl).mockRejectedValue(new Error("permission denied"));
    const { user, onSaved, onClose } = renderModal();
    await generate(user);
    await user.click(screen.getByRole("button", { name: "Save Image" }));
    expect(notifyError).toHaveBeenCalledWith("Failed to save featured image");
    expect(screen.getByText("Failed to save featured image")).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("discards an unsaved image on Cancel", async () => {
    const { user, onSaved, onClose } = renderModal();
    await generate(user);
    expect(screen.getByText(/kept in your library on Generate Images/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalled();
    expect(saveFeaturedImageUrl).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the service's message when generation fails", async () => {
    vi.mocked(generateImages).mockRejectedValue(new Error("fal.ai API key not found. Add it in Profile Settings."));
    const { user } = renderModal();
    await user.click(generateButton());
    expect(await screen.findByText("fal.ai API key not found. Add it in Profile Settings.", { exact: false })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Profile Settings" }).getAttribute("href")).toBe("/profile");
    expect(notifyError).toHaveBeenCalledWith("fal.ai API key not found. Add it in Profile Settings.");
    expect(vi.mocked(generateImages).mock.calls[0][1]).toMatchObject({ fallbackMessage: "Failed to generate featured image" });
    expect(screen.queryByRole("button", { name: "Save Image" })).toBeNull();
  });

  it("abandons a generation still running when closed", async () => {
    vi.mocked(generateImages).mockReturnValue(new Promise(() => {}));
    const { user, onClose, unmount } = renderModal();
    await user.click(generateButton());
    const signal = vi.mocked(generateImages).mock.calls[0][1]?.signal;
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalled();
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});
