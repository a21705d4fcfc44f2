import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSignedIn } from "../../../../test/session";
import { requestKeywords, type KeywordItem } from "../data/keywords";
import { downloadCsv } from "../../../lib/csv";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { keywordResearch } from "../researchStore";
import {
  deleteKeywordResearch,
  listKeywordResearches,
  saveKeywordResearch,
  type SavedResearch,
} from "../data/keywordResearches";
import { fetchKeywordData, getKeywordDataProviderStatus, quoteKeywordData } from "../data/keywordData";
import KeywordPhrasesPage from "./KeywordPhrasesPage";

vi.mock("../../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../data/keywords", () => ({
  requestKeywords: vi.fn(),
  KEYWORDS_FAILURE_MESSAGE: "Failed to generate keywords. Please check your API key and try again.",
}));
vi.mock("../data/keywordResearches", () => ({
  listKeywordResearches: vi.fn(),
  saveKeywordResearch: vi.fn(),
  deleteKeywordResearch: vi.fn(),
}));
vi.mock("../data/seoAnalysis", () => ({ requestSeoAnalysis: vi.fn(), SEO_FAILURE_MESSAGE: "x" }));
vi.mock("../data/keywordData", () => ({
  getKeywordDataProviderStatus: vi.fn(),
  quoteKeywordData: vi.fn(),
  fetchKeywordData: vi.fn(),
}));
vi.mock("../../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../../../lib/csv", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/csv")>()),
  downloadCsv: vi.fn(),
}));

const KEYWORDS: KeywordItem[] = [
  { keyword: "home gardening tips", searchVolume: "12K", difficulty: 12, cpc: "$0.45", competition: "low" },
  { keyword: "best home gardening", searchVolume: "4.5K", difficulty: 45, cpc: "$1.10", competition: "medium" },
  { keyword: "home gardening kits", searchVolume: "900", difficulty: 78, cpc: "$2.35", competition: "high" },
];

const topicInput = () => screen.getByLabelText("Topic or Niche") as HTMLInputElement;
const generateButton = () => screen.getByRole("button", { name: "Generate" }) as HTMLButtonElement;
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

function renderPage() {
  const user = userEvent.setup();
  const view = render(<KeywordPhrasesPage />);
  return { user, ...view };
}

async function generate(topic: string, keywords: KeywordItem[] = KEYWORDS, notes: string[] = []) {
  vi.mocked(requestKeywords).mockResolvedValue({ keywords, notes });
  const rendered = renderPage();
  await rendered.user.type(topicInput(), topic);
  await rendered.user.click(generateButton());
  await screen.findByRole("table");
  return rendered;
}

/** What the history holds; saving adds to it, newest first. */
let saved: SavedResearch[] = [];

beforeEach(() => {
  setSignedIn();
  Object.assign(keywordResearch, { pending: null, latest: null, error: null, historyVersion: 0 });
  saved = [];
  vi.mocked(listKeywordResearches).mockImplementation(async () => [...saved]);
  vi.mocked(saveKeywordResearch).mockImplementation(async (topic, result, locale = null) => {
    const research = { id: `r-${saved.length + 1}`, topic, createdAt: new Date("2026-12-01T10:00:00Z"), result, locale };
    saved = [research, ...saved];
    return research;
  });
  vi.mocked(deleteKeywordResearch).mockImplementation(async (id) => {
    saved = saved.filter((research) => research.id !== id);
  });
  vi.mocked(getKeywordDataProviderStatus).mockResolvedValue(null);
});

describe("with a DataForSEO account", () => {
  const STATUS = {
    provider: "dataforseo" as const,
    loginLast4: "test",
    passwordLast4: "WXYZ",
    locationCode: 2840,
    languageCode: "en",
    updatedAt: new Date("2026-12-01T10:00:00Z"),
  };
  const QUOTE = {
    provider: "dataforseo" as const,
    locationCode: 2840,
    languageCode: "en",
    cached: false,
    cachedAt: null,
    estimatedCostUsd: 0.0115,
    spentLast30DaysUsd: 0.023,
  };
  const RESULT = {
    provider: "dataforseo" as const,
    locationCode: 2840,
    languageCode: "en",
    keywords: KEYWORDS,
    notes: [],
    cached: false,
    fetchedAt: "2026-12-06T10:00:00.000Z",
    costUsd: 0.0115,
  };

  beforeEach(() => vi.mocked(getKeywordDataProviderStatus).mockResolvedValue(STATUS));

  it("shows the cost first, fetches only once confirmed, and says where the numbers come from and what they cost", async () => {
    vi.mocked(quoteKeywordData).mockResolvedValue(QUOTE);
    vi.mocked(fetchKeywordData).mockResolvedValue(RESULT);
    const { user } = renderPage();
    await screen.findByText(/Source: DataForSEO, United States in English/);
    await user.type(topicInput(), "home gardening");
    await user.click(generateButton());
    const dialog = await screen.findByRole("alertdialog", { name: "Fetch keyword data from DataForSEO?" });
    expect(dialog.textContent).toContain("“home gardening” costs at most $0.0115 from your DataForSEO balance (United States, English).");
    expect(dialog.textContent).toContain("You have spent $0.0230 in the last 30 days.");
    expect(fetchKeywordData).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Fetch for $0.0115" }));
    expect(fetchKeywordData).toHaveBeenCalledWith("home gardening", 0.0115);
    await screen.findByRole("table");
    expect(screen.getByText(/Google data from DataForSEO \(United States, English\)/).textContent).toContain(
      "This request cost $0.0115 from your DataForSEO balance.",
    );
    expect(screen.queryByText(/AI estimates/)).toBeNull();
    expect(notifySuccess).toHaveBeenCalledWith("Keywords generated successfully");
  });

  it("offers no language of its own: DataForSEO's settings name it", async () => {
    renderPage();
    expect(await screen.findByText(/Source: DataForSEO/)).toBeTruthy();
    expect(screen.queryByLabelText("Language")).toBeNull();
  });

  it("cancelling spends nothing", async () => {
    vi.mocked(quoteKeywordData).mockResolvedValue(QUOTE);
    const { user } = renderPage();
    await screen.findByText(/Source: DataForSEO/);
    await user.type(topicInput(), "home gardening");
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(fetchKeywordData).not.toHaveBeenCalled();
  });

  it("a topic in the cache is fetched at once, at no cost", async () => {
    vi.mocked(quoteKeywordData).mockResolvedValue({ ...QUOTE, cached: true, cachedAt: "2026-12-01T10:00:00.000Z", estimatedCostUsd: 0 });
    vi.mocked(fetchKeywordData).mockResolvedValue({ ...RESULT, cached: true, costUsd: 0 });
    const { user } = renderPage();
    await screen.findByText(/Source: DataForSEO/);
    await user.type(topicInput(), "home gardening");
    await user.click(generateButton());
    await screen.findByRole("table");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(fetchKeywordData).toHaveBeenCalledWith("home gardening", 0);
    expect(screen.getByText(/From your 30-day cache: this request cost nothing\./)).toBeTruthy();
  });

  it("says why when DataForSEO refuses", async () => {
    vi.mocked(quoteKeywordData).mockRejectedValue(new Error("DataForSEO refused the login and password. Check them in Profile Settings."));
    const { user } = renderPage();
    await screen.findByText(/Source: DataForSEO/);
    await user.type(topicInput(), "home gardening");
    await user.click(generateButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("DataForSEO refused the login and password. Check them in Profile Settings."));
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("keyword phrases form", () => {
  it("shows the empty state before anything is generated", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Keyword Phrases" })).toBeTruthy();
    expect(screen.getByText("No keywords generated yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Export CSV" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it.each(["", "   "])("asks for a topic when it is %j", async (topic) => {
    const { user } = renderPage();
    if (topic) await user.type(topicInput(), topic);
    await user.click(generateButton());
    expect(noteOf(topicInput())).toBe("Please enter a topic");
    expect(topicInput().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(topicInput());
    expect(requestKeywords).not.toHaveBeenCalled();
  });

  it("clears the message once a topic is typed", async () => {
    const { user } = renderPage();
    await user.click(generateButton());
    await user.type(topicInput(), "g");
    expect(topicInput().getAttribute("aria-invalid")).toBeNull();
  });

  it("generates keywords for the trimmed topic and announces success", async () => {
    await generate("  home gardening ");
    expect(requestKeywords).toHaveBeenCalledWith("home gardening", null);
    expect(notifySuccess).toHaveBeenCalledWith("Keywords generated successfully");
    expect(screen.getByRole("heading", { name: "Keywords for “home gardening”" })).toBeTruthy();
    expect(screen.queryByText("No keywords generated yet")).toBeNull();
  });

  it("writes the phrases in the language chosen; none chosen, the topic's own", async () => {
    vi.mocked(requestKeywords).mockResolvedValue({ keywords: KEYWORDS, notes: [] });
    const { user } = renderPage();
    const language = (await screen.findByLabelText("Language")) as HTMLSelectElement;
    expect(language.value).toBe("");
    expect(language.options[0].textContent).toBe("The topic's language");
    await user.selectOptions(language, "es");
    await user.type(topicInput(), "jardinería en casa");
    await user.click(generateButton());
    await screen.findByRole("table");
    expect(requestKeywords).toHaveBeenCalledWith("jardinería en casa", "es");
    // The research records its language; "Write article" opens Create in it, and the history says it.
    await waitFor(() => expect(saveKeywordResearch).toHaveBeenCalledWith("jardinería en casa", expect.anything(), "es"));
    const write = screen.getByRole("link", { name: `Write article: ${KEYWORDS[0].keyword}` });
    expect(new URL(write.getAttribute("href")!, "https://app.test").searchParams.get("locale")).toBe("es");
    expect(await screen.findByText(/· 3 keywords · Spanish · shown above$/)).toBeTruthy();
  });

  it("is busy while generating, shows the seconds elapsed and keeps the input usable", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(requestKeywords).mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<KeywordPhrasesPage />);
    await user.type(topicInput(), "vegan recipes");
    await user.click(generateButton());

    expect(generateButton().disabled).toBe(true);
    expect(generateButton().getAttribute("aria-busy")).toBe("true");
    expect(topicInput().disabled).toBe(false);
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("Generating keywords for “vegan recipes”…");
    expect(within(status).getByText("0 s")).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(within(status).getByText("3 s")).toBeTruthy();

    await user.click(generateButton());
    expect(requestKeywords).toHaveBeenCalledTimes(1);
  });
});

describe("keyword results", () => {
  it("shows every column, with a difficulty meter and a competition badge", async () => {
    await generate("home gardening");
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual(["Keyword", "Search Volume", "Difficulty", "CPC", "Competition", "Actions"]);

    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const cells = within(rows[1]).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(["best home gardening", "4.5K", "45", "$1.10", "Medium", "Write article"]);
    expect(within(rows[1]).getByRole("link", { name: "Write article: best home gardening" }).getAttribute("href")).toBe(
      "/articles/create?idea=best+home+gardening&keyword=best+home+gardening",
    );

    const meters = screen.getAllByRole("meter", { name: "Difficulty" });
    expect(meters.map((meter) => meter.getAttribute("data-tone"))).toEqual(["green", "yellow", "red"]);
    expect(meters[1].getAttribute("aria-valuenow")).toBe("45");
    expect(meters[1].getAttribute("aria-valuetext")).toBe("45 of 100, moderate");
    expect((meters[2].firstElementChild as HTMLElement).style.width).toBe("78%");

    const badges = ["Low", "Medium", "High"].map((label) => screen.getByText(label));
    expect(badges.map((badge) => badge.getAttribute("data-tone"))).toEqual(["green", "yellow", "red"]);
    expect(badges.map((badge) => badge.className)).toEqual(["badge badge-green", "badge badge-yellow", "badge badge-red"]);
  });

  it("shows N/A for estimates that could not be read, and the notes on them", async () => {
    const notes = ["The difficulty of 1 keyword could not be read; shown as N/A."];
    const { user } = await generate(
      "home gardening",
      [{ keyword: "compost", searchVolume: null, difficulty: null, cpc: null, competition: null }],
      notes,
    );
    const cells = within(screen.getAllByRole("row")[1]).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(["compost", "N/A", "N/A", "N/A", "N/A", "Write article"]);
    expect(screen.queryByRole("meter")).toBeNull();
    expect(screen.getByText("N/A", { selector: ".badge" }).getAttribute("data-tone")).toBe("grey");

    const details = screen.getByText("Notes on these results (1)").closest("details")!;
    expect(details.open).toBe(false);
    expect(within(details).getByRole("listitem").textContent).toBe(notes[0]);

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(vi.mocked(downloadCsv).mock.calls[0][1].split("\r\n")[1]).toBe("compost,,,,");
  });

  it("shows no notes when everything could be read", async () => {
    await generate("home gardening");
    expect(screen.queryByText(/Notes on these results/)).toBeNull();
  });

  it("renders model text as text", async () => {
    await generate("xss", [{ ...KEYWORDS[0], keyword: '<img src=x onerror="alert(1)">' }]);
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(document.querySelector("table img")).toBeNull();
  });

  it("shows the empty state when no keywords came back", async () => {
    vi.mocked(requestKeywords).mockResolvedValue({ keywords: [], notes: [] });
    const { user } = renderPage();
    await user.type(topicInput(), "nothing");
    await user.click(generateButton());
    await waitFor(() => expect(notifySuccess).toHaveBeenCalled());
    expect(screen.getByText("No keywords generated yet")).toBeTruthy();
  });

  it("exports the results as keyword-research-{topic}.csv", async () => {
    const { user } = await generate("Home Gardening!");
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(downloadCsv).toHaveBeenCalledOnce();
    const [fileName, csv] = vi.mocked(downloadCsv).mock.calls[0];
    expect(fileName).toBe("keyword-research-home-gardening.csv");
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFKeyword,Search Volume,Difficulty,CPC,Competition",
      "home gardening tips,12000,12,0.45,low",
      "best home gardening,4500,45,1.1,medium",
      "home gardening kits,900,78,2.35,high",
      "",
    ]);
  });

  it("copies a keyword and says so", async () => {
    const { user } = await generate("home gardening");
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(screen.getByRole("button", { name: "Copy best home gardening" }));
    expect(writeText).toHaveBeenCalledWith("best home gardening");
    expect(await navigator.clipboard.readText()).toBe("best home gardening");
    expect(notifySuccess).toHaveBeenCalledWith("Keyword copied to clipboard");
  });

  it("says when copying fails", async () => {
    const { user } = await generate("home gardening");
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    const button = screen.getByRole("button", { name: "Copy home gardening tips" });
    await user.click(button);
    expect(notifyError).toHaveBeenCalledWith("Failed to copy keyword");
    expect(button.querySelector('[data-icon="check"]')).toBeNull();
  });

  it("keeps the results and the topic when the user comes back", async () => {
    const { unmount } = await generate("home gardening");
    unmount();
    renderPage();
    expect(screen.getAllByRole("row")).toHaveLength(4);
    expect(topicInput().value).toBe("home gardening");
  });
});

describe("keyword generation failures", () => {
  async function failWith(error: Error) {
    vi.mocked(requestKeywords).mockRejectedValue(error);
    const { user } = renderPage();
    await user.type(topicInput(), "gardening");
    await user.click(generateButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
  }

  it("shows a missing key with a way to Profile Settings", async () => {
    await failWith(new Error("OpenAI API key not found"));
    expect(notifyError).toHaveBeenCalledWith("OpenAI API key not found");
    const message = screen.getByText(/OpenAI API key not found/);
    expect(within(message).getByRole("link", { name: "Go to Profile Settings" }).getAttribute("href")).toBe("/profile");
    expect(generateButton().disabled).toBe(false);
  });

  it("falls back to the spec's message", async () => {
    await failWith(new Error(""));
    expect(notifyError).toHaveBeenCalledWith("Failed to generate keywords. Please check your API key and try again.");
  });

  it("keeps the reason in place until dismissed; Try again asks again for the same topic", async () => {
    await failWith(new Error("The AI provider is unavailable. Please try again later."));
    const user = userEvent.setup();
    const alert = screen.getByRole("alert");
    vi.mocked(requestKeywords).mockReturnValue(new Promise(() => {}));
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(vi.mocked(requestKeywords).mock.calls.map(([topic]) => topic)).toEqual(["gardening", "gardening"]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toMatch(/^Generating keywords for “gardening”… 0 s/);
  });

  it("Dismiss removes the reason", async () => {
    await failWith(new Error("The AI provider is unavailable. Please try again later."));
    const user = userEvent.setup();
    await user.click(within(screen.getByRole("alert")).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows other server messages without the Profile link", async () => {
    await failWith(new Error("The AI provider is unavailable. Please try again later."));
    expect(screen.getByText("The AI provider is unavailable. Please try again later.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Go to Profile Settings" })).toBeNull();
  });

  it("keeps earlier results when a later request fails", async () => {
    const { user } = await generate("home gardening");
    vi.mocked(requestKeywords).mockRejectedValue(new Error("The AI provider is unavailable. Please try again later."));
    await user.clear(topicInput());
    await user.type(topicInput(), "other");
    await user.click(generateButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
    expect(screen.getAllByRole("row")).toHaveLength(4);
    expect(screen.getByRole("heading", { name: "Keywords for “home gardening”" })).toBeTruthy();
  });
});

describe("keyword research kept", () => {
  it("saves each research, lists it, and shows the newest again after a reload", async () => {
    const { unmount } = await generate("home gardening");
    await waitFor(() => expect(saveKeywordResearch).toHaveBeenCalledWith("home gardening", { keywords: KEYWORDS, notes: [] }, null));
    const history = await screen.findByRole("region", { name: "Your research" });
    expect(within(history).getByText("home gardening")).toBeTruthy();
    expect(history.textContent).toContain("3 keywords · shown above");

    // A reload: nothing in memory, the history in the database.
    unmount();
    Object.assign(keywordResearch, { pending: null, latest: null, error: null });
    renderPage();
    expect(await screen.findByRole("heading", { level: 2, name: "Keywords for “home gardening”" })).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(4);
  });

  it("reopens an older research, and deletes one after asking", async () => {
    saved = [
      { id: "r-2", topic: "composting", createdAt: new Date("2026-12-02T10:00:00Z"), result: { keywords: [KEYWORDS[2]], notes: [] }, locale: null },
      { id: "r-1", topic: "home gardening", createdAt: new Date("2026-12-01T10:00:00Z"), result: { keywords: KEYWORDS, notes: [] }, locale: null },
    ];
    const { user } = renderPage();
    expect(await screen.findByRole("heading", { level: 2, name: "Keywords for “composting”" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Open home gardening, Dec 1, 2026, 10:00 AM" }));
    expect(screen.getByRole("heading", { level: 2, name: "Keywords for “home gardening”" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete home gardening, Dec 1, 2026, 10:00 AM" }));
    const question = screen.getByRole("alertdialog", { name: "Delete this research?" });
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleteKeywordResearch).toHaveBeenCalledWith("r-1"));
    expect(notifySuccess).toHaveBeenCalledWith("Research deleted");
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Open home gardening/ })).toBeNull());
    expect(screen.queryByRole("heading", { level: 2, name: "Keywords for “home gardening”" })).toBeNull();
  });

  it("sorts by a column's figures as numbers", async () => {
    const { user } = await generate("home gardening");
    const keywordsInOrder = () => screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[0].textContent);
    await user.click(screen.getByRole("button", { name: "Search Volume" }));
    expect(screen.getByRole("columnheader", { name: "Search Volume" }).getAttribute("aria-sort")).toBe("descending");
    expect(keywordsInOrder()).toEqual(["home gardening tips", "best home gardening", "home gardening kits"]);
    await user.click(screen.getByRole("button", { name: "Search Volume" }));
    expect(keywordsInOrder()).toEqual(["home gardening kits", "best home gardening", "home gardening tips"]);
    await user.click(screen.getByRole("button", { name: "CPC" }));
    expect(keywordsInOrder()).toEqual(["home gardening kits", "best home gardening", "home gardening tips"]);
  });

  it("says so when a research could not be saved, and still shows it", async () => {
    vi.mocked(saveKeywordResearch).mockRejectedValue(new Error("offline"));
    await generate("home gardening");
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("The research could not be saved to your history"));
    expect(screen.getByRole("heading", { level: 2, name: "Keywords for “home gardening”" })).toBeTruthy();
  });
});
