import { ArticleConflictError, getArticle, updateArticle, type ArticleStatus } from "../articles/index";
import { saveFeaturedImageUrl, type LibraryImage } from "./data/images";

export type ImagePlacement = "featured" | "body";

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The image as the editor inserts one: a block-level <img> with its alt text. */
function imageHtml(image: Pick<LibraryImage, "url" | "prompt">): string {
  return `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.prompt)}">`;
}

/**
 * Puts a library image into an article: as its featured image, or at the end
 * of its text (saved through save-article like any edit, from the version
 * just read, so an edit made meanwhile elsewhere is never overwritten: that
 * refusal reads as a message to try again). Everything else of the article
 * is saved as it was. Throws an Error with the message to show.
 */
export async function placeImageInArticle(articleId: string, image: LibraryImage, placement: ImagePlacement): Promise<void> {
  if (placement === "featured") {
    await saveFeaturedImageUrl(articleId, image.url);
    return;
  }
  const article = await getArticle(articleId);
  if (!article) throw new Error("Article not found");
  try {
    await updateArticle(article.id, article.version, {
      ...article,
      // The status read back from the database is one of the statuses it allows.
      status: article.status as ArticleStatus,
      content: `${article.content}${imageHtml(image)}`,
    });
  } catch (error) {
    if (error instanceof ArticleConflictError) {
      throw new Error("The article changed while the image was being added. Try again.");
    }
    throw error;
  }
}
