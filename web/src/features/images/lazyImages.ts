import { lazy } from "react";

/** The featured-image dialog, loaded when first opened (its form and fal.ai settings). Render it inside a <Suspense>. */
export const LazyFeaturedImageModal = lazy(() => import("./FeaturedImageModal"));

/** The editor's "Add image" dialog (library, upload or address), loaded when first opened. Render it inside a <Suspense>. */
export const LazyImagePicker = lazy(() => import("./ImagePicker"));

/** "Images in the body" in the editor's panel: one generated image under each H2. Render it inside a <Suspense>. */
export const LazySectionImages = lazy(() => import("./sectionImages/SectionImages"));
