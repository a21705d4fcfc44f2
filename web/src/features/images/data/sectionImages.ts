import {
  SECTION_IMAGES_FAILURE_MESSAGE,
  sectionImagePromptsSchema,
  type SectionImagePrompts,
  type SectionImagePromptsRequest,
} from "@contracts/section_images";
import { requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";
import { generateImages } from "./images";

/**
 * What each section's image shows and says (the `section-image-prompts`
 * function: the article's assistant's model writes an English prompt and
 * alt text in the article's language), and the style to draw them in.
 * Throws a RequestFailure with the server's message, else
 * SECTION_IMAGES_FAILURE_MESSAGE.
 */
export async function planSectionImages(request: SectionImagePromptsRequest, signal?: AbortSignal): Promise<SectionImagePrompts> {
  const { data, error } = await supabase.functions.invoke("section-image-prompts", { body: request, signal });
  if (error) throw await requestFailure(error, SECTION_IMAGES_FAILURE_MESSAGE);
  const parsed = sectionImagePromptsSchema.safeParse(data);
  if (!parsed.success || parsed.data.images.length !== request.sections.length) throw new Error(SECTION_IMAGES_FAILURE_MESSAGE);
  return parsed.data;
}

/** Section images are wide, as a column of text is. */
export const SECTION_IMAGE_SIZE = "landscape_16_9";

export type SectionImageResult =
  | { ok: true; url: string; alt: string }
  | { ok: false; message: string };

export type IllustrateDeps = {
  plan: typeof planSectionImages;
  generate: typeof generateImages;
};

/**
 * Images for the sections of `request`, one per section in order: the
 * plans first (one model call for all), then every image at once — the
 * whole takes about as long as the slowest image, not the sum. Each image
 * is generated and stored in the library like any other (generate-image:
 * the user's fal.ai key, rate limit and storage quota); one that fails
 * leaves the others, with its own message. A failed plan throws (nothing
 * was generated).
 */
export async function illustrateSections(
  request: SectionImagePromptsRequest,
  { signal, deps = { plan: planSectionImages, generate: generateImages } }: { signal?: AbortSignal; deps?: IllustrateDeps } = {},
): Promise<SectionImageResult[]> {
  const { style, images: plans } = await deps.plan(request, signal);
  const settled = await Promise.allSettled(
    plans.map((plan) =>
      deps.generate(
        { prompt: plan.prompt, imageSize: SECTION_IMAGE_SIZE, stylePreset: style, numImages: 1 },
        { signal, fallbackMessage: "Failed to generate the section's image" },
      ),
    ),
  );
  return settled.map((outcome, index): SectionImageResult =>
    outcome.status === "fulfilled"
      ? { ok: true, url: outcome.value.images[0].url, alt: plans[index].alt }
      : { ok: false, message: outcome.reason instanceof Error ? outcome.reason.message : "Failed to generate the section's image" },
  );
}
