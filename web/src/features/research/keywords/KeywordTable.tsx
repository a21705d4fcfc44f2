import type { KeywordItem } from "../data/keywords";
import { CompetitionBadge } from "./CompetitionBadge";
import { CopyKeywordButton } from "./CopyKeywordButton";
import { DifficultyMeter } from "./DifficultyMeter";
import { NOT_AVAILABLE } from "./notAvailable";

/** The results table, a region named by `labelledBy`; it scrolls sideways on narrow screens (focusable, for keyboard users). */
export function KeywordTable({ keywords, labelledBy }: { keywords: readonly KeywordItem[]; labelledBy: string }) {
  return (
    <div className="overflow-auto keyword-table" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="striped" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Keyword</th>
            <th scope="col">Search Volume</th>
            <th scope="col">Difficulty</th>
            <th scope="col">CPC</th>
            <th scope="col">Competition</th>
          </tr>
        </thead>
        <tbody>
          {keywords.map((item, index) => (
            <tr key={`${index}:${item.keyword}`}>
              <td>
                <span className="keyword-cell">
                  <span>{item.keyword}</span>
                  <CopyKeywordButton keyword={item.keyword} />
                </span>
              </td>
              <td>{item.searchVolume ?? NOT_AVAILABLE}</td>
              <td>
                <DifficultyMeter difficulty={item.difficulty} />
              </td>
              <td>{item.cpc ?? NOT_AVAILABLE}</td>
              <td>
                <CompetitionBadge competition={item.competition} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
