import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { findLinkTargets, type LinkTarget } from "./data/siteContent";
import { LinkSuggestions } from "./LinkSuggestions";
import { RequestFailure } from "../../backend/functionErrors";

vi.mock("./data/siteContent", () => ({ findLinkTargets: vi.fn() }));

const target = (fields: Partial<LinkTarget> & Pick<LinkTarget, "url" | "title">): LinkTarget => ({
  id: fields.url,
  site_id: "site-1",
  remote_type: "post",
  excerpt: "",
  categories: [],
  tags: [],
  article_id: null,
  score: 1,
  ...fields,
});

const RAISED_BEDS = target({ url: "https://garden.example/raised-beds/", title: "Building raised garden beds", tags: ["raised beds"] });
const COMPOST = target({ url: "https://garden.example/compost-heap/", title: "How to start a compost heap", tags: ["compost"] });
const BLIGHT = target({ url: "https://garden.example/tomato-blight/", title: "Stopping tomato blight" });

const CONTENT = "<p>Our raised beds drain well, and the compost heap feeds them.</p>";

function renderSuggestions(props: Partial<Parameters<typeof LinkSuggestions>[0]> = {}) {
  const onInsert = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <LinkSuggestions title="Clay soil" focusKeyword="clay" content={CONTENT} articleId="article-1" onInsert={onInsert} {...props} />,
  );
  return { user, onInsert, view };
}

describe("link suggestions", () => {
  it("asks for the article's related posts and lists a phrase of the text for each", async () => {
    vi.mocked(findLinkTargets).mockResolvedValue({ targets: [RAISED_BEDS, BLIGHT, COMPOST], relevance: "full_text" });
    const { user } = renderSuggestions({ siteIds: ["site-1"] });
    const section = screen.getByRole("region", { name: "Internal links" });
    expect(within(section).getByText("Phrases of this article that could link to your own published posts.")).toBeTruthy();

    await user.click(within(section).getByRole("button", { name: "Suggest links" }));
    const items = await within(section).findAllByRole("listitem");
    expect(findLinkTargets).toHaveBeenCalledWith({
      focus: "Clay soil\nclay",
      body: CONTENT,
      limit: 12,
      excludeArticleId: "article-1",
      siteIds: ["site-1"],
    });
    // The blight post has no phrase in the text: it is not offered.
    expect(items.map((item) => item.textContent)).toEqual([
      "“raised beds”Building raised garden bedsInsert link",
      "“compost heap”How to start a compost heapInsert link",
    ]);
    const link = within(items[0]).getByRole("link", { name: "Building raised garden beds" });
    expect(link.getAttribute("href")).toBe("https://garden.example/raised-beds/");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(section).getByRole("button", { name: "Suggest again" })).toBeTruthy();
  });

  it("inserts the link with one click; a linked post is no longer offered", async () => {
    vi.mocked(findLinkTargets).mockResolvedValue({ targets: [RAISED_BEDS, COMPOST], relevance: "full_text" });
    const { user, onInsert, view } = renderSuggestions();
    await user.click(screen.getByRole("button", { name: "Suggest links" }));
    await user.click(await screen.findByRole("button", { name: "Insert link to Building raised garden beds on “raised beds”" }));

    const html =
      '<p>Our <a href="https://garden.example/raised-beds/" rel="noopener noreferrer">raised beds</a> drain well, and the compost heap feeds them.</p>';
    expect(onInsert).toHaveBeenCalledWith(html);
    expect(screen.getByText("Linked “raised beds” to Building raised garden beds.").getAttribute("aria-live")).toBe("polite");

    // The form hands the new HTML back.
    view.rerender(<LinkSuggestions title="Clay soil" focusKeyword="clay" content={html} articleId="article-1" onInsert={onInsert} />);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "“compost heap”How to start a compost heapInsert link",
    ]);
    expect(findLinkTargets).toHaveBeenCalledTimes(1);
  });

  it("says when no post relates to the article, pointing to the sites page", async () => {
    vi.mocked(findLinkTargets).mockResolvedValue({ targets: [], relevance: "full_text" });
    const { user } = renderSuggestions();
    await user.click(screen.getByRole("button", { name: "Suggest links" }));
    expect(await screen.findByText(/None of your posts relates to this article yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "refresh it on the WordPress Sites page" }).getAttribute("href")).toBe(
      "/wordpress-sites",
    );
  });

  it("says when related posts have no phrase in the text", async () => {
    vi.mocked(findLinkTargets).mockResolvedValue({ targets: [BLIGHT], relevance: "full_text" });
    const { user } = renderSuggestions();
    await user.click(screen.getByRole("button", { name: "Suggest links" }));
    expect(await screen.findByText(/No phrase of the text matches your related posts/)).toBeTruthy();
  });

  it("shows why suggestions could not be loaded, and can try again", async () => {
    vi.mocked(findLinkTargets).mockRejectedValueOnce(new Error("JWT expired")).mockResolvedValueOnce({ targets: [COMPOST], relevance: "full_text" });
    const { user } = renderSuggestions();
    await user.click(screen.getByRole("button", { name: "Suggest links" }));
    expect((await screen.findByRole("alert")).querySelector("p")?.textContent).toBe("Could not load link suggestions: JWT expired");
    await user.click(screen.getByRole("button", { name: "Suggest again" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByRole("button", { name: "Insert link to How to start a compost heap on “compost heap”" })).toBeTruthy();
  });

  it("a provider's refusal names where it is fixed, and stays until dismissed", async () => {
    vi.mocked(findLinkTargets).mockRejectedValueOnce(
      new RequestFailure("OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.", {
        href: "/profile#api-keys",
        label: "Profile Settings → API Keys",
      }),
    );
    const { user } = renderSuggestions();
    await user.click(screen.getByRole("button", { name: "Suggest links" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Could not load link suggestions: OpenAI refused the API key/);
    expect(screen.getByRole("link", { name: "Go to Profile Settings → API Keys" }).getAttribute("href")).toBe("/profile#api-keys");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says why embeddings did not rank this time, and still suggests what full text found", async () => {
    const fallback = "No OpenAI API key is saved, so links are ranked by full text.";
    vi.mocked(findLinkTargets).mockResolvedValue({ targets: [COMPOST], relevance: "full_text", fallback });
    const { user } = renderSuggestions();
    await user.click(screen.getByRole("button", { name: "Suggest links" }));
    expect(await screen.findByText(fallback)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Insert link to How to start a compost heap on “compost heap”" })).toBeTruthy();
  });

  it("is off while an AI draft streams in", () => {
    renderSuggestions({ disabled: true });
    expect(screen.getByRole("button", { name: "Suggest links" })).toHaveProperty("disabled", true);
  });
});
