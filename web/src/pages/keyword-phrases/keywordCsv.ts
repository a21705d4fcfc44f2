import type { KeywordItem } from "../../data/keywords";
import { fileNamePart, toCsv } from "../../lib/csv";

const HEADER = ["Keyword", "Search Volume", "Difficulty", "CPC", "Competition"];

export function keywordCsv(keywords: readonly KeywordItem[]): string {
  return toCsv([
    HEADER,
    ...keywords.map(({ keyword, searchVolume, difficulty, cpc, competition }) => [
      keyword,
      searchVolume,
      difficulty,
      cpc,
      competition,
    ]),
  ]);
}

/** keyword-research-{topic}.csv with the topic made safe for a file name (spec §9). */
export function keywordCsvFileName(topic: string): string {
  const part = fileNamePart(topic);
  return part ? `keyword-research-${part}.csv` : "keyword-research.csv";
}
