import { useId, type ReactNode } from "react";
import { ReadingNotes } from "../../../ui/ReadingNotes";
import type { SeoReport } from "../data/seoAnalysis";
import { SeoAuditResults } from "./SeoAuditResults";

const NOT_AVAILABLE = "N/A";

/** Model-provided text is rendered as text (React escapes it), never as HTML. */
function textOrNa(text: string): string {
  return text.trim() ? text : NOT_AVAILABLE;
}

function TextList({ items, ordered = false }: { items: readonly string[]; ordered?: boolean }) {
  const filled = items.filter((item) => item.trim());
  if (filled.length === 0) return <p>{NOT_AVAILABLE}</p>;
  const entries = filled.map((item, index) => <li key={index}>{item}</li>);
  return ordered ? <ol>{entries}</ol> : <ul>{entries}</ul>;
}

function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="seo-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Label/value pairs; a value is text or a list. */
function Details({ entries }: { entries: [label: string, value: ReactNode][] }) {
  return (
    <dl className="seo-details">
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SummaryTable({ rows }: { rows: SeoReport["summaryTable"] }) {
  if (rows.length === 0) return <p>{NOT_AVAILABLE}</p>;
  return (
    <div className="overflow-auto seo-summary" role="region" aria-label="Summary Table" tabIndex={0}>
      <table className="striped">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Value</th>
            <th scope="col">Insight</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{textOrNa(row.metric)}</th>
              <td>{textOrNa(row.value)}</td>
              <td>{textOrNa(row.insight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The report: the measured audit first, then the spec's sections, which the
 * model wrote from the audit's measurements. Traffic figures cannot be
 * measured from one page and are labelled AI estimates where they are shown.
 */
export function SeoAnalysisReport({ url, analysis }: { url: string; analysis: SeoReport }) {
  const titleId = useId();
  const { trafficMetrics, contentStrategy, backlinkProfile, technicalSeo } = analysis;
  return (
    <article className="seo-report" aria-labelledby={titleId}>
      <header>
        <h2 id={titleId}>{analysis.title.trim() || `SEO analysis of ${url}`}</h2>
        <p className="seo-url">{url}</p>
      </header>

      <ReportSection title="Measured audit">
        <SeoAuditResults audit={analysis.audit} />
      </ReportSection>

      <ReportSection title="1. Traffic & Engagement Metrics">
        <p className="ai-estimate-notice">These figures are AI estimates, not measured data.</p>
        <dl className="seo-metrics">
          {(
            [
              ["Monthly Visits", trafficMetrics.monthlyVisits],
              ["Avg. Duration", trafficMetrics.avgDuration],
              ["Pages/Visit", trafficMetrics.pagesPerVisit],
              ["Bounce Rate", trafficMetrics.bounceRate],
              ["Top Country", trafficMetrics.topCountry],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{textOrNa(value)}</dd>
            </div>
          ))}
        </dl>
      </ReportSection>

      <p className="ai-written-note">
        The sections below are written by AI from the measured audit; check them against the measurements above.
      </p>

      <ReportSection title="2. SEO Content Strategy">
        <Details
          entries={[
            ["Content Types", <TextList items={contentStrategy.types} />],
            ["Content Freshness", textOrNa(contentStrategy.freshness)],
            ["Example Content", <TextList items={contentStrategy.examples} />],
          ]}
        />
      </ReportSection>

      <ReportSection title="3. Backlink Profile">
        <Details
          entries={[
            ["Strength", textOrNa(backlinkProfile.strength)],
            ["Opportunities", textOrNa(backlinkProfile.opportunities)],
          ]}
        />
      </ReportSection>

      <ReportSection title="4. Technical SEO">
        <Details
          entries={[
            ["Structure", textOrNa(technicalSeo.structure)],
            ["Improvements", <TextList items={technicalSeo.improvements} />],
          ]}
        />
      </ReportSection>

      <ReportSection title="Summary Table">
        <SummaryTable rows={analysis.summaryTable} />
      </ReportSection>

      <ReportSection title="Recommendations">
        <TextList items={analysis.recommendations} ordered />
      </ReportSection>

      <ReadingNotes notes={analysis.notes} summary="Notes on this report" />
    </article>
  );
}
