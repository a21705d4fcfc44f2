import { Suspense, useId } from "react";
import { LazyPublicationLinks, usePastDueOutcome, type PastDueOutcome } from "../publishing";
import { Link } from "wouter";
import { ArticleImage } from "./ArticleImage";
import { StatusBadge } from "../../ui/StatusBadge";
import { SeoScoreBadge } from "../seo/index";
import type { ArticleSummary } from "./data/articleList";
import { formatDate, formatDateTime } from "../../lib/dates";
import "./article.css";


export type CardAction = "preview" | "image" | "publish" | "delete";

type ArticleCardProps = {
  article: ArticleSummary;
  /** True while this article is being deleted. */
  deleting: boolean;
  /** True while the article's content is fetched for the preview. */
  previewing: boolean;
  /** The SEO score of the article's current text; null when it has not been scored since it changed. */
  seoScore: number | null;
  /** The score is below the user's Publish warning level. */
  seoScoreLow: boolean;
  onAction(action: CardAction, article: ArticleSummary): void;
};

function Terms({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="article-card-terms">
      <small>{label}:</small>
      <ul className="term-list" aria-label={label}>
        {items.map((item, index) => (
          <li key={`${index}:${item}`}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** What a past-due schedule came to, in words (the publications below give each reason and Retry). */
function pastDueText(outcome: PastDueOutcome | null, siteNames: readonly string[]): string {
  if (siteNames.length === 0) return ": no site was chosen, so it was not published. Edit it to choose a site.";
  if (!outcome) return ` to ${siteNames.join(", ")}.`;
  if (outcome.kind === "publishing") return `: publishing to ${outcome.siteNames.join(", ")} now…`;
  if (outcome.kind === "failed") return `: failed on ${outcome.siteNames.join(", ")} (the reason is below).`;
  return ` to ${siteNames.join(", ")}: still queued. The scheduler publishes it on its next run.`;
}

function PastDueSchedule({ articleId, at, siteNames }: { articleId: string; at: Date; siteNames: readonly string[] }) {
  const outcome = usePastDueOutcome(articleId, at);
  return (
    <p className={`article-card-schedule article-card-past-due${outcome?.kind === "failed" ? " article-card-schedule-failed" : ""}`}>
      Was due <time dateTime={at.toISOString()}>{formatDateTime(at)}</time>
      {pastDueText(outcome, siteNames)}
    </p>
  );
}

/**
 * When a scheduled article will be published, in the browser's time zone,
 * and to which sites; once that time has passed, what came of it.
 */
function Schedule({ articleId, at, siteNames }: { articleId: string; at: Date; siteNames: readonly string[] }) {
  if (at.getTime() <= Date.now()) return <PastDueSchedule articleId={articleId} at={at} siteNames={siteNames} />;
  return (
    <p className="article-card-schedule">
      Scheduled for <time dateTime={at.toISOString()}>{formatDateTime(at)}</time>
      {siteNames.length > 0
        ? ` to ${siteNames.join(", ")}`
        : " (no site chosen: it will not be published anywhere)"}
    </p>
  );
}

/**
 * One article of the list. Every action button is described by the article's
 * title, so "Delete" is announced with the article it deletes.
 */
export function ArticleCard({ article, deleting, previewing, seoScore, seoScoreLow, onAction }: ArticleCardProps) {
  const titleId = useId();
  const describedBy = { "aria-describedby": titleId };
  return (
    <article className="article-card" aria-labelledby={titleId}>
      <ArticleImage url={article.featuredImageUrl} className="article-card-image" />
      <div className="article-card-body">
        <header className="article-card-header">
          <h2 id={titleId}>{article.title}</h2>
          <span className="article-card-badges">
            <StatusBadge status={article.status} />
            <SeoScoreBadge score={seoScore} below={seoScoreLow} />
          </span>
        </header>
        {article.excerpt && <p className="article-card-excerpt">{article.excerpt}</p>}
        <p className="article-card-date">
          <time dateTime={article.createdAt.toISOString()}>{formatDate(article.createdAt)}</time>
        </p>
        {article.status === "scheduled" && article.scheduledFor && (
          <Schedule articleId={article.id} at={article.scheduledFor} siteNames={article.scheduledSiteNames} />
        )}
        <Terms label="Categories" items={article.categories} />
        <Terms label="Tags" items={article.tags} />
        <Suspense fallback={null}>
          <LazyPublicationLinks article={article} />
        </Suspense>
      </div>
      <footer className="article-card-actions">
        <Link href={`/articles/edit/${article.id}`} role="button" className="secondary outline" {...describedBy}>
          Edit
        </Link>
        <button
          type="button"
          className="secondary outline"
          disabled={previewing}
          aria-busy={previewing || undefined}
          onClick={() => onAction("preview", article)}
          {...describedBy}
        >
          Preview
        </button>
        <button type="button" className="secondary outline" onClick={() => onAction("image", article)} {...describedBy}>
          Generate Image
        </button>
        <button type="button" className="secondary outline" onClick={() => onAction("publish", article)} {...describedBy}>
          Publish
        </button>
        <button
          type="button"
          className="secondary outline"
          disabled={deleting}
          aria-busy={deleting || undefined}
          onClick={() => onAction("delete", article)}
          {...describedBy}
        >
          Delete
        </button>
      </footer>
    </article>
  );
}
