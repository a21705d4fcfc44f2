import { useEffect, useRef, useState } from "react";
import type { ArticleReport } from "./analysis/analyze";
import { loadArticlesForScoring, storeArticleScore } from "./data/articleScores";
import { reportOf } from "./scoring";
import { sessionState } from "../auth/index";
import { useSeoState } from "./seoStore";

/**
 * The SEO report of each listed draft (bulk review): the drafts' text is
 * read once per draft (one request for the new ones), scored with the
 * user's settings, and the scores stored for the article cards. Drafts that
 * appear later (the batch is still being written) are added as they come.
 */
export function useDraftReports(articleIds: readonly string[]): ReadonlyMap<string, ArticleReport> {
  const { settings, siteHosts } = useSeoState();
  const [reports, setReports] = useState<ReadonlyMap<string, ArticleReport>>(new Map());
  const fields = useRef(new Map<string, Awaited<ReturnType<typeof loadArticlesForScoring>>[number]>());
  /** Scores already stored this visit, so polling and re-renders store nothing twice. */
  const stored = useRef(new Map<string, number>());
  const key = [...articleIds].sort().join(",");

  useEffect(() => {
    let current = true;
    const missing = articleIds.filter((id) => !fields.current.has(id));
    (async () => {
      for (const loaded of await loadArticlesForScoring(missing)) fields.current.set(loaded.id, loaded);
      const next = new Map<string, ArticleReport>();
      for (const id of articleIds) {
        const article = fields.current.get(id);
        if (article) next.set(id, await reportOf(article));
      }
      if (!current) return;
      setReports(next);
      const userId = sessionState.user?.id;
      if (!userId) return;
      for (const [id, report] of next) {
        if (report.score === null || stored.current.get(id) === report.score) continue;
        await storeArticleScore(userId, id, report.score);
        stored.current.set(id, report.score);
      }
    })().catch((error: unknown) => console.error("Scoring the drafts failed", error));
    return () => {
      current = false;
    };
    // The ids are the key; settings and sites change the scores.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, settings, siteHosts]);

  return reports;
}
