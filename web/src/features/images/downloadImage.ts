import { fetchImageBlob } from "./data/images";

export function downloadFileName(now = Date.now()): string {
  return `generated-image-${now}.png`;
}

/**
 * Saves the image under our file name: fetched as a blob because browsers
 * ignore `download` on cross-origin links. Throws when the image cannot be
 * fetched.
 */
export async function downloadImage(url: string): Promise<void> {
  const blob = await fetchImageBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = objectUrl;
    link.download = downloadFileName();
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}
