import { useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { FormField } from "../../ui/FormField";
import { Modal } from "../../ui/Modal";
import type { LibraryImage } from "./data/images";
import { ImageLibraryChooser } from "./ImageLibraryChooser";
import { ImageUploadForm } from "./ImageUploadForm";
import "./images.css";

export type ImageToInsert = { src: string; alt: string };

type ImagePickerProps = {
  /**
   * Inserts the image; for a typed address, returns a message per field that
   * is wrong ("src") when it cannot, or nothing when it did.
   */
  onInsert(image: ImageToInsert): Record<string, string> | void;
  onClose(): void;
};

type Source = "library" | "upload" | "address";

const SOURCES: { value: Source; label: string }[] = [
  { value: "library", label: "Your library" },
  { value: "upload", label: "Upload" },
  { value: "address", label: "Web address" },
];

const ALT_HELP = "Describes the image for people who cannot see it.";

/**
 * The editor's "Add image" dialog: an image from the user's library, one
 * uploaded now (it joins the library), or any web address. Rendered into
 * <body> (the editor sits inside the article form, and forms cannot nest);
 * every submit stops here so it does not reach the article form through
 * React's tree either.
 */
export default function ImagePicker({ onInsert, onClose }: ImagePickerProps) {
  const [source, setSource] = useState<Source>("library");
  const [chosen, setChosen] = useState<LibraryImage | null>(null);
  const [alt, setAlt] = useState("");
  const [src, setSrc] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const insert = (image: ImageToInsert) => {
    const problems = onInsert(image);
    if (problems && Object.keys(problems).length > 0) {
      setErrors(problems);
      return false;
    }
    onClose();
    return true;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (source === "library") {
      if (!chosen) {
        setErrors({ library: "Choose an image from your library" });
        return;
      }
      insert({ src: chosen.url, alt: alt.trim() });
      return;
    }
    if (!insert({ src, alt: alt.trim() })) {
      const field = event.currentTarget.elements.namedItem("src");
      if (field instanceof HTMLElement) field.focus();
    }
  };

  return createPortal(
    <Modal title="Add image" onClose={onClose}>
      <fieldset className="image-source-choice">
        <legend>Insert from</legend>
        {SOURCES.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="image-source"
              value={option.value}
              checked={source === option.value}
              onChange={() => {
                setSource(option.value);
                setErrors({});
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {source === "upload" ? (
        <ImageUploadForm
          submitLabel="Upload and insert"
          onUploaded={(image) => insert({ src: image.url, alt: image.prompt })}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          {source === "library" ? (
            <>
              <ImageLibraryChooser
                chosenId={chosen?.id ?? null}
                onChoose={(image) => {
                  setChosen(image);
                  setAlt(image.prompt);
                  setErrors({});
                }}
              />
              {errors.library && <p role="alert" className="image-picker-error">{errors.library}</p>}
            </>
          ) : (
            <FormField
              label="Image address"
              name="src"
              type="url"
              autoFocus
              value={src}
              error={errors.src}
              onChange={(event) => setSrc(event.target.value)}
            />
          )}
          <FormField
            label="Alternative text"
            name="alt"
            value={alt}
            help={ALT_HELP}
            onChange={(event) => setAlt(event.target.value)}
          />
          <div className="modal-actions">
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit">Insert image</button>
          </div>
        </form>
      )}
    </Modal>,
    document.body,
  );
}
