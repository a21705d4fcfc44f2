import { useEffect, useRef, useState } from "react";
import { retryScheduledPublication, type Publication } from "./data/publications";
import { notifyError, notifySuccess } from "../../lib/notify";
import { canRetry, isSettling, RETRY_FAILED, RETRY_QUEUED, summarizePublication } from "./publicationState";
import { requestPublications, usePublications } from "./publicationsStore";
import "./publishing.css";

/** While a publication is being published or waits for the scheduler, it is read again this often… */
export const SETTLING_REFRESH_MS = 10_000;
/** …this many times at most (the scheduler runs every minute). */
const MAX_SETTLING_REFRESHES = 30;


export type ArticleRef = { id: string; status: string };

/** One publication: the site (linking to the post), its state, why it failed, Retry when it can be queued. */
export function PublicationItem({ article, publication }: { article: ArticleRef; publication: Publication }) {
  const { siteName, link } = publication;
  const { label, tone, details } = summarizePublication(publication);
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    setRetrying(true);
    try {
      await retryScheduledPublication(article.id, publication.siteId);
      notifySuccess(RETRY_QUEUED);
      requestPublications(article.id, { force: true });
    } catch {
      notifyError(RETRY_FAILED);
    } finally {
      setRetrying(false);
    }
  };

  return (
    <li>
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer">
          {siteName}
        </a>
      ) : (
        <span>{siteName}</span>
      )}{" "}
      <span className={`publication-state publication-state-${tone}`}>{label}</span>
      {details.map((detail) => (
        <small key={detail} className={`publication-detail${tone === "failed" ? " publication-error" : ""}`}>
          {detail}
        </small>
      ))}
      {canRetry(publication, article.status) && (
        <button
          type="button"
          className="secondary outline publication-retry"
          disabled={retrying}
          aria-busy={retrying || undefined}
          aria-label={`Retry publishing to ${siteName}`}
          onClick={() => void retry()}
        >
          Retry
        </button>
      )}
    </li>
  );
}

/**
 * Where an article is on WordPress: each site with the state of the post
 * there (live, draft, …), apart from the article's own status badge; a
 * failure's reason, and Retry for a failed scheduled publication. An article
 * marked Published by hand with no publication says so. Cards rendered
 * together share one query (see publicationsStore); a publication that is
 * still changing (publishing, retry queued) is read again until it settles.
 */
export default function PublicationLinks({ article }: { article: ArticleRef }) {
  const entry = usePublications(article.id);
  const refreshes = useRef(0);

  useEffect(() => {
    requestPublications(article.id, { force: true });
  }, [article.id]);

  const publications = entry !== undefined && entry !== "loading" && "publications" in entry ? entry.publications : null;
  const settling = publications?.some((publication) => isSettling(publication)) ?? false;
  useEffect(() => {
    if (!settling || refreshes.current >= MAX_SETTLING_REFRESHES) return;
    const timer = setTimeout(() => {
      refreshes.current += 1;
      requestPublications(article.id, { force: true });
    }, SETTLING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [settling, publications, article.id]);

  if (!publications) return null;
  if (publications.length === 0) {
    return article.status === "published" ? (
      <p className="publication-links publication-none">
        <small>Marked Published, but not published to a connected site.</small>
      </p>
    ) : null;
  }
  return (
    <div className="publication-links">
      <small>On WordPress:</small>
      <ul aria-label="WordPress publications">
        {publications.map((publication) => (
          <PublicationItem key={publication.siteId} article={article} publication={publication} />
        ))}
      </ul>
    </div>
  );
}
