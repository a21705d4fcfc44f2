export { LazyFeaturedImageModal } from "./lazyImages";
