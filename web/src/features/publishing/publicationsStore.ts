import { proxy, useSnapshot } from "valtio";
import { loadPublications, type Publication } from "./data/publications";

type Entry = { publications: Publication[] } | { error: string } | "loading";

/** Publications by article id. Absent: never requested. */
export const publicationsState = proxy<{ byArticle: Record<string, Entry> }>({ byArticle: {} });

let pending = new Set<string>();
let flushScheduled = false;

async function flush(): Promise<void> {
  const ids = [...pending];
  pending = new Set();
  flushScheduled = false;
  try {
    const loaded = await loadPublications(ids);
    for (const [id, publications] of loaded) publicationsState.byArticle[id] = { publications };
  } catch (error) {
    const message = error instanceof Error ? error.message : "Failed to load publications";
    for (const id of ids) publicationsState.byArticle[id] = { error: message };
  }
}

/**
 * Loads the publications of an article. Every request made in the same task
 * (e.g. by each card of a list as it mounts) goes out as one query.
 */
export function requestPublications(articleId: string, { force = false } = {}): void {
  if (!force && publicationsState.byArticle[articleId] !== undefined) return;
  publicationsState.byArticle[articleId] ??= "loading";
  pending.add(articleId);
  if (flushScheduled) return;
  flushScheduled = true;
  setTimeout(() => void flush(), 0);
}

export function usePublications(articleId: string): Entry | undefined {
  return useSnapshot(publicationsState).byArticle[articleId] as Entry | undefined;
}
