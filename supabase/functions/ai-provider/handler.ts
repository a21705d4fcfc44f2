/**
 * ai-provider: what the Profile page asks about the user's text-generation
 * provider, with their stored key.
 *
 * POST { action: "check" } — one look at the provider's model list (plus
 * OpenRouter's key check, its list being public; and for OpenAI one
 * one-token completion, since its list answers a key without credit too):
 * 200 { modelCount, message: "Key works: N models" }, or the provider's reason as the AI
 * functions give it: 400 missing/refused key, no credit, private address
 * refused; 502 unreachable or down; 504 no answer in time (with `problem`).
 * The list read is cached as a refresh would.
 *
 * POST { action: "models", refresh?: boolean } — 200 ModelList: the chat
 * and embeddings models the provider offers today (cached per user for
 * MODEL_LIST_CACHE_HOURS; `refresh` asks again) and the model each operation
 * uses when the user chose none. A provider that cannot be asked (no key yet,
 * down) still answers 200: `listed: false` and the reason in `notice`, or
 * the cached list with the reason; the page then offers the defaults and
 * the choices already made. A server without a model list answers `typed:
 * true`: there the user types model names.
 *
 * Requests that reach the provider count against the AI rate limit
 * (429 with Retry-After). 401 caller, 400 body, 405, 413.
 */
import { type AiDeployment, aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import { fetchModelList, type RawModelList } from "../_shared/ai/model_list.ts";
import { createModelListStore, type ModelListStore } from "../_shared/ai/model_list_store.ts";
import { createOpenAIClient } from "../_shared/ai/openai_client.ts";
import { buildChatRequest } from "../_shared/ai/chat_request.ts";
import type OpenAI from "openai";
import type { ReadTextProvider } from "../_shared/ai/provider_access.ts";
import { ProviderDeadline } from "../_shared/ai/provider_deadline.ts";
import { type DescribedFailure, describeProviderFailure, logProviderFailure } from "../_shared/ai/provider_errors.ts";
import { type ProviderTarget, requireKey, resolveProviderTarget } from "../_shared/ai/provider_target.ts";
import { failureResponse } from "../_shared/ai/text_function.ts";
import {
  aiProviderRequestSchema,
  type KeyCheckResult,
  MODEL_LIST_CACHE_HOURS,
  type ModelList,
} from "../_shared/contracts/ai_provider.ts";
import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { json } from "../_shared/http/responses.ts";
import { enforceRateLimit, type RateLimit, rateLimitFromEnv } from "../_shared/limits/rate_limit.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";

export const MAX_BODY_BYTES = 1024;
/** Listing models is quick; a provider that takes longer is reported as not answering. */
export const MODEL_LIST_TIMEOUT_MS = 20_000;
export const CHECK_FAILURE_MESSAGE = "Could not check the key";

export interface AiProviderDeps {
  authenticate: Authenticate;
  readTextProvider: ReadTextProvider;
  deployment: AiDeployment;
  modelLists: ModelListStore;
  /** AI_RATE_LIMIT, shared with the AI functions. */
  rateLimit: RateLimit;
  /** The provider's list (model_list.ts); replaced in tests about caching. */
  fetchModels?: (target: ProviderTarget, signal: AbortSignal) => Promise<RawModelList>;
  /** OpenAI's credit check (probeCredit below); replaced in tests. */
  probeCredit?: (target: ProviderTarget, signal: AbortSignal) => Promise<void>;
  now?: () => Date;
}

const modelCountText = (count: number) => `${count} model${count === 1 ? "" : "s"}`;

/**
 * OpenAI answers GET /models for a key whose account has no credit; only a
 * request that costs something is refused (429 `insufficient_quota`,
 * https://platform.openai.com/docs/guides/error-codes/api-errors). So Check
 * key asks for one short answer from the keywords model (a few tokens, a
 * fraction of a cent), shaped for the model's family like every request.
 */
async function probeCredit(target: ProviderTarget, signal: AbortSignal): Promise<void> {
  const model = target.models.keywords;
  if (!model) return;
  const client = createOpenAIClient(target, MODEL_LIST_TIMEOUT_MS);
  await client.chat.completions.create(
    buildChatRequest(target.provider, {
      model,
      messages: [{ role: "user", content: "Reply with OK." }],
      output: { type: "text" },
      effort: ["minimal", "low", "none"],
      maxOutputTokens: 16,
      stream: false,
    }) as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
    { signal, maxRetries: 0 },
  );
}

export function createHandler(deps: AiProviderDeps): (req: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const fetchModels = deps.fetchModels ??
    ((target, signal) => fetchModelList(createOpenAIClient(target, MODEL_LIST_TIMEOUT_MS), target, signal));
  const checkCredit = deps.probeCredit ?? probeCredit;

  return defineFunction({
    name: "ai-provider",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: aiProviderRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: CHECK_FAILURE_MESSAGE,
    async handle({ req, userId, input }) {
      const stored = await deps.readTextProvider(userId);
      const target = resolveProviderTarget(stored, deps.deployment);
      const context = {
        provider: target.provider,
        providerLabel: target.label,
        apiKey: target.apiKey,
        fallbackMessage: CHECK_FAILURE_MESSAGE,
      };
      const hasKey = Boolean(target.apiKey) || target.provider === "custom";

      type Asked = { list: RawModelList } | { failure: DescribedFailure } | { limited: Response };
      /** Asks the provider (rate-limited) and caches what it listed. */
      const ask = async (): Promise<Asked> => {
        const limited = await enforceRateLimit(deps.rateLimit, userId);
        if (limited) return { limited };
        const deadline = new ProviderDeadline(req.signal, MODEL_LIST_TIMEOUT_MS);
        let list: RawModelList;
        try {
          list = await fetchModels(target, deadline.signal);
        } catch (error) {
          if (!deadline.cancelled) logProviderFailure("ai-provider", error, target.apiKey);
          return { failure: describeProviderFailure(error, { ...context, deadline }) };
        } finally {
          deadline.dispose();
        }
        await deps.modelLists.write(userId, target.provider, stored.baseUrl, list.models);
        return { list };
      };

      /** The no-credit answer of the probe, if that is what it got; any other failure there is not the key's. */
      const creditRefusal = async (target: ProviderTarget): Promise<DescribedFailure | undefined> => {
        const deadline = new ProviderDeadline(req.signal, MODEL_LIST_TIMEOUT_MS);
        try {
          await checkCredit(target, deadline.signal);
          return undefined;
        } catch (error) {
          const failure = describeProviderFailure(error, { ...context, deadline });
          return failure.problem.kind === "no-credit" ? failure : undefined;
        } finally {
          deadline.dispose();
        }
      };

      if (input.action === "check") {
        try {
          requireKey(target);
        } catch (error) {
          return failureResponse(describeProviderFailure(error, context));
        }
        const asked = await ask();
        if ("limited" in asked) return asked.limited;
        if ("failure" in asked) return failureResponse(asked.failure);
        if (target.provider === "openai" && target.apiKey) {
          const noCredit = await creditRefusal(target);
          if (noCredit) return failureResponse(noCredit);
        }
        const result: KeyCheckResult = {
          modelCount: asked.list.total,
          message: `${target.apiKey ? "Key works" : "Server answers"}: ${modelCountText(asked.list.total)}`,
        };
        return json(result);
      }

      const answer = (list: Omit<ModelList, "provider" | "defaults" | "typed">, typed = false): Response =>
        json({ ...list, typed, provider: target.provider, defaults: target.defaults } satisfies ModelList);
      if (!hasKey) {
        return answer({
          listed: false,
          models: [],
          fetchedAt: null,
          notice: `Save your ${target.label} API key to see its models.`,
        });
      }
      const cached = await deps.modelLists.read(userId);
      const fresh = cached && now().getTime() - Date.parse(cached.fetchedAt) < MODEL_LIST_CACHE_HOURS * 3600_000;
      const fromCache = (notice?: string) =>
        answer({ listed: true, models: cached!.models, fetchedAt: cached!.fetchedAt, ...(notice ? { notice } : {}) });
      if (cached && fresh && !input.refresh) return fromCache();
      const asked = await ask();
      if ("limited" in asked) return cached ? fromCache() : asked.limited;
      if ("list" in asked) return answer({ listed: true, models: asked.list.models, fetchedAt: now().toISOString() });
      // A server without a model list (404 or another refusal of GET /models): the user types model names.
      const kind = asked.failure.problem.kind;
      if (kind === "rejected" || kind === "model-not-found") {
        const who = target.label.charAt(0).toUpperCase() + target.label.slice(1);
        const notice = `${who} does not list its models; type the model names.`;
        return answer({ listed: false, models: [], fetchedAt: null, notice }, true);
      }
      const notice = asked.failure.message;
      return cached ? fromCache(notice) : answer({ listed: false, models: [], fetchedAt: null, notice });
    },
  });
}

/**
 * Built at boot; per caller: the caller verified, their provider and key a
 * stored secret, the model-list cache written on the system's modelLists path.
 */
export function productionDependencies(): (caller: RequestCaller) => AiProviderDeps {
  const system = createSystemAccess();
  const deployment = aiDeploymentFromEnv();
  const modelLists = createModelListStore(system.modelLists);
  const rateLimit = rateLimitFromEnv("aiText", system.rateLimits);
  return (caller) => ({
    authenticate: () => caller.authenticate(),
    readTextProvider: system.readTextProvider,
    deployment,
    modelLists,
    rateLimit,
  });
}
