import { useEffect, useState } from "react";
import { Link } from "wouter";
import { loadArticlesForScoring } from "./data/articleScores";
import { reportOf } from "./scoring";
import { useSeoState } from "./seoStore";
import "./seo.css";

/**
 * Next to Publish: a warning when the article's SEO score is below the
 * user's warning level (Profile Settings). Publishing is never blocked.
 * With `score` the caller's live score is used (the editor, whose panel
 * shows what to improve); otherwise the article's saved text is scored here.
 */
export function SeoPublishWarning({ articleId, score: given }: { articleId: string; score?: number | null }) {
  const { settings } = useSeoState();
  const [scored, setScored] = useState<number | null>(null);

  useEffect(() => {
    if (given !== undefined) return;
    const controller = new AbortController();
    loadArticlesForScoring([articleId])
      .then(async ([fields]) => (fields ? (await reportOf(fields)).score : null))
      .then((score) => !controller.signal.aborted && setScored(score))
      .catch((error: unknown) => console.error("Scoring the article before publishing failed", error));
    return () => controller.abort();
  }, [articleId, given]);

  const score = given !== undefined ? given : scored;
  if (score === null || score >= settings.publishWarningBelow) return null;
  return (
    <p className="seo-publish-warning" role="note">
      This article's SEO score is {score}, below your warning level of {settings.publishWarningBelow}.{" "}
      {given !== undefined ? (
        "The SEO panel below shows what to improve; publishing is not blocked."
      ) : (
        <>
          You can still publish, or <Link href={`/articles/edit/${articleId}`}>improve it in the editor</Link> first.
        </>
      )}
    </p>
  );
}
