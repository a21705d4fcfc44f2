import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { deleteArticle, listArticles, type Article } from "../../data/articles";
import { notifyError, notifySuccess } from "../../lib/notify";
import ArticlesPage, { DELETE_CONFIRMATION } from "./ArticlesPage";

vi.mock("../../data/articles", () => ({ listArticles: vi.fn(), deleteArticle: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../../components/wordpress/PublicationLinks", () => ({
  default: ({ articleId }: { articleId: string }) => <p>Publications of {articleId}</p>,
}));
vi.mock("../../components/images/FeaturedImageModal", () => ({
  default: (props: { article: { id: string; title: string; excerpt: string }; onSaved(url: string): void; onClose(): void }) => (
    <div role="dialog" aria-label="Generate Featured Image">
      <p>Image for {props.article.title}: {props.article.excerpt}</p>
      <button onClick={() => props.onSaved("https://cdn.example/new.png")}>Save Image</button>
      <button onClick={props.onClose}>Close image</button>
    </div>
  ),
}));
vi.mock("../../components/wordpress/PublishModal", () => ({
  default: (props: { article: { id: string; title: string }; onPublished(): void; onClose(): void }) => (
    <div role="dialog" aria-label="Publish to WordPress">
      <p>Publish {props.article.title}</p>
      <button onClick={props.onPublished}>Publish now</button>
      <button onClick={props.onClose}>Close publish</button>
    </div>
  ),
}));

function article(overrides: Partial<Article>): Article {
  return {
    id: "a1",
    title: "Spring planting guide",
    content: "<p>Plant early.</p>",
    excerpt: "Everything about planting in spring.",
    status: "draft",
    featuredImageUrl: null,
    metaDescription: "Plant in spring",
    focusKeyword: "spring planting",
    slug: "spring-planting-guide",
    categories: ["Garden"],
    tags: ["spring", "planting"],
    assistantId: null,
    scheduledFor: null,
    scheduledSiteIds: [],
    createdAt: new Date(2025, 0, 5, 9),
    ...overrides,
  };
}

const ARTICLES = [
  article({ id: "a1", status: "published", featuredImageUrl: "https://cdn.example/a1.png" }),
  article({ id: "a2", title: "Autumn recipes", status: "scheduled", createdAt: new Date(2024, 11, 31), tags: [] }),
  article({ id: "a3", title: "Notes on soil", status: "draft", categories: [], excerpt: "" }),
];

function renderPage(path = "/articles", search = "") {
  const location = memoryLocation({ path, searchPath: search, record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ArticlesPage />
    </Router>,
  );
  return { user, location };
}

const card = (title: string) => screen.getByRole("article", { name: title });

beforeEach(() => {
  vi.mocked(listArticles).mockResolvedValue(ARTICLES);
});

describe("articles list", () => {
  it("has the heading, a Create Article button and the status filter", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Articles" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Article" }).getAttribute("href")).toBe("/articles/create");
    const filter = screen.getByLabelText("Status") as HTMLSelectElement;
    expect([...filter.options].map((option) => option.text)).toEqual(["All Articles", "Draft", "Published"]);
    expect(filter.value).toBe("");
    await screen.findByText("Spring planting guide");
    expect(listArticles).toHaveBeenCalledWith(undefined);
  });

  it("shows a spinner while loading", () => {
    vi.mocked(listArticles).mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(screen.getByRole("status", { name: "Loading articles…" })).toBeTruthy();
  });

  it("shows each card in the order given (newest first) with image, title, badge, excerpt, date and terms", async () => {
    renderPage();
    await screen.findByText("Spring planting guide");
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Spring planting guide",
      "Autumn recipes",
      "Notes on soil",
    ]);

    const first = card("Spring planting guide");
    const image = first.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("https://cdn.example/a1.png");
    expect(image.getAttribute("alt")).toBe("");
    expect(within(first).getByText("Published").dataset.tone).toBe("green");
    expect(within(first).getByText("Everything about planting in spring.").className).toBe("article-card-excerpt");
    expect(within(first).getByText("Jan 5, 2025").tagName).toBe("TIME");
    expect(within(within(first).getByRole("list", { name: "Categories" })).getByText("Garden")).toBeTruthy();
    const tags = within(first).getByRole("list", { name: "Tags" });
    expect(within(tags).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["spring", "planting"]);
    expect(await within(first).findByText("Publications of a1")).toBeTruthy();

    const second = card("Autumn recipes");
    expect(second.querySelector("img")!.getAttribute("src")).toBe("/placeholder-article.svg");
    expect(within(second).getByText("Scheduled").dataset.tone).toBe("blue");
    expect(within(second).getByText("Dec 31, 2024")).toBeTruthy();
    expect(within(second).queryByRole("list", { name: "Tags" })).toBeNull();
    expect(within(card("Notes on soil")).getByText("Draft").dataset.tone).toBe("grey");
  });

  it("offers Edit, Preview, Generate Image, Publish and Delete on each card, named with the article", async () => {
    renderPage();
    await screen.findByText("Spring planting guide");
    const first = card("Spring planting guide");
    const edit = within(first).getByRole("button", { name: "Edit" });
    expect(edit.getAttribute("href")).toBe("/articles/edit/a1");
    for (const name of ["Edit", "Preview", "Generate Image", "Publish", "Delete"]) {
      const action = within(first).getByRole("button", { name });
      expect(document.getElementById(action.getAttribute("aria-describedby")!)?.textContent).toBe(
        "Spring planting guide",
      );
    }
  });

  it("shows the empty state when there are no articles", async () => {
    vi.mocked(listArticles).mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText("No articles yet")).toBeTruthy();
    expect(screen.getByText("Get started by creating your first article")).toBeTruthy();
  });

  it("reports a load failure and can retry", async () => {
    vi.mocked(listArticles).mockRejectedValueOnce(new Error("boom")).mockResolvedValueOnce(ARTICLES);
    const { user } = renderPage();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load articles"));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Spring planting guide")).toBeTruthy();
  });
});

describe("status filter", () => {
  it("loads only drafts or published articles, and keeps the choice in the address", async () => {
    const { user, location } = renderPage();
    await screen.findByText("Spring planting guide");
    vi.mocked(listArticles).mockResolvedValue([ARTICLES[2]]);
    await user.selectOptions(screen.getByLabelText("Status"), "Draft");
    await waitFor(() => expect(listArticles).toHaveBeenLastCalledWith("draft"));
    expect(location.history.at(-1)).toBe("/articles?status=draft");
    await waitFor(() => expect(screen.queryByText("Spring planting guide")).toBeNull());

    await user.selectOptions(screen.getByLabelText("Status"), "Published");
    await waitFor(() => expect(listArticles).toHaveBeenLastCalledWith("published"));
    await user.selectOptions(screen.getByLabelText("Status"), "All Articles");
    await waitFor(() => expect(listArticles).toHaveBeenLastCalledWith(undefined));
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("starts from the filter in the address", async () => {
    renderPage("/articles", "status=published");
    await screen.findByText("Spring planting guide");
    expect(listArticles).toHaveBeenCalledWith("published");
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("published");
  });

  it("says when no article has the chosen status", async () => {
    vi.mocked(listArticles).mockResolvedValue([]);
    renderPage("/articles", "status=draft");
    expect(await screen.findByText("No draft articles.")).toBeTruthy();
  });
});

describe("deleting", () => {
  it("asks for confirmation, deletes, removes the card and says so", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    vi.mocked(deleteArticle).mockResolvedValue();
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Autumn recipes")).getByRole("button", { name: "Delete" }));
    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRMATION);
    expect(DELETE_CONFIRMATION).toBe("Are you sure you want to delete this article? This action cannot be undone.");
    expect(deleteArticle).toHaveBeenCalledWith("a2");
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Article deleted successfully"));
    expect(screen.queryByText("Autumn recipes")).toBeNull();
  });

  it("does nothing when not confirmed", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(false);
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Autumn recipes")).getByRole("button", { name: "Delete" }));
    expect(deleteArticle).not.toHaveBeenCalled();
  });

  it("keeps the card and reports a failure", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    vi.mocked(deleteArticle).mockRejectedValue(new Error("boom"));
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Autumn recipes")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to delete article"));
    expect(screen.getByText("Autumn recipes")).toBeTruthy();
  });

  it("disables the button while deleting, so a double click deletes once", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    vi.mocked(deleteArticle).mockReturnValue(new Promise(() => {}));
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    const button = within(card("Autumn recipes")).getByRole("button", { name: "Delete" });
    await user.dblClick(button);
    expect(deleteArticle).toHaveBeenCalledTimes(1);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("card modals", () => {
  it("previews an article", async () => {
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Spring planting guide")).getByRole("button", { name: "Preview" }));
    const dialog = await screen.findByRole("dialog", { name: "Article Preview" });
    expect(within(dialog).getByRole("heading", { name: "Spring planting guide" })).toBeTruthy();
    expect(within(dialog).getByText("Plant early.")).toBeTruthy();
    await user.click(within(dialog).getAllByRole("button", { name: "Close" })[1]);
    expect(screen.queryByRole("dialog", { name: "Article Preview" })).toBeNull();
  });

  it("opens the featured image modal with the article and shows a saved image on the card", async () => {
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Notes on soil")).getByRole("button", { name: "Generate Image" }));
    const dialog = await screen.findByRole("dialog", { name: "Generate Featured Image" });
    expect(within(dialog).getByText("Image for Notes on soil:")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save Image" }));
    expect(card("Notes on soil").querySelector("img")!.getAttribute("src")).toBe("https://cdn.example/new.png");
    await user.click(within(dialog).getByRole("button", { name: "Close image" }));
    expect(screen.queryByRole("dialog", { name: "Generate Featured Image" })).toBeNull();
  });

  it("opens the publish modal and reloads the list after publishing", async () => {
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Notes on soil")).getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish to WordPress" });
    expect(within(dialog).getByText("Publish Notes on soil")).toBeTruthy();
    vi.mocked(listArticles).mockResolvedValue([{ ...ARTICLES[2], status: "published" }]);
    await user.click(within(dialog).getByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(within(card("Notes on soil")).getByText("Published")).toBeTruthy());
    expect(screen.queryByRole("status", { name: "Loading articles…" })).toBeNull();
  });
});
