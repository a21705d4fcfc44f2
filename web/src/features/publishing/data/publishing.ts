import {
  PUBLISH_EVENTS,
  publishErrorEventSchema,
  type PublishStepEvent,
  publishStepEventSchema,
} from "@contracts/publish_events";
import { PUBLISH_MESSAGES, PUBLISH_STEPS, publishArticleResultSchema, type PostStatus, type PublishArticleResult, type PublishStep } from "@contracts/publishing";
import { eventJson, readServerSentEvents } from "../../../backend/serverSentEvents";
import { readFunctionError } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { PublishArticleResult, PostStatus, PublishStepEvent };

/** Shown when the stream broke off before the server said how the publish ended. */
export const PUBLISH_INTERRUPTED =
  "The connection was lost while publishing. The post may have been published anyway: check where this article is published before trying again.";

/**
 * A failed publish: `step` is the server's step that failed, when known;
 * `link` is set when the post exists on WordPress despite the failure;
 * `interrupted` when the answer broke off and the outcome is unknown.
 */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly step?: PublishStep,
    readonly link?: string,
    readonly interrupted = false,
  ) {
    super(message);
    this.name = "PublishError";
  }
}

const knownStep = (value: unknown) => PUBLISH_STEPS.find(({ id }) => id === value)?.id;

function failureFrom(body: Record<string, unknown> | null | undefined): PublishError {
  const message = typeof body?.error === "string" && body.error ? body.error : PUBLISH_MESSAGES.publishFailed;
  return new PublishError(message, knownStep(body?.step), typeof body?.link === "string" && body.link ? body.link : undefined);
}

export type PublishOptions = {
  /** Each of the server's steps as it happens. */
  onStep?: (event: PublishStepEvent) => void;
};

/**
 * Publishes (or updates the earlier post of) an article on one site with
 * `publish-article`, following its steps as the server streams them (see
 * supabase/functions/_shared/contracts/publish_events.ts). Returns the result;
 * throws PublishError with the server's message, or PUBLISH_INTERRUPTED when
 * the stream ended without an outcome.
 */
export async function publishArticle(
  request: { articleId: string; siteId: string; status: PostStatus },
  { onStep }: PublishOptions = {},
): Promise<PublishArticleResult> {
  const { data, error } = await supabase.functions.invoke<unknown>("publish-article", {
    body: request,
    headers: { Accept: "text/event-stream" },
  });
  if (error) throw failureFrom(await readFunctionError(error));
  if (!(data instanceof Response)) {
    // A JSON answer (a server that does not stream): the result without steps.
    const parsed = publishArticleResultSchema.safeParse(data);
    if (!parsed.success) throw new PublishError(PUBLISH_MESSAGES.publishFailed);
    return parsed.data;
  }
  if (!data.body) throw new PublishError(PUBLISH_INTERRUPTED, undefined, undefined, true);
  try {
    for await (const { event, data: payload } of readServerSentEvents(data.body)) {
      if (event === PUBLISH_EVENTS.step) {
        const step = publishStepEventSchema.safeParse(eventJson(payload));
        if (step.success) onStep?.(step.data);
      } else if (event === PUBLISH_EVENTS.result) {
        const result = publishArticleResultSchema.safeParse(eventJson(payload));
        if (!result.success) throw new PublishError(PUBLISH_MESSAGES.publishFailed);
        return result.data;
      } else if (event === PUBLISH_EVENTS.error) {
        const failure = publishErrorEventSchema.safeParse(eventJson(payload));
        throw failureFrom(failure.success ? failure.data : null);
      }
    }
  } catch (caught) {
    if (caught instanceof PublishError) throw caught;
    // Reading broke off: the connection failed.
  }
  throw new PublishError(PUBLISH_INTERRUPTED, undefined, undefined, true);
}
