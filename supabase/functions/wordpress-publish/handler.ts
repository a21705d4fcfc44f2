import { errorResponse, handleOptions, json } from "../_shared/http/responses.ts";
import { acceptJsonRequest, type Authenticate } from "../_shared/http/request.ts";
import {
  publishArticleRequestSchema,
  type PublishArticleResult,
  WORDPRESS_MESSAGES,
} from "../_shared/schemas/wordpress.ts";
import { createServiceClient } from "../_shared/platform/service_client.ts";
import { requireUser } from "../_shared/platform/user_auth.ts";
import { guardedPublisher, PublishFailure, type PublishRequest } from "../_shared/wordpress/publication.ts";
import { createPublicationStore } from "../_shared/wordpress/publication_store.ts";

export const MAX_BODY_BYTES = 4 * 1024;

export interface PublishDependencies {
  authenticate: Authenticate;
  publish: (request: PublishRequest) => Promise<PublishArticleResult>;
}

/**
 * POST { articleId, siteId, status: "draft" | "publish" (default draft) }
 * - 200 { link, remotePostId, status, updated, seo, seoMessage?, warnings };
 * - 400 invalid input (no siteId: 'Please select a WordPress site');
 * - 401 not signed in; 405; 413;
 * - 404 'Selected site not found' / 'Article not found' (`field` names which);
 * - 502 'Failed to upload featured image' | 'Failed to publish post' |
 *   'Failed to publish to WordPress' with `{ step, detail, remotePostId?, link? }`;
 * - 500 'Failed to update article status' (the post IS on WordPress: `link`,
 *   `remotePostId` are included) or 'Failed to publish to WordPress'.
 */
export function createHandler(deps: PublishDependencies): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handleOptions(req);
    if (preflight) return preflight;
    let context = "";
    try {
      const accepted = await acceptJsonRequest(req, deps.authenticate, publishArticleRequestSchema, MAX_BODY_BYTES, {
        withField: true,
      });
      if (!accepted.ok) return accepted.response;
      const { userId, input } = accepted;
      context = ` article ${input.articleId} site ${input.siteId}`;
      const result = await deps.publish({ userId, ...input, scheduled: false });
      return json(result);
    } catch (error) {
      if (error instanceof PublishFailure) {
        if (error.status >= 500) {
          console.error(`[wordpress-publish]${context}: ${error.message}: ${error.details.detail ?? ""}`);
        }
        return errorResponse(error.status, error.message, error.details);
      }
      console.error(
        `[wordpress-publish]${context} unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
      );
      return errorResponse(500, WORDPRESS_MESSAGES.publishFailed);
    }
  };
}

export function productionDependencies(): PublishDependencies {
  const service = createServiceClient();
  const store = createPublicationStore(service);
  return {
    authenticate: (req) => requireUser(req, service),
    publish: guardedPublisher(store),
  };
}
