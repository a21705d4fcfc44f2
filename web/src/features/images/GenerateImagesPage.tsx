import { useState } from "react";
import type { GeneratedImage, GenerateImageRequest } from "@contracts/image";
import {
  deleteGeneratedImage,
  dimensionsOf,
  listGeneratedImages,
  type LibraryImage,
  type LibraryPage,
} from "./data/images";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { parseTimestamp } from "../../lib/dates";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useResource } from "../../lib/useResource";
import { downloadImage } from "./downloadImage";
import { GeneratedImagesList } from "./GeneratedImagesList";
import { GenerateImagesForm } from "./GenerateImagesForm";
import { ImageUploadForm } from "./ImageUploadForm";
import { UseInArticleDialog } from "./UseInArticleDialog";
import "./images.css";
import "./generate-images.css";

/**
 * The library is one growing list with "Load more" rather than numbered
 * pages: images generated here appear at its top while older ones are added
 * below, so nothing already in view moves to another page. Each "Load more"
 * continues after the last image loaded (keyset), not at an offset.
 */
type Library = LibraryPage;

function toLibraryImage(image: GeneratedImage, request: GenerateImageRequest): LibraryImage {
  const fallback = dimensionsOf(request.imageSize);
  return {
    id: image.id,
    url: image.url,
    prompt: request.prompt,
    width: image.width ?? fallback.width,
    height: image.height ?? fallback.height,
    source: "generated",
    createdAt: parseTimestamp(image.createdAt),
  };
}

/** Appends a page, skipping images already shown (generated here since the first page loaded). */
function mergePage(current: LibraryImage[], page: LibraryImage[]): LibraryImage[] {
  const shown = new Set(current.map((image) => image.id));
  return [...current, ...page.filter((image) => !shown.has(image.id))];
}

export default function GenerateImagesPage() {
  const library = useResource<Library>(() => listGeneratedImages(), [], {
    onError: (error) => console.error("Loading the generated images failed", error),
  });
  /** Generated on this page, newest first; shown above the library whether or not it has loaded. */
  const [generated, setGenerated] = useState<LibraryImage[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [using, setUsing] = useState<LibraryImage | null>(null);
  // The image waiting for the confirmation, and how to tell its card the question is settled (its Delete stays busy until then).
  const [confirmingDelete, setConfirmingDelete] = useState<{ image: LibraryImage; settled(): void } | null>(null);

  const addGenerated = (images: GeneratedImage[], request: GenerateImageRequest) => {
    const added = images.map((image) => toLibraryImage(image, request));
    setGenerated((previous) => [...added, ...previous]);
  };

  const addUploaded = (image: LibraryImage) => {
    setGenerated((previous) => [image, ...previous]);
    notifySuccess("Image uploaded");
  };

  const loadMore = async () => {
    const next = library.data?.next;
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await listGeneratedImages(next);
      library.setData((previous) => ({ images: mergePage(previous.images, page.images), next: page.next }));
    } catch (error) {
      console.error("Loading more generated images failed", error);
      notifyError("Failed to load images");
    } finally {
      setLoadingMore(false);
    }
  };

  const download = async (image: LibraryImage) => {
    try {
      await downloadImage(image.url);
    } catch (error) {
      console.error("Downloading an image failed", error);
      notifyError("Failed to download image");
    }
  };

  const remove = async (image: LibraryImage) => {
    try {
      await deleteGeneratedImage(image.id);
    } catch (error) {
      console.error("Deleting an image failed", error);
      notifyError("Failed to delete image");
      return;
    }
    notifySuccess("Image deleted");
    const kept = (images: LibraryImage[]) => images.filter((shown) => shown.id !== image.id);
    setGenerated(kept);
    library.setData((previous) => ({ ...previous, images: kept(previous.images) }));
  };

  return (
    <>
      <h1>Generate Images</h1>
      <GenerateImagesForm onGenerated={addGenerated} />
      <section aria-labelledby="upload-image-heading" className="upload-image">
        <h2 id="upload-image-heading">Upload an Image</h2>
        <p>Your own images join the library below, ready to use in your articles.</p>
        <ImageUploadForm onUploaded={addUploaded} />
      </section>
      <section aria-labelledby="generated-images-heading" aria-busy={library.loading}>
        <h2 id="generated-images-heading">Generated Images</h2>
        <div aria-live="polite">
          {library.resource.status === "failed" && (
            <p role="alert">Could not load your images. Reload the page to try again.</p>
          )}
          {(library.data || generated.length > 0) && (
            <GeneratedImagesList
              images={mergePage(generated, library.data?.images ?? [])}
              onDownload={download}
              onDelete={(image) => new Promise<void>((settled) => setConfirmingDelete({ image, settled }))}
              onUseInArticle={setUsing}
            />
          )}
        </div>
        {library.data?.next && (
          <button type="button" className="secondary outline" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore || undefined}>
            Load more
          </button>
        )}
      </section>
      {using && <UseInArticleDialog image={using} onClose={() => setUsing(null)} />}
      {confirmingDelete && (
        <ConfirmDialog
          title="Delete this image?"
          message="Delete this image? This cannot be undone."
          confirmLabel="Delete"
          onCancel={() => {
            setConfirmingDelete(null);
            confirmingDelete.settled();
          }}
          onConfirm={() => {
            setConfirmingDelete(null);
            void remove(confirmingDelete.image).finally(confirmingDelete.settled);
          }}
        />
      )}
    </>
  );
}
