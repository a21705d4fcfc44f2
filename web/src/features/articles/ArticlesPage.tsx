import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { LazyFeaturedImageModal } from "../images";
import { LazyPublishModal } from "../publishing";
import { Link, useLocation, useSearch } from "wouter";
import { LazyArticlePreviewModal } from "./LazyArticlePreviewModal";
import { SelectField } from "../../ui/SelectField";
import { Spinner } from "../../ui/Spinner";
import {
  ARTICLES_PAGE_SIZE,
  countArticles,
  listArticlePage,
  type ArticlePage,
  type ArticleSort,
  type ArticleSummary,
} from "./data/articleList";
import { deleteArticle, deleteArticleWithRemotePosts, getArticle, type Article, type ArticleStatus } from "./data/articles";
import { DeleteArticleDialog, type RemotePostChoice } from "./DeleteArticleDialog";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useResource } from "../../lib/useResource";
import { ArticleCard, type CardAction } from "./ArticleCard";
import { useArticleScores, useSeoWarningLevel } from "../seo/index";
import { addressOf, firstPageOf, viewFromSearch, type ListView } from "./listAddress";
import "./articles.css";

// The modals load only when opened, so the list stays light (no DOMPurify, no image or publish code).

/** Typing pauses this long before the search runs (Enter runs it at once). */
export const SEARCH_DEBOUNCE_MS = 300;

const STATUS_OPTIONS: readonly { value: ArticleStatus | ""; label: string }[] = [
  { value: "", label: "All Articles" },
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled" },
];

const SORT_OPTIONS: readonly { value: ArticleSort; label: string }[] = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "updated", label: "Recently updated" },
  { value: "title", label: "Title (A–Z)" },
];

type ListLoad = { state: "loading" | "ready" | "failed"; page: ArticlePage | null };
type OpenModal =
  | { kind: "preview"; article: Article }
  | { kind: "image" | "publish" | "delete"; article: ArticleSummary }
  | null;

const numberFormat = new Intl.NumberFormat("en-US");

/** "3 draft articles match “compost”", "1 article", … */
function countText(count: number, view: ListView): string {
  const noun = `${view.query.status ? `${view.query.status} ` : ""}${count === 1 ? "article" : "articles"}`;
  const counted = `${numberFormat.format(count)} ${noun}`;
  if (!view.query.search) return counted;
  return `${counted} ${count === 1 ? "matches" : "match"} “${view.query.search}”`;
}

function noMatchText(view: ListView): string {
  const noun = view.query.status ? `${view.query.status} articles` : "articles";
  return view.query.search ? `No ${noun} match “${view.query.search}”.` : `No ${noun}.`;
}

/**
 * Where to go instead of showing `page`: a page read before a cursor that
 * reached the start becomes the first page (full, and with a clean address);
 * an empty page after a cursor (its rows deleted) steps back to the page
 * before the row deleted last, or to the first page.
 */
function redirectFor(view: ListView, page: ArticlePage, deleted?: ArticleSummary): ListView | null {
  if (!view.position) return null;
  if ("before" in view.position) return page.hasPrevious ? null : firstPageOf(view.query);
  if (page.articles.length > 0) return null;
  return deleted ? { ...view, position: { before: deleted.cursor }, page: view.page - 1 } : firstPageOf(view.query);
}

export default function ArticlesPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const view = useMemo(() => viewFromSearch(search), [search]);
  const [load, setLoad] = useState<ListLoad>({ state: "loading", page: null });
  const [attempt, setAttempt] = useState(0);
  const [modal, setModal] = useState<OpenModal>(null);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());
  const [previewingId, setPreviewingId] = useState<string | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const focusListOnLoad = useRef(false);
  /** Each load gets a number; only the latest may change what is shown. */
  const latestLoad = useRef(0);

  const loadPage = useCallback(
    async (target: ListView, { deleted, quiet = false }: { deleted?: ArticleSummary; quiet?: boolean } = {}) => {
      const loadNumber = ++latestLoad.current;
      try {
        const page = await listArticlePage(target.query, target.position);
        if (loadNumber !== latestLoad.current) return;
        const redirect = redirectFor(target, page, deleted);
        if (redirect) {
          navigate(addressOf(redirect), { replace: true });
          return;
        }
        setLoad({ state: "ready", page });
        if (focusListOnLoad.current) {
          focusListOnLoad.current = false;
          listRef.current?.focus();
        }
      } catch {
        if (loadNumber !== latestLoad.current) return;
        notifyError("Failed to load articles");
        if (!quiet) setLoad({ state: "failed", page: null });
      }
    },
    [navigate],
  );

  useEffect(() => {
    setLoad((previous) => ({ state: "loading", page: previous.page }));
    void loadPage(view);
    return () => {
      latestLoad.current++;
    };
  }, [view, attempt, loadPage]);

  const seoScores = useArticleScores(load.page?.articles.map((article) => article.id) ?? []);
  const seoWarningLevel = useSeoWarningLevel();

  const { status: statusFilter, search: searchQuery } = view.query;
  const count = useResource(() => countArticles({ status: statusFilter, search: searchQuery }), [
    statusFilter,
    searchQuery,
  ]);

  const go = (target: ListView, { replace = false } = {}) => navigate(addressOf(target), { replace });

  const searchFieldId = useId();
  const [searchText, setSearchText] = useState(searchQuery ?? "");
  const addressSearch = searchQuery ?? "";
  /** The search this page last put in the address, so its own change does not overwrite what is being typed. */
  const searchSent = useRef(addressSearch);
  useEffect(() => {
    if (addressSearch !== searchSent.current) setSearchText(addressSearch);
    searchSent.current = addressSearch;
  }, [addressSearch]);

  const runSearch = useCallback(
    (text: string) => {
      searchSent.current = text.trim();
      navigate(addressOf(firstPageOf({ ...view.query, search: text.trim() || undefined })), { replace: true });
    },
    [navigate, view.query],
  );

  useEffect(() => {
    if (searchText.trim() === addressSearch) return;
    const timer = setTimeout(() => runSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, addressSearch, runSearch]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchText.trim() !== addressSearch) runSearch(searchText);
  };

  const updateShown = useCallback((change: (articles: ArticleSummary[]) => ArticleSummary[]) => {
    setLoad((previous) =>
      previous.page ? { ...previous, page: { ...previous.page, articles: change(previous.page.articles) } } : previous,
    );
  }, []);

  /** Runs from the delete dialog, which stays open with the reason when this throws. */
  const remove = async (article: ArticleSummary, remotePosts: RemotePostChoice) => {
    if (deletingIds.has(article.id)) return;
    setDeletingIds((ids) => new Set(ids).add(article.id));
    try {
      if (remotePosts === "remove") await deleteArticleWithRemotePosts(article.id);
      else await deleteArticle(article.id);
      setModal(null);
      updateShown((articles) => articles.filter(({ id }) => id !== article.id));
      notifySuccess("Article deleted successfully");
      count.reload();
      // Refill the page from the next one, or step back when it is now empty.
      void loadPage(view, { deleted: article, quiet: true });
    } catch (error) {
      notifyError("Failed to delete article");
      throw error;
    } finally {
      setDeletingIds((ids) => {
        const remaining = new Set(ids);
        remaining.delete(article.id);
        return remaining;
      });
    }
  };

  /** The list holds no content: the preview fetches the whole article when asked. */
  const preview = async (summary: ArticleSummary) => {
    if (previewingId) return;
    setPreviewingId(summary.id);
    try {
      const article = await getArticle(summary.id);
      if (article) setModal({ kind: "preview", article });
      else notifyError("Failed to load article");
    } catch {
      notifyError("Failed to load article");
    } finally {
      setPreviewingId(null);
    }
  };

  const onAction = (action: CardAction, article: ArticleSummary) => {
    if (action === "preview") void preview(article);
    else setModal({ kind: action, article });
  };

  const onImageSaved = (articleId: string, url: string) => {
    updateShown((articles) =>
      articles.map((article) => (article.id === articleId ? { ...article, featuredImageUrl: url } : article)),
    );
  };

  /** After a publish the status may have changed: reload the page and count without hiding them. */
  const refreshQuietly = () => {
    count.reload();
    void loadPage(view, { quiet: true });
  };

  const turnPage = (target: ListView) => {
    focusListOnLoad.current = true;
    go(target);
  };

  const closeModal = () => setModal(null);
  const page = load.page;
  const articles = page?.articles ?? null;
  const shownCount = count.data ?? null;
  const pageCount = shownCount === null ? null : Math.max(1, Math.ceil(shownCount / ARTICLES_PAGE_SIZE));
  const filtered = Boolean(view.query.status || view.query.search);

  return (
    <>
      <header className="articles-header">
        <h1>Articles</h1>
        <Link href="/articles/create" role="button">
          Create Article
        </Link>
      </header>
      <div className="articles-toolbar">
        <form role="search" className="articles-search" onSubmit={submitSearch}>
          <label htmlFor={searchFieldId}>Search articles</label>
          <input
            id={searchFieldId}
            type="search"
            name="q"
            value={searchText}
            placeholder="Title, excerpt or content"
            onChange={(event) => setSearchText(event.target.value)}
          />
        </form>
        <div>
          <SelectField
            label="Status"
            name="status"
            options={STATUS_OPTIONS}
            value={view.query.status ?? ""}
            onChange={(event) =>
              go(firstPageOf({ ...view.query, status: (event.target.value || undefined) as ArticleStatus | undefined }), {
                replace: true,
              })
            }
          />
        </div>
        <div>
          <SelectField
            label="Sort by"
            name="sort"
            options={SORT_OPTIONS}
            value={view.query.sort}
            onChange={(event) => go(firstPageOf({ ...view.query, sort: event.target.value as ArticleSort }), { replace: true })}
          />
        </div>
      </div>

      <p className="articles-count" aria-live="polite" aria-atomic="true">
        {shownCount !== null && countText(shownCount, view)}
      </p>

      <section
        ref={listRef}
        tabIndex={-1}
        aria-label="Articles"
        aria-busy={load.state === "loading"}
        className="articles-results"
      >
        {load.state === "loading" && !articles && <Spinner label="Loading articles…" />}
        {load.state === "failed" && (
          <p>
            Your articles could not be loaded.{" "}
            <button type="button" className="secondary outline" onClick={() => setAttempt((value) => value + 1)}>
              Retry
            </button>
          </p>
        )}
        {articles?.length === 0 &&
          load.state === "ready" &&
          (filtered ? (
            <p className="empty-state">{noMatchText(view)}</p>
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
                <ArticleCard
                  article={article}
                  deleting={deletingIds.has(article.id)}
                  previewing={previewingId === article.id}
                  seoScore={seoScores.get(article.id) ?? null}
                  seoScoreLow={(seoScores.get(article.id) ?? 100) < seoWarningLevel}
                  onAction={onAction}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {page && (page.hasPrevious || page.hasNext) && (
        <nav aria-label="Pagination" className="articles-pagination">
          <button
            type="button"
            className="secondary outline"
            disabled={!page.hasPrevious || load.state === "loading"}
            onClick={() =>
              turnPage(
                view.page <= 2 || !articles?.length
                  ? firstPageOf(view.query)
                  : { ...view, position: { before: articles[0].cursor }, page: view.page - 1 },
              )
            }
          >
            Previous
          </button>
          <span>
            Page {numberFormat.format(view.page)}
            {pageCount !== null && ` of ${numberFormat.format(Math.max(pageCount, view.page))}`}
          </span>
          <button
            type="button"
            className="secondary outline"
            disabled={!page.hasNext || !articles?.length || load.state === "loading"}
            onClick={() =>
              articles?.length && turnPage({ ...view, position: { after: articles.at(-1)!.cursor }, page: view.page + 1 })
            }
          >
            Next
          </button>
        </nav>
      )}

      <Suspense fallback={null}>
        {modal?.kind === "preview" && <LazyArticlePreviewModal article={modal.article} onClose={closeModal} />}
        {modal?.kind === "image" && (
          <LazyFeaturedImageModal
            article={modal.article}
            onClose={closeModal}
            onSaved={(url) => onImageSaved(modal.article.id, url)}
          />
        )}
        {modal?.kind === "delete" && (
          <DeleteArticleDialog
            article={modal.article}
            onCancel={closeModal}
            onDelete={(choice) => remove(modal.article, choice)}
          />
        )}
        {modal?.kind === "publish" && (
          <LazyPublishModal article={modal.article} onClose={closeModal} onPublished={refreshQuietly} />
        )}
      </Suspense>
    </>
  );
}
