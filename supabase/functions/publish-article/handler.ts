import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { internalLinkChecker } from "../_shared/links/internal_link_check.ts";
import { redactSecrets } from "../_shared/log/redact_secrets.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import type { PublishErrorEvent } from "../_shared/contracts/publish_events.ts";
import { PUBLISH_MESSAGES, publishArticleRequestSchema, type PublishArticleResult } from "../_shared/contracts/publishing.ts";
import { guardedPublisher, PublishFailure, type PublishRequest } from "../_shared/publishing/publication.ts";
import { createPublicationStore } from "../_shared/publishing/publication_store.ts";
import { type EventStreamOptions, publishAsEventStream } from "./publish_stream.ts";

export const MAX_BODY_BYTES = 4 * 1024;

export interface PublishDependencies {
  authenticate: Authenticate;
  publish: (request: PublishRequest) => Promise<PublishArticleResult>;
  eventStream?: EventStreamOptions;
}

/** The browser asks for the steps as they happen with `Accept: text/event-stream`. */
function wantsEventStream(req: Request): boolean {
  return (req.headers.get("accept") ?? "").toLowerCase().includes("text/event-stream");
}

/**
 * POST { articleId, siteId, status: "draft" | "publish" (default draft) }
 * - 200 { link, remotePostId, status, updated, seo, seoMessage?, warnings }; `warnings` include
 *   the article's links to the site that are not in its content index (the
 *   publish still succeeds: see _shared/links/internal_link_check.ts);
 *   with `Accept: text/event-stream`, 200 text/event-stream: `step` events,
 *   then `result` (that body, warnings included) or `error` (a failure body
 *   below, with its `status`), see _shared/contracts/publish_events.ts;
 * - 400 invalid input (no siteId: 'Please select a WordPress site');
 * - 401 not signed in; 405; 413;
 * - 404 'Selected site not found' / 'Article not found' (`field` names which);
 * - 502 'Failed to upload featured image' | 'Failed to publish post' |
 *   'Failed to publish to WordPress' with `{ step, detail, remotePostId?, link? }`;
 * - 500 'Failed to update article status' (the post IS on WordPress: `link`,
 *   `remotePostId` are included) or 'Failed to publish to WordPress'.
 * Errors up to the 404s are JSON in both modes; later ones are `error` events.
 */
export function createHandler(deps: PublishDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "publish-article",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: publishArticleRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: PUBLISH_MESSAGES.publishFailed,
    async handle({ req, userId, input }) {
      const context = `article ${input.articleId} site ${input.siteId}`;
      const request: PublishRequest = { userId, ...input, scheduled: false };
      const failure = (error: unknown): PublishErrorEvent => {
        if (!(error instanceof PublishFailure)) {
          const message = error instanceof Error ? error.message : String(error);
          console.error(`[publish-article] ${context}: unexpected failure: ${redactSecrets(message)}`);
          return { status: 500, error: PUBLISH_MESSAGES.publishFailed };
        }
        if (error.status >= 500) {
          console.error(`[publish-article] ${context}: ${error.message}: ${error.details.detail ?? ""}`);
        }
        return { ...error.details, status: error.status, error: error.message };
      };
      if (wantsEventStream(req)) {
        return await publishAsEventStream((onStep) => deps.publish({ ...request, onStep }), failure, deps.eventStream);
      }
      try {
        return json(await deps.publish(request));
      } catch (error) {
        if (!(error instanceof PublishFailure)) {
          throw new Error(`${context}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        const { status, error: message, ...details } = failure(error);
        return errorResponse(status, message, details);
      }
    },
  });
}

/**
 * Built at boot; per caller: the article, site, publication and content
 * index read as the caller (another user's id finds nothing), the site's
 * credentials a stored secret, the outcome recorded on the system's
 * publicationRecords path.
 */
export function productionDependencies(): (caller: RequestCaller) => PublishDependencies {
  const system = createSystemAccess();
  return (caller) => ({
    authenticate: () => caller.authenticate(),
    publish: guardedPublisher(createPublicationStore(caller.client, system), internalLinkChecker(caller.client)),
  });
}
