import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { requestSeoAnalysis, SEO_FAILURE_MESSAGE } from "./seoAnalysis";
import { supabase } from "../../../backend/supabase";

vi.mock("../../../backend/supabase", () => ({ supabase: { functions: { invoke: vi.fn() } } }));

const httpError = (status: number, body: string) => new FunctionsHttpError(new Response(body, { status }));

const AUDIT = {
  url: "https://example.com",
  finalUrl: "https://example.com/",
  fetchedAt: "2026-12-06T10:00:00.000Z",
  responseMs: 120,
  auditMs: 900,
  checks: [{ id: "status", group: "crawling", label: "HTTP status", status: "pass", value: "200 OK", why: "Indexed." }],
};

const ANALYSIS = {
  audit: AUDIT,
  title: "SEO analysis of example.com",
  trafficMetrics: { monthlyVisits: "45K", avgDuration: "2m", pagesPerVisit: "2.8", bounceRate: "48%", topCountry: "US" },
  contentStrategy: { types: ["Blog posts"], freshness: "Weekly", examples: ["Guide"] },
  backlinkProfile: { strength: "Moderate", opportunities: "Guest posts" },
  technicalSeo: { structure: "Clear", improvements: ["Compress images"] },
  summaryTable: [{ metric: "Visits", value: "45K", insight: "Growing" }],
  recommendations: ["Write guides"],
};

beforeEach(() => vi.mocked(supabase.functions.invoke).mockReset());

describe("requestSeoAnalysis", () => {
  it("posts the URL to the seo-analysis function and returns the validated report with its notes", async () => {
    const data = { ...ANALYSIS, notes: ["Could not read Summary Table; shown as N/A."] };
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data, error: null } as never);
    expect(await requestSeoAnalysis("https://example.com")).toEqual(data);
    expect(supabase.functions.invoke).toHaveBeenCalledWith("seo-analysis", { body: { url: "https://example.com" } });
  });

  it("reads a response without notes as having none", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: ANALYSIS, error: null } as never);
    expect(await requestSeoAnalysis("https://example.com")).toEqual({ ...ANALYSIS, notes: [] });
  });

  it.each([
    ['{"error":"OpenAI API key not found"}', "OpenAI API key not found"],
    ['{"error":"Failed to parse SEO analysis response"}', "Failed to parse SEO analysis response"],
    ["Gateway Timeout", SEO_FAILURE_MESSAGE],
  ])("shows the server's message from %j", async (body, message) => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error: httpError(502, body) } as never);
    await expect(requestSeoAnalysis("https://example.com")).rejects.toThrow(message);
  });

  it("falls back to the spec's message on a network failure", async () => {
    const error = new FunctionsFetchError(new Error("offline"));
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: null, error } as never);
    await expect(requestSeoAnalysis("https://example.com")).rejects.toThrow(SEO_FAILURE_MESSAGE);
  });

  it("refuses a report without its measured audit", async () => {
    const { audit: _audit, ...withoutAudit } = ANALYSIS;
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: withoutAudit, error: null } as never);
    await expect(requestSeoAnalysis("https://example.com")).rejects.toThrow(SEO_FAILURE_MESSAGE);
  });

  it("refuses a response that does not match the schema", async () => {
    vi.mocked(supabase.functions.invoke).mockResolvedValue({ data: { title: "x" }, error: null } as never);
    await expect(requestSeoAnalysis("https://example.com")).rejects.toThrow(SEO_FAILURE_MESSAGE);
  });
});
