import assert from "node:assert/strict";
import { ModelOutputError } from "../_shared/ai/provider_failure.ts";
import { type SeoAnalysis, seoAnalysisSchema } from "../_shared/contracts/seo.ts";
import { parseSeoAnalysis, SEO_PARSE_FAILURE_MESSAGE, SEO_TRUNCATED_NOTE } from "./analysis_output.ts";

/** The answer as asked for. */
const answer = {
  title: "SEO analysis of example.com",
  trafficMetrics: { monthlyVisits: "~45K", avgDuration: "2m", pagesPerVisit: "2.5", bounceRate: "40%", topCountry: "DE" },
  contentStrategy: { types: ["Blog"], freshness: "Weekly", examples: ["Guide"] },
  backlinkProfile: { strength: "Moderate", opportunities: "Guest posts" },
  technicalSeo: { structure: "Flat", improvements: ["Faster pages"] },
  summaryTable: [{ metric: "Visits", value: "~45K", insight: "Growing" }],
  recommendations: ["Write more"],
};

/** What the page gets for `answer`. */
const expected: SeoAnalysis = { ...answer, notes: [] };

const EMPTY_TRAFFIC = { monthlyVisits: "", avgDuration: "", pagesPerVisit: "", bounceRate: "", topCountry: "" };

/** Answers seen from models (or shaped like them), and what the page gets. */
const SHAPES: [name: string, content: string, analysis: SeoAnalysis][] = [
  ["the shape asked for", JSON.stringify(answer), expected],
  ["wrapped in a ```json fence with prose", `Here is the analysis:\n\`\`\`json\n${JSON.stringify(answer, null, 2)}\n\`\`\`\nHope it helps {:)}`, expected],
  ["nested under a key", JSON.stringify({ analysis: answer }), expected],
  ["nested under a key, next to other objects", JSON.stringify({ meta: { model: "x" }, seoAnalysis: answer }), expected],
  [
    "backlinkProfile.opportunities as a list (the reported failure)",
    JSON.stringify({ ...answer, backlinkProfile: { strength: "Moderate", opportunities: ["Guest posts", "Directories"] } }),
    { ...expected, backlinkProfile: { strength: "Moderate", opportunities: "Guest posts; Directories" } },
  ],
  [
    "lists of objects where lists of text were asked for",
    JSON.stringify({
      ...answer,
      backlinkProfile: { strength: { level: "Moderate", referringDomains: 300 }, opportunities: [{ name: "Guest posts", effort: "low" }] },
      technicalSeo: { structure: "Flat", improvements: [{ title: "Faster pages" }, { issue: "Missing alt text", priority: 2 }] },
    }),
    {
      ...expected,
      backlinkProfile: { strength: "level: Moderate; referringDomains: 300", opportunities: "Guest posts — effort: low" },
      technicalSeo: { structure: "Flat", improvements: ["Faster pages", "issue: Missing alt text; priority: 2"] },
    },
  ],
  [
    "text where lists were asked for, numbers where text was",
    JSON.stringify({
      ...answer,
      trafficMetrics: { monthlyVisits: 45000, avgDuration: "2m", pagesPerVisit: 2.5, bounceRate: 0.4, topCountry: "DE" },
      contentStrategy: { types: "Blog", freshness: "Weekly", examples: "- Guide\n- Checklist" },
      recommendations: "1. Write more\n2. Get links",
    }),
    {
      ...expected,
      trafficMetrics: { monthlyVisits: "45000", avgDuration: "2m", pagesPerVisit: "2.5", bounceRate: "0.4", topCountry: "DE" },
      contentStrategy: { types: ["Blog"], freshness: "Weekly", examples: ["Guide", "Checklist"] },
      recommendations: ["Write more", "Get links"],
    },
  ],
  [
    "other key casings and names",
    JSON.stringify({
      Title: "SEO analysis of example.com",
      traffic_metrics: { monthly_visits: "~45K", average_visit_duration: "2m", pages_per_session: "2.5", "Bounce Rate": "40%", top_country: "DE" },
      ContentStrategy: { content_types: ["Blog"], freshness: "Weekly", example_content: ["Guide"] },
      backlinks: { Strength: "Moderate", Opportunities: "Guest posts" },
      technical_seo: { site_structure: "Flat", improvements: ["Faster pages"] },
      summary_table: [{ Metric: "Visits", Value: "~45K", Insight: "Growing" }],
      Recommendations: ["Write more"],
    }),
    expected,
  ],
  [
    "nulls and missing parts",
    JSON.stringify({
      title: null,
      trafficMetrics: null,
      contentStrategy: { types: null, freshness: "Weekly" },
      backlinkProfile: { strength: "Moderate", opportunities: null },
      recommendations: ["Write more", null, ""],
    }),
    {
      title: "",
      trafficMetrics: EMPTY_TRAFFIC,
      contentStrategy: { types: [], freshness: "Weekly", examples: [] },
      backlinkProfile: { strength: "Moderate", opportunities: "" },
      technicalSeo: { structure: "", improvements: [] },
      summaryTable: [],
      recommendations: ["Write more"],
      notes: [],
    },
  ],
  [
    "summary table as arrays, lines and a map",
    JSON.stringify({
      ...answer,
      summaryTable: [["Visits", "~45K", "Growing"], "Bounce rate: 40%", { metric: "", value: "" }, 42],
    }),
    {
      ...expected,
      summaryTable: [
        { metric: "Visits", value: "~45K", insight: "Growing" },
        { metric: "Bounce rate", value: "40%", insight: "" },
      ],
      notes: ["2 Summary Table rows could not be read and are left out."],
    },
  ],
  [
    "summary table as an object",
    JSON.stringify({ ...answer, summaryTable: { Visits: "~45K", "Bounce rate": { value: "40%", insight: "Average" } } }),
    {
      ...expected,
      summaryTable: [
        { metric: "Visits", value: "~45K", insight: "" },
        { metric: "Bounce rate", value: "40%", insight: "Average" },
      ],
    },
  ],
  [
    "sections that cannot be read are dropped with a note",
    JSON.stringify({
      ...answer,
      trafficMetrics: "Not available for this site",
      technicalSeo: { structure: [[[["deep"]]]], improvements: ["Faster pages"] },
      summaryTable: "See above",
    }),
    {
      ...expected,
      trafficMetrics: EMPTY_TRAFFIC,
      technicalSeo: { structure: "", improvements: ["Faster pages"] },
      summaryTable: [],
      notes: ["Could not read Traffic & Engagement Metrics, Structure (Technical SEO), Summary Table; shown as N/A."],
    },
  ],
  [
    "fields at the top level instead of in their section",
    JSON.stringify({ title: "x", monthlyVisits: "~45K", bounceRate: "40%", recommendations: ["Write more"] }),
    {
      title: "x",
      trafficMetrics: { ...EMPTY_TRAFFIC, monthlyVisits: "~45K", bounceRate: "40%" },
      contentStrategy: { types: [], freshness: "", examples: [] },
      backlinkProfile: { strength: "", opportunities: "" },
      technicalSeo: { structure: "", improvements: [] },
      summaryTable: [],
      recommendations: ["Write more"],
      notes: [],
    },
  ],
  [
    "an answer cut off part-way (the token limit)",
    JSON.stringify(answer, null, 2).slice(0, JSON.stringify(answer, null, 2).indexOf('"technicalSeo"') + 30),
    {
      ...expected,
      technicalSeo: { structure: "", improvements: [] },
      summaryTable: [],
      recommendations: [],
      notes: [SEO_TRUNCATED_NOTE],
    },
  ],
];

Deno.test("parseSeoAnalysis reads the shapes models send", async (t) => {
  for (const [name, content, analysis] of SHAPES) {
    await t.step(name, () => {
      const parsed = parseSeoAnalysis(content);
      assert.deepEqual(parsed, analysis);
      assert.deepEqual(seoAnalysisSchema.parse(parsed), parsed, "the response the browser checks");
    });
  }
});

Deno.test("parseSeoAnalysis fails with the spec message only when nothing usable came back", () => {
  for (
    const content of [
      "",
      "no json",
      "{broken",
      '{"title": "SEO analysis of example.com"}',
      '{"trafficMetrics": "n/a", "summaryTable": []}',
      '{"title": "SEO analysis of exa',
      "[1, 2]",
    ]
  ) {
    assert.throws(
      () => parseSeoAnalysis(content),
      (error) => error instanceof ModelOutputError && error.message === SEO_PARSE_FAILURE_MESSAGE,
      content,
    );
  }
});
