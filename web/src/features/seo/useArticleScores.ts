import { loadArticleScores } from "./data/articleScores";
import { useResource } from "../../lib/useResource";

/**
 * The stored scores of the listed articles, by id (one request per list).
 * An article without one has not been scored since its text last changed.
 */
export function useArticleScores(articleIds: readonly string[]): ReadonlyMap<string, number> {
  const key = [...articleIds].sort().join(",");
  const { data } = useResource(articleIds.length ? () => loadArticleScores(articleIds) : null, [key]);
  return data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, number> = new Map();
