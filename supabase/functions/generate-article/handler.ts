import type OpenAI from "openai";
import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { describeProviderFailure, logProviderFailure } from "../_shared/ai/provider_errors.ts";
import { defineTextFunction, failureResponse, type TextFunctionDeps } from "../_shared/ai/text_function.ts";
import { errorResponse } from "../_shared/http/responses.ts";
import {
  ARTICLE_SCHEMA_NAME,
  generateArticleRequestSchema,
  generatedArticleJsonSchema,
} from "../_shared/contracts/article.ts";
import { ARTICLE_FAILURE_MESSAGE } from "../_shared/ai/article_output.ts";
import { type ArticleSource, buildArticleMessages } from "../_shared/ai/article_prompt.ts";
import { type AssistantSettings, assistantPlace, type FindAssistant } from "../_shared/ai/assistants.ts";
import { buildChatRequest, type OutputFormat } from "../_shared/ai/chat_request.ts";
import { refusedOutputFormat } from "../_shared/ai/completion.ts";
import { asSingleChunk, type ChunkSource, refusedStreaming } from "../_shared/ai/chat_stream.ts";
import { type ModelChoice, modelFor, type ProviderTarget } from "../_shared/ai/provider_target.ts";
import { mergeGenerationSettings } from "../_shared/contracts/generation_settings.ts";
import { DEFAULT_LOCALE, resolveLocale } from "../_shared/contracts/locales.ts";
import { internalLinksContext } from "../_shared/links/draft_link_context.ts";
import type { FindLinkTargets } from "../_shared/links/link_targets.ts";
import { articleEventStream } from "./article_stream.ts";

/** A pasted article of EXISTING_ARTICLE_MAX_LENGTH characters fits with room for multi-byte text. */
export const MAX_BODY_BYTES = 256 * 1024;

export interface GenerateArticleDeps extends TextFunctionDeps {
  findAssistant: FindAssistant;
  /** The caller's most relevant published posts (their content index), offered to the model as internal links. */
  findLinkTargets: FindLinkTargets;
}

/**
 * POST { idea?, existingArticle?, assistantId, locale?, settings? } → 200 text/event-stream
 * (events in ARTICLE_STREAM_EVENTS). Failures before the model starts
 * answering are JSON errors with `problem`: 400 input, key or model, 401
 * caller, 404 assistant, 405, 413, 502/504 provider (see
 * _shared/ai/provider_errors.ts).
 */
export function createHandler(deps: GenerateArticleDeps): (req: Request) => Promise<Response> {
  return defineTextFunction(deps, {
    name: "generate-article",
    schema: generateArticleRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    failureMessage: ARTICLE_FAILURE_MESSAGE,
    // The assistant and the internal-link targets are read while the provider
    // is read; a missing assistant is a 404 before the rate limit is spent.
    async prepare({ userId, input }) {
      const [assistant, context] = await Promise.all([
        deps.findAssistant(userId, input.assistantId),
        internalLinksContext(deps.findLinkTargets, userId, input, "generate-article"),
      ]);
      return assistant ? { assistant, context } : errorResponse(404, "Assistant not found");
    },
    async handle({ req, input, target, prepared: { assistant, context } }) {
      // The article's language wins over the assistant's (no site is chosen on Create).
      const locale = resolveLocale({ article: input.locale, assistant: assistant.locale });
      const settings = mergeGenerationSettings(assistant.settings, input.settings);
      return await streamArticle(req, deps, target, assistant, { ...input, context, locale, settings });
    },
  });
}

/** Asked for when the model is a reasoning one: the least effort it takes that still writes well. */
const DRAFTING_EFFORT = ["low", "minimal", "medium"] as const;

/** The note sent when an unverified organisation may not stream the model. */
export function unverifiedStreamingNote(model: string): string {
  return `OpenAI streams ${model} only for verified organisations, so this draft appears when it is complete. ` +
    "Verify your organisation at platform.openai.com → Settings → Organization → General to watch drafts being written.";
}

async function streamArticle(
  req: Request,
  deps: GenerateArticleDeps,
  target: ProviderTarget,
  assistant: AssistantSettings,
  source: ArticleSource,
): Promise<Response> {
  const deadline = new ProviderDeadline(req.signal, deps.deployment.timeoutMs);
  const logFailure = (error: unknown) => logProviderFailure("generate-article", error, target.apiKey);
  let choice: ModelChoice | undefined;
  const describe = (error: unknown) =>
    describeProviderFailure(error, {
      provider: target.provider,
      providerLabel: target.label,
      model: choice?.model,
      modelPlace: choice?.place,
      operationLabel: choice?.operationLabel,
      deadline,
      apiKey: target.apiKey,
      fallbackMessage: ARTICLE_FAILURE_MESSAGE,
    });
  let upstream: ChunkSource;
  let note: string | undefined;
  try {
    choice = modelFor(target, "drafting", { model: assistant.model, place: assistantPlace(assistant) });
    const client = createOpenAIClient(target, deps.deployment.timeoutMs);
    const messages = buildArticleMessages(assistant.instructions, source);
    const request = (output: OutputFormat, stream: boolean) =>
      buildChatRequest(target.provider, { model: choice!.model, messages, output, effort: DRAFTING_EFFORT, stream });
    // Strict structured output; a provider without json_schema is asked for
    // json_object, then plain text (parseGeneratedArticle finds the JSON).
    const outputs: OutputFormat[] = [
      { type: "json_schema", name: ARTICLE_SCHEMA_NAME, schema: generatedArticleJsonSchema },
      { type: "json_object" },
      { type: "text" },
    ];
    for (const [index, output] of outputs.entries()) {
      try {
        // Resolves once the provider has answered with headers, so refusals
        // (bad key, rate limit, outage) still become ordinary JSON errors.
        upstream = await client.chat.completions.create(
          request(output, true) as OpenAI.Chat.ChatCompletionCreateParamsStreaming,
          { signal: deadline.signal },
        );
        break;
      } catch (error) {
        if (refusedStreaming(error)) {
          const completion = await client.chat.completions.create(
            request(output, false) as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
            { signal: deadline.signal },
          );
          upstream = asSingleChunk(completion, target.label);
          note = unverifiedStreamingNote(choice.model);
          break;
        }
        if (index < outputs.length - 1 && refusedOutputFormat(error)) continue;
        throw error;
      }
    }
  } catch (error) {
    deadline.dispose();
    if (!deadline.cancelled) logFailure(error);
    return failureResponse(describe(error));
  }
  const locale = source.locale ?? DEFAULT_LOCALE;
  return new Response(articleEventStream(upstream!, { deadline, note, choice, describe, logFailure, locale }), {
    headers: {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    },
  });
}
