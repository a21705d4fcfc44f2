import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  DraftAbortedError,
  streamArticleDraft,
  type DraftOptions,
  type GeneratedArticle,
} from "../data/articleDrafts";
import { createArticle } from "../../articles/data/articles";
import { illustrateSections } from "../../images/data/sectionImages";
import { listAssistantChoices, type AssistantSummary } from "../../assistants/data/assistants";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { sessionState } from "../../auth/session";
import { findEditor, openHtmlSource, typeHtml } from "../../../../test/editor";
import { setSignedIn, testUser } from "../../../../test/session";
import CreateArticlePage from "./CreateArticlePage";
import type { DraftLanguageCheck } from "@contracts/locales";
import type { Article } from "../../articles/index";
import { takeSavedHandoff } from "../workspace/savedHandoff";
import { proposeOutline } from "../data/articleOutlines";
import { listArticleTemplates } from "../../templates/data/articleTemplates";
import { RequestFailure } from "../../../backend/functionErrors";

vi.mock("../../../backend/supabase", () => ({ supabase: {} }));
vi.mock("../../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../data/articleDrafts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../data/articleDrafts")>()),
  streamArticleDraft: vi.fn(),
}));
vi.mock("../../articles/data/articles", () => ({ createArticle: vi.fn() }));
vi.mock("../../templates/data/articleTemplates", () => ({ listArticleTemplates: vi.fn() }));
vi.mock("../data/articleOutlines", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../data/articleOutlines")>()),
  proposeOutline: vi.fn(),
}));
vi.mock("../../assistants/data/assistants", () => ({ listAssistantChoices: vi.fn() }));
vi.mock("../../images/data/sectionImages", () => ({ illustrateSections: vi.fn() }));
vi.mock("../../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ASSISTANTS: AssistantSummary[] = [
  { id: "11111111-1111-4111-8111-111111111111", name: "SEO Blog Writer", description: "Writes posts" },
  { id: "22222222-2222-4222-8222-222222222222", name: "Article Polisher", description: "Improves posts" },
];

const ARTICLE: GeneratedArticle = {
  title: "Composting: A Practical Guide",
  content: "<p>Start small.</p>",
  excerpt: "A practical guide to composting.",
  category: "Guides",
  tags: "composting, how-to",
  meta_description: "Learn composting step by step.",
  focus_keyword: "composting",
  slug: "composting-a-practical-guide",
};

/** The article save-article returns for the new draft. */
const SAVED: Article = {
  id: "33333333-3333-4333-8333-333333333333",
  title: "Composting basics",
  content: "<p>Compost!</p>",
  excerpt: "All about compost.",
  metaDescription: "Compost guide",
  focusKeyword: "compost",
  slug: "composting-basics",
  categories: ["Garden"],
  tags: ["compost", "soil", "garden"],
  status: "draft",
  featuredImageUrl: null,
  assistantId: null,
  scheduledFor: null,
  scheduledSiteIds: [],
  createdAt: new Date("2026-12-07T10:00:00Z"),
  version: 1,
  locale: null,
  languageFlag: null,
};

const FIELD_LABELS = {
  title: "Title",
  content: "Content",
  excerpt: "Excerpt",
  category: "Category",
  tags: "Tags (comma separated)",
  metaDescription: "Meta Description",
  focusKeyword: "Focus Keyword",
  slug: "Slug",
} as const;

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const noteOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
const generateButton = () => screen.getByRole("button", { name: /Generate with AI|Generating\.\.\./ }) as HTMLButtonElement;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A generation the test drives: `progress` streams fields, then `finish` or `fail`. */
function controllableDraft() {
  const outcome = deferred<GeneratedArticle>();
  let options!: DraftOptions;
  vi.mocked(streamArticleDraft).mockImplementation((_request, draftOptions) => {
    options = draftOptions;
    draftOptions.signal.addEventListener("abort", () => outcome.reject(new DraftAbortedError()));
    return outcome.promise;
  });
  return {
    progress: (partial: Partial<GeneratedArticle>) => act(() => options.onProgress(partial)),
    language: (check: DraftLanguageCheck) => act(() => options.onLanguage?.(check)),
    finish: (article: GeneratedArticle) => act(async () => outcome.resolve(article)),
    fail: (error: Error) => act(async () => outcome.reject(error)),
    signal: () => options.signal,
  };
}

async function renderPage(assistants: AssistantSummary[] = ASSISTANTS) {
  vi.mocked(listAssistantChoices).mockResolvedValue(assistants);
  const location = memoryLocation({ path: "/articles/create", record: true });
  const user = userEvent.setup();
  const view = render(
    <Router hook={location.hook}>
      <CreateArticlePage />
    </Router>,
  );
  await waitFor(() => expect(screen.queryByText("Loading assistants...")).toBeNull());
  return { user, location, ...view };
}

async function chooseAndDescribe(user: ReturnType<typeof userEvent.setup>, idea = "composting") {
  await user.type(input("AI Article Idea"), idea);
  await user.selectOptions(screen.getByLabelText("Choose Assistant"), ASSISTANTS[0].id);
}

async function fillArticle(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input("Title"), "  Composting basics ");
  await typeHtml(user, "<p>Compost!</p>");
  await user.type(input("Excerpt"), "All about compost.");
  await user.type(input("Category"), "Garden");
  await user.type(input("Tags (comma separated)"), "compost, soil ,, garden,");
  await user.type(input("Meta Description"), "Compost guide");
  await user.type(input("Focus Keyword"), "compost");
  await user.type(input("Slug"), "composting-basics");
}

beforeEach(() => {
  setSignedIn();
  vi.mocked(listArticleTemplates).mockResolvedValue([]);
});

describe("create post: layout", () => {
  it("has the AI section, the article fields, SEO settings and the three buttons", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Create New Post" })).toBeTruthy();
    expect(input("AI Article Idea").tagName).toBe("INPUT");
    expect(input("Paste Your Existing Article").tagName).toBe("TEXTAREA");
    for (const label of Object.values(FIELD_LABELS)) expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    const content = await findEditor();
    expect(content.getAttribute("role")).toBe("textbox");
    expect(screen.getByRole("toolbar", { name: "Formatting" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "SEO Settings" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Preview Post" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" }).getAttribute("href")).toBe("/articles");
    expect(screen.getByRole("button", { name: "Save Article" })).toBeTruthy();
  });

  it("has the editor's action bar (no History before the first save) and the side panel with a live word count", async () => {
    const { user } = await renderPage();
    const bar = screen.getByRole("group", { name: "Article actions" });
    expect(within(bar).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Preview Post",
      "Schedule…",
      "Publish…",
      "Cancel",
      "Save Article",
    ]);
    const panel = screen.getByRole("complementary", { name: "Post Settings" });
    expect(within(panel).getByText("Draft, not saved yet.")).toBeTruthy();
    expect(panel.querySelector(".editor-word-count")?.textContent).toBe("Word count: 0");
    await typeHtml(user, "<h2>Soil first</h2><p>Feed the soil, not the plant.</p>");
    expect(panel.querySelector(".editor-word-count")?.textContent).toBe("Word count: 8");
  });
});

describe("create post: assistants", () => {
  it("says it is loading assistants and keeps Generate disabled meanwhile", async () => {
    vi.mocked(listAssistantChoices).mockReturnValue(new Promise(() => {}));
    render(
      <Router hook={memoryLocation({ path: "/articles/create" }).hook}>
        <CreateArticlePage />
      </Router>,
    );
    expect(screen.getByRole("option", { name: "Loading assistants..." })).toBeTruthy();
    expect(generateButton().disabled).toBe(true);
  });

  it("shows each assistant's name and description, links to the assistants screen, and enables Generate", async () => {
    await renderPage();
    const select = screen.getByLabelText("Choose Assistant") as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([
      "Select an assistant",
      "SEO Blog Writer — Writes posts",
      "Article Polisher — Improves posts",
    ]);
    expect(screen.getByRole("link", { name: "Manage assistants" }).getAttribute("href")).toBe("/assistants");
    expect(generateButton().disabled).toBe(false);
  });

  it("explains what to do when there are no assistants, and disables Generate", async () => {
    await renderPage([]);
    const note = screen.getByText(/No assistants available\. Create one in/);
    expect(note.textContent).toContain("No assistants available. Create one in Assistants.");
    expect(within(note).getByRole("link", { name: "Assistants" }).getAttribute("href")).toBe("/assistants/new");
    expect(generateButton().disabled).toBe(true);
  });

  it("reports a load failure, disables Generate and can retry", async () => {
    vi.mocked(listAssistantChoices).mockRejectedValueOnce(new Error("boom")).mockResolvedValueOnce(ASSISTANTS);
    const user = userEvent.setup();
    render(
      <Router hook={memoryLocation({ path: "/articles/create" }).hook}>
        <CreateArticlePage />
      </Router>,
    );
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to load assistants"));
    expect(generateButton().disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByLabelText("Choose Assistant")).toBeTruthy();
  });
});

describe("create post: generating with AI", () => {
  it("asks for an idea or an article, and for an assistant", async () => {
    const { user } = await renderPage();
    await user.click(generateButton());
    expect(noteOf(input("AI Article Idea"))).toBe("Please provide either an article idea or paste an existing article");
    expect(input("AI Article Idea").getAttribute("aria-invalid")).toBe("true");
    expect(noteOf(screen.getByLabelText("Choose Assistant"))).toContain("Please select an assistant");
    expect(streamArticleDraft).not.toHaveBeenCalled();
  });

  it("accepts a pasted article instead of an idea", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await user.type(input("Paste Your Existing Article"), "My old post");
    await user.selectOptions(screen.getByLabelText("Choose Assistant"), ASSISTANTS[1].id);
    await user.click(generateButton());
    expect(streamArticleDraft).toHaveBeenCalledWith(
      { idea: undefined, existingArticle: "My old post", assistantId: ASSISTANTS[1].id },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it("fills the fields while the article streams in, then every field when it is done", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    expect(streamArticleDraft).toHaveBeenCalledWith(
      { idea: "composting", existingArticle: undefined, assistantId: ASSISTANTS[0].id },
      expect.anything(),
    );
    expect(generateButton().textContent).toBe("Generating...");
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByRole("status").textContent).toMatch(/^Writing your article… 0 s/);
    expect(screen.getByRole("progressbar", { name: "Writing your article…" })).toBeTruthy();

    const content = await findEditor();
    draft.progress({ content: "<p>Start small.</p><h", title: "Composting: A Pra" });
    expect(input("Title").value).toBe("Composting: A Pra");
    // The tag cut off at the end is not shown as text.
    expect(content.innerHTML).toBe("<p>Start small.</p>");
    expect(content.getAttribute("contenteditable")).toBe("false");
    expect(content.getAttribute("aria-readonly")).toBe("true");
    expect(input("Slug").value).toBe("");
    expect((screen.getByRole("button", { name: "Save Article" }) as HTMLButtonElement).disabled).toBe(true);

    await draft.finish(ARTICLE);
    expect(input("Title").value).toBe(ARTICLE.title);
    expect(content.innerHTML).toBe(ARTICLE.content);
    expect(input("Excerpt").value).toBe(ARTICLE.excerpt);
    expect(input("Category").value).toBe(ARTICLE.category);
    expect(input("Tags (comma separated)").value).toBe(ARTICLE.tags);
    expect(input("Meta Description").value).toBe(ARTICLE.meta_description);
    expect(input("Focus Keyword").value).toBe(ARTICLE.focus_keyword);
    expect(input("Slug").value).toBe(ARTICLE.slug);
    expect(content.getAttribute("contenteditable")).toBe("true");
    expect(notifySuccess).toHaveBeenCalledWith("Content generated successfully");
    expect(generateButton().textContent).toBe("Generate with AI");
  });

  it("shows the partial draft of a broken stream as interrupted, until the user keeps it", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    const content = await findEditor();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    draft.progress({ content: "<p>Half", title: "Half a title" });
    await draft.fail(new Error("The response stream broke off"));
    expect(notifyError).toHaveBeenCalledWith("The response stream broke off");
    const notice = screen.getByRole("alert", { name: "The AI draft was interrupted" });
    expect(notice.textContent).toContain("The response stream broke off.");
    expect(input("Title").value).toBe("Half a title");
    expect(content.innerHTML).toBe("<p>Half</p>");
    expect(generateButton().disabled).toBe(false);
    expect(notifySuccess).not.toHaveBeenCalled();

    await user.click(within(notice).getByRole("button", { name: "Keep partial draft" }));
    expect(screen.queryByRole("alert", { name: "The AI draft was interrupted" })).toBeNull();
    expect(input("Title").value).toBe("Half a title");
    expect(content.innerHTML).toBe("<p>Half</p>");
  });

  it("restores what the form held before Generate when an interrupted draft is not wanted", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    await user.type(input("Title"), "My title");
    await user.type(input("Excerpt"), "My own excerpt");
    await typeHtml(user, "<p>My text</p>");
    await chooseAndDescribe(user);
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog", { name: "Replace your article?" })).getByRole("button", { name: "Replace with AI draft" }));
    draft.progress({ content: "<p>Someth", title: "" });
    const content = await findEditor();
    expect(content.innerHTML).toBe("<p>Someth</p>");
    await draft.fail(new Error("Failed to generate content"));

    const notice = screen.getByRole("alert", { name: "The AI draft was interrupted" });
    await user.click(within(notice).getByRole("button", { name: "Restore previous text" }));
    expect(screen.queryByRole("alert", { name: "The AI draft was interrupted" })).toBeNull();
    expect(input("Title").value).toBe("My title");
    expect(input("Excerpt").value).toBe("My own excerpt");
    expect(content.innerHTML).toBe("<p>My text</p>");
  });

  it("marks nothing as interrupted when the draft failed before any of it arrived", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    await draft.fail(new Error("Invalid OpenAI API key. Check it in Profile Settings."));
    expect(notifyError).toHaveBeenCalledWith("Invalid OpenAI API key. Check it in Profile Settings.");
    expect(screen.queryByRole("button", { name: "Restore previous text" })).toBeNull();
  });

  it("keeps a failure in place, under the AI section, with Try again and where to fix it, until dismissed", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    await draft.fail(new Error("Invalid OpenAI API key. Check it in Profile Settings."));
    const alert = screen.getByRole("alert");
    expect(alert.closest(".ai-section")).toBeTruthy();
    expect(alert.textContent).toContain("Invalid OpenAI API key. Check it in Profile Settings.");
    expect(within(alert).getByRole("link", { name: "Go to Profile Settings" }).getAttribute("href")).toBe("/profile");
    const again = controllableDraft();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(streamArticleDraft).toHaveBeenCalledTimes(2);
    expect(vi.mocked(streamArticleDraft).mock.calls[1][0]).toEqual(vi.mocked(streamArticleDraft).mock.calls[0][0]);
    expect(screen.queryByRole("alert")).toBeNull();
    await again.fail(new Error("Invalid OpenAI API key. Check it in Profile Settings."));
    await user.click(within(screen.getByRole("alert")).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks before an AI draft replaces fields that hold text, and starts nothing on Cancel", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await user.type(input("Category"), "Garden");
    await chooseAndDescribe(user);
    await user.click(generateButton());
    const dialog = await screen.findByRole("dialog", { name: "Replace your article?" });
    expect(dialog.textContent).toContain("The article fields already hold text.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(streamArticleDraft).not.toHaveBeenCalled();
    expect(input("Category").value).toBe("Garden");

    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog", { name: "Replace your article?" })).getByRole("button", { name: "Replace with AI draft" }));
    expect(streamArticleDraft).toHaveBeenCalledTimes(1);
  });

  it("shows a fast stream at most every 100 ms, and always its latest state", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    const content = await findEditor();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    // The three pieces arrive within one instant, however long rendering the first takes on a busy machine.
    const clock = vi.spyOn(performance, "now").mockReturnValue(performance.now());
    draft.progress({ content: "<p>One" });
    draft.progress({ content: "<p>One two" });
    draft.progress({ content: "<p>One two three" });
    clock.mockRestore();
    expect(content.innerHTML).toBe("<p>One</p>");
    await waitFor(() => expect(content.innerHTML).toBe("<p>One two three</p>"));
  });

  it("falls back to the spec's message for a failure without one", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    await draft.fail(new Error(""));
    expect(notifyError).toHaveBeenCalledWith("Failed to generate content");
  });

  it("starts one generation for a double click", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.dblClick(generateButton());
    expect(streamArticleDraft).toHaveBeenCalledTimes(1);
  });

  it("stops on request, keeping what was written", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    draft.progress({ title: "Kept title" });
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(draft.signal().aborted).toBe(true);
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Generation stopped"));
    expect(input("Title").value).toBe("Kept title");
    expect(within(screen.getByRole("alert")).getByText("The AI draft was stopped")).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
  });

  it("aborts the generation when the page is left", async () => {
    const draft = controllableDraft();
    const { user, unmount } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    unmount();
    expect(draft.signal().aborted).toBe(true);
  });
});

describe("create post: saving", () => {
  it("shows every required-field message of the spec and saves nothing", async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    const expected = {
      title: "Title is required",
      content: "Content is required",
      excerpt: "Excerpt is required",
      category: "Category is required",
      tags: "At least one tag is required",
      metaDescription: "Meta description is required",
      focusKeyword: "Focus keyword is required",
      slug: "Slug is required",
    };
    for (const [field, message] of Object.entries(expected)) {
      const element = input(FIELD_LABELS[field as keyof typeof FIELD_LABELS]);
      expect(noteOf(element)).toBe(message);
      expect(element.getAttribute("aria-invalid")).toBe("true");
    }
    expect(document.activeElement).toBe(input("Title"));
    expect(createArticle).not.toHaveBeenCalled();
  });

  it("treats blank text and commas alone as missing, and clears a message once fixed", async () => {
    const { user } = await renderPage();
    await user.type(input("Title"), "   ");
    await user.type(input("Tags (comma separated)"), " , ,");
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    expect(noteOf(input("Title"))).toBe("Title is required");
    expect(noteOf(input("Tags (comma separated)"))).toBe("At least one tag is required");
    await user.type(input("Tags (comma separated)"), "seo");
    expect(input("Tags (comma separated)").getAttribute("aria-invalid")).toBeNull();
  });

  it("limits the title to what the database accepts", async () => {
    const { user } = await renderPage();
    await user.click(input("Title"));
    await user.paste("x".repeat(501));
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    expect(noteOf(input("Title"))).toBe("Title must be at most 500 characters");
  });

  it("limits every field to what the database accepts, with a message per field, and saves nothing", async () => {
    const { user } = await renderPage();
    const oversized: [keyof typeof FIELD_LABELS, string, string][] = [
      ["content", "c".repeat(250_001), "Content must be at most 250,000 characters"],
      ["excerpt", "e".repeat(2_001), "Excerpt must be at most 2,000 characters"],
      ["category", "g".repeat(101), "Category must be at most 100 characters"],
      ["tags", Array.from({ length: 51 }, (_, i) => `tag${i}`).join(", "), "Use at most 50 tags"],
      ["metaDescription", "m".repeat(321), "Meta description must be at most 320 characters"],
      ["focusKeyword", "k".repeat(101), "Focus keyword must be at most 100 characters"],
      ["slug", "s".repeat(201), "Slug must be at most 200 characters"],
    ];
    for (const [field, value] of oversized) {
      await user.click(input(FIELD_LABELS[field]));
      await user.paste(value);
    }
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    for (const [field, , message] of oversized) expect(noteOf(input(FIELD_LABELS[field]))).toBe(message);
    await user.clear(input("Tags (comma separated)"));
    await user.click(input("Tags (comma separated)"));
    await user.paste(`ok, ${"t".repeat(101)}`);
    expect(noteOf(input("Tags (comma separated)"))).toBe("Each tag must be at most 100 characters");
    expect(createArticle).not.toHaveBeenCalled();
  });

  it("saves a draft with trimmed fields, the category as a one-item list and split tags, then stays in its editor", async () => {
    let finishSave!: (article: Article) => void;
    vi.mocked(createArticle).mockReturnValue(new Promise((resolve) => (finishSave = resolve)));
    const { user, location } = await renderPage();
    await fillArticle(user);
    await user.dblClick(screen.getByRole("button", { name: "Save Article" }));
    expect(screen.getByRole("button", { name: "Saving..." }).hasAttribute("disabled")).toBe(true);
    expect(createArticle).toHaveBeenCalledTimes(1);
    expect(createArticle).toHaveBeenCalledWith({
      title: "Composting basics",
      content: "<p>Compost!</p>",
      excerpt: "All about compost.",
      metaDescription: "Compost guide",
      focusKeyword: "compost",
      slug: "composting-basics",
      categories: ["Garden"],
      tags: ["compost", "soil", "garden"],
      assistantId: null,
      // No draft and no language chosen: the article has none of its own.
      locale: null,
    });
    await act(async () => finishSave(SAVED));
    expect(notifySuccess).toHaveBeenCalledWith("Article created successfully");
    // The Edit route of the new article, in place of Create (Back does not lead to an empty form).
    expect(location.history).toEqual([`/articles/edit/${SAVED.id}`]);
    // The Edit page is handed the saved article, so it shows it without loading it again.
    expect(takeSavedHandoff(SAVED.id)).toMatchObject({ article: SAVED, savedAt: expect.any(Date), open: undefined });
    // While the Edit route loads, this page still shows; what it holds is saved, so a link is not held back.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull();
    expect(location.history.at(-1)).toBe("/articles");
  });

  it.each([
    ["Publish…", "publish"],
    ["Schedule…", "schedule"],
  ] as const)("%s saves the new article first, then opens in its editor", async (label, dialog) => {
    vi.mocked(createArticle).mockResolvedValue(SAVED);
    const { user, location } = await renderPage();
    await fillArticle(user);
    await user.click(screen.getByRole("button", { name: label }));
    await waitFor(() => expect(location.history).toEqual([`/articles/edit/${SAVED.id}`]));
    expect(takeSavedHandoff(SAVED.id)?.open).toBe(dialog);
  });

  it("Publish… with a form that cannot be saved yet shows what is missing and goes nowhere", async () => {
    const { user, location } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Publish…" }));
    expect(noteOf(input("Title"))).toBe("Title is required");
    expect(createArticle).not.toHaveBeenCalled();
    expect(location.history).toEqual(["/articles/create"]);
  });

  it("remembers which assistant wrote a generated article, and sends the draft as generated for its ai revision", async () => {
    const draft = controllableDraft();
    vi.mocked(createArticle).mockResolvedValue(SAVED);
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    await draft.finish(ARTICLE);
    await user.type(input("Title"), ", edited");
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    await waitFor(() => expect(createArticle).toHaveBeenCalled());
    expect(vi.mocked(createArticle).mock.calls[0][0]).toMatchObject({
      title: `${ARTICLE.title}, edited`,
      categories: ["Guides"],
      tags: ["composting", "how-to"],
      assistantId: ASSISTANTS[0].id,
      generatedDraft: {
        title: ARTICLE.title,
        content: ARTICLE.content,
        excerpt: ARTICLE.excerpt,
        metaDescription: ARTICLE.meta_description,
        focusKeyword: ARTICLE.focus_keyword,
        slug: ARTICLE.slug,
        categories: ["Guides"],
        tags: ["composting", "how-to"],
      },
    });
  });

  it("keeps the form and reports a failure", async () => {
    vi.mocked(createArticle).mockRejectedValue(new Error("boom"));
    const { user, location } = await renderPage();
    await fillArticle(user);
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to create article"));
    expect(input("Title").value).toBe("  Composting basics ");
    expect(location.history.at(-1)).toBe("/articles/create");
    expect((screen.getByRole("button", { name: "Save Article" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("requires a signed-in user", async () => {
    const { user } = await renderPage();
    await fillArticle(user);
    act(() => {
      sessionState.user = null;
    });
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    expect(notifyError).toHaveBeenCalledWith("User not authenticated");
    expect(createArticle).not.toHaveBeenCalled();
  });
});

describe("create post: preview", () => {
  it("previews what is typed, with the content sanitised", async () => {
    const { user } = await renderPage();
    await user.type(input("Title"), "My post");
    const source = await openHtmlSource(user);
    await user.click(source);
    await user.paste('<p>Safe</p><img src=x onerror="alert(1)"><script>alert(1)</script>');
    await user.type(input("Category"), "Garden");
    await user.type(input("Tags (comma separated)"), "a, b");
    await user.type(input("Slug"), "my-post");
    await user.click(screen.getByRole("button", { name: "Preview Post" }));

    const dialog = await screen.findByRole("dialog", { name: "Article Preview" });
    expect(within(dialog).getByRole("heading", { name: "My post" })).toBeTruthy();
    expect(within(dialog).getByText("Safe")).toBeTruthy();
    expect(within(dialog).getByText("Not saved yet")).toBeTruthy();
    expect(within(dialog).getByText("my-post")).toBeTruthy();
    expect(dialog.querySelector("script")).toBeNull();
    expect(dialog.querySelector("[onerror]")).toBeNull();
    expect(within(dialog).getAllByText(/^(Garden|a|b)$/).map((item) => item.textContent)).toEqual(["Garden", "a", "b"]);
  });
});

describe("create post: never losing work", () => {
  const storageKey = `inkpress:article-draft:v1:${testUser.id}:new`;
  const stored = () => JSON.parse(localStorage.getItem(storageKey) ?? "null");

  it("focuses the visual editor when Content is the first field missing", async () => {
    const { user } = await renderPage();
    const content = await findEditor();
    await user.type(input("Title"), "A title");
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    expect(noteOf(content)).toBe("Content is required");
    expect(content.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(content);
  });

  it("keeps a draft in this browser while typing, and offers it back after a reload", async () => {
    const { user, unmount } = await renderPage();
    await user.type(input("AI Article Idea"), "compost");
    await user.type(input("Title"), "Unsaved title");
    await typeHtml(user, "<p>Unsaved text</p>");
    await waitFor(() => expect(stored()?.values).toMatchObject({ title: "Unsaved title", content: "<p>Unsaved text</p>" }));
    unmount();

    const { user: again } = await renderPage();
    expect(input("Title").value).toBe("");
    const offer = screen.getByRole("region", { name: /^Restore unsaved changes from \d{1,2}:\d{2} (AM|PM)\?$/ });
    await again.click(within(offer).getByRole("button", { name: "Restore" }));
    expect(screen.queryByRole("region", { name: /Restore unsaved changes/ })).toBeNull();
    expect(input("Title").value).toBe("Unsaved title");
    expect(input("AI Article Idea").value).toBe("compost");
    expect((await findEditor()).innerHTML).toBe("<p>Unsaved text</p>");
  });

  it("writes the draft at once when the page is hidden (reload, closed tab), without waiting for a pause", async () => {
    const { user } = await renderPage();
    await user.type(input("Title"), "Typed just now");
    window.dispatchEvent(new Event("pagehide"));
    expect(stored()?.values.title).toBe("Typed just now");
  });

  it("forgets an offered draft on Discard", async () => {
    localStorage.setItem(
      storageKey,
      JSON.stringify({ savedAt: new Date().toISOString(), values: { title: "Old title" }, basedOn: "" }),
    );
    const { user } = await renderPage();
    const offer = screen.getByRole("region", { name: /Restore unsaved changes/ });
    await user.click(within(offer).getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("region", { name: /Restore unsaved changes/ })).toBeNull();
    expect(input("Title").value).toBe("");
    expect(stored()).toBeNull();
  });

  it("removes the draft once the article is saved", async () => {
    vi.mocked(createArticle).mockResolvedValue(SAVED);
    const { user } = await renderPage();
    await fillArticle(user);
    window.dispatchEvent(new Event("pagehide"));
    expect(stored()).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Article created successfully"));
    expect(stored()).toBeNull();
  });

  it("asks before Cancel drops unsaved changes: Keep editing stays, Discard leaves and forgets the draft", async () => {
    const { user, location } = await renderPage();
    await user.type(input("Title"), "Unsaved");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(location.history.at(-1)).toBe("/articles/create");
    await user.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(input("Title").value).toBe("Unsaved");
    expect(location.history.at(-1)).toBe("/articles/create");

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Leave without saving?" })).getByRole("button", {
        name: "Discard changes and leave",
      }),
    );
    expect(location.history.at(-1)).toBe("/articles");
    expect(stored()).toBeNull();
  });

  it("lets Cancel leave at once when nothing was typed", async () => {
    const { user, location } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(location.history.at(-1)).toBe("/articles");
  });

  it("has the browser ask before a reload or a closed tab drops unsaved changes", async () => {
    const { user } = await renderPage();
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(input("Slug"), "x");
    expect(unload()).toBe(true);
    await user.clear(input("Slug"));
    expect(unload()).toBe(false);
  });
});

describe("create post: language and generation settings", () => {
  it("opened from a keyword research in Spanish, the idea, the focus keyword and the language are filled in", async () => {
    vi.mocked(listAssistantChoices).mockResolvedValue(ASSISTANTS);
    const location = memoryLocation({ path: "/articles/create?idea=huertos&keyword=huertos&locale=es" });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <CreateArticlePage />
      </Router>,
    );
    await waitFor(() => expect((screen.getByLabelText("AI Article Idea") as HTMLTextAreaElement).value).toBe("huertos"));
    expect((screen.getByLabelText("Article language") as HTMLSelectElement).value).toBe("es");
    expect(input("Focus Keyword").value).toBe("huertos");
  });

  it("with An image under each section ticked, the images are drawn once the draft is written, not before", async () => {
    const draft = controllableDraft();
    vi.mocked(illustrateSections).mockResolvedValue([]);
    const { user } = await renderPage();
    await chooseAndDescribe(user, "composting");
    await user.click(screen.getByText("Language and generation settings"));
    const box = screen.getByRole("checkbox", { name: "An image under each section" });
    expect(noteOf(box)).toMatch(/^Once the draft is written, one image is drawn under each of its headings/);
    await user.click(box);
    await user.click(generateButton());
    await draft.progress({ content: "<h2>Why composting matters</h2><p>Soil.</p>" });
    expect(illustrateSections).not.toHaveBeenCalled();
    await draft.finish({ ...ARTICLE, content: "<h2>Why composting matters</h2><p>Soil.</p><h2>Getting started</h2><p>Start.</p>" });
    await waitFor(() => expect(illustrateSections).toHaveBeenCalledTimes(1));
    const [request] = vi.mocked(illustrateSections).mock.calls[0];
    expect(request.assistantId).toBe(ASSISTANTS[0].id);
    expect(request.sections.map((section) => section.heading)).toEqual(["Why composting matters", "Getting started"]);
  });

  it("a Save pressed while the section images are drawn waits for them, then saves them with the article", async () => {
    const draft = controllableDraft();
    let finishImages!: () => void;
    vi.mocked(illustrateSections).mockImplementation((_request, options) =>
      new Promise((resolve) => {
        finishImages = () => {
          options?.onResult?.(0, { ok: true, url: "https://storage.example/compost.png", alt: "A compost heap" });
          resolve([]);
        };
      })
    );
    vi.mocked(createArticle).mockResolvedValue(SAVED);
    const { user } = await renderPage();
    await chooseAndDescribe(user, "composting");
    await user.click(screen.getByText("Language and generation settings"));
    await user.click(screen.getByRole("checkbox", { name: "An image under each section" }));
    await user.click(generateButton());
    await draft.finish({ ...ARTICLE, content: "<h2>Why composting matters</h2><p>Soil.</p>" });
    await waitFor(() => expect(illustrateSections).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole("button", { name: "Save Article" }));
    expect(screen.getByRole("button", { name: "Saving..." }).hasAttribute("disabled")).toBe(true);
    expect(createArticle, "not before the image is in").not.toHaveBeenCalled();
    await act(async () => finishImages());
    await waitFor(() => expect(createArticle).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createArticle).mock.calls[0][0].content).toContain('src="https://storage.example/compost.png"');
  });

  it("sends the article's language and the settings set here; unset ones are left to the assistant", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user, "tapas en Madrid");
    await user.click(screen.getByText("Language and generation settings"));
    await user.selectOptions(screen.getByLabelText("Article language"), "es");
    await user.type(input("Length (words)"), "1200");
    await user.selectOptions(screen.getByLabelText("Tone"), "Friendly");
    await user.click(screen.getByLabelText("FAQ"));
    await user.click(generateButton());
    expect(streamArticleDraft).toHaveBeenCalledWith(
      {
        idea: "tapas en Madrid",
        existingArticle: undefined,
        assistantId: ASSISTANTS[0].id,
        locale: "es",
        settings: { wordTarget: 1200, tone: "friendly", pointOfView: null, elements: ["faq"] },
      },
      expect.anything(),
    );
  });

  it("refuses a word target out of range on its field, without generating", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(screen.getByText("Language and generation settings"));
    await user.type(input("Length (words)"), "50");
    await user.click(generateButton());
    expect(streamArticleDraft).not.toHaveBeenCalled();
    expect(input("Length (words)").getAttribute("aria-invalid")).toBe("true");
    expect(noteOf(input("Length (words)"))).toBe("Choose a word target between 300 and 5000");
  });

  it("flags a draft that reads as another language than asked, and not one in the right language", async () => {
    const draft = controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    await draft.language({ expected: "es", detected: "en", mismatch: true });
    await draft.finish(ARTICLE);
    const notice = screen.getByRole("alert", { name: "Check the language" });
    expect(notice.textContent).toContain("This draft looks like English, not Spanish as asked.");
    await user.click(within(notice).getByRole("button", { name: "The language is right" }));
    expect(screen.queryByRole("alert", { name: "Check the language" })).toBeNull();

    const again = controllableDraft();
    await user.click(generateButton());
    await user.click(screen.getByRole("button", { name: "Replace with AI draft" }));
    await again.language({ expected: "es", detected: "es", mismatch: false });
    await again.finish(ARTICLE);
    expect(screen.queryByRole("alert", { name: "Check the language" })).toBeNull();
  });

  it("saves the article in the language its draft was written in, even when the choice changed since", async () => {
    const draft = controllableDraft();
    vi.mocked(createArticle).mockResolvedValue(SAVED);
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.click(generateButton());
    // No language chosen: the draft is written in the assistant's, which the language check names.
    await draft.language({ expected: "fr-CA", detected: "fr", mismatch: false });
    await draft.finish(ARTICLE);
    await user.click(screen.getByText("Language and generation settings"));
    await user.selectOptions(screen.getByLabelText("Article language"), "de");
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    await waitFor(() => expect(createArticle).toHaveBeenCalled());
    expect(vi.mocked(createArticle).mock.calls[0][0]).toMatchObject({ locale: "fr-CA" });
  });

  it("saves an article typed without a draft in the language chosen here", async () => {
    vi.mocked(createArticle).mockResolvedValue(SAVED);
    const { user } = await renderPage();
    await user.click(screen.getByText("Language and generation settings"));
    await user.selectOptions(screen.getByLabelText("Article language"), "it");
    await fillArticle(user);
    await user.click(screen.getByRole("button", { name: "Save Article" }));
    await waitFor(() => expect(createArticle).toHaveBeenCalled());
    expect(vi.mocked(createArticle).mock.calls[0][0]).toMatchObject({ locale: "it" });
  });
});

describe("create post: outline before drafting", () => {
  const PROPOSED = ["What composting is", "Why compost", "Getting started", "Common mistakes"];
  const headingInputs = () =>
    within(screen.getByRole("group", { name: "Outline" })).getAllByRole("textbox") as HTMLInputElement[];
  const headings = () => headingInputs().map((heading) => heading.value);

  async function proposeFor(user: ReturnType<typeof userEvent.setup>) {
    vi.mocked(proposeOutline).mockResolvedValue(PROPOSED);
    await chooseAndDescribe(user);
    await user.click(screen.getByRole("button", { name: "Propose an outline" }));
    await screen.findByRole("group", { name: "Outline" });
  }

  it("asks the assistant for an outline of the idea, in the article's language and settings", async () => {
    const { user } = await renderPage();
    await user.click(screen.getByText("Language and generation settings"));
    await user.selectOptions(screen.getByLabelText("Article language"), "es");
    await proposeFor(user);
    expect(proposeOutline).toHaveBeenCalledWith(
      { idea: "composting", assistantId: ASSISTANTS[0].id, locale: "es", settings: undefined },
      expect.any(AbortSignal),
    );
    expect(headings()).toEqual(PROPOSED);
    expect(screen.getByLabelText("Heading 1")).toBe(headingInputs()[0]);
    expect(streamArticleDraft).not.toHaveBeenCalled();
    expect(screen.getByText("Your outline is ready. Edit it, then generate the article.")).toBeTruthy();
  });

  it("drafts following the outline as edited: a heading reworded, one moved, one removed, one added", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await proposeFor(user);
    await user.clear(screen.getByLabelText("Heading 2"));
    await user.type(screen.getByLabelText("Heading 2"), "Why compost at home");
    await user.click(screen.getByRole("button", { name: "Move up “Common mistakes”" }));
    await user.click(screen.getByRole("button", { name: "Remove “What composting is”" }));
    await user.click(screen.getByRole("button", { name: "Add heading" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Heading 4"));
    await user.keyboard("Next steps");
    expect(headings()).toEqual(["Why compost at home", "Common mistakes", "Getting started", "Next steps"]);
    await user.click(generateButton());
    expect(streamArticleDraft).toHaveBeenCalledWith(
      expect.objectContaining({
        idea: "composting",
        outline: ["Why compost at home", "Common mistakes", "Getting started", "Next steps"],
      }),
      expect.anything(),
    );
  });

  it("reorders with the keyboard alone: focus follows the moved heading and its new place is announced", async () => {
    const { user } = await renderPage();
    await proposeFor(user);
    screen.getByRole("button", { name: "Move up “Why compost”" }).focus();
    await user.keyboard("{Enter}");
    expect(headings()).toEqual(["Why compost", "What composting is", "Getting started", "Common mistakes"]);
    // At the top, Move up is disabled: focus moves to the same heading's Move down.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move down “Why compost”" }));
    expect(screen.getByText("Moved “Why compost” to position 1 of 4.")).toBeTruthy();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    expect(headings()).toEqual(["What composting is", "Getting started", "Why compost", "Common mistakes"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move down “Why compost”" }));
  });

  it("refuses an empty heading on its field, without drafting; the last heading cannot be removed", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await proposeFor(user);
    await user.clear(screen.getByLabelText("Heading 3"));
    await user.click(generateButton());
    expect(streamArticleDraft).not.toHaveBeenCalled();
    const empty = screen.getByLabelText("Heading 3");
    expect(empty.getAttribute("aria-invalid")).toBe("true");
    expect(noteOf(empty)).toBe("Every heading needs text (remove the ones you do not want)");
    expect(document.activeElement).toBe(empty);
    for (const name of ["heading 3", "What composting is", "Why compost"]) {
      await user.click(screen.getByRole("button", { name: `Remove “${name}”` }));
    }
    expect(headings()).toEqual(["Common mistakes"]);
    expect((screen.getByRole("button", { name: "Remove “Common mistakes”" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("drafts without an outline once it is discarded", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await proposeFor(user);
    await user.click(screen.getByRole("button", { name: "Discard outline" }));
    expect(screen.queryByRole("group", { name: "Outline" })).toBeNull();
    await user.click(generateButton());
    expect(vi.mocked(streamArticleDraft).mock.calls[0][0].outline).toBeUndefined();
  });

  it("reports a failed proposal under the AI section, with Try again", async () => {
    const { user } = await renderPage();
    vi.mocked(proposeOutline).mockRejectedValueOnce(new RequestFailure("Invalid OpenAI API key.", { href: "/profile", label: "Profile Settings" }));
    await chooseAndDescribe(user);
    await user.click(screen.getByRole("button", { name: "Propose an outline" }));
    const alert = await screen.findByRole("alert");
    expect(alert.closest(".ai-section")).toBeTruthy();
    expect(alert.textContent).toContain("Invalid OpenAI API key.");
    vi.mocked(proposeOutline).mockResolvedValueOnce(PROPOSED);
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("group", { name: "Outline" });
    expect(proposeOutline).toHaveBeenCalledTimes(2);
  });

  it("Generate with AI after a refused proposal drafts, and Enter in the idea drafts", async () => {
    controllableDraft();
    const { user } = await renderPage();
    await user.selectOptions(screen.getByLabelText("Choose Assistant"), ASSISTANTS[0].id);
    await user.click(screen.getByRole("button", { name: "Propose an outline" }));
    expect(noteOf(input("AI Article Idea"))).not.toBe("");
    await user.type(input("AI Article Idea"), "composting{Enter}");
    expect(proposeOutline).not.toHaveBeenCalled();
    expect(streamArticleDraft).toHaveBeenCalledTimes(1);
  });

  it("needs an idea to propose an outline from", async () => {
    const { user } = await renderPage();
    await user.type(input("Paste Your Existing Article"), "<p>My old post</p>");
    await user.selectOptions(screen.getByLabelText("Choose Assistant"), ASSISTANTS[0].id);
    await user.click(screen.getByRole("button", { name: "Propose an outline" }));
    expect(proposeOutline).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("Enter an article idea to propose an outline.");
  });
});

describe("create post: templates", () => {
  const HOW_TO = {
    id: "44444444-4444-4444-8444-444444444444",
    name: "How-to guide",
    sections: ["What you need", "Step by step", "Common mistakes"],
    requiredElements: ["faq" as const],
    wordTarget: 1200,
  };

  it("offers no Template choice to someone without templates", async () => {
    await renderPage();
    expect(screen.queryByLabelText("Template")).toBeNull();
  });

  it("fills the outline, the word target and the elements from the chosen template, and drafts following it", async () => {
    vi.mocked(listArticleTemplates).mockResolvedValue([HOW_TO]);
    controllableDraft();
    const { user } = await renderPage();
    await chooseAndDescribe(user);
    await user.selectOptions(await screen.findByLabelText("Template"), "How-to guide");
    const outline = screen.getByRole("group", { name: "Outline" });
    expect((within(outline).getAllByRole("textbox") as HTMLInputElement[]).map((heading) => heading.value)).toEqual(
      HOW_TO.sections,
    );
    await user.click(screen.getByText("Language and generation settings"));
    expect(input("Length (words)").value).toBe("1200");
    expect((screen.getByLabelText("FAQ") as HTMLInputElement).checked).toBe(true);
    await user.click(generateButton());
    expect(streamArticleDraft).toHaveBeenCalledWith(
      expect.objectContaining({
        outline: HOW_TO.sections,
        settings: { wordTarget: 1200, tone: null, pointOfView: null, elements: ["faq"] },
      }),
      expect.anything(),
    );
  });
});
