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

const SECTION_IMAGE_FAILED = "Failed to generate the section's image";

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
 * whole takes about as long as the slowest image, not the sum; each
 * outcome is also handed to `onResult` as it arrives. Each image
 * is generated and stored in the library like any other (generate-image:
 * the user's fal.ai key, rate limit and storage quota); one that fails
 * leaves the others, with its own message. A failed plan throws (nothing
 * was generated).
 */
export async function illustrateSections(
  request: SectionImagePromptsRequest,
  {
    signal,
    onResult,
    deps = { plan: planSectionImages, generate: generateImages },
  }: {
    signal?: AbortSignal;
    /** Each section's outcome as soon as it is known (by the section's index), before the whole resolves. */
    onResult?(index: number, result: SectionImageResult): void;
    deps?: IllustrateDeps;
  } = {},
): Promise<SectionImageResult[]> {
  const { style, images: plans } = await deps.plan(request, signal);
  return await Promise.all(
    plans.map(async (plan, index): Promise<SectionImageResult> => {
      let result: SectionImageResult;
      try {
        const drawn = await deps.generate(
          { prompt: plan.prompt, imageSize: SECTION_IMAGE_SIZE, stylePreset: style, numImages: 1 },
          { signal, fallbackMessage: SECTION_IMAGE_FAILED },
        );
        result = { ok: true, url: drawn.images[0].url, alt: plan.alt };
      } catch (error) {
        result = { ok: false, message: error instanceof Error && error.message ? error.message : SECTION_IMAGE_FAILED };
      }
      onResult?.(index, result);
      return result;
    }),
  );
}

