import { errorResponse, json } from "../_shared/http/responses.ts";
import { completeJson } from "../_shared/ai/completion.ts";
import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { type DescribedFailure, describeProviderFailure, logProviderFailure } from "../_shared/ai/provider_errors.ts";
import { type ModelChoice, modelFor, type ProviderTarget } from "../_shared/ai/provider_target.ts";
import { defineTextFunction, failureResponse, type TextFunctionDeps } from "../_shared/ai/text_function.ts";
import { type SeoAnalysis, seoAnalysisRequestSchema, type SeoReport } from "../_shared/contracts/seo.ts";
import type { AuditOutcome } from "../_shared/seo/audit_page.ts";
import { auditBrief } from "./audit_brief.ts";
import {
  buildSeoMessages,
  parseSeoAnalysis,
  SEO_ANALYSIS_JSON_SCHEMA,
  SEO_FAILURE_MESSAGE,
  SEO_MAX_OUTPUT_TOKENS,
  SEO_SCHEMA_NAME,
} from "./analysis_output.ts";

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
 * the user's SEO model (their provider: strict structured output, low
 * reasoning effort where the model takes one, temperature 0.7 where it may
 * be sent) then writes the report's sections from the measurements. A page
 * that cannot be fetched answers 422 with the reason, and the model is not
 * asked. What is wrong with the provider settings before any request (no
 * model chosen, a model Chat Completions refuses) answers 400 with
 * `problem` before the audit. A model failure after a successful audit
 * keeps the audit, and the notes say why the written sections are empty, in
 * the words of _shared/ai/provider_errors.ts.
 * 400 input, key or model; 401 caller; 405; 413; 422 page; 429 rate limit.
 */
export function createHandler(deps: SeoAnalysisDeps): (req: Request) => Promise<Response> {
  return defineTextFunction(deps, {
    name: "seo-analysis",
    schema: seoAnalysisRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    failureMessage: SEO_FAILURE_MESSAGE,
    async handle({ req, input, target }) {
      let choice: ModelChoice;
      try {
        choice = modelFor(target, "seo");
      } catch (error) {
        return failureResponse(describe(error, target, undefined));
      }

      const outcome = await deps.audit(input.url, req.signal);
      if (!outcome.ok) return errorResponse(422, outcome.message);

      const deadline = new ProviderDeadline(req.signal, deps.deployment.timeoutMs);
      let sections: SeoAnalysis;
      try {
        const answer = await completeJson(
          createOpenAIClient(target, deps.deployment.timeoutMs),
          target,
          {
            messages: buildSeoMessages(auditBrief(outcome.facts, outcome.audit)),
            schema: { name: SEO_SCHEMA_NAME, schema: SEO_ANALYSIS_JSON_SCHEMA },
            effort: ["low", "minimal", "medium"],
            temperature: 0.7,
            maxOutputTokens: SEO_MAX_OUTPUT_TOKENS,
            model: choice.model,
          },
          { signal: deadline.signal },
        );
        sections = parseSeoAnalysis(answer, choice);
      } catch (error) {
        const failure = describe(error, target, choice, deadline);
        // The caller went away: nobody reads the report.
        if (deadline.cancelled) return failureResponse(failure);
        logProviderFailure("seo-analysis", error, target.apiKey);
        sections = unwritten(failure.message);
      } finally {
        deadline.dispose();
      }
      const report: SeoReport = { ...sections, audit: outcome.audit };
      return json(report);
    },
  });
}

/** A provider failure in the words the AI functions share (provider_errors.ts). */
function describe(error: unknown, target: ProviderTarget, choice: ModelChoice | undefined, deadline?: ProviderDeadline): DescribedFailure {
  return describeProviderFailure(error, {
    provider: target.provider,
    providerLabel: target.label,
    model: choice?.model,
    modelPlace: choice?.place,
    operationLabel: choice?.operationLabel,
    deadline,
    apiKey: target.apiKey,
    fallbackMessage: SEO_FAILURE_MESSAGE,
  });
}
