import { useState } from "react";
import { IMAGE_LIMITS, type GeneratedImage, type GenerateImageRequest } from "@contracts/image";
import { TaskStatus } from "../../ui/TaskStatus";
import { FormField } from "../../ui/FormField";
import { generatorDefaults, imageGeneratorFormSchema, imageModelSpec, modelDefaults } from "./imageForm";
import { ImageSettingsFields } from "./ImageSettingsFields";
import { RequestError } from "../../ui/RequestError";
import { SubmitButton } from "../../ui/SubmitButton";
import { flaggedNote, generateImages } from "./data/images";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";

type GenerateImagesFormProps = {
  onGenerated(images: GeneratedImage[], request: GenerateImageRequest): void;
};

/** Every generation setting with the spec's defaults; the settings are kept after a result for the next try. */
export function GenerateImagesForm({ onGenerated }: GenerateImagesFormProps) {
  const form = useForm(imageGeneratorFormSchema, generatorDefaults());
  const [startedAt, setStartedAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const spec = imageModelSpec(form.values.model);

  const generate = form.handleSubmit(async (request) => {
    setStartedAt(Date.now());
    setError(null);
    setNote("");
    let images: GeneratedImage[];
    try {
      const response = await generateImages(request);
      images = response.images;
      setNote(flaggedNote(response.flagged));
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : "Failed to generate image";
      setError(message);
      notifyError(message);
      return;
    }
    notifySuccess("Image generated successfully");
    onGenerated(images, request);
  });

  return (
    <article>
      <form onSubmit={generate} noValidate aria-label="Generate images">
        <ImageSettingsFields
          field={form.field}
          disabled={form.submitting}
          onModelChange={(model) => form.fill({ ...modelDefaults(model), numImages: "1" })}
        >
          {spec.maxImages > 1 && (
            <FormField
              label="Number of Images"
              type="number"
              inputMode="numeric"
              min={IMAGE_LIMITS.minImages}
              max={spec.maxImages}
              step={1}
              help={`${IMAGE_LIMITS.minImages} to ${spec.maxImages}`}
              {...form.field("numImages")}
            />
          )}
        </ImageSettingsFields>
        <SubmitButton busy={form.submitting}>{form.submitting ? "Generating..." : "Generate"}</SubmitButton>
        <TaskStatus
          running={form.submitting ? { label: "Generating images…", startedAt } : null}
          hint="This can take up to a minute."
        />
        <div aria-live="polite">
          {note && !form.submitting && <p className="image-flagged-note">{note}</p>}
          {error && !form.submitting && <RequestError message={error} onDismiss={() => setError(null)} />}
        </div>
      </form>
    </article>
  );
}
