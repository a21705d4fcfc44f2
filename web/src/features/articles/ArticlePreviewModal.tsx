import { useId, type ReactNode } from "react";
import { formatDate } from "../../lib/dates";
import { sanitizeHtml } from "../../lib/sanitizeHtml";
import { Modal } from "../../ui/Modal";
import { ArticleImage } from "./ArticleImage";
import "./article.css";

/** What the preview shows; the Create and Edit forms pass what is typed so far. */
export type ArticlePreviewContent = {
  title: string;
  /** HTML, sanitised here before it is rendered. */
  content: string;
  excerpt: string;
  featuredImageUrl: string | null;
  /** null for an article not saved yet. */
  createdAt: Date | null;
  categories: readonly string[];
  tags: readonly string[];
  slug: string;
  metaDescription: string;
  focusKeyword: string;
};

const NOT_SET = "Not set";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function TermList({ items }: { items: readonly string[] }) {
  if (items.length === 0) return NOT_SET;
  return (
    <ul className="term-list">
      {items.map((item, index) => (
        <li key={`${index}:${item}`}>{item}</li>
      ))}
    </ul>
  );
}

type ArticlePreviewModalProps = {
  article: ArticlePreviewContent;
  onClose(): void;
  /** The dialog's title (default "Article Preview"). */
  title?: string;
  /** Buttons beside Close (e.g. a review's Approve and Reject). */
  actions?: ReactNode;
};

/** The article as it will read: image, title, date, terms, slug, excerpt, content and its SEO fields. */
export function ArticlePreviewModal({ article, onClose, title = "Article Preview", actions }: ArticlePreviewModalProps) {
  const seoHeadingId = useId();
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
          {actions}
        </div>
      }
    >
      <div className="article-preview">
        <ArticleImage url={article.featuredImageUrl} className="article-preview-image" />
        <h3 className="article-preview-title">{article.title.trim() || "Untitled"}</h3>
        <p className="article-preview-date">
          {article.createdAt ? (
            <time dateTime={article.createdAt.toISOString()}>{formatDate(article.createdAt)}</time>
          ) : (
            "Not saved yet"
          )}
        </p>
        <dl className="article-details">
          <Detail term="Categories">
            <TermList items={article.categories} />
          </Detail>
          <Detail term="Tags">
            <TermList items={article.tags} />
          </Detail>
          <Detail term="Slug">{article.slug.trim() ? <code>{article.slug}</code> : NOT_SET}</Detail>
        </dl>
        {article.excerpt.trim() && <p className="article-preview-excerpt">{article.excerpt}</p>}
        <div className="article-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(article.content) }} />
        <section className="article-preview-seo" aria-labelledby={seoHeadingId}>
          <h3 id={seoHeadingId}>SEO</h3>
          <dl className="article-details">
            <Detail term="Meta Description">{article.metaDescription.trim() || NOT_SET}</Detail>
            <Detail term="Focus Keyword">{article.focusKeyword.trim() || NOT_SET}</Detail>
          </dl>
        </section>
      </div>
    </Modal>
  );
}
