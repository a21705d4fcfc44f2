import { beforeEach, describe, expect, it, vi } from "vitest";
import { ArticleConflictError, getArticle, updateArticle, type Article } from "../articles/index";
import { saveFeaturedImageUrl, type LibraryImage } from "./data/images";
import { placeImageInArticle } from "./placeInArticle";

vi.mock("../articles/index", async (importOriginal) => ({
  ArticleConflictError: (await importOriginal<typeof import("../articles/index")>()).ArticleConflictError,
  getArticle: vi.fn(),
  updateArticle: vi.fn(),
}));
vi.mock("./data/images", () => ({ saveFeaturedImageUrl: vi.fn() }));

const IMAGE: LibraryImage = {
  id: "img",
  url: "https://storage.test/u/harbour.jpg?v=1&w=2",
  prompt: 'The "old" harbour <at> noon',
  width: 1600,
  height: 900,
  source: "uploaded",
  createdAt: new Date("2026-12-01T10:00:00Z"),
};

const ARTICLE: Article = {
  id: "art-1",
  title: "Harbour walks",
  content: "<p>Start at the pier.</p>",
  excerpt: "Walks",
  metaDescription: "",
  focusKeyword: "harbour",
  slug: "harbour-walks",
  categories: ["Travel"],
  tags: ["walks"],
  status: "published",
  featuredImageUrl: null,
  assistantId: null,
  scheduledFor: null,
  scheduledSiteIds: [],
  createdAt: new Date("2026-11-01T10:00:00Z"),
  version: 7,
  locale: null,
  languageFlag: null,
};

beforeEach(() => {
  vi.mocked(getArticle).mockReset();
  vi.mocked(updateArticle).mockReset();
});

describe("placeImageInArticle", () => {
  it("as the featured image: stores its URL on the article", async () => {
    await placeImageInArticle("art-1", IMAGE, "featured");
    expect(saveFeaturedImageUrl).toHaveBeenCalledWith("art-1", IMAGE.url);
    expect(updateArticle).not.toHaveBeenCalled();
  });

  it("into the text: appends the image, escaped, from the version read, keeping everything else", async () => {
    vi.mocked(getArticle).mockResolvedValue(ARTICLE);
    await placeImageInArticle("art-1", IMAGE, "body");
    const [id, version, changes] = vi.mocked(updateArticle).mock.calls[0];
    expect([id, version]).toEqual(["art-1", 7]);
    expect(changes).toMatchObject({
      title: "Harbour walks",
      status: "published",
      categories: ["Travel"],
      tags: ["walks"],
      content:
        '<p>Start at the pier.</p><img src="https://storage.test/u/harbour.jpg?v=1&amp;w=2" alt="The &quot;old&quot; harbour &lt;at&gt; noon">',
    });
  });

  it("says so when the article is gone or changed meanwhile", async () => {
    vi.mocked(getArticle).mockResolvedValue(null);
    await expect(placeImageInArticle("art-1", IMAGE, "body")).rejects.toThrow("Article not found");
    vi.mocked(getArticle).mockResolvedValue(ARTICLE);
    vi.mocked(updateArticle).mockRejectedValue(new ArticleConflictError({ ...ARTICLE, version: 8 }));
    await expect(placeImageInArticle("art-1", IMAGE, "body")).rejects.toThrow(
      "The article changed while the image was being added. Try again.",
    );
  });
});
