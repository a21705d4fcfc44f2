import { useEffect, useId, useRef, useState } from "react";
import { IMAGE_SIZE_DIMENSIONS } from "@contracts/image";
import { generateImages, type LibraryImage } from "./data/images";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { TaskStatus } from "../../ui/TaskStatus";
import { Modal } from "../../ui/Modal";
import { RequestError } from "../../ui/RequestError";
import { saveFeaturedImage } from "./featuredImage";
import { featuredImageFormSchema, featuredImageDefaults, modelDefaults } from "./imageForm";
import { ImageLibraryChooser } from "./ImageLibraryChooser";
import { ImageSettingsFields } from "./ImageSettingsFields";
import { ImageUploadForm } from "./ImageUploadForm";
import "./images.css";

type FeaturedImageModalProps = {
  /** The focus keyword joins the title in the description when known (the editor knows it; the list's cards do not). */
  article: { id: string; title: string; focusKeyword?: string; featuredImageUrl: string | null };
  onClose(): void;
  onSaved(url: string): void;
};

type Source = "generate" | "library" | "upload";

const SOURCES: { value: Source; label: string }[] = [
  { value: "generate", label: "Generate" },
  { value: "library", label: "Your library" },
  { value: "upload", label: "Upload" },
];

/** The image about to become the featured image, and where it came from. */
type Candidate = { url: string; width?: number; height?: number; alt: string; source: Source };

const CANDIDATE_NOTE: Record<Source, string> = {
  generate:
    "Not saved to the article until you choose Save Image. Every generated image is also kept in your library on Generate Images.",
  library: "Not saved to the article until you choose Save Image.",
  upload: "Not saved to the article until you choose Save Image. The uploaded image is also kept in your library.",
};

/**
 * The featured image of an article: generated (the description starts from
 * the article's title and focus keyword, in a landscape size), chosen from
 * the user's library, or uploaded. Nothing changes on the article until
 * Save Image; closing discards the choice (a generated or uploaded image
 * stays in the library on Generate Images).
 */
export default function FeaturedImageModal({ article, onClose, onSaved }: FeaturedImageModalProps) {
  const formId = useId();
  const [source, setSource] = useState<Source>("generate");
  const form = useForm(featuredImageFormSchema, featuredImageDefaults(article));
  const [result, setResult] = useState<Candidate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [libraryChoice, setLibraryChoice] = useState<string | null>(null);
  const generation = useRef<AbortController | null>(null);
  const [startedAt, setStartedAt] = useState(0);

  const saveButton = useRef<HTMLButtonElement>(null);

  // Closing mid-generation abandons the request; its result is not shown.
  useEffect(() => () => generation.current?.abort(), []);

  // Generating disabled the focused button; keyboard users continue at Save Image.
  useEffect(() => {
    if (result) saveButton.current?.focus();
  }, [result]);

  const generate = form.handleSubmit(async (request) => {
    const controller = new AbortController();
    generation.current = controller;
    setStartedAt(Date.now());
    setError(null);
    try {
      const { images: [generated] } = await generateImages(request, {
        signal: controller.signal,
        fallbackMessage: "Failed to generate featured image",
      });
      if (!controller.signal.aborted && generated) {
        setResult({ ...generated, alt: `Generated image: ${request.prompt}`, source: "generate" });
      }
    } catch (failure) {
      if (controller.signal.aborted) return;
      const message = failure instanceof Error ? failure.message : "Failed to generate featured image";
      setError(message);
      notifyError(message);
    }
  });

  const save = async () => {
    setSaving(true);
    try {
      const url = await saveFeaturedImage(article.id, result?.url ?? null);
      notifySuccess("Featured image saved successfully");
      onSaved(url);
      onClose();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : "Failed to save featured image";
      setError(message);
      notifyError(message);
    } finally {
      setSaving(false);
    }
  };

  const generating = form.submitting;

  const choose = (image: LibraryImage, from: Source) => {
    setError(null);
    setResult({ url: image.url, width: image.width, height: image.height, alt: image.prompt || "The chosen image", source: from });
  };

  return (
    <Modal
      title="Generate Featured Image"
      onClose={onClose}
      busy={saving}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          {source === "generate" && (
            <button
              type="submit"
              form={formId}
              className={result ? "secondary" : undefined}
              disabled={generating || saving}
              aria-busy={generating || undefined}
            >
              {generating ? "Generating..." : "Generate"}
            </button>
          )}
          {result && (
            <button ref={saveButton} type="button" onClick={save} disabled={generating || saving} aria-busy={saving || undefined}>
              Save Image
            </button>
          )}
        </div>
      }
    >
      <p className="featured-image-article">
        For <strong>{article.title}</strong>
      </p>
      <fieldset className="image-source-choice">
        <legend>Image from</legend>
        {SOURCES.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="featured-image-source"
              value={option.value}
              checked={source === option.value}
              disabled={generating || saving}
              onChange={() => {
                setSource(option.value);
                setResult(null);
                setError(null);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {source === "generate" && (
        <form id={formId} onSubmit={generate} noValidate>
          <ImageSettingsFields
            field={form.field}
            disabled={generating || saving}
            onModelChange={(model) => form.fill(modelDefaults(model))}
          />
        </form>
      )}
      {source === "library" && (
        <ImageLibraryChooser
          chosenId={result?.source === "library" ? (libraryChoice ?? null) : null}
          onChoose={(image) => {
            setLibraryChoice(image.id);
            choose(image, "library");
          }}
        />
      )}
      {source === "upload" && !result && <ImageUploadForm submitLabel="Upload" onUploaded={(image) => choose(image, "upload")} />}
      <TaskStatus
        running={generating ? { label: "Generating image…", startedAt } : null}
        hint="This can take up to a minute."
      />
      <div aria-live="polite" className="featured-image-result">
        {error && !generating && <RequestError message={error} onDismiss={() => setError(null)} />}
        {result && !generating && (
          <figure>
            <img
              src={result.url}
              alt={result.alt}
              width={result.width ?? IMAGE_SIZE_DIMENSIONS.landscape_16_9.width}
              height={result.height ?? IMAGE_SIZE_DIMENSIONS.landscape_16_9.height}
            />
            <figcaption>
              <small>{CANDIDATE_NOTE[result.source]}</small>
            </figcaption>
          </figure>
        )}
        {!result && !generating && article.featuredImageUrl && (
          <figure className="featured-image-current">
            <img src={article.featuredImageUrl} alt={`Current featured image of ${article.title}`} />
            <figcaption>
              <small>Current featured image. Saving a new one replaces it.</small>
            </figcaption>
          </figure>
        )}
      </div>
    </Modal>
  );
}
