import type OpenAI from "openai";
import type * as z from "zod/mini";
import type { AiOperation, SettingPlace } from "../contracts/ai_provider.ts";
import { json } from "../http/responses.ts";
import { completeJson, type JsonAnswer } from "./completion.ts";
import type { ReasoningEffort } from "./model_family.ts";
import { createOpenAIClient } from "./openai_client.ts";
import { ProviderDeadline } from "./provider_deadline.ts";
import { describeProviderFailure, logProviderFailure } from "./provider_errors.ts";
import { type ModelChoice, modelFor } from "./provider_target.ts";
import { defineTextFunction, failureResponse, type TextFunctionDeps } from "./text_function.ts";

/** The request one JSON function sends, before it is shaped for the model (chat_request.ts). */
export interface JsonRequest {
  messages: OpenAI.Chat.ChatCompletionMessageParam[];
  /** The strict JSON Schema of the answer, and its name. */
  schema: { name: string; schema: Record<string, unknown> };
  effort: readonly ReasoningEffort[];
  temperature?: number;
  maxOutputTokens: number;
}

/** What one JSON chat-completion function states; `createJsonCompletionHandler` does the rest. */
export interface JsonCompletionFunction<Schema extends z.core.$ZodType, Body, Prepared = undefined> {
  /** The function's name, in logs. */
  name: string;
  /** Whose model it uses. */
  operation: AiOperation;
  /** The request body; its first issue becomes the 400 message. */
  schema: Schema;
  maxBodyBytes: number;
  /** The spec's message for every failure that has no more specific one. */
  failureMessage: string;
  /** As defineTextFunction's: what the request needs (an assistant, say), read while the provider is read. */
  prepare?(invocation: { userId: string; input: z.output<Schema> }): Promise<Prepared | Response>;
  /** A model chosen for this request (an assistant's own), else the caller's model for `operation`. */
  preferredModel?(prepared: Prepared): { model: string | null; place: SettingPlace } | undefined;
  buildRequest(input: z.output<Schema>, prepared: Prepared): JsonRequest;
  /**
   * The 200 body from the model's answer; throws ModelOutputError (or
   * another ProviderProblemError) when it is unusable. A truncated answer is
   * the function's to salvage or refuse. `request` is what the answer was asked for.
   */
  parse(answer: JsonAnswer, model: ModelChoice, request: { input: z.output<Schema>; prepared: Prepared }): Body;
}

/**
 * The handler of a function that answers with one chat completion read as
 * JSON (keywords, seo-analysis): the text-function gate, one provider call
 * bounded by a `ProviderDeadline` (completion.ts: strict structured output
 * with its fallbacks, OpenRouter's errors inside a 200, refusals), `parse`
 * of the answer, and failures described by provider_errors.ts (logged
 * unless the caller went away). Statuses: 400 input, key or model, 401
 * caller, 405, 413, 502/504 provider, 500 unexpected.
 */
export function createJsonCompletionHandler<Schema extends z.core.$ZodType, Body, Prepared = undefined>(
  fn: JsonCompletionFunction<Schema, Body, Prepared>,
): (deps: TextFunctionDeps) => (req: Request) => Promise<Response> {
  return (deps) =>
    defineTextFunction(deps, {
      name: fn.name,
      schema: fn.schema,
      maxBodyBytes: fn.maxBodyBytes,
      failureMessage: fn.failureMessage,
      prepare: fn.prepare,
      async handle({ req, input, target, prepared }) {
        const deadline = new ProviderDeadline(req.signal, deps.deployment.timeoutMs);
        let choice: ModelChoice | undefined;
        try {
          choice = modelFor(target, fn.operation, fn.preferredModel?.(prepared));
          const request = fn.buildRequest(input, prepared);
          const answer = await completeJson(
            createOpenAIClient(target, deps.deployment.timeoutMs),
            target,
            { ...request, model: choice.model },
            { signal: deadline.signal },
          );
          return json(fn.parse(answer, choice, { input, prepared }));
        } catch (error) {
          if (!deadline.cancelled) logProviderFailure(fn.name, error, target.apiKey);
          return failureResponse(
            describeProviderFailure(error, {
              provider: target.provider,
              providerLabel: target.label,
              model: choice?.model,
              modelPlace: choice?.place,
              operationLabel: choice?.operationLabel,
              deadline,
              apiKey: target.apiKey,
              fallbackMessage: fn.failureMessage,
            }),
          );
        } finally {
          deadline.dispose();
        }
      },
    });
}
