import {
  PUBLISH_STEPS,
  publishArticleResultSchema,
  WORDPRESS_MESSAGES,
  type PostStatus,
  type PublishArticleResult,
  type PublishStep,
} from "../../../supabase/functions/_shared/schemas/wordpress";
import { readFunctionError } from "./functionErrors";
import { supabase } from "./supabase";

export type { PublishArticleResult, PostStatus };

/** The values of publications.status (its check constraint). */
const PUBLICATION_STATUSES = ["pending", "draft", "publish", "failed"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** Where an article is (or failed to be) published: one per site. */
export type Publication = {
  siteId: string;
  siteName: string;
  link: string | null;
  status: PublicationStatus;
  publishedAt: string | null;
  lastError: string | null;
};

function publicationStatus(status: string): PublicationStatus {
  const known = PUBLICATION_STATUSES.find((value) => value === status);
  if (!known) throw new Error(`Unexpected publication status ${status}`);
  return known;
}

/** The publications of many articles in one query, keyed by article id (every id present). */
export async function loadPublications(articleIds: readonly string[]): Promise<Map<string, Publication[]>> {
  const byArticle = new Map<string, Publication[]>(articleIds.map((id) => [id, []]));
  if (articleIds.length === 0) return byArticle;
  const { data, error } = await supabase
    .from("publications")
    .select("article_id, site_id, link, status, published_at, last_error, wordpress_sites(name)")
    .in("article_id", [...articleIds])
    .order("created_at", { ascending: true });
  if (error) throw new Error(error.message);
  for (const row of data) {
    byArticle.get(row.article_id)?.push({
      siteId: row.site_id,
      siteName: row.wordpress_sites?.name ?? "WordPress site",
      link: row.link,
      status: publicationStatus(row.status),
      publishedAt: row.published_at,
      lastError: row.last_error,
    });
  }
  return byArticle;
}

/**
 * A failed publish: `step` is the server's step that failed, when known;
 * `link` is set when the post exists on WordPress despite the failure.
 */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly step?: PublishStep,
    readonly link?: string,
  ) {
    super(message);
    this.name = "PublishError";
  }
}

/** Publishes (or updates the earlier post of) an article on one site. One request; the server does every step. */
export async function publishArticle(request: {
  articleId: string;
  siteId: string;
  status: PostStatus;
}): Promise<PublishArticleResult> {
  const { data, error } = await supabase.functions.invoke("wordpress-publish", { body: request });
  if (error) {
    const body = await readFunctionError(error);
    const message = typeof body?.error === "string" && body.error ? body.error : WORDPRESS_MESSAGES.publishFailed;
    const step = PUBLISH_STEPS.find(({ id }) => id === body?.step)?.id;
    throw new PublishError(message, step, typeof body?.link === "string" ? body.link : undefined);
  }
  const parsed = publishArticleResultSchema.safeParse(data);
  if (!parsed.success) throw new PublishError(WORDPRESS_MESSAGES.publishFailed);
  return parsed.data;
}
