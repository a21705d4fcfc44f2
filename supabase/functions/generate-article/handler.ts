import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { describeProviderFailure, logProviderFailure } from "../_shared/ai/provider_failure.ts";
import { defineTextFunction, type TextFunctionDeps } from "../_shared/ai/text_function.ts";
import { errorResponse } from "../_shared/http/responses.ts";
import {
  ARTICLE_SCHEMA_NAME,
  generateArticleRequestSchema,
  generatedArticleJsonSchema,
} from "../_shared/schemas/article.ts";
import type { PromptLinkTarget } from "../_shared/ai/internal_links_prompt.ts";
import type { FindLinkTargets } from "../_shared/links/link_targets.ts";
import { DRAFT_LINK_TARGETS } from "../_shared/schemas/site_content.ts";
import { ARTICLE_FAILURE_MESSAGE, articleEventStream } from "./article_stream.ts";
import type { AssistantSettings, FindAssistant } from "./assistants.ts";
import { type ArticleSource, buildArticleMessages } from "./prompt.ts";

/** A pasted article of EXISTING_ARTICLE_MAX_LENGTH characters fits with room for multi-byte text. */
export const MAX_BODY_BYTES = 256 * 1024;

/** How long drafting waits for the content index before it drafts without internal links. */
export const LINK_TARGETS_TIMEOUT_MS = 2_000;

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
    async handle({ req, userId, input, apiKey }) {
      const [assistant, linkTargets] = await Promise.all([
        deps.findAssistant(userId, input.assistantId),
        linkTargetsFor(deps, userId, input),
      ]);
      if (!assistant) return errorResponse(404, "Assistant not found");
      return await streamArticle(req, deps, apiKey, assistant, input, linkTargets);
    },
  });
}

/**
 * The DRAFT_LINK_TARGETS entries of the user's content index most relevant
 * to the idea (and the pasted article). Internal links are a bonus: when the
 * index cannot be read in LINK_TARGETS_TIMEOUT_MS, the draft is written
 * without them and the failure is only logged.
 */
async function linkTargetsFor(
  deps: GenerateArticleDeps,
  userId: string,
  source: ArticleSource,
): Promise<PromptLinkTarget[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      deps.findLinkTargets(userId, { focus: source.idea ?? "", body: source.existingArticle, limit: DRAFT_LINK_TARGETS }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${LINK_TARGETS_TIMEOUT_MS} ms`)), LINK_TARGETS_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    console.warn(`[generate-article] drafting without internal links: ${error instanceof Error ? error.message : error}`);
    return [];
  } finally {
    clearTimeout(timer);
  }
}

async function streamArticle(
  req: Request,
  deps: GenerateArticleDeps,
  apiKey: string,
  assistant: AssistantSettings,
  source: ArticleSource,
  linkTargets: readonly PromptLinkTarget[],
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
        messages: buildArticleMessages(assistant.instructions, source, linkTargets),
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
