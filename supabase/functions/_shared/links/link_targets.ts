/**
 * The content index's ranked entries for a text, read by edge functions
 * with the service client: internal_link_targets() (migration
 * 20261130000400_internal_link_targets.sql) with `for_user_id`, so only the
 * caller's own entries are ranked.
 */
import type { ServiceClient } from "../platform/service_client.ts";
import { type LinkTarget, linkTargetSchema } from "../schemas/site_content.ts";

export interface LinkTargetQuery {
  /** Title, focus keyword or idea: weighs three times as much as the body. */
  focus: string;
  body?: string | null;
  limit: number;
  /** Only these sites' entries; all the user's sites when absent. */
  siteIds?: string[];
  /** Leaves out the entry of this article (it is already published). */
  excludeArticleId?: string;
}

export type FindLinkTargets = (userId: string, query: LinkTargetQuery) => Promise<LinkTarget[]>;

export function linkTargetFinder(service: ServiceClient): FindLinkTargets {
  return async (userId, query) => {
    const { data, error } = await service.rpc("internal_link_targets", {
      focus: query.focus,
      body: query.body ?? undefined,
      max_results: query.limit,
      site_ids: query.siteIds,
      exclude_article_id: query.excludeArticleId,
      for_user_id: userId,
    });
    if (error) throw new Error(`ranking link targets: ${error.message}`);
    return linkTargetSchema.array().parse(data ?? []);
  };
}
