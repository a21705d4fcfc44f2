import { useId, useState } from "react";
import { AUDIT_GROUPS, type AuditGroup, type SeoAudit } from "@contracts/seo";
import { CheckStatus } from "../../../ui/CheckStatus";
import { formatDateTime } from "../../../lib/dates";

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * The measured audit: every check with its traffic light, what was measured
 * and why it matters, grouped as AUDIT_GROUPS orders them. "Only what needs
 * work" hides the passing checks. All values are text from the server
 * (React escapes them); none is rendered as HTML.
 */
export function SeoAuditResults({ audit }: { audit: SeoAudit }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const filterId = useId();
  const counts = { pass: 0, warning: 0, fail: 0 };
  for (const check of audit.checks) counts[check.status] += 1;
  const shown = onlyProblems ? audit.checks.filter((check) => check.status !== "pass") : audit.checks;

  return (
    <>
      <p className="audit-meta">
        Fetched {audit.finalUrl === audit.url ? audit.url : `${audit.url} (answered at ${audit.finalUrl})`} on{" "}
        {formatDateTime(audit.fetchedAt)}. The page responded in {seconds(audit.responseMs)}; the audit,
        with robots.txt, sitemap and a sample of links, took {seconds(audit.auditMs)}.
      </p>
      <p className="audit-counts">
        <span>
          <CheckStatus outcome="pass" /> {counts.pass}
        </span>
        <span>
          <CheckStatus outcome="warning" /> {counts.warning}
        </span>
        <span>
          <CheckStatus outcome="fail" /> {counts.fail}
        </span>
      </p>
      <label htmlFor={filterId} className="audit-filter">
        <input
          id={filterId}
          type="checkbox"
          role="switch"
          checked={onlyProblems}
          onChange={(event) => setOnlyProblems(event.target.checked)}
        />
        Only what needs work
      </label>
      {(Object.keys(AUDIT_GROUPS) as AuditGroup[]).map((group) => {
        const checks = shown.filter((check) => check.group === group);
        if (checks.length === 0) return null;
        return (
          <section key={group} className="audit-group">
            <h4>{AUDIT_GROUPS[group]}</h4>
            <ul className="audit-checks">
              {checks.map((check) => (
                <li key={check.id} data-check={check.id} data-status={check.status}>
                  <div className="audit-check-head">
                    <CheckStatus outcome={check.status} />
                    <strong>{check.label}</strong>
                  </div>
                  <p className="audit-value">{check.value}</p>
                  <p className="audit-why">{check.why}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {shown.length === 0 && <p>Every check passed.</p>}
    </>
  );
}
