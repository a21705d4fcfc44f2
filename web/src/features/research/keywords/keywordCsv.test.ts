import { describe, expect, it } from "vitest";
import type { KeywordItem } from "../data/keywords";
import { keywordCsv, keywordCsvFileName } from "./keywordCsv";

const KEYWORDS: KeywordItem[] = [
  { keyword: "garden tips", searchVolume: "1.2K", difficulty: 25, cpc: "$0.80", competition: "low" },
  { keyword: 'the "best", cheapest soil', searchVolume: "10,000", difficulty: 61, cpc: "$1.20", competition: "high" },
  { keyword: "=cmd|' /C calc'!A0", searchVolume: "-1", difficulty: 40, cpc: "@2", competition: "medium" },
];

describe("keywordCsv", () => {
  it("writes the spec's columns, then one record per keyword, the figures as numbers", () => {
    expect(keywordCsv(KEYWORDS)).toBe(
      "\uFEFF" +
        "Keyword,Search Volume,Difficulty,CPC,Competition\r\n" +
        "garden tips,1200,25,0.8,low\r\n" +
        '"the ""best"", cheapest soil",10000,61,1.2,high\r\n' +
        // Unreadable figures are empty cells; model text that looks like a formula stays text.
        "'=cmd|' /C calc'!A0,,40,,medium\r\n",
    );
  });

  it("leaves a figure the model did not give empty", () => {
    expect(keywordCsv([{ keyword: "soil", searchVolume: null, difficulty: null, cpc: null, competition: null }])).toBe(
      "\uFEFFKeyword,Search Volume,Difficulty,CPC,Competition\r\nsoil,,,,\r\n",
    );
  });

  it("writes only the header when there are no keywords", () => {
    expect(keywordCsv([])).toBe("\uFEFFKeyword,Search Volume,Difficulty,CPC,Competition\r\n");
  });
});

describe("keywordCsvFileName", () => {
  it.each([
    ["Home Gardening", "keyword-research-home-gardening.csv"],
    ["  SEO / Content: 2026 ", "keyword-research-seo-content-2026.csv"],
    ["../secret", "keyword-research-secret.csv"],
    ["???", "keyword-research.csv"],
  ])("%j → %s", (topic, name) => {
    expect(keywordCsvFileName(topic)).toBe(name);
  });
});
