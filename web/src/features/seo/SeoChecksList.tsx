import { Link } from "wouter";
import { CheckStatus } from "../../ui/CheckStatus";
import type { ArticleReport } from "./analysis/analyze";
import type { CheckGroup } from "./analysis/articleChecks";

const GROUP_TITLES: Record<CheckGroup, string> = { seo: "SEO", readability: "Readability" };

/**
 * A report's checks, SEO then readability: each with its traffic light,
 * what was measured and what to aim for. Checks switched off in the
 * settings are left out and counted at the end.
 */
export function SeoChecksList({
  report,
  disabledChecks,
  headingLevel = 3,
}: {
  report: ArticleReport;
  disabledChecks: readonly string[];
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const off = new Set(disabledChecks);
  const hidden = report.checks.filter((check) => off.has(check.id)).length;
  return (
    <>
      {(Object.keys(GROUP_TITLES) as CheckGroup[]).map((group) => {
        const checks = report.checks.filter((check) => check.group === group && !off.has(check.id));
        if (checks.length === 0) return null;
        const problems = checks.filter((check) => check.outcome === "fail" || check.outcome === "warning").length;
        return (
          <section key={group} className="seo-check-group">
            <Heading>
              {GROUP_TITLES[group]}{" "}
              <small>{problems === 0 ? "all good" : `${problems} to improve`}</small>
            </Heading>
            <ul className="seo-checks">
              {checks.map((check) => (
                <li key={check.id} data-check={check.id} data-outcome={check.outcome}>
                  <CheckStatus outcome={check.outcome} />
                  <div>
                    <strong>{check.label}</strong>: {check.value}
                    {check.counter && (
                      // A picture of the count the text gives in words; hidden from screen readers, which read the text.
                      <meter
                        aria-hidden="true"
                        className="seo-counter"
                        min={0}
                        max={Math.round(check.counter.max * 1.25)}
                        low={check.counter.min}
                        high={check.counter.max}
                        optimum={(check.counter.min + check.counter.max) / 2}
                        value={check.counter.current}
                      />
                    )}
                    <small>{check.advice}</small>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {hidden > 0 && (
        <p className="seo-hidden-note">
          {hidden === 1 ? "1 check is" : `${hidden} checks are`} switched off.{" "}
          <Link href="/profile#seo-settings">Change in Profile Settings</Link>
        </p>
      )}
    </>
  );
}
