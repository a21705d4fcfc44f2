import assert from "node:assert/strict";
import { ModelOutputError, ProviderProblemError } from "../_shared/ai/provider_errors.ts";
import type { ModelChoice } from "../_shared/ai/provider_target.ts";
import { seoAnalysisSchema } from "../_shared/contracts/seo.ts";
import {
  parseSeoAnalysis,
  SEO_ANALYSIS_JSON_SCHEMA,
  SEO_PARSE_FAILURE_MESSAGE,
  SEO_TRUNCATED_NOTE,
} from "./analysis_output.ts";

const MODEL: ModelChoice = {
  model: "gpt-6-luna",
  place: { href: "/profile#ai-models", label: "Profile Settings → AI models" },
  operationLabel: "SEO analysis",
};
const parse = (content: string, truncated = false) => parseSeoAnalysis({ content, truncated, format: "json_schema" }, MODEL);

const FULL = {
  title: "SEO analysis of example.com",
  trafficMetrics: { monthlyVisits: "~45K", avgDuration: "2m", pagesPerVisit: "2.8", bounceRate: "48%", topCountry: "US" },
  contentStrategy: { types: ["Guides"], freshness: "Weekly", examples: ["Intro"] },
  backlinkProfile: { strength: "Moderate", opportunities: "Guest posts" },
  technicalSeo: { structure: "Clear", improvements: ["Compress images"] },
  summaryTable: [{ metric: "Visits", value: "~45K", insight: "Growing" }],
  recommendations: ["Write more guides"],
};

/** Every object of a strict schema lists all its keys as required and allows no others. */
function assertStrict(node: Record<string, unknown>, path = "$") {
  if (node.type === "object") {
    assert.equal(node.additionalProperties, false, path);
    assert.deepEqual(node.required, Object.keys(node.properties as object), path);
    for (const [key, child] of Object.entries(node.properties as Record<string, Record<string, unknown>>)) {
      assertStrict(child, `${path}.${key}`);
    }
  }
  if (node.type === "array") assertStrict(node.items as Record<string, unknown>, `${path}[]`);
}

Deno.test("the strict schema holds OpenAI's rules at every level", () => assertStrict(SEO_ANALYSIS_JSON_SCHEMA));

Deno.test("parseSeoAnalysis reads the structured answer as it is", () => {
  const parsed = parse(JSON.stringify(FULL));
  assert.deepEqual(parsed, { ...FULL, notes: [] });
  assert.deepEqual(seoAnalysisSchema.parse(parsed), parsed);
});

Deno.test("from a provider without json_schema: wrapped, a section missing or of the wrong type is N/A and named", () => {
  const partial = { ...FULL, backlinkProfile: "strong", technicalSeo: undefined, recommendations: "do more" };
  const parsed = parse(`Sure!\n\`\`\`json\n${JSON.stringify(partial)}\n\`\`\``);
  assert.deepEqual(parsed.backlinkProfile, { strength: "", opportunities: "" });
  assert.deepEqual(parsed.technicalSeo, { structure: "", improvements: [] });
  assert.deepEqual(parsed.recommendations, []);
  assert.deepEqual(parsed.notes, ["Could not read Backlink Profile, Technical SEO, Recommendations; shown as N/A."]);
});

Deno.test("an answer cut at the length limit keeps what arrived; with nothing it is the length problem", () => {
  const text = JSON.stringify(FULL);
  const parsed = parse(text.slice(0, text.indexOf('"technicalSeo"') + 20), true);
  assert.equal(parsed.title, FULL.title);
  assert.deepEqual(parsed.backlinkProfile, FULL.backlinkProfile);
  assert.deepEqual(parsed.summaryTable, []);
  assert.deepEqual(parsed.notes, [SEO_TRUNCATED_NOTE]);
  assert.throws(
    () => parse('{"tit', true),
    (error) => error instanceof ProviderProblemError && error.kind === "length" && /gpt-6-luna/.test(error.message),
  );
});

Deno.test("parseSeoAnalysis fails with the spec message only when nothing usable came back", () => {
  for (const content of ["", "No idea.", "{}", '{"title": ""}', "[1]"]) {
    assert.throws(
      () => parse(content),
      (error) => error instanceof ModelOutputError && error.message === SEO_PARSE_FAILURE_MESSAGE,
      content,
    );
  }
});
