import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listGeneratedImages, uploadImage, type LibraryImage } from "./data/images";
import ImagePicker from "./ImagePicker";

vi.mock("./data/images", () => ({ listGeneratedImages: vi.fn(), uploadImage: vi.fn() }));

const UPLOADED: LibraryImage = {
  id: "new",
  url: "https://storage.test/u/2026/12/new.png",
  prompt: "Our stand at the fair",
  width: 1200,
  height: 800,
  source: "uploaded",
  createdAt: new Date("2026-12-07T10:00:00Z"),
};

function renderPicker(onInsert = vi.fn<(image: { src: string; alt: string }) => Record<string, string> | void>()) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<ImagePicker onInsert={onInsert} onClose={onClose} />);
  return { user, onInsert, onClose, dialog: () => screen.getByRole("dialog", { name: "Add image" }) };
}

beforeEach(() => {
  vi.mocked(listGeneratedImages).mockReset();
  vi.mocked(uploadImage).mockReset();
});

describe("ImagePicker", () => {
  it("an empty library says how to fill it", async () => {
    vi.mocked(listGeneratedImages).mockResolvedValue({ images: [], next: null });
    const { dialog } = renderPicker();
    expect(await within(dialog()).findByText("Your library is empty. Upload an image or generate one on Generate Images.")).toBeTruthy();
  });

  it("uploads a file and inserts it with its description as alternative text", async () => {
    vi.mocked(listGeneratedImages).mockResolvedValue({ images: [], next: null });
    vi.mocked(uploadImage).mockResolvedValue(UPLOADED);
    const { user, onInsert, onClose, dialog } = renderPicker();
    await user.click(within(dialog()).getByRole("radio", { name: "Upload" }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "stand.png", { type: "image/png" });
    await user.upload(within(dialog()).getByLabelText("Image file"), file);
    await user.type(within(dialog()).getByLabelText("Description"), "Our stand at the fair");
    await user.click(within(dialog()).getByRole("button", { name: "Upload and insert" }));
    expect(uploadImage).toHaveBeenCalledWith(file, "Our stand at the fair");
    expect(onInsert).toHaveBeenCalledWith({ src: UPLOADED.url, alt: "Our stand at the fair" });
    expect(onClose).toHaveBeenCalled();
  });

  it("a refused upload stays in the dialog with the reason; nothing is inserted", async () => {
    vi.mocked(listGeneratedImages).mockResolvedValue({ images: [], next: null });
    vi.mocked(uploadImage).mockRejectedValue(new Error("Images can be at most 10 MB. Choose a smaller file or compress it."));
    const { user, onInsert, onClose, dialog } = renderPicker();
    await user.click(within(dialog()).getByRole("radio", { name: "Upload" }));
    await user.upload(within(dialog()).getByLabelText("Image file"), new File(["x"], "big.png", { type: "image/png" }));
    await user.click(within(dialog()).getByRole("button", { name: "Upload and insert" }));
    expect(await within(dialog()).findByText("Images can be at most 10 MB. Choose a smaller file or compress it.")).toBeTruthy();
    expect(onInsert).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a web address the editor refuses is marked on the field and keeps the dialog open", async () => {
    vi.mocked(listGeneratedImages).mockResolvedValue({ images: [], next: null });
    const onInsert = vi.fn(() => ({ src: "Enter the image's web address (https://…)" }));
    const { user, onClose, dialog } = renderPicker(onInsert);
    await user.click(within(dialog()).getByRole("radio", { name: "Web address" }));
    await user.type(within(dialog()).getByLabelText("Image address"), "javascript:alert(1)");
    await user.click(within(dialog()).getByRole("button", { name: "Insert image" }));
    const field = within(dialog()).getByLabelText("Image address");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("loads older images on request and says so when that fails", async () => {
    vi.mocked(listGeneratedImages)
      .mockResolvedValueOnce({ images: [UPLOADED], next: { createdAt: "2026-12-07 10:00:00+00", id: "new" } })
      .mockRejectedValueOnce(new Error("offline"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, dialog } = renderPicker();
    await user.click(await within(dialog()).findByRole("button", { name: "Load more" }));
    expect(listGeneratedImages).toHaveBeenLastCalledWith({ createdAt: "2026-12-07 10:00:00+00", id: "new" });
    expect(await within(dialog()).findByText("Could not load more images. Try again.")).toBeTruthy();
  });
});
