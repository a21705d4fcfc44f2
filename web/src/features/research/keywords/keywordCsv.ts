import type { KeywordItem } from "../data/keywords";
import { fileNamePart, toCsv } from "../../../lib/csv";
import { cpcNumber, searchVolumeNumber } from "./keywordNumbers";

const HEADER = ["Keyword", "Search Volume", "Difficulty", "CPC", "Competition"];

/**
 * The spec's columns, with numbers a spreadsheet can sum and sort: Search
 * Volume as a whole number ("24.4K" → 24400), CPC in dollars without the sign
 * ("$1.65" → 1.65), Difficulty 1–100. A figure that could not be read is an
 * empty cell (not "N/A", which a spreadsheet would take as text in a number
 * column).
 */
export function keywordCsv(keywords: readonly KeywordItem[]): string {
  return toCsv([
    HEADER,
    ...keywords.map(({ keyword, searchVolume, difficulty, cpc, competition }) => [
      keyword,
      searchVolumeNumber(searchVolume) ?? "",
      difficulty ?? "",
      cpcNumber(cpc) ?? "",
      competition ?? "",
    ]),
  ]);
}

/** keyword-research-{topic}.csv with the topic made safe for a file name (spec §9). */
export function keywordCsvFileName(topic: string): string {
  const part = fileNamePart(topic);
  return part ? `keyword-research-${part}.csv` : "keyword-research.csv";
}
