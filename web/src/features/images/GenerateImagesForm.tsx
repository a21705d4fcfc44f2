import { useState } from "react";
import { IMAGE_LIMITS, type GeneratedImage, type GenerateImageRequest } from "@contracts/image";
import { ElapsedProgress } from "../../ui/ElapsedProgress";
import { FormField } from "../../ui/FormField";
import { generatorDefaults, imageGeneratorFormSchema } from "./imageForm";
import { ImageSettingsFields } from "./ImageSettingsFields";
import { RequestError } from "../../ui/RequestError";
import { SubmitButton } from "../../ui/SubmitButton";
import { generateImages } from "./data/images";
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

  const generate = form.handleSubmit(async (request) => {
    setStartedAt(Date.now());
    setError(null);
    let images: GeneratedImage[];
    try {
      images = await generateImages(request);
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
        <ImageSettingsFields field={form.field} disabled={form.submitting}>
          <FormField
            label="Number of Images"
            type="number"
            inputMode="numeric"
            min={IMAGE_LIMITS.minImages}
            max={IMAGE_LIMITS.maxImages}
            step={1}
            help={`${IMAGE_LIMITS.minImages} to ${IMAGE_LIMITS.maxImages}`}
            {...form.field("numImages")}
          />
        </ImageSettingsFields>
        <SubmitButton busy={form.submitting}>{form.submitting ? "Generating..." : "Generate"}</SubmitButton>
        <ElapsedProgress
          running={form.submitting ? { label: "Generating images…", startedAt } : null}
          hint="This can take up to a minute."
        />
        <div aria-live="polite">{error && !form.submitting && <RequestError message={error} />}</div>
      </form>
    </article>
  );
}
