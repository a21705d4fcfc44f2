import { FormField } from "../../../ui/FormField";
import { SubmitButton } from "../../../ui/SubmitButton";
import { TaskStatus } from "../../../ui/TaskStatus";
import { seoAnalysisRequestSchema, WEBSITE_URL_MAX_LENGTH } from "@contracts/seo";
import { useForm } from "../../../lib/useForm";
import { analyzeWebsite, dismissSeoError, retrySeoAnalysis, seoResearch, useSeoResearch } from "../researchStore";
import { SeoAnalysisReport } from "./SeoAnalysisReport";
import "./seo-analysis.css";

export default function SeoAnalysisPage() {
  const { pending, latest, error } = useSeoResearch();
  const form = useForm(seoAnalysisRequestSchema, { url: seoResearch.pending?.subject ?? seoResearch.latest?.subject ?? "" });

  const onSubmit = form.handleSubmit(async ({ url }) => {
    void analyzeWebsite(url);
  });

  return (
    <>
      <hgroup>
        <h1>SEO Analysis</h1>
        <p>
          A measured audit of a page — status, speed, tags, headings, links, robots.txt and sitemap — with a content
          strategy and recommendations written by AI from it.
        </p>
      </hgroup>
      <article>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label="Website URL"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            autoComplete="url"
            maxLength={WEBSITE_URL_MAX_LENGTH}
            help="For example example.com or https://example.com/blog (https:// is added if you leave it out)"
            {...form.field("url")}
          />
          <SubmitButton busy={pending !== null}>Analyze</SubmitButton>
        </form>
      </article>

      <TaskStatus
        running={pending && { label: `Analyzing ${pending.subject}…`, startedAt: pending.startedAt }}
        hint="The page is fetched and checked first, then the report is written; this can take up to a minute. You can leave this page; the analysis will be here when you come back."
        failure={error}
        onDismiss={dismissSeoError}
        onRetry={retrySeoAnalysis}
      />

      {latest ? (
        <SeoAnalysisReport url={latest.subject} analysis={latest.result} />
      ) : (
        !pending && <p className="empty-state">Enter the address of a page and choose Analyze to audit it.</p>
      )}
    </>
  );
}
