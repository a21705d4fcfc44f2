import { errorResponse, json } from "../_shared/http/responses.ts";
import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { describeProviderFailure, logProviderFailure } from "../_shared/ai/provider_failure.ts";
import { defineTextFunction, type TextFunctionDeps } from "../_shared/ai/text_function.ts";
import { type SeoAnalysis, seoAnalysisRequestSchema, type SeoReport } from "../_shared/contracts/seo.ts";
import type { AuditOutcome } from "../_shared/seo/audit_page.ts";
import { auditBrief } from "./audit_brief.ts";
import { buildSeoMessages, parseSeoAnalysis, SEO_FAILURE_MESSAGE } from "./analysis_output.ts";

export const MAX_BODY_BYTES = 8 * 1024;

export interface SeoAnalysisDeps extends TextFunctionDeps {
  /** The measured audit of the page (_shared/seo/audit_page.ts through the SSRF guard). */
  audit(url: string, signal: AbortSignal): Promise<AuditOutcome>;
}

/** The written sections when the model could not write them: empty (N/A), with the reason. */
function unwritten(reason: string): SeoAnalysis {
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  return {
    title: "",
    trafficMetrics: { monthlyVisits: "", avgDuration: "", pagesPerVisit: "", bounceRate: "", topCountry: "" },
    contentStrategy: { types: [], freshness: "", examples: [] },
    backlinkProfile: { strength: "", opportunities: "" },
    technicalSeo: { structure: "", improvements: [] },
    summaryTable: [],
    recommendations: [],
    notes: [`The written sections could not be produced: ${sentence} The measured audit is complete.`],
  };
}

/**
 * POST { url } → 200 SeoReport: the page is audited first (fetched through
 * the SSRF guard with its robots.txt, sitemap and a sample of its links);
 * the model then writes the report's sections from the measurements. A page
 * that cannot be fetched answers 422 with the reason, and the model is not
 * asked. A model failure after a successful audit keeps the audit and says
 * why the written sections are empty.
 * 400 input/key, 401 caller, 405, 413, 422 page, 429 rate limit.
 */
export function createHandler(deps: SeoAnalysisDeps): (req: Request) => Promise<Response> {
  return defineTextFunction(deps, {
    name: "seo-analysis",
    schema: seoAnalysisRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    failureMessage: SEO_FAILURE_MESSAGE,
    async handle({ req, input, apiKey }) {
      const outcome = await deps.audit(input.url, req.signal);
      if (!outcome.ok) return errorResponse(422, outcome.message);

      const deadline = new ProviderDeadline(req.signal, deps.settings.timeoutMs);
      let sections: SeoAnalysis;
      try {
        const completion = await createOpenAIClient(apiKey, deps.settings).chat.completions.create(
          {
            model: deps.settings.seoModel,
            temperature: 0.7,
            max_tokens: 2000,
            messages: buildSeoMessages(auditBrief(outcome.facts, outcome.audit)),
          },
          { signal: deadline.signal },
        );
        sections = parseSeoAnalysis(completion.choices[0]?.message?.content ?? "");
      } catch (error) {
        const failure = describeProviderFailure(error, deadline, SEO_FAILURE_MESSAGE);
        // The caller went away: nobody reads the report.
        if (deadline.cancelled) return errorResponse(failure.status, failure.message);
        logProviderFailure("seo-analysis", error, apiKey);
        sections = unwritten(failure.message);
      } finally {
        deadline.dispose();
      }
      const report: SeoReport = { ...sections, audit: outcome.audit };
      return json(report);
    },
  });
}
