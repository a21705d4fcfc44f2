import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { setSignedIn } from "../../../test/session";
import { getArticle, listScheduleTargets, type Article } from "../articles/data/articles";
import {
  approveAllOutlines,
  approveDrafts,
  approveOutline,
  confirmDraftLanguage,
  regenerateDraft,
  rejectDraft,
  cancelDraftBatch,
  type DraftBatchDetail,
  getDraftBatch,
  retryFailedDrafts,
  setReviewRequired,
} from "./data/draftBatches";
import { applyDripSchedule, previewDripTimes } from "./data/dripSchedule";
import { notifySuccess } from "../../lib/notify";
import { batchesState, POLL_INTERVAL_MS } from "./batchesStore";
import BatchPage from "./BatchPage";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../articles/data/articles", () => ({ listScheduleTargets: vi.fn(), getArticle: vi.fn() }));
vi.mock("./data/draftBatches", () => ({
  getDraftBatch: vi.fn(),
  listDraftBatches: vi.fn(),
  approveDrafts: vi.fn(),
  approveOutline: vi.fn(),
  approveAllOutlines: vi.fn(),
  confirmDraftLanguage: vi.fn(),
  rejectDraft: vi.fn(),
  regenerateDraft: vi.fn(),
  cancelDraftBatch: vi.fn(),
  retryFailedDrafts: vi.fn(),
  setReviewRequired: vi.fn(),
  BATCHES_FAILURE_MESSAGE: "Failed to load batches",
}));
vi.mock("./data/dripSchedule", () => ({ previewDripTimes: vi.fn(), applyDripSchedule: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const BATCH = "61000000-0000-4000-8000-000000000001";
const SITE = "51000000-0000-4000-8000-000000000001";
const article = (n: number) => `a2000000-0000-4000-8000-00000000000${n}`;

function batch(overrides: Partial<DraftBatchDetail> = {}): DraftBatchDetail {
  return {
    id: BATCH,
    name: "Garden week",
    reviewRequired: true,
    targetSiteIds: [SITE],
    cancelledAt: null,
    outline: null,
    outlineReview: false,
    createdAt: new Date("2026-11-28T10:00:00Z"),
    progress: { queued: 1, drafting: 1, done: 3, failed: 1, outline_ready: 0, cancelled: 0, total: 6 },
    jobs: [
      { id: "j1", position: 0, idea: "Compost", focusKeyword: null, status: "done", attempts: 1, lastError: null, articleId: article(1), startedAt: null, outline: null },
      { id: "j2", position: 1, idea: "Worms", focusKeyword: null, status: "done", attempts: 2, lastError: null, articleId: article(2), startedAt: null, outline: null },
      { id: "j3", position: 2, idea: "Figs", focusKeyword: null, status: "done", attempts: 1, lastError: null, articleId: article(3), startedAt: null, outline: null },
      {
        id: "j4",
        position: 3,
        idea: "Plums",
        focusKeyword: null,
        status: "failed",
        attempts: 4,
        lastError: "The AI provider is rate limiting requests. (gave up after 4 attempts)",
        articleId: null,
        startedAt: null,
        outline: null,
      },
      {
        id: "j5",
        position: 4,
        idea: "Pears",
        focusKeyword: null,
        status: "queued",
        attempts: 1,
        lastError: "The AI provider is unavailable. Please try again later.",
        articleId: null,
        startedAt: null,
        outline: null,
      },
      { id: "j6", position: 5, idea: "Apples", focusKeyword: null, status: "drafting", attempts: 1, lastError: null, articleId: null, startedAt: new Date(Date.now() - 42_000), outline: null },
    ],
    drafts: [
      { id: article(1), title: "Compost guide", status: "draft", approvalRequired: true, approvedAt: null, scheduledFor: null, languageFlag: null },
      { id: article(2), title: "Worm guide", status: "draft", approvalRequired: true, approvedAt: new Date(), scheduledFor: null, languageFlag: null },
      { id: article(3), title: "Fig guide", status: "draft", approvalRequired: true, approvedAt: null, scheduledFor: null, languageFlag: null },
    ],
    ...overrides,
  };
}

async function renderPage(detail: DraftBatchDetail = batch()) {
  vi.mocked(getDraftBatch).mockResolvedValue(detail);
  const user = userEvent.setup();
  const location = memoryLocation({ path: `/batches/${BATCH}` });
  render(
    <Router hook={location.hook}>
      <Route path="/batches/:id">
        <BatchPage />
      </Route>
    </Router>,
  );
  await screen.findByRole("heading", { level: 1, name: "Garden week" });
  return { user };
}

/** The full article of one of the batch's drafts, as the review shows it. */
function articleOf(id: string): Article {
  const draft = batch().drafts.find((candidate) => candidate.id === id)!;
  return {
    id,
    title: draft.title,
    content: `<p>All about ${draft.title}.</p>`,
    excerpt: `About ${draft.title}`,
    status: "draft",
    featuredImageUrl: null,
    assistantId: null,
    scheduledFor: null,
    scheduledSiteIds: [],
    createdAt: new Date("2026-11-28T11:00:00Z"),
    categories: ["Garden"],
    tags: ["soil"],
    metaDescription: "",
    focusKeyword: "",
    slug: "",
    version: 1,
    locale: null,
    languageFlag: null,
  } as Article;
}

const row = (idea: string) => screen.getByRole("cell", { name: idea }).closest("tr") as HTMLElement;

beforeEach(() => {
  setSignedIn();
  Object.assign(batchesState, { list: null, listError: null, detail: null, detailError: null, busy: null });
  vi.mocked(listScheduleTargets).mockResolvedValue([{ id: SITE, name: "My blog" }]);
  vi.mocked(getArticle).mockImplementation(async (id) => articleOf(id));
  for (const mock of [getDraftBatch, approveDrafts, cancelDraftBatch, retryFailedDrafts, setReviewRequired, rejectDraft, regenerateDraft]) {
    vi.mocked(mock).mockReset();
  }
});

afterEach(() => vi.useRealTimers());

describe("a batch", () => {
  it("shows progress per idea: drafting, queued with the retry's reason, failed with its reason, the drafts", async () => {
    await renderPage();
    expect(screen.getByText("Drafting…", { selector: "strong" })).toBeTruthy();
    expect(screen.getByText(/3 of 6 drafted · 1 drafting · 1 queued · 1 failed/)).toBeTruthy();
    // The draft being written says for how long.
    const elapsed = Number(/Drafting… (\d+) s/.exec(row("Apples").textContent ?? "")?.[1]);
    expect(elapsed).toBeGreaterThanOrEqual(42);
    expect(within(row("Pears")).getByText("Retrying after attempt 1: The AI provider is unavailable. Please try again later."))
      .toBeTruthy();
    expect(within(row("Plums")).getByText("The AI provider is rate limiting requests. (gave up after 4 attempts)"))
      .toBeTruthy();
    expect(within(row("Compost")).getByRole("link", { name: "Compost guide" }).getAttribute("href"))
      .toBe(`/articles/edit/${article(1)}`);
    expect(within(row("Worms")).getByText("Approved")).toBeTruthy();
    expect(screen.getByText("This page updates by itself while drafts are being written.")).toBeTruthy();
  });

  it("names the headings every draft follows when the batch has a template's outline", async () => {
    await renderPage(batch({ outline: ["Why it matters", "Getting started"] }));
    expect(screen.getByText("Every draft follows these headings: “Why it matters”, “Getting started”.")).toBeTruthy();
  });

  it("polls while drafts are being written, and stops once nothing is open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderPage();
    expect(getDraftBatch).toHaveBeenCalledTimes(1);
    vi.mocked(getDraftBatch).mockResolvedValue(
      batch({ progress: { queued: 0, drafting: 0, done: 5, failed: 1, outline_ready: 0, cancelled: 0, total: 6 } }),
    );
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(getDraftBatch).toHaveBeenCalledTimes(2);
    expect(await screen.findByText(/^Done/, { selector: "strong" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(getDraftBatch).toHaveBeenCalledTimes(2);
  });

  it("Cancel, Retry failed, Approve, Approve all and the review switch act on this batch and refresh it", async () => {
    vi.mocked(cancelDraftBatch).mockResolvedValue({ cancelled: 1 });
    vi.mocked(retryFailedDrafts).mockResolvedValue({ requeued: 1 });
    vi.mocked(approveDrafts).mockResolvedValue(1);
    const { user } = await renderPage();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(cancelDraftBatch).toHaveBeenCalledWith(BATCH));
    expect(notifySuccess).toHaveBeenCalledWith("1 queued idea cancelled");
    await user.click(screen.getByRole("button", { name: "Retry failed" }));
    await waitFor(() => expect(retryFailedDrafts).toHaveBeenCalledWith(BATCH));
    // A draft is approved after it is read.
    expect(within(row("Figs")).getByText("Waiting for approval")).toBeTruthy();
    await user.click(within(row("Figs")).getByRole("button", { name: "Review Fig guide" }));
    const review = await screen.findByRole("dialog", { name: "Review draft" });
    expect(await within(review).findByText("All about Fig guide.")).toBeTruthy();
    await user.click(within(review).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(approveDrafts).toHaveBeenCalledWith([article(3)]));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Review draft" })).toBeNull());
    // Approving unread drafts asks first.
    await user.click(screen.getByRole("button", { name: "Approve all (2)" }));
    const question = screen.getByRole("alertdialog", { name: "Approve 2 drafts?" });
    await user.click(within(question).getByRole("button", { name: "Approve all (2)" }));
    await waitFor(() => expect(approveDrafts).toHaveBeenLastCalledWith([article(1), article(3)]));
    await user.click(screen.getByRole("switch", { name: "Review drafts before they can be scheduled" }));
    await waitFor(() => expect(setReviewRequired).toHaveBeenCalledWith(BATCH, false));
    // Each action refreshes the batch (and the page polls meanwhile: drafts are being written).
    expect(vi.mocked(getDraftBatch).mock.calls.length).toBeGreaterThanOrEqual(6);
  });

  it("holds a draft in another language than asked: Review says why, Approve waits for Confirm the language", async () => {
    vi.mocked(approveDrafts).mockResolvedValue(1);
    vi.mocked(confirmDraftLanguage).mockResolvedValue();
    const held = batch();
    held.drafts[2] = { ...held.drafts[2], languageFlag: { expected: "es", detected: "en", confirmedAt: null } };
    const { user } = await renderPage(held);
    expect(within(row("Figs")).getByText("Language to check")).toBeTruthy();
    // Approve all leaves the held draft out.
    expect(screen.getByRole("button", { name: "Approve all (1)" })).toBeTruthy();
    await user.click(within(row("Figs")).getByRole("button", { name: "Review Fig guide" }));
    const review = await screen.findByRole("dialog", { name: "Review draft" });
    expect((await within(review).findByRole("alert")).textContent).toBe(
      "This draft looks like English, not Spanish as asked. Check it before saving, or generate it again. " +
        "Confirm the language to approve it.",
    );
    expect((within(review).getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(true);
    vi.mocked(getDraftBatch).mockResolvedValue(batch());
    await user.click(within(review).getByRole("button", { name: "Confirm the language" }));
    await waitFor(() => expect(confirmDraftLanguage).toHaveBeenCalledWith(article(3)));
    expect(notifySuccess).toHaveBeenCalledWith("Language confirmed: the draft can be approved");
    expect(approveDrafts).not.toHaveBeenCalled();
  });

  it("drips the approved drafts in the batch's order: preview of the database's times, then Schedule", async () => {
    const times = [new Date("2031-03-29T08:00:00Z")];
    vi.mocked(previewDripTimes).mockResolvedValue(times);
    vi.mocked(applyDripSchedule).mockResolvedValue([{ articleId: article(2), scheduledFor: times[0] }]);
    const { user } = await renderPage();
    expect(screen.getByText(/1 draft ready to schedule, in the order of the ideas\. 2 more wait for your approval\./))
      .toBeTruthy();
    expect(((await screen.findByLabelText("My blog")) as HTMLInputElement).checked).toBe(true);

    const start = screen.getByLabelText("Start date");
    await user.clear(start);
    await user.type(start, "2031-03-29");
    const zone = screen.getByLabelText("Time zone");
    await user.clear(zone);
    await user.type(zone, "Europe/Berlin");
    await user.click(screen.getByLabelText("Save as a WordPress draft"));
    await user.click(screen.getByRole("button", { name: "Preview schedule" }));

    const rule = {
      startDate: "2031-03-29",
      perPeriod: 1,
      period: "day",
      windowStart: "09:00",
      windowEnd: "17:00",
      timeZone: "Europe/Berlin",
      postStatus: "draft",
      siteIds: [SITE],
    };
    await waitFor(() => expect(previewDripTimes).toHaveBeenCalledWith(rule, 1));
    expect(await screen.findByText("Mar 29, 2031, 9:00 AM GMT+1 — Worm guide")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Schedule 1 draft" }));
    await waitFor(() => expect(applyDripSchedule).toHaveBeenCalledWith([article(2)], rule));
  });

  it("checks the rule first: a window that closes before it opens, no site, an unknown zone", async () => {
    const { user } = await renderPage(batch({ targetSiteIds: [] }));
    const closes = screen.getByLabelText("Window closes");
    await user.clear(closes);
    await user.type(closes, "08:00");
    const zone = screen.getByLabelText("Time zone");
    await user.clear(zone);
    await user.type(zone, "Mars/Olympus");
    await user.click(screen.getByRole("button", { name: "Preview schedule" }));
    expect(screen.getByText("The window must close after it opens (on the same day)")).toBeTruthy();
    expect(screen.getByText("Unknown time zone")).toBeTruthy();
    await user.clear(closes);
    await user.type(closes, "18:00");
    await user.clear(zone);
    await user.type(zone, "UTC");
    await user.click(screen.getByRole("button", { name: "Preview schedule" }));
    expect(await screen.findByText("Choose at least one site to publish to")).toBeTruthy();
    expect(previewDripTimes).not.toHaveBeenCalled();
  });

  it("says so when the batch is not the user's (or does not exist)", async () => {
    vi.mocked(getDraftBatch).mockResolvedValue(null);
    render(
      <Router hook={memoryLocation({ path: `/batches/${BATCH}` }).hook}>
        <Route path="/batches/:id">
          <BatchPage />
        </Route>
      </Router>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Batch not found" })).toBeTruthy();
  });

  it("rejects a draft (deleting it) or drafts its idea again, each after asking; a deleted draft can be drafted again", async () => {
    vi.mocked(rejectDraft).mockResolvedValue();
    vi.mocked(regenerateDraft).mockResolvedValue({ requeued: true });
    const { user } = await renderPage(
      batch({
        jobs: [
          ...batch().jobs,
          { id: "j7", position: 6, idea: "Quinces", focusKeyword: null, status: "done", attempts: 1, lastError: null, articleId: null, startedAt: null, outline: null },
        ],
      }),
    );
    await user.click(within(row("Compost")).getByRole("button", { name: "Review Compost guide" }));
    let review = await screen.findByRole("dialog", { name: "Review draft" });
    await user.click(await within(review).findByRole("button", { name: "Reject" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Reject this draft?" })).getByRole("button", { name: "Cancel" }));
    expect(rejectDraft).not.toHaveBeenCalled();
    await user.click(within(review).getByRole("button", { name: "Reject" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Reject this draft?" })).getByRole("button", { name: "Reject and delete" }));
    await waitFor(() => expect(rejectDraft).toHaveBeenCalledWith(article(1)));
    expect(notifySuccess).toHaveBeenCalledWith("Draft rejected and deleted");

    await user.click(within(row("Worms")).getByRole("button", { name: "Review Worm guide" }));
    review = await screen.findByRole("dialog", { name: "Review draft" });
    expect(within(review).queryByRole("button", { name: "Approve" })).toBeNull();
    await user.click(await within(review).findByRole("button", { name: "Draft again" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Draft this idea again?" })).getByRole("button", { name: "Draft again" }));
    await waitFor(() => expect(regenerateDraft).toHaveBeenCalledWith("j2"));

    expect(within(row("Quinces")).getByText("Deleted")).toBeTruthy();
    await user.click(within(row("Quinces")).getByRole("button", { name: "Draft again: Quinces" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Draft this idea again?" })).getByRole("button", { name: "Draft again" }));
    await waitFor(() => expect(regenerateDraft).toHaveBeenCalledWith("j7"));
  });

  it("once every draft is scheduled, says so rather than that none can be", async () => {
    const at = new Date("2031-03-29T08:00:00Z");
    await renderPage(
      batch({
        progress: { queued: 0, drafting: 0, done: 3, failed: 0, outline_ready: 0, cancelled: 0, total: 3 },
        jobs: batch().jobs.slice(0, 3),
        drafts: batch().drafts.map((draft) => ({ ...draft, status: "scheduled", approvedAt: new Date(), scheduledFor: at })),
      }),
    );
    expect(screen.getByText("Every draft of this batch is scheduled or published. 3 drafts are scheduled (see the Calendar).")).toBeTruthy();
    expect(screen.queryByText(/No draft of this batch can be scheduled yet/)).toBeNull();
    expect(within(row("Figs")).getByText("Scheduled for Mar 29, 2031, 8:00 AM")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Preview schedule" })).toBeNull();
  });
});

describe("a batch whose outlines are reviewed", () => {
  const reviewed = () =>
    batch({
      outlineReview: true,
      progress: { queued: 0, drafting: 0, done: 0, failed: 0, outline_ready: 2, cancelled: 0, total: 2 },
      jobs: [
        { ...batch().jobs[0], status: "outline_ready", articleId: null, outline: ["Why compost", "Bins", "Worms"] },
        { ...batch().jobs[1], status: "outline_ready", articleId: null, outline: ["Worm care"] },
      ],
      drafts: [],
    });

  beforeEach(() => {
    setSignedIn();
    vi.mocked(listScheduleTargets).mockResolvedValue([]);
  });
  afterEach(() => {
    batchesState.detail = null;
    vi.clearAllMocks();
  });

  it("opens an idea's outline, sends it as edited, and says the idea is drafted next", async () => {
    vi.mocked(approveOutline).mockResolvedValue({ approved: 1 });
    const { user } = await renderPage(reviewed());
    expect(screen.getByText("Outlines to review")).toBeTruthy();
    expect(screen.getByText(/2 outlines to review/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" }), "outlines waiting can be cancelled").toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Review outline: Compost" }));
    const dialog = await screen.findByRole("dialog", { name: "Review outline" });
    await user.click(within(dialog).getByRole("button", { name: "Remove “Bins”" }));
    await user.clear(within(dialog).getByLabelText("Heading 1"));
    await user.type(within(dialog).getByLabelText("Heading 1"), "Why compost at home");
    await user.click(within(dialog).getByRole("button", { name: "Approve and draft" }));
    expect(approveOutline).toHaveBeenCalledWith("j1", ["Why compost at home", "Worms"]);
    expect(notifySuccess).toHaveBeenCalledWith("Outline approved: the idea is being drafted");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Review outline" })).toBeNull());
  });

  it("names an empty heading and sends nothing", async () => {
    const { user } = await renderPage(reviewed());
    await user.click(screen.getByRole("button", { name: "Review outline: Worms" }));
    const dialog = await screen.findByRole("dialog", { name: "Review outline" });
    await user.clear(within(dialog).getByLabelText("Heading 1"));
    await user.click(within(dialog).getByRole("button", { name: "Approve and draft" }));
    expect(within(dialog).getByText("Every heading needs text (remove the ones you do not want)")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Heading 1"));
    expect(approveOutline).not.toHaveBeenCalled();
  });

  it("offers no approval in a cancelled batch", async () => {
    await renderPage({ ...reviewed(), cancelledAt: new Date() });
    expect(screen.queryByRole("button", { name: /Approve all outlines/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  });

  it("approves every outline as it stands after asking", async () => {
    vi.mocked(approveAllOutlines).mockResolvedValue({ approved: 2 });
    const { user } = await renderPage(reviewed());
    await user.click(screen.getByRole("button", { name: "Approve all outlines (2)" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Approve 2 outlines?" });
    await user.click(within(confirm).getByRole("button", { name: "Approve all outlines (2)" }));
    expect(approveAllOutlines).toHaveBeenCalledWith(BATCH);
    expect(notifySuccess).toHaveBeenCalledWith("2 outlines approved");
  });
});
