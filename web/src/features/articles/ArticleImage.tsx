/** Shown for an article without a featured image. */
export const PLACEHOLDER_IMAGE_URL = "/placeholder-article.svg";

/** An article's featured image, or the default placeholder. Decorative: the title says what it is about. */
export function ArticleImage({ url, className }: { url: string | null; className?: string }) {
  return <img className={className} src={url || PLACEHOLDER_IMAGE_URL} alt="" loading="lazy" decoding="async" />;
}
