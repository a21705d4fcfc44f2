export { LazyFeaturedImageModal, LazyImagePicker, LazySectionImages } from "./lazyImages";
export type { ImageToInsert } from "./ImagePicker";
export type { SectionImagesProps } from "./sectionImages/SectionImages";
