import type OpenAI from "openai";
import type * as z from "zod/mini";
import { errorResponse, json } from "../http/responses.ts";
import { createOpenAIClient } from "./openai_client.ts";
import type { OpenAISettings } from "./openai_settings.ts";
import { ProviderDeadline } from "./provider_deadline.ts";
import { describeProviderFailure, logProviderFailure } from "./provider_failure.ts";
import { defineTextFunction, type TextFunctionDeps } from "./text_function.ts";

/** What one JSON chat-completion function states; `createJsonCompletionHandler` does the rest. */
export interface JsonCompletionFunction<Schema extends z.core.$ZodType, Body> {
  /** The function's name, in logs. */
  name: string;
  /** The request body; its first issue becomes the 400 message. */
  schema: Schema;
  maxBodyBytes: number;
  /** The spec's message for every failure that has no more specific one. */
  failureMessage: string;
  /** The (non-streaming) Chat Completions request for a valid input. */
  buildRequest(input: z.output<Schema>, settings: OpenAISettings): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
  /** The 200 body from the model's text; throws ModelOutputError when the text is unusable. */
  parse(content: string): Body;
}

/**
 * The handler of a function that answers with one chat completion read as
 * JSON (keywords, seo-analysis): the text-function gate, one provider call
 * bounded by a `ProviderDeadline`, `parse` of the answer, and provider
 * failures mapped by `describeProviderFailure` (logged unless the caller
 * went away). Statuses: 400 input/key, 401 caller, 405, 413, 502/504
 * provider, 500 unexpected.
 */
export function createJsonCompletionHandler<Schema extends z.core.$ZodType, Body>(
  fn: JsonCompletionFunction<Schema, Body>,
): (deps: TextFunctionDeps) => (req: Request) => Promise<Response> {
  return (deps) =>
    defineTextFunction(deps, {
      name: fn.name,
      schema: fn.schema,
      maxBodyBytes: fn.maxBodyBytes,
      failureMessage: fn.failureMessage,
      async handle({ req, input, apiKey }) {
        const deadline = new ProviderDeadline(req.signal, deps.settings.timeoutMs);
        try {
          const completion = await createOpenAIClient(apiKey, deps.settings).chat.completions.create(
            fn.buildRequest(input, deps.settings),
            { signal: deadline.signal },
          );
          return json(fn.parse(completion.choices[0]?.message?.content ?? ""));
        } catch (error) {
          if (!deadline.cancelled) logProviderFailure(fn.name, error, apiKey);
          const failure = describeProviderFailure(error, deadline, fn.failureMessage);
          return errorResponse(failure.status, failure.message);
        } finally {
          deadline.dispose();
        }
      },
    });
}
