/**
 * Deleting an article together with its posts on the connected sites: the
 * request the browser sends to `delete-article`, its answer and messages.
 * Shared with the browser: imports nothing but zod.
 */
import { z } from "zod";

export const ARTICLE_DELETE_MESSAGES = {
  articleNotFound: "Article not found",
  /** 502: at least one site refused or could not be reached; the article is kept. */
  remoteRemovalFailed: "The post could not be removed from every site, so the article was kept",
  deleteFailed: "Failed to delete article",
} as const;

export const deleteArticleRequestSchema = z.object({
  articleId: z.uuid({ error: "articleId must be an article id" }),
}).strict();
export type DeleteArticleRequest = z.infer<typeof deleteArticleRequestSchema>;

/** A site the post was removed from: WordPress moves it to the trash, Ghost deletes it. */
export const removedPostSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  /** The post was already gone (trashed or deleted on the site): nothing was changed there. */
  alreadyGone: z.boolean(),
});
export type RemovedPost = z.infer<typeof removedPostSchema>;

export const remoteRemovalFailureSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  detail: z.string(),
});
export type RemoteRemovalFailure = z.infer<typeof remoteRemovalFailureSchema>;

/** 200: every remote post removed (or already gone), then the article deleted. */
export const deleteArticleResultSchema = z.object({
  removed: z.array(removedPostSchema),
});
export type DeleteArticleResult = z.infer<typeof deleteArticleResultSchema>;
