import { useEffect } from "react";
import { formatDate } from "../../lib/dates";
import type { Publication } from "../../data/publishing";
import { requestPublications, usePublications } from "./publicationsStore";
import "./wordpress.css";

const STATUS_LABELS: Record<Publication["status"], string> = {
  publish: "Published",
  draft: "Draft",
  pending: "Publishing",
  failed: "Failed",
};

function PublicationItem({ publication }: { publication: Publication }) {
  const { siteName, link, status, publishedAt, lastError } = publication;
  return (
    <li>
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer">
          {siteName}
        </a>
      ) : (
        <span>{siteName}</span>
      )}{" "}
      <span className={`publication-status publication-status-${status}`}>{STATUS_LABELS[status]}</span>
      {publishedAt && status !== "failed" && <small> {formatDate(publishedAt)}</small>}
      {status === "failed" && lastError && <small className="publication-error"> {lastError}</small>}
    </li>
  );
}

/**
 * Where an article is published: site, link to the post, status and the last
 * error. Cards rendered together share one query (see publicationsStore).
 */
export default function PublicationLinks({ articleId }: { articleId: string }) {
  const entry = usePublications(articleId);

  useEffect(() => {
    requestPublications(articleId, { force: true });
  }, [articleId]);

  if (entry === undefined || entry === "loading" || "error" in entry || entry.publications.length === 0) return null;
  return (
    <div className="publication-links">
      <small>Published to:</small>
      <ul aria-label="WordPress publications">
        {entry.publications.map((publication) => (
          <PublicationItem key={publication.siteId} publication={publication} />
        ))}
      </ul>
    </div>
  );
}
