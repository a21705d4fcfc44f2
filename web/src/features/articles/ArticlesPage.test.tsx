import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { countArticles, listArticlePage, type ArticlePage, type ArticleSummary } from "./data/articleList";
import { deleteArticle, deleteArticleWithRemotePosts, getArticle, RemoteRemovalError, type Article } from "./data/articles";
import { loadPublications, type Publication } from "../publishing/data/publications";
import { notifyError, notifySuccess } from "../../lib/notify";
import ArticlesPage from "./ArticlesPage";
import { DELETE_CONFIRMATION } from "./DeleteArticleDialog";

vi.mock("./data/articleList", () => ({
  ARTICLES_PAGE_SIZE: 20,
  ARTICLE_SORTS: ["newest", "oldest", "updated", "title"],
  listArticlePage: vi.fn(),
  countArticles: vi.fn(),
}));
vi.mock("./data/articles", () => ({
  ARTICLE_STATUSES: ["draft", "scheduled", "published"],
  deleteArticle: vi.fn(),
  deleteArticleWithRemotePosts: vi.fn(),
  getArticle: vi.fn(),
  RemoteRemovalError: class RemoteRemovalError extends Error {
    constructor(message: string, readonly failures: { siteName: string; detail: string }[]) {
      super(message);
    }
  },
}));
vi.mock("../publishing/data/publications", () => ({ loadPublications: vi.fn(), retryScheduledPublication: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../publishing/PublicationLinks", () => ({
  default: ({ article }: { article: { id: string } }) => <p>Publications of {article.id}</p>,
}));
vi.mock("../images/FeaturedImageModal", () => ({
  default: (props: { article: { id: string; title: string; excerpt: string }; onSaved(url: string): void; onClose(): void }) => (
    <div role="dialog" aria-label="Generate Featured Image">
      <p>Image for {props.article.title}: {props.article.excerpt}</p>
      <button onClick={() => props.onSaved("https://cdn.example/new.png")}>Save Image</button>
      <button onClick={props.onClose}>Close image</button>
    </div>
  ),
}));
vi.mock("../publishing/PublishModal", () => ({
  default: (props: { article: { id: string; title: string }; onPublished(): void; onClose(): void }) => (
    <div role="dialog" aria-label="Publish to WordPress">
      <p>Publish {props.article.title}</p>
      <button onClick={props.onPublished}>Publish now</button>
      <button onClick={props.onClose}>Close publish</button>
    </div>
  ),
}));

function summary(overrides: Partial<ArticleSummary>): ArticleSummary {
  const id = overrides.id ?? "a1";
  return {
    id,
    title: "Spring planting guide",
    excerpt: "Everything about planting in spring.",
    status: "draft",
    featuredImageUrl: null,
    categories: ["Garden"],
    tags: ["spring", "planting"],
    createdAt: new Date(2025, 0, 5, 9),
    updatedAt: new Date(2025, 0, 6, 9),
    scheduledFor: null,
    scheduledSiteNames: [],
    cursor: `cursor-${id}`,
    ...overrides,
  };
}

const ARTICLES = [
  summary({ id: "a1", status: "published", featuredImageUrl: "https://cdn.example/a1.png" }),
  summary({ id: "a2", title: "Autumn recipes", status: "scheduled", createdAt: new Date(2024, 11, 31), tags: [] }),
  summary({ id: "a3", title: "Notes on soil", status: "draft", categories: [], excerpt: "" }),
];

const onePage = (articles: ArticleSummary[], more: Partial<ArticlePage> = {}): ArticlePage => ({
  articles,
  hasPrevious: false,
  hasNext: false,
  ...more,
});

const FULL_ARTICLE: Article = {
  id: "a1",
  title: "Spring planting guide",
  content: "<p>Plant early.</p>",
  excerpt: "Everything about planting in spring.",
  status: "published",
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
  version: 4,
  locale: null,
  languageFlag: null,
};

function renderPage(search = "") {
  const location = memoryLocation({ path: "/articles", searchPath: search, record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ArticlesPage />
    </Router>,
  );
  return { user, location };
}

const card = (title: string) => screen.getByRole("article", { name: title });
const cardTitles = () => screen.queryAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
const lastListCall = () => vi.mocked(listArticlePage).mock.lastCall;
const pagination = () => screen.getByRole("navigation", { name: "Pagination" });

beforeEach(() => {
  vi.mocked(listArticlePage).mockResolvedValue(onePage(ARTICLES));
  vi.mocked(countArticles).mockResolvedValue(3);
});

describe("articles list", () => {
  it("has the heading, Create Article, a labelled search field, the status filter with Scheduled and the sort", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Articles" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Article" }).getAttribute("href")).toBe("/articles/create");
    expect(within(screen.getByRole("search")).getByRole("searchbox", { name: "Search articles" })).toBeTruthy();
    const filter = screen.getByLabelText("Status") as HTMLSelectElement;
    expect([...filter.options].map((option) => option.text)).toEqual(["All Articles", "Draft", "Published", "Scheduled"]);
    expect(filter.value).toBe("");
    const sort = screen.getByLabelText("Sort by") as HTMLSelectElement;
    expect([...sort.options].map((option) => option.text)).toEqual([
      "Newest first",
      "Oldest first",
      "Recently updated",
      "Title (A–Z)",
    ]);
    expect(sort.value).toBe("newest");
    await screen.findByText("Spring planting guide");
    expect(listArticlePage).toHaveBeenCalledWith({ status: undefined, search: undefined, sort: "newest" }, null);
    expect(countArticles).toHaveBeenCalledWith({ status: undefined, search: undefined });
  });

  it("shows a spinner while loading and marks the list busy", () => {
    vi.mocked(listArticlePage).mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(screen.getByRole("status", { name: "Loading articles…" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Articles" }).getAttribute("aria-busy")).toBe("true");
  });

  it("shows each card in the order given with image, title, badge, excerpt, date and terms", async () => {
    renderPage();
    await screen.findByText("Spring planting guide");
    expect(cardTitles()).toEqual(["Spring planting guide", "Autumn recipes", "Notes on soil"]);
    expect(screen.getByRole("region", { name: "Articles" }).getAttribute("aria-busy")).toBe("false");

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
    expect(within(first).getByRole("button", { name: "Edit" }).getAttribute("href")).toBe("/articles/edit/a1");
    for (const name of ["Edit", "Preview", "Generate Image", "Publish", "Delete"]) {
      const action = within(first).getByRole("button", { name });
      expect(document.getElementById(action.getAttribute("aria-describedby")!)?.textContent).toBe("Spring planting guide");
    }
  });

  it("announces how many articles there are", async () => {
    vi.mocked(countArticles).mockResolvedValue(12345);
    renderPage();
    const count = await screen.findByText("12,345 articles");
    expect(count.getAttribute("aria-live")).toBe("polite");
  });

  it("shows the empty state when there are no articles, and no pagination", async () => {
    vi.mocked(listArticlePage).mockResolvedValue(onePage([]));
    vi.mocked(countArticles).mockResolvedValue(0);
    renderPage();
    expect(await screen.findByText("No articles yet")).toBeTruthy();
    expect(screen.getByText("Get started by creating your first article")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("reports a load failure and can retry", async () => {
    vi.mocked(listArticlePage).mockRejectedValueOnce(new Error("boom")).mockResolvedValueOnce(onePage(ARTICLES));
    const { user } = renderPage();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load articles"));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Spring planting guide")).toBeTruthy();
  });
});

describe("status filter", () => {
  it("loads one status at a time, Scheduled included, and keeps the choice in the address", async () => {
    const { user, location } = renderPage();
    await screen.findByText("Spring planting guide");
    vi.mocked(listArticlePage).mockResolvedValue(onePage([ARTICLES[2]]));
    await user.selectOptions(screen.getByLabelText("Status"), "Draft");
    await waitFor(() => expect(lastListCall()).toEqual([{ status: "draft", search: undefined, sort: "newest" }, null]));
    expect(location.history.at(-1)).toBe("/articles?status=draft");
    await waitFor(() => expect(screen.queryByText("Spring planting guide")).toBeNull());

    await user.selectOptions(screen.getByLabelText("Status"), "Scheduled");
    await waitFor(() => expect(lastListCall()?.[0].status).toBe("scheduled"));
    expect(countArticles).toHaveBeenLastCalledWith({ status: "scheduled", search: undefined });
    await user.selectOptions(screen.getByLabelText("Status"), "All Articles");
    await waitFor(() => expect(lastListCall()?.[0].status).toBeUndefined());
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("starts from the filter in the address", async () => {
    renderPage("status=published");
    await screen.findByText("Spring planting guide");
    expect(listArticlePage).toHaveBeenCalledWith({ status: "published", search: undefined, sort: "newest" }, null);
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("published");
  });

  it("says when no article has the chosen status", async () => {
    vi.mocked(listArticlePage).mockResolvedValue(onePage([]));
    vi.mocked(countArticles).mockResolvedValue(0);
    renderPage("status=draft");
    expect(await screen.findByText("No draft articles.")).toBeTruthy();
    expect(screen.getByText("0 draft articles")).toBeTruthy();
  });
});

describe("search", () => {
  it("searches once typing pauses, from the first page, and says how many match", async () => {
    const { user, location } = renderPage("after=cursor-x&page=4");
    await screen.findByText("Spring planting guide");
    vi.mocked(listArticlePage).mockResolvedValue(onePage([ARTICLES[2]]));
    vi.mocked(countArticles).mockResolvedValue(1);
    const calls = vi.mocked(listArticlePage).mock.calls.length;
    await user.type(screen.getByRole("searchbox", { name: "Search articles" }), "compo");
    // Nothing is asked while typing.
    expect(vi.mocked(listArticlePage).mock.calls.length).toBe(calls);
    await waitFor(() => expect(location.history.at(-1)).toBe("/articles?q=compo"));
    await waitFor(() => expect(lastListCall()).toEqual([{ status: undefined, search: "compo", sort: "newest" }, null]));
    expect(vi.mocked(listArticlePage).mock.calls.length).toBe(calls + 1);
    expect(await screen.findByText("1 article matches “compo”")).toBeTruthy();
    expect(countArticles).toHaveBeenLastCalledWith({ status: undefined, search: "compo" });
    await waitFor(() => expect(cardTitles()).toEqual(["Notes on soil"]));
  });

  it("runs at once on Enter", async () => {
    const { user, location } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.type(screen.getByRole("searchbox", { name: "Search articles" }), "soil{Enter}");
    expect(location.history.at(-1)).toBe("/articles?q=soil");
  });

  it("shows the no-match state for a search that finds nothing", async () => {
    vi.mocked(listArticlePage).mockResolvedValue(onePage([]));
    vi.mocked(countArticles).mockResolvedValue(0);
    renderPage("q=zucchini&status=published");
    expect(await screen.findByText("No published articles match “zucchini”.")).toBeTruthy();
    expect(screen.queryByText("No articles yet")).toBeNull();
    expect((screen.getByRole("searchbox", { name: "Search articles" }) as HTMLInputElement).value).toBe("zucchini");
  });

  it("follows the address when it changes (Back), without losing what is being typed otherwise", async () => {
    const { location } = renderPage("q=soil");
    await screen.findByText("Spring planting guide");
    const field = screen.getByRole("searchbox", { name: "Search articles" }) as HTMLInputElement;
    expect(field.value).toBe("soil");
    act(() => location.navigate("/articles?q=beans"));
    await waitFor(() => expect(field.value).toBe("beans"));
    await waitFor(() => expect(lastListCall()?.[0].search).toBe("beans"));
  });

  it("combines with the status filter and the sort, all kept in the address", async () => {
    const { user, location } = renderPage("status=draft");
    await screen.findByText("Spring planting guide");
    await user.type(screen.getByRole("searchbox", { name: "Search articles" }), "compost{Enter}");
    expect(location.history.at(-1)).toBe("/articles?status=draft&q=compost");
    await user.selectOptions(screen.getByLabelText("Sort by"), "Title (A–Z)");
    expect(location.history.at(-1)).toBe("/articles?status=draft&q=compost&sort=title");
    await waitFor(() => expect(lastListCall()).toEqual([{ status: "draft", search: "compost", sort: "title" }, null]));
    expect(countArticles).toHaveBeenLastCalledWith({ status: "draft", search: "compost" });
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("draft");
  });
});

describe("pagination", () => {
  it("goes to the next page after the last card, with the page in the address", async () => {
    vi.mocked(countArticles).mockResolvedValue(45);
    vi.mocked(listArticlePage).mockResolvedValueOnce(onePage(ARTICLES, { hasNext: true }));
    const { user, location } = renderPage("sort=oldest");
    await screen.findByText("Spring planting guide");
    expect(within(pagination()).getByText("Page 1 of 3")).toBeTruthy();
    expect((within(pagination()).getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);

    const secondPage = [summary({ id: "a4", title: "Winter pruning" })];
    vi.mocked(listArticlePage).mockResolvedValueOnce(onePage(secondPage, { hasPrevious: true, hasNext: true }));
    await user.click(within(pagination()).getByRole("button", { name: "Next" }));
    expect(location.history.at(-1)).toBe("/articles?sort=oldest&after=cursor-a3&page=2");
    await waitFor(() => expect(cardTitles()).toEqual(["Winter pruning"]));
    expect(lastListCall()).toEqual([{ status: undefined, search: undefined, sort: "oldest" }, { after: "cursor-a3" }]);
    expect(within(pagination()).getByText("Page 2 of 3")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Articles" }));
  });

  it("goes back from page 2 to the first page, and from a later page to the page before its first card", async () => {
    vi.mocked(listArticlePage).mockResolvedValue(onePage(ARTICLES, { hasPrevious: true, hasNext: true }));
    const { user, location } = renderPage("after=cursor-z&page=3");
    await screen.findByText("Spring planting guide");
    expect(lastListCall()?.[1]).toEqual({ after: "cursor-z" });
    await user.click(within(pagination()).getByRole("button", { name: "Previous" }));
    expect(location.history.at(-1)).toBe("/articles?before=cursor-a1&page=2");
    await waitFor(() => expect(lastListCall()?.[1]).toEqual({ before: "cursor-a1" }));
    await waitFor(() => expect(within(pagination()).getByText("Page 2 of 2")).toBeTruthy());
    await user.click(within(pagination()).getByRole("button", { name: "Previous" }));
    expect(location.history.at(-1)).toBe("/articles");
    await waitFor(() => expect(lastListCall()?.[1]).toBeNull());
  });

  it("keeps the page on reload: the position is read from the address", async () => {
    vi.mocked(countArticles).mockResolvedValue(100);
    vi.mocked(listArticlePage).mockResolvedValue(onePage(ARTICLES, { hasPrevious: true, hasNext: true }));
    renderPage("status=draft&q=soil&sort=title&after=cursor-k&page=4");
    await screen.findByText("Spring planting guide");
    expect(listArticlePage).toHaveBeenCalledWith({ status: "draft", search: "soil", sort: "title" }, { after: "cursor-k" });
    expect(within(pagination()).getByText("Page 4 of 5")).toBeTruthy();
  });

  it("a page before a cursor that reaches the start becomes the first page", async () => {
    vi.mocked(listArticlePage)
      .mockResolvedValueOnce(onePage(ARTICLES.slice(0, 2), { hasPrevious: false, hasNext: true }))
      .mockResolvedValueOnce(onePage(ARTICLES, { hasNext: true }));
    const { location } = renderPage("before=cursor-q&page=2");
    await waitFor(() => expect(location.history.at(-1)).toBe("/articles"));
    await waitFor(() => expect(cardTitles()).toEqual(["Spring planting guide", "Autumn recipes", "Notes on soil"]));
    expect(lastListCall()?.[1]).toBeNull();
  });

  it("an empty page after a cursor (a stale address) shows the first page", async () => {
    vi.mocked(listArticlePage).mockResolvedValueOnce(onePage([], { hasPrevious: true })).mockResolvedValueOnce(onePage(ARTICLES));
    const { location } = renderPage("after=cursor-gone&page=7");
    await waitFor(() => expect(location.history.at(-1)).toBe("/articles"));
    expect(await screen.findByText("Spring planting guide")).toBeTruthy();
  });
});

describe("deleting", () => {
  const LIVE_POST: Publication = {
    siteId: "s1",
    siteName: "Garden blog",
    link: "https://garden.example/spring/",
    status: "publish",
    remoteStatus: "publish",
    publishedAt: "2025-01-06T09:00:00Z",
    updatedAt: "2025-01-06T09:00:00Z",
    lastError: null,
    nextAttemptAt: null,
    claimedUntil: null,
  };
  const question = (title: string) => screen.getByRole("alertdialog", { name: `Delete “${title}”?` });
  /** Opens the dialog and waits until it knows where the article is published. */
  const askToDelete = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
    await user.click(within(card(title)).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(question(title)).getByRole("button", { name: "Delete" })).toHaveProperty("disabled", false));
    return question(title);
  };

  beforeEach(() => {
    vi.mocked(loadPublications).mockImplementation((ids) =>
      Promise.resolve(new Map(ids.map((id) => [id, id === "a1" ? [LIVE_POST] : []]))),
    );
  });

  it("asks in the app's dialog, deletes, says so and refills the page", async () => {
    vi.mocked(deleteArticle).mockResolvedValue();
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    const refilled = [ARTICLES[0], ARTICLES[2], summary({ id: "a4", title: "From the next page" })];
    vi.mocked(listArticlePage).mockResolvedValue(onePage(refilled));
    vi.mocked(countArticles).mockResolvedValue(2);
    const dialog = await askToDelete(user, "Autumn recipes");
    expect(dialog.textContent).toContain("Are you sure you want to delete this article? This action cannot be undone.");
    expect(DELETE_CONFIRMATION).toBe("Are you sure you want to delete this article? This action cannot be undone.");
    // Not on any site: nothing to choose.
    expect(within(dialog).queryByRole("radio")).toBeNull();
    expect(deleteArticle).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(deleteArticle).toHaveBeenCalledWith("a2");
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Article deleted successfully"));
    await waitFor(() => expect(cardTitles()).toEqual(["Spring planting guide", "Notes on soil", "From the next page"]));
    expect(await screen.findByText("2 articles")).toBeTruthy();
  });

  it("deleting the last card of a page goes back a page", async () => {
    vi.mocked(deleteArticle).mockResolvedValue();
    const last = summary({ id: "a9", title: "Alone on page 3" });
    vi.mocked(listArticlePage).mockResolvedValue(onePage([last], { hasPrevious: true }));
    const { user, location } = renderPage("after=cursor-a8&page=3");
    await screen.findByText("Alone on page 3");
    vi.mocked(listArticlePage).mockResolvedValueOnce(onePage([], { hasPrevious: true }));
    vi.mocked(listArticlePage).mockResolvedValueOnce(onePage(ARTICLES, { hasPrevious: true, hasNext: false }));
    await user.click(within(await askToDelete(user, "Alone on page 3")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/articles?before=cursor-a9&page=2"));
    await waitFor(() => expect(cardTitles()).toEqual(["Spring planting guide", "Autumn recipes", "Notes on soil"]));
    expect(lastListCall()?.[1]).toEqual({ before: "cursor-a9" });
  });

  it("does nothing when cancelled", async () => {
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(await askToDelete(user, "Autumn recipes")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(deleteArticle).not.toHaveBeenCalled();
  });

  it("keeps the card and the failure in the dialog, with a toast too", async () => {
    vi.mocked(deleteArticle).mockRejectedValue(new Error("boom"));
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    const dialog = await askToDelete(user, "Autumn recipes");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to delete article"));
    expect(within(dialog).getByRole("alert").textContent).toContain("boom");
    expect(within(dialog).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByText("Autumn recipes")).toBeTruthy();
  });

  it("disables the buttons while deleting, so a double click deletes once", async () => {
    vi.mocked(deleteArticle).mockReturnValue(new Promise(() => {}));
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    const confirm = within(await askToDelete(user, "Autumn recipes")).getByRole("button", { name: "Delete" });
    await user.dblClick(confirm);
    expect(deleteArticle).toHaveBeenCalledTimes(1);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
  });

  it("says a published article's post stays live, and leaves it unless asked", async () => {
    vi.mocked(deleteArticle).mockResolvedValue();
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    const dialog = await askToDelete(user, "Spring planting guide");
    expect(dialog.textContent).toContain("It is live on Garden blog. Deleting the article here leaves that post on the site.");
    expect(within(dialog).getByRole("radio", { name: "Leave the post on Garden blog" })).toHaveProperty("checked", true);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(deleteArticle).toHaveBeenCalledWith("a1");
    expect(deleteArticleWithRemotePosts).not.toHaveBeenCalled();
  });

  it("removes the post from the site when chosen, and shows which site refused and why in place", async () => {
    vi.mocked(deleteArticleWithRemotePosts)
      .mockRejectedValueOnce(
        new RemoteRemovalError("The post could not be removed from every site, so the article was kept", [
          { siteId: "s1", siteName: "Garden blog", detail: "WordPress refused the application password" },
        ]),
      )
      .mockResolvedValueOnce([{ siteId: "s1", siteName: "Garden blog", alreadyGone: false }]);
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    const dialog = await askToDelete(user, "Spring planting guide");
    await user.click(within(dialog).getByRole("radio", { name: /Also remove it from the site/ }));
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("Garden blog: WordPress refused the application password. Try again, or leave the post");
    expect(within(alert).getByRole("link", { name: "Go to WordPress Sites" }).getAttribute("href")).toBe("/wordpress-sites");
    expect(deleteArticle).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Article deleted successfully"));
    expect(deleteArticleWithRemotePosts).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});

describe("card modals", () => {
  it("previews an article, fetching its content when asked", async () => {
    vi.mocked(getArticle).mockResolvedValue(FULL_ARTICLE);
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    expect(getArticle).not.toHaveBeenCalled();
    await user.click(within(card("Spring planting guide")).getByRole("button", { name: "Preview" }));
    const dialog = await screen.findByRole("dialog", { name: "Article Preview" });
    expect(getArticle).toHaveBeenCalledWith("a1");
    expect(within(dialog).getByRole("heading", { name: "Spring planting guide" })).toBeTruthy();
    expect(within(dialog).getByText("Plant early.")).toBeTruthy();
    await user.click(within(dialog).getAllByRole("button", { name: "Close" })[1]);
    expect(screen.queryByRole("dialog", { name: "Article Preview" })).toBeNull();
  });

  it("says so when the article to preview cannot be loaded", async () => {
    vi.mocked(getArticle).mockResolvedValue(null);
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Spring planting guide")).getByRole("button", { name: "Preview" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load article"));
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

  it("opens the publish modal and reloads the page after publishing", async () => {
    const { user } = renderPage();
    await screen.findByText("Spring planting guide");
    await user.click(within(card("Notes on soil")).getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish to WordPress" });
    expect(within(dialog).getByText("Publish Notes on soil")).toBeTruthy();
    vi.mocked(listArticlePage).mockResolvedValue(onePage([{ ...ARTICLES[2], status: "published" }]));
    await user.click(within(dialog).getByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(within(card("Notes on soil")).getByText("Published")).toBeTruthy());
    expect(screen.queryByRole("status", { name: "Loading articles…" })).toBeNull();
  });
});
