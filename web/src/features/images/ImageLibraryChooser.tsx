import { useState } from "react";
import { listGeneratedImages, type LibraryImage, type LibraryPage } from "./data/images";
import { useResource } from "../../lib/useResource";
import { NO_DESCRIPTION } from "./GeneratedImagesList";

type ImageLibraryChooserProps = {
  /** The image chosen (its id), if any. */
  chosenId: string | null;
  onChoose(image: LibraryImage): void;
};

/**
 * The user's library, newest first, to choose one image from: a group of
 * radio buttons (one Tab stop, arrow keys move), each named by the image's
 * alt text, with "Load more" for older images.
 */
export function ImageLibraryChooser({ chosenId, onChoose }: ImageLibraryChooserProps) {
  const library = useResource<LibraryPage>(() => listGeneratedImages(), [], {
    onError: (error) => console.error("Loading the image library failed", error),
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);

  const loadMore = async () => {
    const next = library.data?.next;
    if (!next) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await listGeneratedImages(next);
      library.setData((previous) => ({ images: [...previous.images, ...page.images], next: page.next }));
    } catch (error) {
      console.error("Loading more images failed", error);
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  if (library.resource.status === "failed") {
    return <p role="alert">Could not load your images. Close this and try again.</p>;
  }
  if (!library.data) return <p aria-busy="true">Loading your images…</p>;
  if (library.data.images.length === 0) {
    return <p>Your library is empty. Upload an image or generate one on Generate Images.</p>;
  }
  return (
    <fieldset className="image-library-chooser">
      <legend>Your images</legend>
      <div className="image-library-choices">
        {library.data.images.map((image) => (
          <label key={image.id} className="image-library-choice">
            <input
              type="radio"
              name="library-image"
              value={image.id}
              checked={chosenId === image.id}
              onChange={() => onChoose(image)}
            />
            <img src={image.url} alt={image.prompt || NO_DESCRIPTION} width={image.width} height={image.height} loading="lazy" />
            {image.source === "uploaded" && <span className="image-source-badge">Uploaded</span>}
          </label>
        ))}
      </div>
      {moreFailed && <p role="alert">Could not load more images. Try again.</p>}
      {library.data.next && (
        <button type="button" className="secondary outline" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore || undefined}>
          Load more
        </button>
      )}
    </fieldset>
  );
}
