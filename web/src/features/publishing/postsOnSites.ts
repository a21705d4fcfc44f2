import { useEffect } from "react";
import { requestPublications, usePublications } from "./publicationsStore";

/** A post of the article that is on a site (in any state but the trash). */
export type PostOnSite = { siteId: string; siteName: string; remoteStatus: string };

/**
 * The article's posts on its sites, from its publications: "loading" until
 * they are read, "unknown" when they could not be. A publication with no
 * remote status made no post (it failed before one was made).
 */
export function usePostsOnSites(articleId: string): PostOnSite[] | "loading" | "unknown" {
  // Read afresh: what the dialog offers depends on it.
  useEffect(() => requestPublications(articleId, { force: true }), [articleId]);
  const entry = usePublications(articleId);
  if (entry === undefined || entry === "loading") return "loading";
  if ("error" in entry) return "unknown";
  return entry.publications.flatMap(({ siteId, siteName, remoteStatus }) =>
    remoteStatus && remoteStatus !== "trash" ? [{ siteId, siteName, remoteStatus }] : [],
  );
}
