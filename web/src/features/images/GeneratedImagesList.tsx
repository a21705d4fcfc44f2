import { useState } from "react";
import type { LibraryImage } from "./data/images";
import { formatDate } from "../../lib/dates";

/** The name of an image uploaded without a description (its alt text and its buttons' names). */
export const NO_DESCRIPTION = "Uploaded image without a description";

type GeneratedImagesListProps = {
  images: LibraryImage[];
  onDownload(image: LibraryImage): Promise<void>;
  onDelete(image: LibraryImage): Promise<void>;
  /** Opens "Use in article" for the image. */
  onUseInArticle(image: LibraryImage): void;
};

/** The images in the order given (newest first); each card's actions show on hover and on keyboard focus. */
export function GeneratedImagesList({ images, onDownload, onDelete, onUseInArticle }: GeneratedImagesListProps) {
  if (images.length === 0) {
    return <p>No images generated yet. Start by filling out the form and clicking generate!</p>;
  }
  return (
    <ul className="generated-images">
      {images.map((image) => (
        <GeneratedImageCard
          key={image.id}
          image={image}
          onDownload={onDownload}
          onDelete={onDelete}
          onUseInArticle={onUseInArticle}
        />
      ))}
    </ul>
  );
}

function GeneratedImageCard({
  image,
  onDownload,
  onDelete,
  onUseInArticle,
}: { image: LibraryImage } & Omit<GeneratedImagesListProps, "images">) {
  const [busy, setBusy] = useState<"download" | "delete" | null>(null);
  const run = (action: "download" | "delete", task: () => Promise<void>) => async () => {
    setBusy(action);
    try {
      await task();
    } finally {
      setBusy(null);
    }
  };

  const name = image.prompt || NO_DESCRIPTION;
  return (
    <li className="generated-image">
      <figure>
        <img src={image.url} alt={name} width={image.width} height={image.height} loading="lazy" decoding="async" />
        <figcaption>
          <small>{formatDate(image.createdAt)}</small>
          {image.source === "uploaded" && <span className="image-source-badge">Uploaded</span>}
        </figcaption>
      </figure>
      <div className="generated-image-actions">
        <button
          type="button"
          aria-label={`Use in article: ${name}`}
          title="Use in article"
          disabled={busy !== null}
          onClick={() => onUseInArticle(image)}
        >
          Use in article
        </button>
        <button
          type="button"
          aria-label={`Download image: ${name}`}
          title="Download"
          disabled={busy !== null}
          aria-busy={busy === "download" || undefined}
          onClick={run("download", () => onDownload(image))}
        >
          Download
        </button>
        <button
          type="button"
          className="secondary"
          aria-label={`Delete image: ${name}`}
          title="Delete"
          disabled={busy !== null}
          aria-busy={busy === "delete" || undefined}
          onClick={run("delete", () => onDelete(image))}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
