import { assistantPlace, type AssistantSettings, type FindAssistant } from "../_shared/ai/assistants.ts";
import { createJsonCompletionHandler } from "../_shared/ai/json_completion_function.ts";
import type { TextFunctionDeps } from "../_shared/ai/text_function.ts";
import { IMAGE_DEFAULTS } from "../_shared/contracts/image.ts";
import { resolveLocale } from "../_shared/contracts/locales.ts";
import {
  SECTION_IMAGES_FAILURE_MESSAGE,
  SECTION_IMAGES_SCHEMA_NAME,
  sectionImagePromptsRequestSchema,
  sectionImagesJsonSchema,
} from "../_shared/contracts/section_images.ts";
import { errorResponse } from "../_shared/http/responses.ts";
import { buildSectionImageMessages, parseSectionImages, SECTION_IMAGES_MAX_OUTPUT_TOKENS } from "./section_image_output.ts";

/** Twelve sections of 1,500 characters, even as 6-byte JSON escapes, plus the rest. */
export const MAX_BODY_BYTES = 128 * 1024;

export interface SectionImagePromptsDeps extends TextFunctionDeps {
  findAssistant: FindAssistant;
}

/**
 * POST { title?, assistantId?, locale?, sections: [{ heading, text }] } →
 * 200 { style, images: [{ prompt, alt }] }, one per section in order. The
 * first step of "Images in the body": the article's assistant's drafting
 * model (its own, else the user's drafting model) reads the sections and
 * writes each image's prompt and alt text (in the article's language, as
 * generate-article resolves it); `style` is the assistant's image style,
 * else the image screens' default. Strict structured output, the shared AI
 * rate limit. 400 input (naming the field), key or model; 401 caller; 404
 * assistant (another user's too, as RLS hides it); 405; 413; 502/504
 * provider — with `problem`.
 */
export function createHandler(deps: SectionImagePromptsDeps): (req: Request) => Promise<Response> {
  return createJsonCompletionHandler({
    name: "section-image-prompts",
    operation: "drafting",
    schema: sectionImagePromptsRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    failureMessage: SECTION_IMAGES_FAILURE_MESSAGE,
    async prepare({ userId, input }): Promise<AssistantSettings | null | Response> {
      if (!input.assistantId) return null;
      const assistant = await deps.findAssistant(userId, input.assistantId);
      return assistant ?? errorResponse(404, "Assistant not found");
    },
    preferredModel: (assistant) => assistant ? { model: assistant.model, place: assistantPlace(assistant) } : undefined,
    buildRequest: (input, assistant) => ({
      messages: buildSectionImageMessages({
        title: input.title,
        sections: input.sections,
        locale: resolveLocale({ article: input.locale, assistant: assistant?.locale }),
      }),
      schema: { name: SECTION_IMAGES_SCHEMA_NAME, schema: sectionImagesJsonSchema },
      effort: ["low", "minimal", "medium"],
      maxOutputTokens: SECTION_IMAGES_MAX_OUTPUT_TOKENS,
    }),
    parse: (answer, _model, { input, prepared: assistant }) => ({
      style: assistant?.imageStyle ?? IMAGE_DEFAULTS.stylePreset,
      images: parseSectionImages(answer, input.sections),
    }),
  })(deps);
}
