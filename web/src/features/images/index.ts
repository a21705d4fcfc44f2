export { LazyFeaturedImageModal, LazyImagePicker } from "./lazyImages";
export type { ImageToInsert } from "./ImagePicker";
