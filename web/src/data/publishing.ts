import {
  PUBLISH_EVENTS,
  publishErrorEventSchema,
  type PublishStepEvent,
  publishStepEventSchema,
} from "../../../supabase/functions/_shared/schemas/publish_events";
import {
  PUBLISH_STEPS,
  publishArticleResultSchema,
  WORDPRESS_MESSAGES,
  type PostStatus,
  type PublishArticleResult,
  type PublishStep,
} from "../../../supabase/functions/_shared/schemas/wordpress";
import { readServerSentEvents } from "./articleDrafts";
import { readFunctionError } from "./functionErrors";
import { supabase } from "./supabase";

export type { PublishArticleResult, PostStatus, PublishStepEvent };

/** The values of publications.status (its check constraint): how our last attempt went. */
const PUBLICATION_STATUSES = ["pending", "draft", "publish", "failed"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** Where an article is (or failed to be) published: one per site. */
export type Publication = {
  siteId: string;
  siteName: string;
  link: string | null;
  /** Our last attempt: pending (the scheduler is publishing it now), draft, publish or failed. */
  status: PublicationStatus;
  /** What WordPress has (publish, draft, future, pending, private, …); null when no post is known. */
  remoteStatus: string | null;
  /** The last successful publish. */
  publishedAt: string | null;
  /** When the row last changed (for a failure: when it failed). */
  updatedAt: string;
  lastError: string | null;
  /** A scheduled publication that failed: when the scheduler tries again (null: it does not). */
  nextAttemptAt: string | null;
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
    .select(
      "article_id, site_id, link, status, remote_status, published_at, updated_at, last_error, next_attempt_at, wordpress_sites(name)",
    )
    .in("article_id", [...articleIds])
    .order("created_at", { ascending: true });
  if (error) throw new Error(error.message);
  for (const row of data) {
    byArticle.get(row.article_id)?.push({
      siteId: row.site_id,
      siteName: row.wordpress_sites?.name ?? "WordPress site",
      link: row.link,
      status: publicationStatus(row.status),
      remoteStatus: row.remote_status,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      lastError: row.last_error,
      nextAttemptAt: row.next_attempt_at,
    });
  }
  return byArticle;
}

/**
 * Queues a failed scheduled publication for the scheduler's next run
 * (retry_scheduled_publication). The scheduler stays the only publisher of
 * scheduled work, so a retry never races a run that is publishing it.
 */
export async function retryScheduledPublication(articleId: string, siteId: string): Promise<void> {
  const { error } = await supabase.rpc("retry_scheduled_publication", { p_article_id: articleId, p_site_id: siteId });
  if (error) throw new Error(error.message);
}

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const knownStep = (value: unknown) => PUBLISH_STEPS.find(({ id }) => id === value)?.id;

function failureFrom(body: Record<string, unknown> | null | undefined): PublishError {
  const message = typeof body?.error === "string" && body.error ? body.error : WORDPRESS_MESSAGES.publishFailed;
  return new PublishError(message, knownStep(body?.step), typeof body?.link === "string" && body.link ? body.link : undefined);
}

export type PublishOptions = {
  /** Each of the server's steps as it happens. */
  onStep?: (event: PublishStepEvent) => void;
};

/**
 * Publishes (or updates the earlier post of) an article on one site with
 * `wordpress-publish`, following its steps as the server streams them (see
 * supabase/functions/_shared/schemas/publish_events.ts). Returns the result;
 * throws PublishError with the server's message, or PUBLISH_INTERRUPTED when
 * the stream ended without an outcome.
 */
export async function publishArticle(
  request: { articleId: string; siteId: string; status: PostStatus },
  { onStep }: PublishOptions = {},
): Promise<PublishArticleResult> {
  const { data, error } = await supabase.functions.invoke<unknown>("wordpress-publish", {
    body: request,
    headers: { Accept: "text/event-stream" },
  });
  if (error) throw failureFrom(await readFunctionError(error));
  if (!(data instanceof Response)) {
    // A JSON answer (a server that does not stream): the result without steps.
    const parsed = publishArticleResultSchema.safeParse(data);
    if (!parsed.success) throw new PublishError(WORDPRESS_MESSAGES.publishFailed);
    return parsed.data;
  }
  if (!data.body) throw new PublishError(PUBLISH_INTERRUPTED, undefined, undefined, true);
  try {
    for await (const { event, data: payload } of readServerSentEvents(data.body)) {
      if (event === PUBLISH_EVENTS.step) {
        const step = publishStepEventSchema.safeParse(parseJson(payload));
        if (step.success) onStep?.(step.data);
      } else if (event === PUBLISH_EVENTS.result) {
        const result = publishArticleResultSchema.safeParse(parseJson(payload));
        if (!result.success) throw new PublishError(WORDPRESS_MESSAGES.publishFailed);
        return result.data;
      } else if (event === PUBLISH_EVENTS.error) {
        const failure = publishErrorEventSchema.safeParse(parseJson(payload));
        throw failureFrom(failure.success ? failure.data : null);
      }
    }
  } catch (caught) {
    if (caught instanceof PublishError) throw caught;
    // Reading broke off: the connection failed.
  }
  throw new PublishError(PUBLISH_INTERRUPTED, undefined, undefined, true);
}
