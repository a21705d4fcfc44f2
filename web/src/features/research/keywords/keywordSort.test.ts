import { describe, expect, it } from "vitest";
import type { KeywordItem } from "../data/keywords";
import { nextSort, sortKeywords } from "./keywordSort";

const item = (keyword: string, searchVolume: string | null, cpc: string | null, competition: KeywordItem["competition"]): KeywordItem => ({
  keyword,
  searchVolume,
  difficulty: null,
  cpc,
  competition,
});
const ITEMS = [item("beta", "900", "$2.10", "high"), item("Alpha", "24.4K", null, "low"), item("gamma", "1.2K", "$0.40", null)];
const names = (items: readonly KeywordItem[]) => items.map((entry) => entry.keyword);

describe("sortKeywords", () => {
  it("compares figures as numbers, not as text ('24.4K' above '900')", () => {
    expect(names(sortKeywords(ITEMS, { column: "searchVolume", direction: "descending" }))).toEqual(["Alpha", "gamma", "beta"]);
  });
  it("puts keywords without the figure last, in either direction", () => {
    expect(names(sortKeywords(ITEMS, { column: "cpc", direction: "ascending" }))).toEqual(["gamma", "beta", "Alpha"]);
    expect(names(sortKeywords(ITEMS, { column: "cpc", direction: "descending" }))).toEqual(["beta", "gamma", "Alpha"]);
    expect(names(sortKeywords(ITEMS, { column: "competition", direction: "ascending" }))).toEqual(["Alpha", "beta", "gamma"]);
  });
  it("sorts keywords alphabetically whatever their case, and keeps the research's order without a sort", () => {
    expect(names(sortKeywords(ITEMS, { column: "keyword", direction: "ascending" }))).toEqual(["Alpha", "beta", "gamma"]);
    expect(names(sortKeywords(ITEMS, null))).toEqual(["beta", "Alpha", "gamma"]);
  });
});

describe("nextSort", () => {
  it("cycles a figure highest first, lowest first, then unsorted", () => {
    const first = nextSort(null, "searchVolume");
    expect(first).toEqual({ column: "searchVolume", direction: "descending" });
    const second = nextSort(first, "searchVolume");
    expect(second).toEqual({ column: "searchVolume", direction: "ascending" });
    expect(nextSort(second, "searchVolume")).toBeNull();
    expect(nextSort(second, "keyword")).toEqual({ column: "keyword", direction: "ascending" });
  });
});
