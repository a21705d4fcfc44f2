import { IMAGE_LIMITS, type GeneratedImage, type GenerateImageRequest } from "../../../../supabase/functions/_shared/schemas/image";
import { FormField } from "../../components/FormField";
import { generatorDefaults, imageGeneratorFormSchema } from "../../components/images/imageForm";
import { ImageSettingsFields } from "../../components/images/ImageSettingsFields";
import { useElapsedSeconds } from "../../components/images/useElapsedSeconds";
import { SubmitButton } from "../../components/SubmitButton";
import { generateImages } from "../../data/images";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useForm } from "../../lib/useForm";

type GenerateImagesFormProps = {
  onGenerated(images: GeneratedImage[], request: GenerateImageRequest): void;
};

/** Every generation setting with the spec's defaults; the settings are kept after a result for the next try. */
export function GenerateImagesForm({ onGenerated }: GenerateImagesFormProps) {
  const form = useForm(imageGeneratorFormSchema, generatorDefaults());
  const elapsed = useElapsedSeconds(form.submitting);

  const generate = form.handleSubmit(async (request) => {
    let images: GeneratedImage[];
    try {
      images = await generateImages(request);
    } catch (failure) {
      notifyError(failure instanceof Error ? failure.message : "Failed to generate image");
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
        <p role="status" className="generation-progress">
          {form.submitting ? `Generating… ${elapsed}s (this can take up to a minute)` : ""}
        </p>
      </form>
    </article>
  );
}
