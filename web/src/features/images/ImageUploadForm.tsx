import { useId, useRef, useState, type FormEvent } from "react";
import { MAX_IMAGE_BYTES, UPLOAD_DESCRIPTION_MAX_LENGTH, UPLOAD_IMAGE_TYPES } from "@contracts/image";
import { uploadImage, type LibraryImage } from "./data/images";
import { RequestError } from "../../ui/RequestError";

type ImageUploadFormProps = {
  onUploaded(image: LibraryImage): void;
  /** The submit button's text. */
  submitLabel?: string;
};

const NO_FILE = "Choose an image file to upload";

/**
 * One of the user's own images into the library: the file, and what it shows
 * (kept as its alt text). A refusal (not an image, too large, library full)
 * stays under the form until the next attempt or Dismiss.
 */
export function ImageUploadForm({ onUploaded, submitLabel = "Upload image" }: ImageUploadFormProps) {
  const fileId = useId();
  const descriptionId = useId();
  const helpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The form may sit in a dialog over the article form: the submit stops here.
    event.stopPropagation();
    if (!file) {
      setError(NO_FILE);
      fileInput.current?.focus();
      return;
    }
    setUploading(true);
    setError(null);
    try {
      const image = await uploadImage(file, description);
      onUploaded(image);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Failed to upload image");
    } finally {
      setUploading(false);
    }
  };

  return (
    <form className="image-upload-form" onSubmit={submit} noValidate aria-busy={uploading || undefined}>
      <label htmlFor={fileId}>Image file</label>
      <input
        ref={fileInput}
        id={fileId}
        type="file"
        name="file"
        accept={UPLOAD_IMAGE_TYPES.join(",")}
        aria-describedby={helpId}
        aria-invalid={error === NO_FILE || undefined}
        disabled={uploading}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setError(null);
        }}
      />
      <small id={helpId}>JPEG, PNG, WebP or GIF, at most {MAX_IMAGE_BYTES / (1024 * 1024)} MB.</small>
      <label htmlFor={descriptionId}>Description</label>
      <input
        id={descriptionId}
        type="text"
        name="description"
        maxLength={UPLOAD_DESCRIPTION_MAX_LENGTH}
        value={description}
        disabled={uploading}
        onChange={(event) => setDescription(event.target.value)}
        aria-describedby={`${descriptionId}-help`}
      />
      <small id={`${descriptionId}-help`}>What the image shows, for people who cannot see it.</small>
      <div aria-live="polite">{error && !uploading && <RequestError message={error} onDismiss={() => setError(null)} />}</div>
      <button type="submit" disabled={uploading} aria-busy={uploading || undefined}>
        {uploading ? "Uploading..." : submitLabel}
      </button>
    </form>
  );
}
