import { lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LazyArticlePreviewModal } from "../../components/article/LazyArticlePreviewModal";
import { Spinner } from "../../components/Spinner";
import { deleteArticle, listArticles, type Article, type ArticleListFilter } from "../../data/articles";
import { notifyError, notifySuccess } from "../../lib/notify";
import { ArticleCard, type CardAction } from "./ArticleCard";
import "./articles.css";

// The modals load only when opened, so the list stays light (no DOMPurify, no image or publish code).
const FeaturedImageModal = lazy(() => import("../../components/images/FeaturedImageModal"));
const PublishModal = lazy(() => import("../../components/wordpress/PublishModal"));

export const DELETE_CONFIRMATION = "Are you sure you want to delete this article? This action cannot be undone.";

const FILTERS: readonly { value: ArticleListFilter | ""; label: string }[] = [
  { value: "", label: "All Articles" },
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
];

/** The filter lives in the address (`?status=draft`), so it survives a reload and can be shared. */
function filterFrom(search: string): ArticleListFilter | undefined {
  const status = new URLSearchParams(search).get("status");
  return status === "draft" || status === "published" ? status : undefined;
}

type ListLoad = { state: "loading" } | { state: "failed" } | { state: "ready"; articles: Article[] };
type OpenModal = { kind: "preview" | "image" | "publish"; article: Article } | null;

export default function ArticlesPage() {
  const [, navigate] = useLocation();
  const filter = filterFrom(useSearch());
  const filterId = useId();
  const [load, setLoad] = useState<ListLoad>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [modal, setModal] = useState<OpenModal>(null);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let current = true;
    setLoad({ state: "loading" });
    listArticles(filter)
      .then((articles) => current && setLoad({ state: "ready", articles }))
      .catch(() => {
        if (!current) return;
        notifyError("Failed to load articles");
        setLoad({ state: "failed" });
      });
    return () => {
      current = false;
    };
  }, [filter, attempt]);

  const updateArticles = useCallback((change: (articles: Article[]) => Article[]) => {
    setLoad((previous) => (previous.state === "ready" ? { state: "ready", articles: change(previous.articles) } : previous));
  }, []);

  /** After a publish the status may have changed: reload the list without hiding it. */
  const refreshQuietly = () => {
    listArticles(filter)
      .then((articles) => setLoad({ state: "ready", articles }))
      .catch(() => notifyError("Failed to load articles"));
  };

  const remove = async (article: Article) => {
    if (deletingIds.has(article.id) || !window.confirm(DELETE_CONFIRMATION)) return;
    setDeletingIds((ids) => new Set(ids).add(article.id));
    try {
      await deleteArticle(article.id);
      updateArticles((articles) => articles.filter(({ id }) => id !== article.id));
      notifySuccess("Article deleted successfully");
    } catch {
      notifyError("Failed to delete article");
    } finally {
      setDeletingIds((ids) => {
        const remaining = new Set(ids);
        remaining.delete(article.id);
        return remaining;
      });
    }
  };

  const onAction = (action: CardAction, article: Article) => {
    if (action === "delete") void remove(article);
    else setModal({ kind: action, article });
  };

  const onImageSaved = (articleId: string, url: string) => {
    updateArticles((articles) =>
      articles.map((article) => (article.id === articleId ? { ...article, featuredImageUrl: url } : article)),
    );
  };

  const closeModal = () => setModal(null);
  const articles = load.state === "ready" ? load.articles : null;

  return (
    <>
      <header className="articles-header">
        <h1>Articles</h1>
        <Link href="/articles/create" role="button">
          Create Article
        </Link>
      </header>
      <div className="articles-filter">
        <label htmlFor={filterId}>Status</label>
        <select
          id={filterId}
          value={filter ?? ""}
          onChange={(event) =>
            navigate(event.target.value ? `/articles?status=${event.target.value}` : "/articles", { replace: true })
          }
        >
          {FILTERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>

      <section aria-label="Articles" aria-busy={load.state === "loading"}>
        {load.state === "loading" && <Spinner label="Loading articles…" />}
        {load.state === "failed" && (
          <p>
            Your articles could not be loaded.{" "}
            <button type="button" className="secondary outline" onClick={() => setAttempt((count) => count + 1)}>
              Retry
            </button>
          </p>
        )}
        {articles?.length === 0 &&
          (filter ? (
            <p className="empty-state">No {filter} articles.</p>
          ) : (
            <div className="articles-empty">
              <h2>No articles yet</h2>
              <p>Get started by creating your first article</p>
            </div>
          ))}
        {articles && articles.length > 0 && (
          <ul className="article-grid">
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} deleting={deletingIds.has(article.id)} onAction={onAction} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Suspense fallback={null}>
        {modal?.kind === "preview" && <LazyArticlePreviewModal article={modal.article} onClose={closeModal} />}
        {modal?.kind === "image" && (
          <FeaturedImageModal
            article={modal.article}
            onClose={closeModal}
            onSaved={(url) => onImageSaved(modal.article.id, url)}
          />
        )}
        {modal?.kind === "publish" && (
          <PublishModal article={modal.article} onClose={closeModal} onPublished={refreshQuietly} />
        )}
      </Suspense>
    </>
  );
}
