import { lazy } from "react";

/** The featured-image dialog, loaded when first opened (its form and fal.ai settings). Render it inside a <Suspense>. */
export const LazyFeaturedImageModal = lazy(() => import("./FeaturedImageModal"));
