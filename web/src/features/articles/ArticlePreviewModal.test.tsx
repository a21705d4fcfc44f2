import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ArticlePreviewModal, type ArticlePreviewContent } from "./ArticlePreviewModal";

const ARTICLE: ArticlePreviewContent = {
  title: "Spring planting guide",
  content: "<h2>Why</h2><p>Plant <strong>early</strong>.</p>",
  excerpt: "Everything about spring.",
  featuredImageUrl: "https://cdn.example/a.png",
  createdAt: new Date(2025, 0, 5),
  categories: ["Garden"],
  tags: ["spring", "planting"],
  slug: "spring-planting-guide",
  metaDescription: "Plant in spring",
  focusKeyword: "spring planting",
};

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>';

function renderPreview(article: ArticlePreviewContent = ARTICLE) {
  const onClose = vi.fn();
  render(<ArticlePreviewModal article={article} onClose={onClose} />);
  return { dialog: screen.getByRole("dialog", { name: "Article Preview" }), onClose };
}

const detail = (dialog: HTMLElement, term: string) => within(dialog).getByText(term).nextElementSibling!;

describe("article preview", () => {
  it("shows image, title, date, categories, tags, slug, excerpt, content and the SEO section", () => {
    const { dialog } = renderPreview();
    expect(dialog.querySelector("img")!.getAttribute("src")).toBe("https://cdn.example/a.png");
    expect(within(dialog).getByRole("heading", { name: "Spring planting guide" })).toBeTruthy();
    expect(within(dialog).getByText("Jan 5, 2025").tagName).toBe("TIME");
    expect(detail(dialog, "Categories").textContent).toBe("Garden");
    expect(within(detail(dialog, "Tags") as HTMLElement).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "spring",
      "planting",
    ]);
    expect(detail(dialog, "Slug").textContent).toBe("spring-planting-guide");
    expect(within(dialog).getByText("Everything about spring.")).toBeTruthy();
    expect(within(dialog).getByRole("heading", { name: "Why" })).toBeTruthy();
    expect(within(dialog).getByText("early").tagName).toBe("STRONG");
    const seo = within(dialog).getByRole("region", { name: "SEO" });
    expect(detail(seo, "Meta Description").textContent).toBe("Plant in spring");
    expect(detail(seo, "Focus Keyword").textContent).toBe("spring planting");
  });

  it("renders hostile content without script, handlers or javascript: links", () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { dialog } = renderPreview({ ...ARTICLE, content: HOSTILE });
    const content = dialog.querySelector(".article-content")!;
    expect(content.querySelector("script")).toBeNull();
    expect(content.querySelector("[onerror]")).toBeNull();
    expect(content.innerHTML).not.toMatch(/javascript:/i);
    expect(alert).not.toHaveBeenCalled();
  });

  it("uses the placeholder image and says what is missing for a new, empty article", () => {
    const { dialog } = renderPreview({
      ...ARTICLE,
      title: " ",
      featuredImageUrl: null,
      createdAt: null,
      categories: [],
      tags: [],
      slug: "",
      metaDescription: "",
      focusKeyword: "",
    });
    const image = dialog.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("/placeholder-article.svg");
    expect(image.getAttribute("alt")).toBe("");
    expect(within(dialog).getByRole("heading", { name: "Untitled" })).toBeTruthy();
    expect(within(dialog).getByText("Not saved yet")).toBeTruthy();
    expect(within(dialog).getAllByText("Not set")).toHaveLength(5);
  });

  it("closes with the Close button", async () => {
    const { dialog, onClose } = renderPreview();
    const [, footerClose] = within(dialog).getAllByRole("button", { name: "Close" });
    await userEvent.click(footerClose);
    expect(onClose).toHaveBeenCalled();
  });
});
