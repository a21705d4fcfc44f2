import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { errorResponse, json } from "../_shared/http/responses.ts";
import { privateHostAllowlistFromEnv } from "../_shared/net/host_allowlist.ts";
import { type GuardedFetch, guardedFetch, type GuardedFetchOptions } from "../_shared/net/ssrf.ts";
import type { CallerClient, RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import {
  ARTICLE_DELETE_MESSAGES,
  deleteArticleRequestSchema,
  type RemoteRemovalFailure,
  type RemovedPost,
} from "../_shared/contracts/article_delete.ts";
import type { SiteRecord } from "../_shared/publishing/publication.ts";
import { createPublicationStore } from "../_shared/publishing/publication_store.ts";
import { createGhostClient, GhostError } from "../_shared/publishing/ghost/admin_api.ts";
import { describeGhostFailure } from "../_shared/publishing/ghost/publish_post.ts";
import { describeFailure } from "../_shared/publishing/wordpress/publish_post.ts";
import { createWordPressClient, WordPressError } from "../_shared/publishing/wordpress/rest.ts";

export const MAX_BODY_BYTES = 1024;

/** A post of the article on one of the caller's sites, as its publication records it. */
export interface RemotePost {
  siteId: string;
  siteName: string;
  /** WordPress's post id. */
  remotePostId: number | null;
  /** Ghost's post id (24 hex digits). */
  remotePostRef: string | null;
}

export interface DeleteArticleDependencies {
  authenticate: Authenticate;
  /** The article's posts on sites, read as the caller; null when the article is not the caller's. */
  findRemotePosts(userId: string, articleId: string): Promise<RemotePost[] | null>;
  /** The site with its credentials (read on the system path); null when it is not the caller's. */
  findSite(userId: string, siteId: string): Promise<SiteRecord | null>;
  /** Deletes the article as the caller; false when there was nothing to delete. */
  deleteArticle(userId: string, articleId: string): Promise<boolean>;
  fetch: GuardedFetch;
  fetchOptions: GuardedFetchOptions;
}

type Removal = { removed: RemovedPost } | { failure: RemoteRemovalFailure };

/**
 * Removes one post. WordPress: `DELETE /wp/v2/posts/<id>` without `force`
 * moves it to the trash (WP_REST_Posts_Controller::delete_item), where the
 * site's owner can still restore it; 410 `rest_already_trashed` and 404
 * `rest_post_invalid_id` mean it is gone already. Ghost: `DELETE
 * /ghost/api/admin/posts/<id>/` deletes it (204); 404 means it is gone.
 */
async function removePost(post: RemotePost, site: SiteRecord, deps: DeleteArticleDependencies): Promise<Removal> {
  const { siteId, siteName } = post;
  try {
    if (site.kind === "ghost") {
      if (!post.remotePostRef) return { removed: { siteId, siteName, alreadyGone: true } };
      const client = createGhostClient(site.base_url, site.admin_api_key, deps.fetch, deps.fetchOptions);
      await client.request({ method: "DELETE", path: `posts/${post.remotePostRef}/` });
    } else {
      if (post.remotePostId === null) return { removed: { siteId, siteName, alreadyGone: true } };
      const client = createWordPressClient(
        site.base_url,
        { username: site.username, applicationPassword: site.application_password },
        deps.fetch,
        deps.fetchOptions,
      );
      await client.request({ method: "DELETE", route: `wp/v2/posts/${post.remotePostId}` });
    }
    return { removed: { siteId, siteName, alreadyGone: false } };
  } catch (error) {
    const gone = (error instanceof WordPressError && (error.status === 410 || error.status === 404)) ||
      (error instanceof GhostError && error.kind === "not_found");
    if (gone) return { removed: { siteId, siteName, alreadyGone: true } };
    const detail = site.kind === "ghost" ? describeGhostFailure(error) : describeFailure(error);
    return { failure: { siteId, siteName, detail } };
  }
}

/**
 * POST { articleId } — removes the article's posts from the sites it was
 * published to, then deletes the article. Deleting an article alone
 * (the browser, RLS) leaves its posts live; this is the "also remove the
 * post" choice of the delete dialog.
 * - 200 { removed: [{ siteId, siteName, alreadyGone }] }: every post is gone
 *   (WordPress: in the trash) and the article is deleted;
 * - 400 invalid input; 401 not signed in; 405; 413;
 * - 404 'Article not found' (not the caller's: no site is asked);
 * - 502 { error, removed, failures: [{ siteId, siteName, detail }] }: a site
 *   refused or could not be reached; the article is kept (its posts on the
 *   other sites are removed: asking again finds them gone and goes on).
 * A site the caller removed from the app is not asked (its credentials are
 * gone with it): its post stays.
 */
export function createHandler(deps: DeleteArticleDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "delete-article",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: deleteArticleRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: ARTICLE_DELETE_MESSAGES.deleteFailed,
    async handle({ userId, input }) {
      const posts = await deps.findRemotePosts(userId, input.articleId);
      if (!posts) return errorResponse(404, ARTICLE_DELETE_MESSAGES.articleNotFound, { field: "articleId" });
      const removed: RemovedPost[] = [];
      const failures: RemoteRemovalFailure[] = [];
      for (const post of posts) {
        const site = await deps.findSite(userId, post.siteId);
        if (!site) continue;
        const outcome = await removePost(post, site, deps);
        if ("removed" in outcome) removed.push(outcome.removed);
        else failures.push(outcome.failure);
      }
      if (failures.length > 0) {
        return errorResponse(502, ARTICLE_DELETE_MESSAGES.remoteRemovalFailed, { removed, failures });
      }
      if (!(await deps.deleteArticle(userId, input.articleId))) {
        return errorResponse(404, ARTICLE_DELETE_MESSAGES.articleNotFound, { field: "articleId" });
      }
      return json({ removed });
    },
  });
}

function check<T>({ data, error }: { data: T; error: { message: string } | null }, doing: string): T {
  if (error) throw new Error(`${doing}: ${error.message}`);
  return data;
}

/** The article's publications that made a post, read as the caller (another user's article finds nothing). */
async function findRemotePosts(client: CallerClient, userId: string, articleId: string): Promise<RemotePost[] | null> {
  const article = check(
    await client.from("articles").select("id").eq("id", articleId).eq("user_id", userId).maybeSingle(),
    "loading the article",
  );
  if (!article) return null;
  const rows = check(
    await client
      .from("publications")
      .select("site_id, remote_post_id, remote_post_ref, wordpress_sites(name)")
      .eq("article_id", articleId)
      .eq("user_id", userId)
      .or("remote_post_id.not.is.null,remote_post_ref.not.is.null"),
    "loading the publications",
  );
  return (rows ?? []).map((row) => ({
    siteId: row.site_id,
    siteName: row.wordpress_sites?.name ?? "WordPress site",
    remotePostId: row.remote_post_id,
    remotePostRef: row.remote_post_ref,
  }));
}

/**
 * Per caller: the article and its publications read, and the article
 * deleted, as the caller (RLS); the site's credentials read on the system
 * path as publish-article reads them; the sites asked through the SSRF guard
 * with PRIVATE_HOST_ALLOWLIST.
 */
export function productionDependencies(): (caller: RequestCaller) => DeleteArticleDependencies {
  const system = createSystemAccess();
  const fetchOptions = { privateHostAllowlist: privateHostAllowlistFromEnv() };
  return (caller) => {
    const sites = createPublicationStore(caller.client, system);
    return {
      authenticate: () => caller.authenticate(),
      findRemotePosts: (userId, articleId) => findRemotePosts(caller.client, userId, articleId),
      findSite: (userId, siteId) => sites.findSite(userId, siteId),
      async deleteArticle(userId, articleId) {
        const { error, count } = await caller.client
          .from("articles")
          .delete({ count: "exact" })
          .eq("id", articleId)
          .eq("user_id", userId);
        if (error) throw new Error(`deleting the article: ${error.message}`);
        return (count ?? 0) > 0;
      },
      fetch: guardedFetch,
      fetchOptions,
    };
  };
}
