import { lazy } from "react";

/**
 * The publish dialog and an article's publication list, each loaded when
 * first shown: their steps, stores and styles are not needed to list
 * articles. Render them inside a <Suspense>.
 */
export const LazyPublishModal = lazy(() => import("./PublishModal"));
export const LazyPublicationLinks = lazy(() => import("./PublicationLinks"));
