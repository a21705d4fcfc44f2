/**
 * What the AI text functions (generate-article, propose-outline, section-image-prompts, keywords, seo-analysis)
 * share in front of the provider call: a signed-in caller, a valid body, the
 * caller's provider (provider_access.ts) with a key where the provider needs
 * one (400 'OpenAI API key not found' without), and the caller's AI rate
 * limit, shared by the three (429 with Retry-After once it is spent; only
 * requests that reach the provider are counted).
 */
import type * as z from "zod/mini";
import { type Authenticate, defineFunction, signedInUser } from "../http/define_function.ts";
import { errorResponse } from "../http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../limits/rate_limit.ts";
import type { RequestCaller } from "../platform/caller.ts";
import { createSystemAccess, type SystemAccess } from "../platform/system_access.ts";
import { type AiDeployment, aiDeploymentFromEnv } from "./ai_deployment.ts";
import type { ReadTextProvider } from "./provider_access.ts";
import { type DescribedFailure, describeProviderFailure } from "./provider_errors.ts";
import { type ProviderTarget, requireKey, resolveProviderTarget } from "./provider_target.ts";

/** The outside world of an AI text function, narrowed so tests need no database. */
export interface TextFunctionDeps {
  authenticate: Authenticate;
  readTextProvider: ReadTextProvider;
  deployment: AiDeployment;
  /** AI_RATE_LIMIT per AI_RATE_LIMIT_WINDOW_SECONDS, per user. */
  rateLimit: RateLimit;
}

/**
 * Production wiring, built once at boot: per caller, the caller verified as
 * themselves, their provider and key read through the system access (a
 * stored secret) and the shared AI rate limit counted by it.
 */
export function textFunctionDependencies(
  system: SystemAccess = createSystemAccess(),
  deployment = aiDeploymentFromEnv(),
): (caller: RequestCaller) => TextFunctionDeps {
  const rateLimit = rateLimitFromEnv("aiText", system.rateLimits);
  return (caller) => ({
    authenticate: () => caller.authenticate(),
    readTextProvider: system.readTextProvider,
    deployment,
    rateLimit,
  });
}

/** The error body of a failed AI request: `{ error, problem }` (contracts/ai_provider.ts). */
export function failureResponse(failure: DescribedFailure): Response {
  return errorResponse(failure.status, failure.message, { problem: failure.problem });
}

export interface TextInvocation<Input, Prepared = undefined> {
  req: Request;
  userId: string;
  input: Input;
  /** Where the caller's requests go, with their key (never logged). */
  target: ProviderTarget;
  /** What `prepare` looked up. */
  prepared: Prepared;
}

export interface TextFunctionDefinition<Schema extends z.core.$ZodType, Prepared = undefined> {
  name: string;
  /** The request body; its first issue becomes the 400 message, e.g. "topic: Please enter a topic". */
  schema: Schema;
  maxBodyBytes: number;
  /** The spec's message for every failure that has no more specific one. */
  failureMessage: string;
  /**
   * Reads what `handle` needs (e.g. the assistant) while the provider is
   * read, so the provider call starts one database round trip sooner. A
   * Response answers the request instead, before the rate limit is spent.
   */
  prepare?(invocation: { userId: string; input: z.output<Schema> }): Promise<Prepared | Response>;
  handle(invocation: TextInvocation<z.output<Schema>, Prepared>): Promise<Response>;
}

/** `defineFunction` for a POST from a signed-in user whose provider is usable. */
export function defineTextFunction<Schema extends z.core.$ZodType, Prepared = undefined>(
  deps: TextFunctionDeps,
  definition: TextFunctionDefinition<Schema, Prepared>,
): (req: Request) => Promise<Response> {
  return defineFunction({
    name: definition.name,
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: definition.schema, maxBytes: definition.maxBodyBytes },
    failureMessage: definition.failureMessage,
    async handle({ req, userId, input }) {
      const [stored, prepared] = await Promise.all([
        deps.readTextProvider(userId),
        definition.prepare ? definition.prepare({ userId, input }) : (undefined as Prepared),
      ]);
      const target = resolveProviderTarget(stored, deps.deployment);
      try {
        requireKey(target);
      } catch (error) {
        return failureResponse(
          describeProviderFailure(error, {
            provider: target.provider,
            providerLabel: target.label,
            fallbackMessage: definition.failureMessage,
          }),
        );
      }
      if (prepared instanceof Response) return prepared;
      const limited = await enforceRateLimit(deps.rateLimit, userId);
      if (limited) return limited;
      return await definition.handle({ req, userId, input, target, prepared });
    },
  });
}
