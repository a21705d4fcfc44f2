import type { KeywordItem } from "../data/keywords";
import { fileNamePart, toCsv } from "../../../lib/csv";
import { NOT_AVAILABLE } from "./notAvailable";

const HEADER = ["Keyword", "Search Volume", "Difficulty", "CPC", "Competition"];

/** The table as shown: an estimate that could not be read is N/A. */
export function keywordCsv(keywords: readonly KeywordItem[]): string {
  return toCsv([
    HEADER,
    ...keywords.map(({ keyword, searchVolume, difficulty, cpc, competition }) => [
      keyword,
      searchVolume ?? NOT_AVAILABLE,
      difficulty ?? NOT_AVAILABLE,
      cpc ?? NOT_AVAILABLE,
      competition ?? NOT_AVAILABLE,
    ]),
  ]);
}

/** keyword-research-{topic}.csv with the topic made safe for a file name (spec §9). */
export function keywordCsvFileName(topic: string): string {
  const part = fileNamePart(topic);
  return part ? `keyword-research-${part}.csv` : "keyword-research.csv";
}
