import { saveFeaturedImageUrl } from "./data/images";

/**
 * Stores the generated image as the article's featured image and returns its
 * URL. Throws an Error with the message to show.
 */
export async function saveFeaturedImage(articleId: string, imageUrl: string | null): Promise<string> {
  if (!imageUrl) throw new Error("No image generated to save");
  try {
    await saveFeaturedImageUrl(articleId, imageUrl);
  } catch (error) {
    console.error("Saving the featured image failed", error);
    throw new Error("Failed to save featured image");
  }
  return imageUrl;
}
