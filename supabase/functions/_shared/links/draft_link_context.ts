/**
 * Internal links for drafting, one code path for generate-article and
 * draft-batch-worker: the user's DRAFT_LINK_TARGETS most relevant published
 * posts for what is being drafted, as the context block that
 * buildArticleMessages (article_prompt.ts) appends to the request.
 */
import { internalLinksSection } from "../ai/internal_links_prompt.ts";
import type { ArticleSource } from "../ai/article_prompt.ts";
import { DRAFT_LINK_TARGETS } from "../contracts/site_content.ts";
import type { FindLinkTargets } from "./link_targets.ts";

/** How long drafting waits for the content index before it drafts without internal links. */
export const LINK_TARGETS_TIMEOUT_MS = 2_000;

/**
 * The context blocks for `source` (none when the index has nothing
 * relevant). Ranked by the idea and the brief's focus keyword, and the
 * pasted article as the body. Internal links are a bonus: when the index
 * cannot be read in LINK_TARGETS_TIMEOUT_MS, the draft is written without
 * them and the failure is only logged, under `caller`.
 */
export async function internalLinksContext(
  findLinkTargets: FindLinkTargets,
  userId: string,
  source: ArticleSource,
  caller: string,
): Promise<string[]> {
  const focus = [source.idea, source.brief?.focusKeyword].map((part) => part?.trim()).filter(Boolean).join(" ");
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const targets = await Promise.race([
      findLinkTargets(userId, { focus, body: source.existingArticle, limit: DRAFT_LINK_TARGETS }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${LINK_TARGETS_TIMEOUT_MS} ms`)), LINK_TARGETS_TIMEOUT_MS);
      }),
    ]);
    const section = internalLinksSection(targets);
    return section ? [section] : [];
  } catch (error) {
    console.warn(`[${caller}] drafting without internal links: ${error instanceof Error ? error.message : error}`);
    return [];
  } finally {
    clearTimeout(timer);
  }
}
