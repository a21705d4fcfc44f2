import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  getArticleRevision,
  listArticleRevisions,
  restoreArticleRevision,
  type Revision,
  type RevisionSummary,
} from "../data/articleRevisions";
import { getArticle, listScheduleTargets, type Article } from "../../articles/data/articles";
import { notifySuccess } from "../../../lib/notify";
import { findEditor } from "../../../../test/editor";
import EditArticlePage from "./EditArticlePage";

vi.mock("../../articles/data/articles", async (importOriginal) => ({
  ARTICLE_STATUSES: (await importOriginal<typeof import("../../articles/data/articles")>()).ARTICLE_STATUSES,
  getArticle: vi.fn(),
  updateArticle: vi.fn(),
  listScheduleTargets: vi.fn(),
}));
vi.mock("../data/articleRevisions", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../data/articleRevisions")>()),
  listArticleRevisions: vi.fn(),
  getArticleRevision: vi.fn(),
  restoreArticleRevision: vi.fn(),
}));
vi.mock("../../../backend/supabase", () => ({ supabase: {} }));
vi.mock("../../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ID = "0b5c6f5e-8f7a-4c1e-9a55-2f1a4d3b7c11";

const ARTICLE: Article = {
  id: ID,
  title: "Spring planting guide",
  content: "<h2>When</h2><p>Plant early in spring.</p>",
  excerpt: "Everything about spring.",
  status: "published",
  featuredImageUrl: null,
  metaDescription: "Plant in spring",
  focusKeyword: "spring planting",
  slug: "spring-planting",
  categories: ["Garden"],
  tags: ["spring"],
  assistantId: null,
  scheduledFor: null,
  scheduledSiteIds: [],
  createdAt: new Date("2026-11-20T10:00:00Z"),
  version: 4,
  locale: null,
  languageFlag: null,
};

const SUMMARIES: RevisionSummary[] = [
  { id: 12, source: "restore", restoredFrom: 10, createdAt: new Date("2026-11-27T09:30:05Z"), title: ARTICLE.title },
  { id: 11, source: "manual", restoredFrom: null, createdAt: new Date("2026-11-27T09:20:00Z"), title: "Spring guide" },
  { id: 10, source: "ai", restoredFrom: null, createdAt: new Date("2026-11-27T09:10:00Z"), title: "Planting in spring" },
];

const revision = (summary: RevisionSummary, overrides: Partial<Revision> = {}): Revision => ({
  ...summary,
  content: ARTICLE.content,
  excerpt: ARTICLE.excerpt,
  metaDescription: ARTICLE.metaDescription,
  focusKeyword: ARTICLE.focusKeyword,
  slug: ARTICLE.slug,
  categories: ARTICLE.categories,
  tags: ARTICLE.tags,
  state: null,
  ...overrides,
});

const REVISIONS: Record<number, Revision> = {
  12: revision(SUMMARIES[0]),
  11: revision(SUMMARIES[1], { content: "<h2>When</h2><p>Plant late in spring.</p><p>Water daily.</p>" }),
  10: revision(SUMMARIES[2], { content: "<p>Seeds need warmth.</p>", tags: ["spring", "seeds"] }),
};

async function renderPage() {
  vi.mocked(getArticle).mockResolvedValue(ARTICLE);
  const location = memoryLocation({ path: `/articles/edit/${ID}` });
  render(
    <Router hook={location.hook}>
      <Route path="/articles/edit/:id">
        <EditArticlePage />
      </Route>
    </Router>,
  );
  await screen.findByLabelText("Title");
  return userEvent.setup();
}

async function openHistory(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "History" }));
  const dialog = await screen.findByRole("dialog", { name: "History" });
  await within(dialog).findByRole("navigation", { name: /Revisions, newest first/ });
  return dialog;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  vi.mocked(listScheduleTargets).mockResolvedValue([]);
  vi.mocked(listArticleRevisions).mockResolvedValue(SUMMARIES);
  vi.mocked(getArticleRevision).mockImplementation(async (_articleId, id) => REVISIONS[id] ?? null);
});

describe("History", () => {
  it("lists the revisions newest first with their time and source, a restore naming the one it restored", async () => {
    const user = await renderPage();
    const dialog = await openHistory(user);
    expect(listArticleRevisions).toHaveBeenCalledWith(ID);
    const choices = within(dialog).getAllByRole("button", { pressed: false }).concat(
      within(dialog).getAllByRole("button", { pressed: true }),
    );
    expect(choices).toHaveLength(3);
    const items = within(dialog).getAllByRole("listitem").filter((item) => item.querySelector(".revision-choice"));
    expect(items.map((item) => item.querySelector(".revision-source")?.textContent)).toEqual([
      expect.stringMatching(/^Restored \(from .*2026.*\)$/),
      "Saved",
      "AI text",
    ]);
    const times = items.map((item) => item.querySelector("time")!);
    expect(times.map((time) => time.getAttribute("dateTime"))).toEqual([
      "2026-11-27T09:30:05.000Z",
      "2026-11-27T09:20:00.000Z",
      "2026-11-27T09:10:00.000Z",
    ]);
    expect(times[0].textContent).toMatch(/2026/);
  });

  it("compares the newest revision with the form first, then the one chosen, word by word", async () => {
    const user = await renderPage();
    const dialog = await openHistory(user);
    expect(await within(dialog).findByText("This revision reads the same as the current text.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { pressed: true }).textContent).toContain("Restored");

    await user.click(within(dialog).getByRole("button", { name: /Saved/ }));
    const content = await within(dialog).findByRole("region", { name: "Changes in Content" });
    expect(getArticleRevision).toHaveBeenLastCalledWith(ID, 11);
    expect(within(dialog).getByRole("button", { name: /Saved/ }).getAttribute("aria-pressed")).toBe("true");
    const lines = within(content).getAllByRole("listitem");
    expect(lines.map((line) => line.className)).toEqual(["diff-same", "diff-changed", "diff-removed"]);
    expect(lines[1].querySelector("del")?.textContent).toBe("[removed: late]");
    expect(lines[1].querySelector("ins")?.textContent).toBe("[added: early]");
    expect(lines[2].textContent).toBe("[removed: Water daily.]");

    // What is typed counts: the comparison is with the form, not with the saved article.
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    await user.type(field("Tags (comma separated)"), ", compost");
    const reopened = await openHistory(user);
    await user.click(within(reopened).getByRole("button", { name: /AI text/ }));
    const tags = await within(reopened).findByRole("region", { name: "Changes in Tags" });
    expect(tags.textContent).toBe("Tagsspring, [added: compost], [removed: seeds]");
    expect(within(reopened).queryByRole("region", { name: "Changes in Content" })).toBeTruthy();
  });

  it("restores at once when nothing is unsaved: the form shows the restored article and History keeps focus", async () => {
    const restored: Article = { ...ARTICLE, title: "Spring guide", content: REVISIONS[11].content };
    vi.mocked(restoreArticleRevision).mockResolvedValue(restored);
    const user = await renderPage();
    const dialog = await openHistory(user);
    await user.click(within(dialog).getByRole("button", { name: /Saved/ }));
    await within(dialog).findByRole("region", { name: "Changes in Content" });
    await user.click(within(dialog).getByRole("button", { name: "Restore this revision" }));

    expect(restoreArticleRevision).toHaveBeenCalledWith(ID, 11);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(notifySuccess).toHaveBeenCalledWith("Revision restored");
    expect(field("Title").value).toBe("Spring guide");
    expect((await findEditor()).textContent).toBe("WhenPlant late in spring.Water daily.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "History" }));
  });

  it("asks before replacing unsaved changes; Keep editing restores nothing", async () => {
    vi.mocked(restoreArticleRevision).mockResolvedValue({ ...ARTICLE, title: "Planting in spring" });
    const user = await renderPage();
    await user.clear(field("Title"));
    await user.type(field("Title"), "My unsaved title");
    const dialog = await openHistory(user);
    await user.click(within(dialog).getByRole("button", { name: /AI text/ }));
    await within(dialog).findByRole("region", { name: "Changes in Content" });

    await user.click(within(dialog).getByRole("button", { name: "Restore this revision" }));
    const question = within(dialog).getByRole("group", { name: /unsaved changes will be replaced/ });
    expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Restore anyway" }));
    await user.click(within(question).getByRole("button", { name: "Keep editing" }));
    expect(restoreArticleRevision).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Restore this revision" }));
    await user.click(within(dialog).getByRole("button", { name: "Restore anyway" }));
    expect(restoreArticleRevision).toHaveBeenCalledWith(ID, 10);
    await waitFor(() => expect(field("Title").value).toBe("Planting in spring"));
  });

  it("keeps the panel open with the reason when a restore fails", async () => {
    vi.mocked(restoreArticleRevision).mockRejectedValue(new Error("restoredFrom: Revision not found"));
    const user = await renderPage();
    const dialog = await openHistory(user);
    await within(dialog).findByText("This revision reads the same as the current text.");
    await user.click(within(dialog).getByRole("button", { name: "Restore this revision" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe("Failed to restore this revision: restoredFrom: Revision not found");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Restore this revision" }));
    expect(field("Title").value).toBe(ARTICLE.title);
  });

  it("says what a restore brings back besides the text: the revision's status and schedule, or nothing it did not keep", async () => {
    const scheduledFor = new Date(Date.now() + 3 * 86_400_000);
    vi.mocked(getArticleRevision).mockImplementation(async (_articleId, id) =>
      id === 11
        ? revision(SUMMARIES[1], {
          state: {
            status: "scheduled",
            scheduledFor,
            scheduledSiteIds: ["s1", "s2"],
            scheduledPostStatus: "publish",
            featuredImageUrl: null,
            assistantId: null,
          },
        })
        : REVISIONS[id] ?? null
    );
    const user = await renderPage();
    const dialog = await openHistory(user);
    await within(dialog).findByText(/This revision kept no status or schedule/);
    await user.click(within(dialog).getByRole("button", { name: /Spring guide/ }));
    const note = await within(dialog).findByText(/Restoring also brings back its status/);
    expect(note.textContent).toMatch(/Scheduled for .* to 2 sites, its featured image and its assistant\./);
  });

  it("offers Retry when the list cannot be loaded, and says when there is no revision yet", async () => {
    vi.mocked(listArticleRevisions).mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce([]);
    const user = await renderPage();
    await user.click(screen.getByRole("button", { name: "History" }));
    const dialog = await screen.findByRole("dialog", { name: "History" });
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Failed to load the history");
    await user.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(await within(dialog).findByText(/No revisions yet/)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Restore this revision" })).toBeNull();
  });
});
