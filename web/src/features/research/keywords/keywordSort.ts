import type { KeywordItem } from "../data/keywords";
import { cpcNumber, searchVolumeNumber } from "./keywordNumbers";

export const SORT_COLUMNS = ["keyword", "searchVolume", "difficulty", "cpc", "competition"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type KeywordSort = { column: SortColumn; direction: "ascending" | "descending" } | null;

const COMPETITION_ORDER = { low: 0, medium: 1, high: 2 } as const;

const value = (item: KeywordItem, column: SortColumn): string | number | null => {
  switch (column) {
    case "keyword":
      return item.keyword.toLocaleLowerCase("en-US");
    case "searchVolume":
      return searchVolumeNumber(item.searchVolume);
    case "difficulty":
      return item.difficulty;
    case "cpc":
      return cpcNumber(item.cpc);
    case "competition":
      return item.competition ? COMPETITION_ORDER[item.competition] : null;
  }
};

/** The keywords in the chosen order (figures compared as numbers); those without the figure last either way. */
export function sortKeywords(keywords: readonly KeywordItem[], sort: KeywordSort): readonly KeywordItem[] {
  if (!sort) return keywords;
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...keywords].sort((a, b) => {
    const [x, y] = [value(a, sort.column), value(b, sort.column)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}

/** A header pressed: its column ascending (figures: highest first), then the other way, then as researched. */
export function nextSort(current: KeywordSort, column: SortColumn): KeywordSort {
  const first = column === "keyword" || column === "competition" ? "ascending" : "descending";
  if (current?.column !== column) return { column, direction: first };
  if (current.direction === first) return { column, direction: first === "ascending" ? "descending" : "ascending" };
  return null;
}
