import assert from "node:assert/strict";
import { ModelOutputError } from "../_shared/ai/provider_failure.ts";
import { parseSeoAnalysis, SEO_PARSE_FAILURE_MESSAGE } from "./analysis_output.ts";

const analysis = {
  title: "SEO analysis of example.com",
  trafficMetrics: { monthlyVisits: 45000, avgDuration: "2m", pagesPerVisit: 2.5, bounceRate: "40%", topCountry: "DE" },
  contentStrategy: { types: ["Blog"], freshness: "Weekly", examples: [] },
  backlinkProfile: { strength: "Moderate", opportunities: "Guest posts" },
  technicalSeo: { structure: "Flat", improvements: ["Faster pages"] },
  summaryTable: [{ metric: "Visits", value: 45000, insight: "Growing" }],
  recommendations: ["Write more"],
};

Deno.test("parseSeoAnalysis turns numbers into text and keeps the shape", () => {
  const parsed = parseSeoAnalysis(JSON.stringify(analysis));
  assert.equal(parsed.trafficMetrics.monthlyVisits, "45000");
  assert.equal(parsed.trafficMetrics.pagesPerVisit, "2.5");
  assert.deepEqual(parsed.summaryTable, [{ metric: "Visits", value: "45000", insight: "Growing" }]);
  assert.deepEqual(parsed.contentStrategy.examples, []);
});

Deno.test("parseSeoAnalysis: missing lists are empty (shown as N/A), the first valid object wins", () => {
  const { recommendations: _r, summaryTable: _s, ...withoutLists } = analysis;
  const wrapped = `Analysis {draft} follows:\n${JSON.stringify(withoutLists)}\nThanks!`;
  const parsed = parseSeoAnalysis(wrapped);
  assert.deepEqual(parsed.recommendations, []);
  assert.deepEqual(parsed.summaryTable, []);
});

Deno.test("parseSeoAnalysis fails with the spec message for unusable output", () => {
  const { trafficMetrics: _t, ...withoutMetrics } = analysis;
  for (
    const content of [
      "",
      "no json",
      "{broken",
      JSON.stringify(withoutMetrics),
      JSON.stringify({ ...analysis, trafficMetrics: "n/a" }),
    ]
  ) {
    assert.throws(
      () => parseSeoAnalysis(content),
      (error) => error instanceof ModelOutputError && error.message === SEO_PARSE_FAILURE_MESSAGE,
      content.slice(0, 40),
    );
  }
});
