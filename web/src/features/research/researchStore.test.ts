import { ref } from "valtio";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSignedIn, testUser } from "../../../test/session";
import type { User } from "../auth/data/auth";
import { requestKeywords, type KeywordsResponse } from "./data/keywords";
import { requestSeoAnalysis, type SeoReport } from "./data/seoAnalysis";
import { notifyError, notifySuccess } from "../../lib/notify";
import { analyzeWebsite, generateKeywords, keywordResearch, seoResearch } from "./researchStore";
import { sessionState } from "../auth/session";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/keywords", () => ({
  requestKeywords: vi.fn(),
  KEYWORDS_FAILURE_MESSAGE: "Failed to generate keywords. Please check your API key and try again.",
}));
vi.mock("./data/seoAnalysis", () => ({
  requestSeoAnalysis: vi.fn(),
  SEO_FAILURE_MESSAGE: "Failed to complete SEO analysis. Please try again.",
}));
vi.mock("./data/keywordResearches", () => ({
  saveKeywordResearch: vi.fn(async (topic: string, result: unknown) => ({ id: "r-1", topic, createdAt: new Date(), result })),
  deleteKeywordResearch: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const KEYWORDS: KeywordsResponse = {
  keywords: [{ keyword: "garden tips", searchVolume: "1K", difficulty: 20, cpc: "$1", competition: "low" }],
  notes: [],
};
const ANALYSIS = { title: "SEO analysis of example.com" } as SeoReport;

/** Lets valtio deliver its (batched) change notifications. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(async () => {
  setSignedIn();
  await settle();
  for (const research of [keywordResearch, seoResearch]) Object.assign(research, { pending: null, latest: null, error: null });
});

describe("research store", () => {
  it("records what is pending, then the result with its subject", async () => {
    const answer = deferred<KeywordsResponse>();
    vi.mocked(requestKeywords).mockReturnValue(answer.promise);
    const done = generateKeywords("gardening");
    expect(keywordResearch.pending).toEqual({ subject: "gardening", startedAt: expect.any(Number) });
    answer.resolve(KEYWORDS);
    await done;
    expect(keywordResearch.pending).toBeNull();
    expect(keywordResearch.latest).toEqual({ subject: "gardening", result: KEYWORDS, savedId: "r-1", locale: null });
    expect(notifySuccess).toHaveBeenCalledWith("Keywords generated successfully");
  });

  it("runs one request per screen at a time", async () => {
    const answer = deferred<KeywordsResponse>();
    vi.mocked(requestKeywords).mockReturnValue(answer.promise);
    const first = generateKeywords("one");
    await generateKeywords("two");
    expect(requestKeywords).toHaveBeenCalledTimes(1);
    answer.resolve(KEYWORDS);
    await first;
  });

  it("keeps the last result and records the message when a request fails", async () => {
    vi.mocked(requestKeywords).mockResolvedValueOnce(KEYWORDS).mockRejectedValueOnce(new Error("OpenAI API key not found"));
    await generateKeywords("gardening");
    await generateKeywords("cooking");
    expect(keywordResearch.latest?.subject).toBe("gardening");
    expect(keywordResearch.error).toEqual({ message: "OpenAI API key not found" });
    expect(notifyError).toHaveBeenCalledWith("OpenAI API key not found");
  });

  it("clears the last error when a new request starts", async () => {
    vi.mocked(requestSeoAnalysis).mockRejectedValueOnce(new Error("")).mockReturnValueOnce(new Promise(() => {}));
    await analyzeWebsite("https://example.com");
    expect(seoResearch.error).toEqual({ message: "Failed to complete SEO analysis. Please try again." });
    void analyzeWebsite("https://example.com");
    expect(seoResearch.error).toBeNull();
  });

  it("forgets everything when another user signs in", async () => {
    vi.mocked(requestSeoAnalysis).mockResolvedValue(ANALYSIS);
    await analyzeWebsite("https://example.com");
    expect(seoResearch.latest).not.toBeNull();
    sessionState.user = ref({ ...testUser, id: "user-2" } as User);
    await settle();
    expect(seoResearch.latest).toBeNull();
  });

  it("drops a result that arrives after the user signed out", async () => {
    const answer = deferred<KeywordsResponse>();
    vi.mocked(requestKeywords).mockReturnValue(answer.promise);
    const done = generateKeywords("private topic");
    sessionState.user = null;
    await settle();
    expect(keywordResearch.pending).toBeNull();
    answer.resolve(KEYWORDS);
    await done;
    expect(keywordResearch.latest).toBeNull();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it("keeps results across token refreshes of the same user", async () => {
    vi.mocked(requestKeywords).mockResolvedValue(KEYWORDS);
    await generateKeywords("gardening");
    sessionState.user = ref({ ...testUser });
    await settle();
    expect(keywordResearch.latest?.subject).toBe("gardening");
  });
});
