import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSignedIn } from "../../../../test/session";
import { requestSeoAnalysis, type SeoReport } from "../data/seoAnalysis";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { seoResearch } from "../researchStore";
import SeoAnalysisPage from "./SeoAnalysisPage";

vi.mock("../../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../data/keywords", () => ({ requestKeywords: vi.fn(), KEYWORDS_FAILURE_MESSAGE: "x" }));
vi.mock("../data/seoAnalysis", () => ({
  requestSeoAnalysis: vi.fn(),
  SEO_FAILURE_MESSAGE: "Failed to complete SEO analysis. Please try again.",
}));
vi.mock("../../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const AUDIT: SeoReport["audit"] = {
  url: "https://example.com",
  finalUrl: "https://example.com/",
  fetchedAt: "2026-12-06T10:00:00.000Z",
  responseMs: 312,
  auditMs: 1840,
  checks: [
    { id: "status", group: "crawling", label: "HTTP status", status: "pass", value: "200 OK", why: "Only 200 pages are indexed." },
    { id: "title-length", group: "content", label: "Title length", status: "warning", value: "72 characters — may be cut off in results", why: "Results cut long titles." },
    { id: "image-alt", group: "links", label: "Image alt text", status: "fail", value: "3 of 4 images without alt: /a.png", why: "Alt text describes images." },
  ],
};

const ANALYSIS: SeoReport = {
  audit: AUDIT,
  title: "SEO analysis of example.com",
  trafficMetrics: {
    monthlyVisits: "~45K",
    avgDuration: "2m 35s",
    pagesPerVisit: "2.8",
    bounceRate: "48%",
    topCountry: "United States",
  },
  contentStrategy: {
    types: ["Blog posts", "How-to guides"],
    freshness: "Weekly",
    examples: ["Beginner guide"],
  },
  backlinkProfile: { strength: "Moderate", opportunities: "Guest posts on industry blogs" },
  technicalSeo: { structure: "Clear hierarchy", improvements: ["Compress images", "Add structured data"] },
  summaryTable: [
    { metric: "Monthly visits", value: "~45K", insight: "Steady growth" },
    { metric: "Bounce rate", value: "48%", insight: "Average" },
  ],
  recommendations: ["Publish in-depth guides", "Improve Core Web Vitals"],
  notes: [],
};

const EMPTY_LISTS: SeoReport = {
  ...ANALYSIS,
  contentStrategy: { types: [], freshness: "", examples: [] },
  technicalSeo: { structure: "Clear hierarchy", improvements: [] },
  summaryTable: [],
  recommendations: [],
};

const urlInput = () => screen.getByLabelText("Website URL") as HTMLInputElement;
const analyzeButton = () => screen.getByRole("button", { name: "Analyze" }) as HTMLButtonElement;
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
const section = (title: string) => screen.getByRole("heading", { level: 3, name: title }).closest("section")!;

async function analyze(url: string, analysis: SeoReport = ANALYSIS) {
  vi.mocked(requestSeoAnalysis).mockResolvedValue(analysis);
  const user = userEvent.setup();
  const view = render(<SeoAnalysisPage />);
  await user.type(urlInput(), url);
  await user.click(analyzeButton());
  await waitFor(() => expect(notifySuccess).toHaveBeenCalled());
  return view;
}

/** The value shown for a label of a description list. */
function valueOf(scope: HTMLElement, label: string): HTMLElement {
  const term = within(scope).getByText(label, { selector: "dt" });
  return term.nextElementSibling as HTMLElement;
}

beforeEach(() => {
  setSignedIn();
  Object.assign(seoResearch, { pending: null, latest: null, error: null });
});

describe("SEO analysis form", () => {
  it("has a URL input", () => {
    render(<SeoAnalysisPage />);
    expect(screen.getByRole("heading", { level: 1, name: "SEO Analysis" })).toBeTruthy();
    expect(urlInput().type).toBe("url");
  });

  it.each([
    ["", "Please enter a website URL"],
    ["   ", "Please enter a website URL"],
    ["https://user:secret@example.com", "Please enter a valid URL"],
    ["ftp://example.com", "Please enter a valid URL"],
    ["javascript:alert(1)", "Please enter a valid URL"],
  ])("refuses %j with %j", async (url, message) => {
    const user = userEvent.setup();
    render(<SeoAnalysisPage />);
    if (url) await user.type(urlInput(), url);
    await user.click(analyzeButton());
    expect(noteOf(urlInput())).toBe(message);
    expect(urlInput().getAttribute("aria-invalid")).toBe("true");
    expect(requestSeoAnalysis).not.toHaveBeenCalled();
  });

  it("explains the expected address before anything is wrong", () => {
    render(<SeoAnalysisPage />);
    expect(noteOf(urlInput())).toBe("For example example.com or https://example.com/blog (https:// is added if you leave it out)");
  });

  it("completes an address typed without a scheme with https://", async () => {
    await analyze(" www.example.com/blog ");
    expect(requestSeoAnalysis).toHaveBeenCalledWith("https://www.example.com/blog");
    expect(screen.getByText("https://www.example.com/blog", { selector: ".seo-url" })).toBeTruthy();
  });

  it("analyses the trimmed URL and announces success", async () => {
    await analyze("  https://example.com ");
    expect(requestSeoAnalysis).toHaveBeenCalledWith("https://example.com");
    expect(notifySuccess).toHaveBeenCalledWith("SEO analysis completed successfully");
    expect(screen.getByText("These figures are AI estimates, not measured data.")).toBeTruthy();
  });

  it("is busy while analysing and shows progress", async () => {
    vi.mocked(requestSeoAnalysis).mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    render(<SeoAnalysisPage />);
    await user.type(urlInput(), "https://example.com");
    await user.click(analyzeButton());
    expect(analyzeButton().disabled).toBe(true);
    expect(analyzeButton().getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toMatch(/^Analyzing https:\/\/example\.com… 0 s/);
    expect(screen.getByRole("progressbar", { name: "Analyzing https://example.com…" })).toBeTruthy();
  });
});

describe("SEO analysis report", () => {
  it("shows the measured audit first: each check with its traffic light, value and why it matters", async () => {
    await analyze("https://example.com");
    const report = screen.getByRole("article", { name: ANALYSIS.title });
    expect(within(report).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Measured audit",
      "1. Traffic & Engagement Metrics",
      "2. SEO Content Strategy",
      "3. Backlink Profile",
      "4. Technical SEO",
      "Summary Table",
      "Recommendations",
    ]);
    const audit = section("Measured audit");
    expect(within(audit).getAllByRole("heading", { level: 4 }).map((heading) => heading.textContent)).toEqual([
      "Crawling and indexing",
      "Content and headings",
      "Links and images",
    ]);
    const alt = audit.querySelector('[data-check="image-alt"]') as HTMLElement;
    expect(within(alt).getByText("Fail")).toBeTruthy();
    expect(within(alt).getByText("3 of 4 images without alt: /a.png")).toBeTruthy();
    expect(within(alt).getByText("Alt text describes images.")).toBeTruthy();
    expect(within(audit).getByText(/The page responded in 312 ms; the audit, with robots.txt, sitemap and a sample of links, took 1\.8 s\./)).toBeTruthy();
    expect(within(audit).getByText(/Fetched https:\/\/example\.com \(answered at https:\/\/example\.com\/\)/)).toBeTruthy();
    const summary = audit.querySelector(".audit-counts")!;
    expect(summary.textContent).toBe("Pass 1Warning 1Fail 1");
  });

  it("hides passing checks on request", async () => {
    await analyze("https://example.com");
    const audit = section("Measured audit");
    await userEvent.setup().click(within(audit).getByRole("switch", { name: "Only what needs work" }));
    expect(audit.querySelector('[data-check="status"]')).toBeNull();
    expect(audit.querySelectorAll("[data-check]")).toHaveLength(2);
  });

  it("labels the traffic figures as estimates and the written sections as AI-written", async () => {
    await analyze("https://example.com");
    expect(within(section("1. Traffic & Engagement Metrics")).getByText("These figures are AI estimates, not measured data.")).toBeTruthy();
    expect(screen.getByText(/The sections below are written by AI from the measured audit/)).toBeTruthy();
  });

  it("shows the traffic and engagement metrics", async () => {
    await analyze("https://example.com");
    const traffic = section("1. Traffic & Engagement Metrics");
    expect(valueOf(traffic, "Monthly Visits").textContent).toBe("~45K");
    expect(valueOf(traffic, "Avg. Duration").textContent).toBe("2m 35s");
    expect(valueOf(traffic, "Pages/Visit").textContent).toBe("2.8");
    expect(valueOf(traffic, "Bounce Rate").textContent).toBe("48%");
    expect(valueOf(traffic, "Top Country").textContent).toBe("United States");
  });

  it("shows content strategy, backlinks and technical SEO", async () => {
    await analyze("https://example.com");
    const content = section("2. SEO Content Strategy");
    expect(within(valueOf(content, "Content Types")).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Blog posts",
      "How-to guides",
    ]);
    expect(valueOf(content, "Content Freshness").textContent).toBe("Weekly");
    expect(valueOf(content, "Example Content").textContent).toBe("Beginner guide");

    const backlinks = section("3. Backlink Profile");
    expect(valueOf(backlinks, "Strength").textContent).toBe("Moderate");
    expect(valueOf(backlinks, "Opportunities").textContent).toBe("Guest posts on industry blogs");

    const technical = section("4. Technical SEO");
    expect(valueOf(technical, "Structure").textContent).toBe("Clear hierarchy");
    expect(within(valueOf(technical, "Improvements")).getAllByRole("listitem")).toHaveLength(2);
  });

  it("shows the summary as a table with column and row headers", async () => {
    await analyze("https://example.com");
    const table = within(section("Summary Table")).getByRole("table");
    const columns = within(table).getAllByRole("columnheader");
    expect(columns.map((cell) => cell.textContent)).toEqual(["Metric", "Value", "Insight"]);
    expect(columns.every((cell) => cell.getAttribute("scope") === "col")).toBe(true);
    const rowHeaders = within(table).getAllByRole("rowheader");
    expect(rowHeaders.map((cell) => cell.textContent)).toEqual(["Monthly visits", "Bounce rate"]);
    expect(rowHeaders.every((cell) => cell.getAttribute("scope") === "row")).toBe(true);
    const firstRow = rowHeaders[0].closest("tr")!;
    expect(within(firstRow).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["~45K", "Steady growth"]);
  });

  it("lists the recommendations in order", async () => {
    await analyze("https://example.com");
    const list = within(section("Recommendations")).getByRole("list");
    expect(list.tagName).toBe("OL");
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Publish in-depth guides",
      "Improve Core Web Vitals",
    ]);
  });

  it("shows N/A for empty lists and empty text", async () => {
    await analyze("https://example.com", EMPTY_LISTS);
    const content = section("2. SEO Content Strategy");
    expect(valueOf(content, "Content Types").textContent).toBe("N/A");
    expect(valueOf(content, "Content Freshness").textContent).toBe("N/A");
    expect(valueOf(content, "Example Content").textContent).toBe("N/A");
    expect(valueOf(section("4. Technical SEO"), "Improvements").textContent).toBe("N/A");
    expect(within(section("Summary Table")).queryByRole("table")).toBeNull();
    expect(within(section("Summary Table")).getByText("N/A")).toBeTruthy();
    expect(within(section("Recommendations")).getByText("N/A")).toBeTruthy();
  });

  it("lists what could not be read from the model's answer, collapsed at the end of the report", async () => {
    const notes = ["Could not read Structure (Technical SEO); shown as N/A."];
    await analyze("https://example.com", { ...ANALYSIS, notes });
    const details = screen.getByText("Notes on this report (1)").closest("details")!;
    expect(details.open).toBe(false);
    expect(screen.getByRole("article", { name: ANALYSIS.title }).lastElementChild).toBe(details);
    expect(within(details).getByRole("listitem").textContent).toBe(notes[0]);
  });

  it("shows no notes when the whole answer could be read", async () => {
    await analyze("https://example.com");
    expect(screen.queryByText(/Notes on this report/)).toBeNull();
  });

  it("names the report after the URL when the model gave no title", async () => {
    await analyze("https://example.com", { ...ANALYSIS, title: " " });
    expect(screen.getByRole("heading", { level: 2, name: "SEO analysis of https://example.com" })).toBeTruthy();
  });

  it("renders model text as text, never as HTML", async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    await analyze("https://example.com", {
      ...ANALYSIS,
      title: hostile,
      recommendations: [hostile],
      summaryTable: [{ metric: hostile, value: "<b>1</b>", insight: "<a href='javascript:alert(3)'>x</a>" }],
    });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(hostile);
    expect(within(section("Recommendations")).getByText(hostile)).toBeTruthy();
    const report = screen.getByRole("article", { name: hostile });
    expect(report.querySelector("img, script, b, a")).toBeNull();
  });

  it("keeps the analysis when the user comes back", async () => {
    const { unmount } = await analyze("https://example.com");
    unmount();
    render(<SeoAnalysisPage />);
    expect(screen.getByRole("heading", { level: 2, name: ANALYSIS.title })).toBeTruthy();
    expect(urlInput().value).toBe("https://example.com");
  });
});

describe("SEO analysis failures", () => {
  async function failWith(error: Error) {
    vi.mocked(requestSeoAnalysis).mockRejectedValue(error);
    const user = userEvent.setup();
    render(<SeoAnalysisPage />);
    await user.type(urlInput(), "https://example.com");
    await user.click(analyzeButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
  }

  it("says why a page could not be audited", async () => {
    await failWith(new Error("Could not audit https://example.com: https://example.com/ answered 404 Not Found."));
    expect(screen.getByText("Could not audit https://example.com: https://example.com/ answered 404 Not Found.")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });

  it("shows the server's message", async () => {
    await failWith(new Error("Failed to parse SEO analysis response"));
    expect(notifyError).toHaveBeenCalledWith("Failed to parse SEO analysis response");
    expect(screen.getByText("Failed to parse SEO analysis response")).toBeTruthy();
    expect(analyzeButton().disabled).toBe(false);
  });

  it("falls back to the spec's message", async () => {
    await failWith(new Error(""));
    expect(notifyError).toHaveBeenCalledWith("Failed to complete SEO analysis. Please try again.");
  });

  it("keeps the reason in place until dismissed, and Try again asks again for the same page", async () => {
    await failWith(new Error("Failed to parse SEO analysis response"));
    const user = userEvent.setup();
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Failed to parse SEO analysis response");
    vi.mocked(requestSeoAnalysis).mockReturnValue(new Promise(() => {}));
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(vi.mocked(requestSeoAnalysis).mock.calls.at(-1)?.[0]).toBe(vi.mocked(requestSeoAnalysis).mock.calls[0][0]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toMatch(/^Analyzing https:\/\/example\.com.*… 0 s/);
  });

  it("offers Profile Settings when the key is the problem", async () => {
    await failWith(new Error("Invalid OpenAI API key. Check it in Profile Settings."));
    expect(screen.getByRole("link", { name: "Go to Profile Settings" }).getAttribute("href")).toBe("/profile");
  });
});
