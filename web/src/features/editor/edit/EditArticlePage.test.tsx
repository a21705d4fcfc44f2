import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  ArticleConflictError,
  getArticle,
  listScheduleTargets,
  updateArticle,
  type Article,
} from "../../articles/data/articles";
import { findLinkTargets } from "../../links/data/siteContent";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { findEditor, openHtmlSource, typeHtml } from "../../../../test/editor";
import { setSignedIn, testUser } from "../../../../test/session";
import EditArticlePage from "./EditArticlePage";
import { handOverSaved } from "../workspace/savedHandoff";
import { streamSelectionEdit } from "../data/selectionEdits";
import type { Editor } from "@tiptap/core";
import { reportOf } from "../../seo/scoring";

vi.mock("../../articles/data/articles", async (importOriginal) => ({
  ARTICLE_STATUSES: (await importOriginal<typeof import("../../articles/data/articles")>()).ARTICLE_STATUSES,
  ArticleConflictError: (await importOriginal<typeof import("../../articles/data/articles")>()).ArticleConflictError,
  getArticle: vi.fn(),
  updateArticle: vi.fn(),
  listScheduleTargets: vi.fn(),
}));
vi.mock("../../../backend/supabase", () => ({ supabase: {} }));
// The SEO report as it is, watched for the language it is asked in.
vi.mock("../../seo/scoring", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../seo/scoring")>();
  return { ...original, reportOf: vi.fn(original.reportOf) };
});
vi.mock("../data/selectionEdits", () => ({ streamSelectionEdit: vi.fn(), SelectionEditAbortedError: class extends Error {} }));
vi.mock("../../links/data/siteContent", () => ({ findLinkTargets: vi.fn() }));
vi.mock("../../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
// The bar's dialogs from other rooms, as stand-ins that say what they were opened with.
vi.mock("../../publishing/PublishModal", () => ({
  default: ({ article, onClose, onSchedule }: { article: { title: string }; onClose(): void; onSchedule?(): void }) => (
    <div role="dialog" aria-label="Publish to WordPress">
      {article.title}
      <button onClick={onSchedule}>Schedule instead</button>
      <button onClick={onClose}>Close</button>
    </div>
  ),
}));
vi.mock("../../images/FeaturedImageModal", () => ({
  default: ({ onSaved, onClose }: { onSaved(url: string): void; onClose(): void }) => (
    <div role="dialog" aria-label="Featured image">
      <button
        onClick={() => {
          onSaved("https://cdn.example/new.png");
          onClose();
        }}
      >
        Save Image
      </button>
    </div>
  ),
}));

const ID = "0b5c6f5e-8f7a-4c1e-9a55-2f1a4d3b7c11";
const NOW = new Date(2026, 10, 22, 12, 0);

const ARTICLE: Article = {
  id: ID,
  title: "Spring planting guide",
  content: "<p>Plant early.</p>",
  excerpt: "Everything about spring.",
  status: "draft",
  featuredImageUrl: "https://cdn.example/a.png",
  metaDescription: "Plant in spring",
  focusKeyword: "spring planting",
  slug: "spring-planting",
  categories: ["Garden", "Seasons"],
  tags: ["spring", "planting"],
  assistantId: null,
  scheduledFor: null,
  scheduledSiteIds: [],
  createdAt: new Date(2025, 0, 5),
  version: 4,
  locale: null,
  languageFlag: null,
};

const SITES = [
  { id: "s1", name: "Garden Blog" },
  { id: "s2", name: "Recipes Site" },
];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const noteOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
const saveButton = () => screen.getByRole("button", { name: /Save Changes|Saving\.\.\./ }) as HTMLButtonElement;

async function renderPage(article: Article | null = ARTICLE, id = ID) {
  vi.mocked(getArticle).mockResolvedValue(article);
  const location = memoryLocation({ path: `/articles/edit/${id}`, record: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <Router hook={location.hook}>
      <Route path="/articles/edit/:id">
        <EditArticlePage />
      </Route>
    </Router>,
  );
  await waitFor(() => expect(screen.queryByRole("status", { name: "Loading article…" })).toBeNull());
  return { user, location };
}

beforeEach(() => {
  setSignedIn();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  vi.mocked(listScheduleTargets).mockResolvedValue(SITES);
  vi.mocked(updateArticle).mockImplementation((_id, version, changes) =>
    Promise.resolve({ ...ARTICLE, ...changes, version: version + 1 }),
  );
});

afterEach(() => vi.useRealTimers());

describe("edit article: loading", () => {
  it("loads the article by id into every field", async () => {
    await renderPage();
    expect(getArticle).toHaveBeenCalledWith(ID);
    expect(screen.getByRole("heading", { level: 1, name: "Edit Article" })).toBeTruthy();
    expect(field("Title").value).toBe("Spring planting guide");
    expect((await findEditor()).innerHTML).toBe("<p>Plant early.</p>");
    expect(field("Excerpt").value).toBe("Everything about spring.");
    const status = field("Status") as unknown as HTMLSelectElement;
    expect(status.value).toBe("draft");
    expect([...status.options].map((option) => option.text)).toEqual(["Draft", "Published", "Scheduled"]);
    expect(screen.queryByLabelText("Schedule For")).toBeNull();
    expect(field("Meta Description").value).toBe("Plant in spring");
    expect(field("Focus Keyword").value).toBe("spring planting");
    expect(field("Slug").value).toBe("spring-planting");
    expect(field("Categories (comma separated)").value).toBe("Garden, Seasons");
    expect(field("Tags (comma separated)").value).toBe("spring, planting");
    expect(screen.getByRole("button", { name: "Cancel" }).getAttribute("href")).toBe("/articles");
  });

  it("shows a spinner while loading", () => {
    vi.mocked(getArticle).mockReturnValue(new Promise(() => {}));
    render(
      <Router hook={memoryLocation({ path: `/articles/edit/${ID}` }).hook}>
        <Route path="/articles/edit/:id">
          <EditArticlePage />
        </Route>
      </Router>,
    );
    expect(screen.getByRole("status", { name: "Loading article…" })).toBeTruthy();
  });

  it("says when the article does not exist", async () => {
    await renderPage(null);
    expect(screen.getByRole("heading", { name: "Article not found" })).toBeTruthy();
    expect(screen.getByText("The article you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.queryByLabelText("Title")).toBeNull();
  });

  it("reports a load failure and goes back to the list", async () => {
    vi.mocked(getArticle).mockRejectedValue(new Error("boom"));
    const location = memoryLocation({ path: `/articles/edit/${ID}`, record: true });
    render(
      <Router hook={location.hook}>
        <Route path="/articles/edit/:id">
          <EditArticlePage />
        </Route>
      </Router>,
    );
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load article"));
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("shows a scheduled article's date in local time and its target sites", async () => {
    await renderPage({
      ...ARTICLE,
      status: "scheduled",
      scheduledFor: new Date(2026, 11, 24, 18, 30),
      scheduledSiteIds: ["s2"],
    });
    expect(field("Schedule For").value).toBe("2026-12-24T18:30");
    const targets = screen.getByRole("group", { name: "Publish To" });
    await waitFor(() => expect(within(targets).getByLabelText("Recipes Site")).toBeTruthy());
    expect((within(targets).getByLabelText("Recipes Site") as HTMLInputElement).checked).toBe(true);
    expect((within(targets).getByLabelText("Garden Blog") as HTMLInputElement).checked).toBe(false);
  });
});

describe("edit article: validation", () => {
  it("requires title, content and excerpt with the spec's messages", async () => {
    const { user } = await renderPage();
    for (const label of ["Title", "Excerpt"]) await user.clear(field(label));
    await typeHtml(user, "");
    await user.click(saveButton());
    expect(noteOf(field("Title"))).toBe("Title is required");
    expect(noteOf(await findEditor())).toBe("Content is required");
    expect(noteOf(field("Excerpt"))).toBe("Excerpt is required");
    expect(document.activeElement).toBe(field("Title"));
    expect(updateArticle).not.toHaveBeenCalled();
  });

  it("accepts empty meta description, focus keyword, slug, categories and tags", async () => {
    const { user } = await renderPage();
    for (const label of ["Meta Description", "Focus Keyword", "Slug", "Categories (comma separated)", "Tags (comma separated)"]) {
      await user.clear(field(label));
    }
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
    expect(vi.mocked(updateArticle).mock.calls[0][2]).toMatchObject({
      metaDescription: "",
      focusKeyword: "",
      slug: "",
      categories: [],
      tags: [],
    });
  });

  it("limits every field to what the database accepts, with a message per field", async () => {
    const { user } = await renderPage();
    const oversized: [string, string, string][] = [
      ["Title", "t".repeat(501), "Title must be at most 500 characters"],
      ["Content", "c".repeat(250_001), "Content must be at most 250,000 characters"],
      ["Excerpt", "e".repeat(2_001), "Excerpt must be at most 2,000 characters"],
      ["Meta Description", "m".repeat(321), "Meta description must be at most 320 characters"],
      ["Focus Keyword", "k".repeat(101), "Focus keyword must be at most 100 characters"],
      ["Slug", "s".repeat(201), "Slug must be at most 200 characters"],
      [
        "Categories (comma separated)",
        Array.from({ length: 21 }, (_, i) => `c${i}`).join(","),
        "Use at most 20 categories",
      ],
      ["Tags (comma separated)", `ok, ${"t".repeat(101)}`, "Each tag must be at most 100 characters"],
    ];
    for (const [label, value] of oversized) {
      await user.clear(field(label));
      await user.click(field(label));
      await user.paste(value);
    }
    await user.click(saveButton());
    for (const [label, , message] of oversized) expect(noteOf(field(label))).toBe(message);
    expect(updateArticle).not.toHaveBeenCalled();
  });

  it("needs a date for a scheduled article, reported together with other mistakes", async () => {
    const { user } = await renderPage();
    await user.selectOptions(field("Status"), "Scheduled");
    expect(field("Schedule For").type).toBe("datetime-local");
    await user.clear(field("Title"));
    await user.click(saveButton());
    expect(noteOf(field("Schedule For"))).toBe("Please set a scheduled date");
    expect(noteOf(field("Title"))).toBe("Title is required");
    expect(updateArticle).not.toHaveBeenCalled();
  });

  it("needs a scheduled date in the future", async () => {
    const { user } = await renderPage();
    await user.selectOptions(field("Status"), "Scheduled");
    await user.type(field("Schedule For"), "2026-11-22T11:59");
    await user.click(saveButton());
    expect(noteOf(field("Schedule For"))).toBe("The scheduled date must be in the future");
    expect(updateArticle).not.toHaveBeenCalled();
  });

  it("accepts an unchanged schedule that has already passed, so an overdue article stays editable", async () => {
    const { user } = await renderPage({
      ...ARTICLE,
      status: "scheduled",
      scheduledFor: new Date(2026, 10, 20, 9, 0),
      scheduledSiteIds: ["s1"],
    });
    await user.type(field("Title"), "!");
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
  });
});

describe("edit article: saving", () => {
  it("schedules: sends the local date as an ISO timestamp with the chosen sites, then stays in the editor", async () => {
    const { user, location } = await renderPage();
    await user.selectOptions(field("Status"), "Scheduled");
    await user.type(field("Schedule For"), "2026-12-24T18:30");
    const targets = screen.getByRole("group", { name: "Publish To" });
    await user.click(await within(targets).findByLabelText("Garden Blog"));
    await user.clear(field("Tags (comma separated)"));
    await user.type(field("Tags (comma separated)"), " one, two ,,");
    await user.click(saveButton());

    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(1));
    expect(updateArticle).toHaveBeenCalledWith(ID, 4, {
      title: "Spring planting guide",
      content: "<p>Plant early.</p>",
      excerpt: "Everything about spring.",
      status: "scheduled",
      metaDescription: "Plant in spring",
      focusKeyword: "spring planting",
      slug: "spring-planting",
      categories: ["Garden", "Seasons"],
      tags: ["one", "two"],
      scheduledFor: new Date(2026, 11, 24, 18, 30),
      scheduledSiteIds: ["s1"],
      locale: null,
    });
    expect(notifySuccess).toHaveBeenCalledWith("Article updated successfully");
    expect(location.history).toEqual([`/articles/edit/${ID}`]);
  });

  it("stays in the editor after saving, says when it saved, and saves again from the saved version", async () => {
    const { user, location } = await renderPage();
    await user.type(field("Title"), " (2027)");
    await user.click(saveButton());
    expect((await screen.findByRole("status")).textContent).toBe("Saved at 12:00 PM");
    expect(location.history).toEqual([`/articles/edit/${ID}`]);
    expect(field("Title").value).toBe("Spring planting guide (2027)");
    expect(document.activeElement).toBe(saveButton());
    // Nothing unsaved now: leaving asks nothing.
    await user.type(field("Excerpt"), " More.");
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(2));
    expect(vi.mocked(updateArticle).mock.calls.map(([, version]) => version)).toEqual([4, 5]);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull();
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("clears the schedule for another status", async () => {
    const { user } = await renderPage({
      ...ARTICLE,
      status: "scheduled",
      scheduledFor: new Date(2026, 11, 24, 18, 30),
      scheduledSiteIds: ["s1"],
    });
    await user.selectOptions(field("Status"), "Published");
    expect(screen.queryByLabelText("Schedule For")).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
    expect(vi.mocked(updateArticle).mock.calls[0][2]).toMatchObject({ status: "published", scheduledFor: null });
  });

  it("refuses a schedule with no site chosen (a site that no longer exists counts as none), saying why", async () => {
    const { user } = await renderPage({
      ...ARTICLE,
      status: "scheduled",
      scheduledFor: new Date(2026, 11, 24, 18, 30),
      scheduledSiteIds: ["gone"],
    });
    const targets = screen.getByRole("group", { name: "Publish To" });
    await within(targets).findByLabelText("Garden Blog");
    await user.click(saveButton());
    const message = "Choose at least one site to publish to: a schedule without a site publishes nowhere";
    expect(within(targets).getByRole("alert").textContent).toBe(message);
    expect(noteOf(targets)).toBe(message);
    expect(document.activeElement).toBe(within(targets).getByLabelText("Garden Blog"));
    expect(updateArticle).not.toHaveBeenCalled();
    await user.click(within(targets).getByLabelText("Garden Blog"));
    expect(within(targets).queryByRole("alert")).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
    expect(vi.mocked(updateArticle).mock.calls[0][2].scheduledSiteIds).toEqual(["s1"]);
  });

  it("points to WordPress Sites when no site is connected", async () => {
    vi.mocked(listScheduleTargets).mockResolvedValue([]);
    const { user } = await renderPage();
    await user.selectOptions(field("Status"), "Scheduled");
    const targets = screen.getByRole("group", { name: "Publish To" });
    await waitFor(() => expect(within(targets).getByText(/No WordPress sites connected/)).toBeTruthy());
    expect(within(targets).getByRole("link", { name: "Connect a site in WordPress Sites" }).getAttribute("href")).toBe(
      "/wordpress-sites",
    );
  });

  it("reports a failure and keeps the form", async () => {
    vi.mocked(updateArticle).mockRejectedValue(new Error("boom"));
    const { user, location } = await renderPage();
    await user.type(field("Title"), " updated");
    await user.click(saveButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to update article"));
    expect(field("Title").value).toBe("Spring planting guide updated");
    expect(location.history.at(-1)).toBe(`/articles/edit/${ID}`);
  });

  it("is busy while saving, and a double click saves once", async () => {
    vi.mocked(updateArticle).mockReturnValue(new Promise(() => {}));
    const { user } = await renderPage();
    await user.dblClick(saveButton());
    expect(updateArticle).toHaveBeenCalledTimes(1);
    expect(saveButton().disabled).toBe(true);
    expect(saveButton().getAttribute("aria-busy")).toBe("true");
  });
});

describe("edit article: language", () => {
  it("shows the article's language, checks SEO in it, and saves a changed one with the article", async () => {
    const { user } = await renderPage({ ...ARTICLE, locale: "es-MX" });
    const language = field("Language") as unknown as HTMLSelectElement;
    expect(language.value).toBe("es-MX");
    expect(language.selectedOptions[0].textContent).toBe("Spanish (Mexico) — Español (México)");
    await waitFor(() => expect(reportOf).toHaveBeenCalledWith(expect.objectContaining({ title: ARTICLE.title }), "es-MX"));

    await user.selectOptions(language, "pt-BR");
    await waitFor(() => expect(reportOf).toHaveBeenLastCalledWith(expect.anything(), "pt-BR"));
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updateArticle).mock.calls[0][2]).toMatchObject({ locale: "pt-BR" });
  });

  it("says why a bulk draft is held for its language, until a save settles it", async () => {
    const { user } = await renderPage({ ...ARTICLE, locale: "es", languageFlag: { expected: "es", detected: "en" } });
    const notice = screen.getByRole("region", { name: "Check the language" });
    expect(notice.textContent).toContain("This draft looks like English, not Spanish as its batch asked");
    // save-article found the corrected text Spanish and cleared the flag.
    vi.mocked(updateArticle).mockImplementationOnce((_id, version, changes) =>
      Promise.resolve({ ...ARTICLE, ...changes, locale: "es", languageFlag: null, version: version + 2 })
    );
    await user.type(field("Title"), " (es)");
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole("region", { name: "Check the language" })).toBeNull());
  });

  it("offers the assistant's language for an article without its own, and saves none when it is kept", async () => {
    const { user } = await renderPage();
    const language = field("Language") as unknown as HTMLSelectElement;
    expect(language.value).toBe("");
    expect(language.selectedOptions[0].textContent).toBe("The assistant's language");
    await user.type(field("Title"), " (2027)");
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updateArticle).mock.calls[0][2]).toMatchObject({ locale: null });
  });
});

describe("edit article: internal links", () => {
  it("a suggested link goes into the visual editor with one click, and is saved", async () => {
    vi.mocked(findLinkTargets).mockResolvedValue({
      targets: [
        {
          id: "entry-1",
          site_id: "s1",
          remote_type: "post",
          url: "https://garden.example/raised-beds/",
          title: "Building raised garden beds",
          excerpt: "",
          categories: ["Gardening"],
          tags: ["raised beds"],
          article_id: null,
          score: 3.2,
        },
      ],
      relevance: "full_text",
    });
    const { user } = await renderPage({ ...ARTICLE, content: "<p>Plant early in raised beds.</p>" });
    await findEditor();
    const section = screen.getByRole("region", { name: "Internal links" });
    await user.click(within(section).getByRole("button", { name: "Suggest links" }));
    const insert = await within(section).findByRole("button", { name: "Insert link to Building raised garden beds on “raised beds”" });
    expect(findLinkTargets).toHaveBeenCalledWith(
      expect.objectContaining({ focus: "Spring planting guide\nspring planting", excludeArticleId: ID }),
    );
    await user.click(insert);

    const linked = '<p>Plant early in <a href="https://garden.example/raised-beds/" rel="noopener noreferrer">raised beds</a>.</p>';
    await waitFor(async () => expect((await findEditor()).innerHTML).toBe(linked));
    expect(within(section).queryByRole("listitem")).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
    expect(vi.mocked(updateArticle).mock.calls[0][2].content).toBe(linked);
  });
});

describe("edit article: preview", () => {
  it("previews the edited values with the article's image and date", async () => {
    const { user } = await renderPage();
    await user.clear(field("Title"));
    await user.type(field("Title"), "New title");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const dialog = await screen.findByRole("dialog", { name: "Article Preview" });
    expect(within(dialog).getByRole("heading", { name: "New title" })).toBeTruthy();
    expect(within(dialog).getByText("Jan 5, 2025")).toBeTruthy();
    expect(dialog.querySelector("img")!.getAttribute("src")).toBe("https://cdn.example/a.png");
    expect(within(dialog).getByText("Plant in spring")).toBeTruthy();
    expect(within(dialog).getByText("spring planting")).toBeTruthy();
  });
});

describe("edit article: never losing work", () => {
  const storageKey = `inkpress:article-draft:v1:${testUser.id}:${ID}`;
  const stored = () => JSON.parse(localStorage.getItem(storageKey) ?? "null");

  it("content edited in the visual editor is what is saved", async () => {
    const { user } = await renderPage();
    const content = await findEditor();
    const editor = (content as HTMLElement & { editor: import("@tiptap/core").Editor }).editor;
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 6 });
    });
    await user.click(within(screen.getByRole("toolbar", { name: "Formatting" })).getByRole("button", { name: "Bold" }));
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
    expect(vi.mocked(updateArticle).mock.calls[0][2].content).toBe("<p><strong>Plant</strong> early.</p>");
  });

  it("opening and viewing the article changes nothing: no draft, no question on leaving", async () => {
    const { user, location } = await renderPage();
    await findEditor();
    await openHtmlSource(user);
    window.dispatchEvent(new Event("pagehide"));
    expect(stored()).toBeNull();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("offers unsaved edits of this article back, saying when the article was saved since", async () => {
    const { user } = await renderPage();
    await user.type(field("Title"), " (revised)");
    await user.selectOptions(field("Status"), "Scheduled");
    window.dispatchEvent(new Event("pagehide"));
    expect(stored()?.values).toMatchObject({ title: "Spring planting guide (revised)", status: "scheduled" });
    cleanup();

    const { user: again } = await renderPage();
    let offer = screen.getByRole("region", { name: "Restore unsaved changes from 12:00 PM?" });
    expect(offer.textContent).not.toContain("saved since");
    await again.click(within(offer).getByRole("button", { name: "Restore" }));
    expect(field("Title").value).toBe("Spring planting guide (revised)");
    expect(field("Status").value).toBe("scheduled");
    cleanup();

    await renderPage({ ...ARTICLE, excerpt: "Saved elsewhere since." });
    offer = screen.getByRole("region", { name: /Restore unsaved changes/ });
    expect(offer.textContent).toContain("The article has been saved since then");
  });

  it("asks before the menu or Cancel drops unsaved edits, and clears the draft after saving", async () => {
    const { user, location } = await renderPage();
    await user.type(field("Excerpt"), " More.");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Leave without saving?" })).getByRole("button", { name: "Keep editing" }));
    expect(location.history.at(-1)).toBe(`/articles/edit/${ID}`);
    window.dispatchEvent(new Event("pagehide"));
    expect(stored()).not.toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Article updated successfully"));
    expect(stored()).toBeNull();
  });
});

describe("edit article: a save against a newer version (changed elsewhere)", () => {
  /** The article as a drip rule left it while this form was open: scheduled to Garden Blog. */
  const DRIPPED: Article = {
    ...ARTICLE,
    title: "Spring planting guide (2027)",
    status: "scheduled",
    scheduledFor: new Date(2026, 11, 24, 9, 0),
    scheduledSiteIds: ["s1"],
    version: 5,
  };

  async function refusedSave() {
    vi.mocked(updateArticle).mockRejectedValueOnce(new ArticleConflictError(DRIPPED));
    const rendered = await renderPage();
    await rendered.user.clear(field("Excerpt"));
    await rendered.user.type(field("Excerpt"), "Everything about planting in spring.");
    await rendered.user.click(saveButton());
    const dialog = await screen.findByRole("dialog", { name: "This article was changed elsewhere" });
    return { ...rendered, dialog };
  }

  it("shows what changed elsewhere and here, and saves nothing yet", async () => {
    const { dialog, location } = await refusedSave();
    expect(within(dialog).getByText(/Nothing of yours was saved yet/)).toBeTruthy();
    const elsewhere = within(dialog).getByRole("region", { name: "Changed elsewhere" });
    expect(elsewhere.textContent).toMatch(/Status: Draft → Scheduled/);
    expect(elsewhere.textContent).toMatch(/Target sites: none → Garden Blog/);
    expect(within(elsewhere).getByRole("region", { name: "Changes in Title" }).textContent).toMatch(/\(2027\)/);
    expect(within(dialog).getByRole("region", { name: "Changed here" }).textContent).toMatch(/^Changed hereExcerpt/);
    expect(notifyError).not.toHaveBeenCalled();
    expect(location.history.at(-1)).toBe(`/articles/edit/${ID}`);
  });

  it("Save mine over theirs saves only what changed here over the current version: their schedule stays", async () => {
    const { user, dialog, location } = await refusedSave();
    await user.click(within(dialog).getByRole("button", { name: "Save mine over theirs" }));
    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(2));
    const [id, version, changes] = vi.mocked(updateArticle).mock.calls[1];
    expect([id, version]).toEqual([ID, 5]);
    expect(changes).toMatchObject({
      title: "Spring planting guide (2027)",
      excerpt: "Everything about planting in spring.",
      status: "scheduled",
      scheduledFor: DRIPPED.scheduledFor,
      scheduledSiteIds: ["s1"],
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Article updated successfully"));
    expect(location.history).toEqual([`/articles/edit/${ID}`]);
  });

  it("Save mine over theirs leaves the article's language as it is now when it was not changed here", async () => {
    const rendered = await refusedSave();
    await rendered.user.click(within(rendered.dialog).getByRole("button", { name: "Save mine over theirs" }));
    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(2));
    expect(vi.mocked(updateArticle).mock.calls[1][2]).not.toHaveProperty("locale");
  });

  it("Reload their version shows the article as it is now, and offers this form's changes as an unsaved draft", async () => {
    const { user, dialog } = await refusedSave();
    await user.click(within(dialog).getByRole("button", { name: "Reload their version" }));
    await waitFor(() => expect(field("Title").value).toBe("Spring planting guide (2027)"));
    expect(field("Status").value).toBe("scheduled");
    expect(screen.queryByRole("dialog", { name: "This article was changed elsewhere" })).toBeNull();
    expect(updateArticle).toHaveBeenCalledTimes(1);
  });

  it("Copy my text puts the form's title and content on the clipboard", async () => {
    // user-event puts its own clipboard on navigator for each setup.
    const { user, dialog } = await refusedSave();
    await user.click(within(dialog).getByRole("button", { name: "Copy my text" }));
    await waitFor(() => expect(within(dialog).getByRole("status").textContent).toBe("Your title and content are copied."));
    expect(await navigator.clipboard.readText()).toBe("Spring planting guide\n\nPlant early.");
  });
});

describe("edit article: the workspace", () => {
  it("shows the article Create just saved at once, says it saved, and opens the dialog asked for", async () => {
    handOverSaved({ article: ARTICLE, savedAt: NOW, open: "schedule" });
    vi.mocked(getArticle).mockReturnValue(new Promise(() => {}));
    render(
      <Router hook={memoryLocation({ path: `/articles/edit/${ID}` }).hook}>
        <Route path="/articles/edit/:id">
          <EditArticlePage />
        </Route>
      </Router>,
    );
    expect(screen.queryByRole("status", { name: "Loading article…" })).toBeNull();
    expect(field("Title").value).toBe("Spring planting guide");
    expect(screen.getByRole("dialog", { name: "Schedule Post" })).toBeTruthy();
    expect(screen.getByText("Saved at", { exact: false }).textContent).toBe("Saved at 12:00 PM");
  });

  it("has one action bar with Save, Preview, History, Publish…, Schedule… and Cancel, and a side panel", async () => {
    await renderPage();
    const bar = screen.getByRole("group", { name: "Article actions" });
    expect(within(bar).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Preview",
      "History",
      "Schedule…",
      "Publish…",
      "Cancel",
      "Save Changes",
    ]);
    const panel = screen.getByRole("complementary", { name: "Post Settings" });
    expect(within(panel).getByLabelText("Status")).toBeTruthy();
    expect(within(panel).getByRole("img", { name: "The article's featured image" }).getAttribute("src")).toBe(
      "https://cdn.example/a.png",
    );
    expect(panel.querySelector(".editor-word-count")?.textContent).toBe("Word count: 2");
  });

  it("counts the words as they are typed", async () => {
    const { user } = await renderPage();
    await typeHtml(user, "<h2>Soil</h2><p>Feed the soil, not the plant.</p>");
    const panel = screen.getByRole("complementary", { name: "Post Settings" });
    expect(panel.querySelector(".editor-word-count")?.textContent).toBe("Word count: 7");
  });

  it("Schedule… saves the article at a time to the chosen sites; with no site it is refused, saying why", async () => {
    const { user, location } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Schedule…" }));
    const dialog = screen.getByRole("dialog", { name: "Schedule Post" });
    await user.type(within(dialog).getByLabelText("Publish At"), "2026-12-24T18:30");
    await within(dialog).findByLabelText("Garden Blog");
    await user.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Choose at least one site to publish to: a schedule without a site publishes nowhere",
    );
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Garden Blog"));
    expect(updateArticle).not.toHaveBeenCalled();

    await user.click(within(dialog).getByLabelText("Recipes Site"));
    await user.click(within(dialog).getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updateArticle).mock.calls[0][2]).toMatchObject({
      status: "scheduled",
      scheduledFor: new Date(2026, 11, 24, 18, 30),
      scheduledSiteIds: ["s2"],
    });
    expect((await screen.findByRole("status")).textContent).toBe("Saved at 12:00 PM");
    expect(location.history).toEqual([`/articles/edit/${ID}`]);
    expect(field("Status").value).toBe("scheduled");
  });

  it("Schedule… chooses the only connected site already, and refuses a time that has passed", async () => {
    vi.mocked(listScheduleTargets).mockResolvedValue([SITES[0]]);
    const { user } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Schedule…" }));
    const dialog = screen.getByRole("dialog", { name: "Schedule Post" });
    expect(((await within(dialog).findByLabelText("Garden Blog")) as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText("Publish At"), "2026-11-01T09:00");
    await user.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(noteOf(within(dialog).getByLabelText("Publish At"))).toBe("The scheduled date must be in the future");
    expect(updateArticle).not.toHaveBeenCalled();
  });

  it("Publish… opens the publish dialog for the saved article; unsaved changes are saved first", async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Publish…" }));
    expect((await screen.findByRole("dialog", { name: "Publish to WordPress" })).textContent).toContain("Spring planting guide");
    expect(updateArticle).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Close" }));

    await user.type(field("Title"), " (2027)");
    await user.click(screen.getByRole("button", { name: "Publish…" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish to WordPress" });
    expect(updateArticle).toHaveBeenCalledTimes(1);
    expect(dialog.textContent).toContain("Spring planting guide (2027)");
    // Publish later instead: the schedule dialog.
    await user.click(within(dialog).getByRole("button", { name: "Schedule instead" }));
    expect(screen.getByRole("dialog", { name: "Schedule Post" })).toBeTruthy();
  });

  it("opens the featured image dialog, shows the chosen image, and saves on from the version it left", async () => {
    const { user } = await renderPage();
    vi.mocked(getArticle).mockResolvedValue({ ...ARTICLE, featuredImageUrl: "https://cdn.example/new.png", version: 5 });
    await user.click(screen.getByRole("button", { name: "Generate Image" }));
    await user.click(await screen.findByRole("button", { name: "Save Image" }));
    const panel = screen.getByRole("complementary", { name: "Post Settings" });
    expect(within(panel).getByRole("img").getAttribute("src")).toBe("https://cdn.example/new.png");
    await waitFor(() => expect(getArticle).toHaveBeenCalledTimes(2));
    await user.type(field("Title"), "!");
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updateArticle).mock.calls[0][1]).toBe(5);
  });
});

describe("edit article: AI on a selection", () => {
  it("an accepted suggestion is saved first as an AI revision (generatedDraft), then the text as saved", async () => {
    vi.mocked(streamSelectionEdit).mockResolvedValue("Sow seeds early");
    const { user } = await renderPage();
    const surface = await findEditor();
    const editor = (surface as HTMLElement & { editor: Editor }).editor;
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 12 });
    });
    await user.click(screen.getByRole("button", { name: "Get suggestion" }));
    expect(vi.mocked(streamSelectionEdit).mock.calls[0][0]).toEqual({ action: "rewrite", text: "Plant early", articleId: ID });
    await user.click(await screen.findByRole("button", { name: "Accept" }));
    await user.clear(field("Title"));
    await user.type(field("Title"), "Sowing guide");
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
    const changes = vi.mocked(updateArticle).mock.calls[0][2];
    expect(changes.content).toBe("<p>Sow seeds early.</p>");
    expect(changes.generatedDraft).toMatchObject({ title: "Sowing guide", content: "<p>Sow seeds early.</p>" });
  });

  it("a save without an accepted suggestion keeps no AI revision", async () => {
    const { user } = await renderPage();
    await user.click(saveButton());
    await waitFor(() => expect(updateArticle).toHaveBeenCalled());
    expect(vi.mocked(updateArticle).mock.calls[0][2].generatedDraft).toBeUndefined();
  });
});
