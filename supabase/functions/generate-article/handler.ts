import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { describeProviderFailure, logProviderFailure } from "../_shared/ai/provider_failure.ts";
import { defineTextFunction, type TextFunctionDeps } from "../_shared/ai/text_function.ts";
import { errorResponse } from "../_shared/http/responses.ts";
import {
  ARTICLE_SCHEMA_NAME,
  generateArticleRequestSchema,
  generatedArticleJsonSchema,
} from "../_shared/contracts/article.ts";
import { ARTICLE_FAILURE_MESSAGE } from "../_shared/ai/article_output.ts";
import { type ArticleSource, buildArticleMessages } from "../_shared/ai/article_prompt.ts";
import type { AssistantSettings, FindAssistant } from "../_shared/ai/assistants.ts";
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
 * POST { idea?, existingArticle?, assistantId } → 200 text/event-stream
 * (events in ARTICLE_STREAM_EVENTS). Failures before the model starts
 * answering are JSON errors: 400 input/key, 401 caller, 404 assistant,
 * 405, 413, 502/504 provider (see _shared/ai/provider_failure.ts).
 */
export function createHandler(deps: GenerateArticleDeps): (req: Request) => Promise<Response> {
  return defineTextFunction(deps, {
    name: "generate-article",
    schema: generateArticleRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    failureMessage: ARTICLE_FAILURE_MESSAGE,
    // The assistant and the internal-link targets are read while the key is
    // read; a missing assistant is a 404 before the rate limit is spent.
    async prepare({ userId, input }) {
      const [assistant, context] = await Promise.all([
        deps.findAssistant(userId, input.assistantId),
        internalLinksContext(deps.findLinkTargets, userId, input, "generate-article"),
      ]);
      return assistant ? { assistant, context } : errorResponse(404, "Assistant not found");
    },
    async handle({ req, input, apiKey, prepared: { assistant, context } }) {
      return await streamArticle(req, deps, apiKey, assistant, { ...input, context });
    },
  });
}

async function streamArticle(
  req: Request,
  deps: GenerateArticleDeps,
  apiKey: string,
  assistant: AssistantSettings,
  source: ArticleSource,
): Promise<Response> {
  const deadline = new ProviderDeadline(req.signal, deps.settings.timeoutMs);
  const logFailure = (error: unknown) => logProviderFailure("generate-article", error, apiKey);
  let upstream;
  try {
    // Resolves once the provider has answered with headers, so refusals
    // (bad key, rate limit, outage) still become ordinary JSON errors.
    upstream = await createOpenAIClient(apiKey, deps.settings).chat.completions.create(
      {
        model: assistant.model?.trim() || deps.settings.defaultModel,
        messages: buildArticleMessages(assistant.instructions, source),
        stream: true,
        response_format: {
          type: "json_schema",
          json_schema: { name: ARTICLE_SCHEMA_NAME, strict: true, schema: generatedArticleJsonSchema },
        },
      },
      { signal: deadline.signal },
    );
  } catch (error) {
    deadline.dispose();
    if (!deadline.cancelled) logFailure(error);
    const failure = describeProviderFailure(error, deadline, ARTICLE_FAILURE_MESSAGE);
    return errorResponse(failure.status, failure.message);
  }
  return new Response(articleEventStream(upstream, deadline, logFailure), {
    headers: {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    },
  });
}
