import { lazy } from "react";

/**
 * The article preview, loaded when first opened: it brings DOMPurify and the
 * preview styles, which the list and the editors do not need to show.
 * Render it inside a <Suspense>.
 */
export const LazyArticlePreviewModal = lazy(() =>
  import("./ArticlePreviewModal").then(({ ArticlePreviewModal }) => ({ default: ArticlePreviewModal })),
);
