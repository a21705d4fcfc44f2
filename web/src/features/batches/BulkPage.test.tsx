import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ref } from "valtio";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { setSignedIn } from "../../../test/session";
import { listScheduleTargets } from "../articles/data/articles";
import { listAssistantChoices } from "../assistants/data/assistants";
import { listArticleTemplates } from "../templates/data/articleTemplates";
import { createDraftBatch, DraftBatchError } from "./data/draftBatches";
import { notifyError, notifySuccess } from "../../lib/notify";
import { keywordResearch } from "../research/researchStore";
import BulkPage from "./BulkPage";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../assistants/data/assistants", () => ({ listAssistantChoices: vi.fn() }));
vi.mock("../articles/data/articles", () => ({ listScheduleTargets: vi.fn() }));
vi.mock("../templates/data/articleTemplates", () => ({ listArticleTemplates: vi.fn() }));
vi.mock("../research/data/keywords", () => ({ requestKeywords: vi.fn(), KEYWORDS_FAILURE_MESSAGE: "x" }));
vi.mock("../research/data/seoAnalysis", () => ({ requestSeoAnalysis: vi.fn(), SEO_FAILURE_MESSAGE: "x" }));
vi.mock("./data/draftBatches", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./data/draftBatches")>()),
  createDraftBatch: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ASSISTANT = "3f2b8c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f";
const SITE = "51000000-0000-4000-8000-000000000001";
const BATCH = "61000000-0000-4000-8000-000000000001";

async function renderPage() {
  const user = userEvent.setup();
  const location = memoryLocation({ path: "/bulk", record: true });
  render(
    <Router hook={location.hook}>
      <BulkPage />
    </Router>,
  );
  await screen.findByRole("option", { name: "Writer — Writes posts" });
  return { user, location };
}

const ideasField = () => screen.getByLabelText("Ideas (one per line)") as HTMLTextAreaElement;
const estimate = () => screen.getByRole("status").textContent;
const noteOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent;

beforeEach(() => {
  setSignedIn();
  Object.assign(keywordResearch, { pending: null, latest: null, error: null });
  vi.mocked(listAssistantChoices).mockResolvedValue([{ id: ASSISTANT, name: "Writer", description: "Writes posts" }]);
  vi.mocked(listScheduleTargets).mockResolvedValue([{ id: SITE, name: "My blog" }]);
  vi.mocked(listArticleTemplates).mockResolvedValue([]);
  vi.mocked(createDraftBatch).mockReset();
});

describe("Bulk screen", () => {
  it("counts the ideas and estimates the model calls before anything starts", async () => {
    const { user } = await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Bulk Drafts" })).toBeTruthy();
    expect(estimate()).toBe("No ideas yet.");
    await user.type(ideasField(), "Composting indoors{enter}{enter}Balcony tomatoes{enter}  Worm bins  ");
    expect(estimate()).toBe("3 ideas: 3 model calls (at most 12 if calls must be retried after rate limits or errors).");
    expect(createDraftBatch).not.toHaveBeenCalled();
  });

  it("adds ideas from a CSV file and from picked keywords, and queues them all with the options chosen", async () => {
    keywordResearch.latest = {
      subject: "compost",
      result: ref({
        keywords: [
          { keyword: "compost tips", searchVolume: "1K", difficulty: 10, cpc: "$1", competition: "low" as const },
          { keyword: "compost bins", searchVolume: "2K", difficulty: 20, cpc: "$2", competition: "low" as const },
        ],
        notes: [],
      }),
    };
    vi.mocked(createDraftBatch).mockResolvedValue({ batchId: BATCH, jobs: 4, modelCalls: 4 });
    const { user, location } = await renderPage();
    await user.type(ideasField(), "Composting indoors");
    const csv = new File(['idea,focus keyword,categories,tags\nWorm bins,worm bin,"Garden;Home",diy\n,,,\n'], "ideas.csv", {
      type: "text/csv",
    });
    await user.upload(screen.getByLabelText("Or upload a CSV file"), csv);
    expect(await screen.findByText("1 idea from ideas.csv (1 row without an idea skipped).")).toBeTruthy();
    const picks = screen.getByRole("group", { name: "From your keyword research for “compost”" });
    await user.click(within(picks).getByLabelText("compost bins"));
    await user.selectOptions(screen.getByLabelText("Choose Assistant"), ASSISTANT);
    await user.click(screen.getByLabelText("My blog"));
    await user.click(screen.getByRole("switch", { name: "Review drafts before they can be scheduled" }));
    await user.type(screen.getByLabelText("Batch name (optional)"), "Garden week");
    expect(estimate()).toMatch(/^3 ideas: 3 model calls/);
    await user.click(screen.getByRole("switch", { name: "Review each outline before it is drafted" }));
    expect(estimate(), "the model proposes each outline: one more call per idea").toMatch(/^3 ideas: 6 model calls/);

    await user.selectOptions(screen.getByLabelText("Language of the drafts"), "de");
    await user.selectOptions(screen.getByLabelText("Tone"), "Professional");
    await user.click(screen.getByLabelText("A table"));
    await user.click(screen.getByRole("button", { name: "Start drafting" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/batches/${BATCH}`));
    expect(createDraftBatch).toHaveBeenCalledWith({
      name: "Garden week",
      assistantId: ASSISTANT,
      ideas: [
        { idea: "Composting indoors" },
        { idea: "Worm bins", focusKeyword: "worm bin", categories: ["Garden", "Home"], tags: ["diy"] },
        { idea: "compost bins", focusKeyword: "compost bins" },
      ],
      targetSiteIds: [SITE],
      reviewRequired: false,
      outlineReview: true,
      locale: "de",
      settings: { wordTarget: null, tone: "professional", pointOfView: null, elements: ["table"] },
      templateId: null,
    });
    expect(notifySuccess).toHaveBeenCalledWith("Drafting 4 ideas in the background");
    expect(screen.queryByLabelText("Template"), "no template offered to a user without one").toBeNull();
  });

  it("queues a batch that follows one of the user's templates", async () => {
    const TEMPLATE = "81000000-0000-4000-8000-000000000001";
    vi.mocked(listArticleTemplates).mockResolvedValue([
      { id: TEMPLATE, name: "How-to", sections: ["Why", "How"], requiredElements: [], wordTarget: 900 },
    ]);
    vi.mocked(createDraftBatch).mockResolvedValue({ batchId: BATCH, jobs: 1, modelCalls: 1 });
    const { user } = await renderPage();
    await user.type(ideasField(), "Composting indoors");
    await user.selectOptions(screen.getByLabelText("Choose Assistant"), ASSISTANT);
    const template = await screen.findByLabelText("Template");
    expect(noteOf(template)).toMatch(/^Every draft follows its sections as headings, in order/);
    await user.selectOptions(template, "How-to");
    await user.click(screen.getByRole("button", { name: "Start drafting" }));
    await waitFor(() => expect(createDraftBatch).toHaveBeenCalledWith(expect.objectContaining({ templateId: TEMPLATE })));
  });

  it("says what is wrong before sending: no ideas, no assistant, too many ideas, an idea too long", async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Start drafting" }));
    expect(noteOf(ideasField())).toBe("Add at least one idea");
    expect(noteOf(screen.getByLabelText("Choose Assistant"))).toMatch(/^Please select an assistant/);

    await user.click(ideasField());
    await user.paste(Array.from({ length: 101 }, (_, i) => `Idea ${i}`).join("\n"));
    await user.click(screen.getByRole("button", { name: "Start drafting" }));
    expect(noteOf(ideasField())).toBe("A batch holds at most 100 ideas");

    await user.clear(ideasField());
    await user.click(ideasField());
    await user.paste(`Short\n${"x".repeat(2001)}`);
    await user.click(screen.getByRole("button", { name: "Start drafting" }));
    expect(noteOf(ideasField())).toBe("Idea 2: Keep each idea under 2000 characters");
    expect(createDraftBatch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under its field and as a toast, and stays on the page", async () => {
    vi.mocked(createDraftBatch).mockRejectedValue(
      new DraftBatchError("Too many drafts: you can queue 200 every 24 hours. Try again in 3 hours."),
    );
    const { user, location } = await renderPage();
    await user.type(ideasField(), "Composting");
    await user.selectOptions(screen.getByLabelText("Choose Assistant"), ASSISTANT);
    await user.click(screen.getByRole("button", { name: "Start drafting" }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith("Too many drafts: you can queue 200 every 24 hours. Try again in 3 hours.")
    );
    expect(location.history.at(-1)).toBe("/bulk");

    vi.mocked(createDraftBatch).mockRejectedValue(new DraftBatchError("Choose one of your connected sites", "targetSiteIds"));
    await user.click(screen.getByRole("button", { name: "Start drafting" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Choose one of your connected sites");
  });
});
