import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import type { ArticleReport } from "./analysis/analyze";
import type { ArticleInput } from "./analysis/articleChecks";
import { reportOf } from "./scoring";
import { SeoChecksList } from "./SeoChecksList";
import { SeoScoreBadge } from "./SeoScoreBadge";
import { ensureSeoSettings, ensureSiteHosts, useSeoState } from "./seoStore";
import "./seo.css";

/** Typing pauses this long before the checks run again. */
export const RECOMPUTE_DELAY_MS = 300;

type SeoPanelProps = ArticleInput & {
  /** The article's language (BCP-47), when it is chosen: the checks use it instead of the settings' or detection. */
  locale?: string;
  /** The latest score, whenever it changes (e.g. for a warning next to Publish). */
  onScore?(score: number | null): void;
};

/**
 * The editor's live SEO and readability panel: every check recomputed as
 * the person types (RECOMPUTE_DELAY_MS after they pause; the analysis of a
 * 3,000-word article takes a few milliseconds, so it runs on the main
 * thread — the benchmark prints the figure), a traffic light per check and
 * the overall score. Self-contained: the editor places it and passes the
 * fields; settings and the user's sites are read here.
 */
export function SeoPanel({ title, metaDescription, focusKeyword, slug, content, locale, onScore }: SeoPanelProps) {
  const headingId = useId();
  const { settings, siteHosts } = useSeoState();
  const [report, setReport] = useState<ArticleReport | null>(null);
  const latest = useRef(0);
  const onScoreRef = useRef(onScore);
  onScoreRef.current = onScore;
  const first = useRef(true);

  useEffect(() => {
    void ensureSeoSettings();
    void ensureSiteHosts();
  }, []);

  useEffect(() => {
    const run = ++latest.current;
    const delay = first.current ? 0 : RECOMPUTE_DELAY_MS;
    first.current = false;
    const timer = setTimeout(() => {
      reportOf({ title, metaDescription, focusKeyword, slug, content }, locale).then(
        (next) => {
          if (run !== latest.current) return;
          setReport(next);
          onScoreRef.current?.(next.score);
        },
        (error: unknown) => console.error("The SEO checks failed", error),
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [title, metaDescription, focusKeyword, slug, content, locale, settings, siteHosts]);

  const language = report?.language;
  return (
    <section className="seo-panel" aria-labelledby={headingId} aria-busy={report === null || undefined}>
      <header>
        <h2 id={headingId}>SEO and readability</h2>
        {report && <SeoScoreBadge score={report.score} below={report.score !== null && report.score < settings.publishWarningBelow} />}
      </header>
      {report === null ? (
        <p>Checking…</p>
      ) : (
        <>
          <p className="seo-language">
            {language
              ? `Language: ${language.name}${language.detected ? " (detected)" : ""}.`
              : "Language: not detected yet (write a few sentences)."}{" "}
            <Link href="/profile#seo-settings">Settings</Link>
          </p>
          <SeoChecksList report={report} disabledChecks={settings.disabledChecks} />
        </>
      )}
    </section>
  );
}
