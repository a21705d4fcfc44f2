import { type Authenticate, defineFunction, signedInUser } from "../_shared/http/define_function.ts";
import { json } from "../_shared/http/responses.ts";
import { linkRankingSources, linkTargetRanker, type RankLinkTargets } from "../_shared/links/link_targets.ts";
import { aiDeploymentFromEnv } from "../_shared/ai/ai_deployment.ts";
import type { RequestCaller } from "../_shared/platform/caller.ts";
import { createSystemAccess } from "../_shared/platform/system_access.ts";
import { linkTargetsRequestSchema, type LinkTargetsResult } from "../_shared/contracts/site_content.ts";

/** The editor's text arrives whole (ranking cuts it); an article of 100,000 characters fits, multi-byte too. */
export const MAX_BODY_BYTES = 512 * 1024;

export interface LinkTargetsDependencies {
  authenticate: Authenticate;
  /** _shared/links/link_targets.ts: the user's relevance (full text or embeddings), one code path with drafting. */
  rank: RankLinkTargets;
}

/**
 * POST { focus, body?, limit?, siteIds?, excludeArticleId? } — the caller's
 * indexed posts and pages most relevant to the text, best first (the
 * editor's link suggestions). Ranked as the caller chose: full text, or
 * embeddings with their own provider and key (one embeddings call per request);
 * when embeddings cannot answer, full text answers and `fallback` says why.
 * - 200 { targets, relevance, fallback? };
 * - 400 invalid input; 401 not signed in; 405; 413; 500.
 */
export function createHandler(deps: LinkTargetsDependencies): (req: Request) => Promise<Response> {
  return defineFunction({
    name: "link-targets",
    caller: signedInUser((req) => deps.authenticate(req)),
    body: { schema: linkTargetsRequestSchema, maxBytes: MAX_BODY_BYTES },
    failureMessage: "Could not find link suggestions",
    async handle({ userId, input }) {
      const ranked = await deps.rank(userId, {
        focus: input.focus,
        body: input.body,
        limit: input.limit,
        siteIds: input.siteIds?.length ? input.siteIds : undefined,
        excludeArticleId: input.excludeArticleId,
      });
      const result: LinkTargetsResult = ranked;
      return json(result);
    },
  });
}

/** Built at boot; per caller: the index read as the caller, their provider and key a stored secret. */
export function productionDependencies(): (caller: RequestCaller) => LinkTargetsDependencies {
  const system = createSystemAccess();
  const deployment = aiDeploymentFromEnv();
  return (caller) => ({
    authenticate: () => caller.authenticate(),
    rank: linkTargetRanker(linkRankingSources(caller.client, system.readTextProvider, deployment), "link-targets"),
  });
}
