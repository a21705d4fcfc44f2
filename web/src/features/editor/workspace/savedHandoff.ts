import type { Article } from "../../articles/index";

/** A dialog of the editor's bar to open on arrival (Publish… or Schedule… pressed before the first save). */
export type EditorDialog = "publish" | "schedule";

/** What Create hands to Edit after the first save: the saved article, when it was saved, and what to do next. */
export type SavedHandoff = { article: Article; savedAt: Date; open?: EditorDialog };

/**
 * In memory only, one per article, taken once: the Edit page shows the
 * article Create just saved without loading it again (no spinner between
 * the two routes) and says it saved. A reload finds none and loads the
 * article as usual.
 */
const handoffs = new Map<string, SavedHandoff>();

export function handOverSaved(handoff: SavedHandoff): void {
  handoffs.set(handoff.article.id, handoff);
}

export function takeSavedHandoff(articleId: string): SavedHandoff | undefined {
  const handoff = handoffs.get(articleId);
  handoffs.delete(articleId);
  return handoff;
}
