import { useEffect, useId, useRef, useState } from "react";
import {
  IMAGE_SIZE_DIMENSIONS,
  type GeneratedImage,
} from "@contracts/image";
import { generateImages } from "./data/images";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";
import { TaskStatus } from "../../ui/TaskStatus";
import { Modal } from "../../ui/Modal";
import { RequestError } from "../../ui/RequestError";
import { saveFeaturedImage } from "./featuredImage";
import { featuredImageFormSchema, imageSettingsDefaults, modelDefaults } from "./imageForm";
import { ImageSettingsFields } from "./ImageSettingsFields";
import "./images.css";

type FeaturedImageModalProps = {
  article: { id: string; title: string; excerpt: string; featuredImageUrl: string | null };
  onClose(): void;
  onSaved(url: string): void;
};

/**
 * Generates a featured image for an article from its excerpt. Nothing changes
 * on the article until Save Image; closing discards the preview (the image
 * stays in the user's library on Generate Images).
 */
export default function FeaturedImageModal({ article, onClose, onSaved }: FeaturedImageModalProps) {
  const formId = useId();
  const hasExcerpt = article.excerpt.trim() !== "";
  const form = useForm(featuredImageFormSchema, imageSettingsDefaults(article.excerpt));
  const [result, setResult] = useState<{ image: GeneratedImage; prompt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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
    if (!hasExcerpt) return;
    const controller = new AbortController();
    generation.current = controller;
    setStartedAt(Date.now());
    setError(null);
    try {
      const { images: [generated] } = await generateImages(request, {
        signal: controller.signal,
        fallbackMessage: "Failed to generate featured image",
      });
      if (!controller.signal.aborted && generated) setResult({ image: generated, prompt: request.prompt });
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
      const url = await saveFeaturedImage(article.id, result?.image.url ?? null);
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
          <button
            type="submit"
            form={formId}
            className={result ? "secondary" : undefined}
            disabled={!hasExcerpt || generating || saving}
            aria-busy={generating || undefined}
          >
            {generating ? "Generating..." : "Generate"}
          </button>
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
      {!hasExcerpt && (
        <p role="alert" className="featured-image-needs-excerpt">
          Article must have an excerpt to generate an image
        </p>
      )}
      <form id={formId} onSubmit={generate} noValidate>
        <ImageSettingsFields
          field={form.field}
          disabled={!hasExcerpt || generating || saving}
          onModelChange={(model) => form.fill(modelDefaults(model))}
        />
      </form>
      <TaskStatus
        running={generating ? { label: "Generating image…", startedAt } : null}
        hint="This can take up to a minute."
      />
      <div aria-live="polite" className="featured-image-result">
        {error && !generating && <RequestError message={error} onDismiss={() => setError(null)} />}
        {result && !generating && (
          <figure>
            <img
              src={result.image.url}
              alt={`Generated image: ${result.prompt}`}
              width={result.image.width ?? IMAGE_SIZE_DIMENSIONS.square_hd.width}
              height={result.image.height ?? IMAGE_SIZE_DIMENSIONS.square_hd.height}
            />
            <figcaption>
              <small>
                Not saved to the article until you choose Save Image. Every generated image is also kept in your
                library on Generate Images.
              </small>
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
