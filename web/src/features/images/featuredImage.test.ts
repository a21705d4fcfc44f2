import { describe, expect, it, vi } from "vitest";
import { saveFeaturedImageUrl } from "./data/images";
import { saveFeaturedImage } from "./featuredImage";

vi.mock("./data/images", () => ({ saveFeaturedImageUrl: vi.fn() }));

describe("saveFeaturedImage", () => {
  it("refuses to save when nothing was generated", async () => {
    await expect(saveFeaturedImage("article-1", null)).rejects.toThrow("No image generated to save");
    expect(saveFeaturedImageUrl).not.toHaveBeenCalled();
  });

  it("stores the URL on the article and returns it", async () => {
    vi.mocked(saveFeaturedImageUrl).mockResolvedValue();
    await expect(saveFeaturedImage("article-1", "https://example.test/a.png")).resolves.toBe("https://example.test/a.png");
    expect(saveFeaturedImageUrl).toHaveBeenCalledWith("article-1", "https://example.test/a.png");
  });

  it("reports a failed update with the spec's message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(saveFeaturedImageUrl).mockRejectedValue(new Error("JWT expired"));
    await expect(saveFeaturedImage("article-1", "https://example.test/a.png")).rejects.toThrow(
      "Failed to save featured image",
    );
  });
});
