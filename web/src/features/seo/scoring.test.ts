import { beforeEach, describe, expect, it, vi } from "vitest";
import { reportArticle } from "./analysis/analyze";
import { storeArticleScore } from "./data/articleScores";
import { scoreSavedArticle } from "./scoring";

vi.mock("../auth/index", () => ({ sessionState: { user: { id: "user-1" } } }));
vi.mock("./seoStore", () => ({
  ensureSeoSettings: vi.fn(async () => {}),
  ensureSiteHosts: vi.fn(async () => {}),
  seoState: { settings: { language: "en", disabledChecks: [] }, siteHosts: ["garden.example"] },
}));
vi.mock("./analysis/analyze", () => ({ reportArticle: vi.fn(() => ({ score: 72 })) }));
vi.mock("./data/articleScores", () => ({ storeArticleScore: vi.fn(async () => {}) }));

const FIELDS = {
  title: "Cómo compostar en casa",
  metaDescription: "Todo sobre el compost.",
  focusKeyword: "compost",
  slug: "como-compostar",
  content: "<p>El compost mejora la tierra.</p>",
};

describe("scoreSavedArticle", () => {
  beforeEach(() => vi.clearAllMocks());

  it("scores in the article's own language (its primary subtag), as the editor's panel does, and stores the score", async () => {
    expect(await scoreSavedArticle("article-1", FIELDS, "es-MX")).toBe(72);
    expect(reportArticle).toHaveBeenCalledWith(FIELDS, { language: "es", disabledChecks: [], siteHosts: ["garden.example"] });
    expect(storeArticleScore).toHaveBeenCalledWith("user-1", "article-1", 72);
  });

  it("without a language of its own, in the SEO settings' language", async () => {
    await scoreSavedArticle("article-1", FIELDS, null);
    expect(reportArticle).toHaveBeenCalledWith(FIELDS, expect.objectContaining({ language: "en" }));
  });
});
