import { assistantPlace, type FindAssistant } from "../_shared/ai/assistants.ts";
import { createJsonCompletionHandler } from "../_shared/ai/json_completion_function.ts";
import type { TextFunctionDeps } from "../_shared/ai/text_function.ts";
import { mergeGenerationSettings } from "../_shared/contracts/generation_settings.ts";
import { resolveLocale } from "../_shared/contracts/locales.ts";
import {
  OUTLINE_FAILURE_MESSAGE,
  OUTLINE_SCHEMA_NAME,
  outlineJsonSchema,
  proposeOutlineRequestSchema,
} from "../_shared/contracts/outline.ts";
import { errorResponse } from "../_shared/http/responses.ts";
import { buildOutlineMessages, OUTLINE_MAX_OUTPUT_TOKENS, parseOutline } from "../_shared/ai/outline_output.ts";

export const MAX_BODY_BYTES = 16 * 1024;

export interface ProposeOutlineDeps extends TextFunctionDeps {
  findAssistant: FindAssistant;
}

/**
 * POST { idea, assistantId, locale?, settings? } → 200 { headings: string[] }
 * (1 to OUTLINE_MAX_HEADINGS). The outline step of Create with AI: the
 * assistant's drafting model (its own, else the user's drafting model) and
 * instructions, the article's language as generate-article resolves it,
 * strict structured output, the shared AI rate limit. 400 input (naming the
 * field), key or model; 401 caller; 404 assistant (another user's too, as
 * RLS hides it); 405; 413; 502/504 provider — with `problem`.
 */
export function createHandler(deps: ProposeOutlineDeps): (req: Request) => Promise<Response> {
  return createJsonCompletionHandler({
    name: "propose-outline",
    operation: "drafting",
    schema: proposeOutlineRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    failureMessage: OUTLINE_FAILURE_MESSAGE,
    async prepare({ userId, input }) {
      const assistant = await deps.findAssistant(userId, input.assistantId);
      return assistant ?? errorResponse(404, "Assistant not found");
    },
    preferredModel: (assistant) => ({ model: assistant.model, place: assistantPlace(assistant) }),
    buildRequest: (input, assistant) => ({
      messages: buildOutlineMessages(assistant.instructions, {
        idea: input.idea,
        locale: resolveLocale({ article: input.locale, assistant: assistant.locale }),
        settings: mergeGenerationSettings(assistant.settings, input.settings),
      }),
      schema: { name: OUTLINE_SCHEMA_NAME, schema: outlineJsonSchema },
      effort: ["low", "minimal", "medium"],
      maxOutputTokens: OUTLINE_MAX_OUTPUT_TOKENS,
    }),
    parse: parseOutline,
  })(deps);
}
