import { useState } from "react";
import { Link } from "wouter";
import type { KeywordItem } from "../data/keywords";
import { writeArticleHref } from "../../editor/index";
import { CompetitionBadge } from "./CompetitionBadge";
import { CopyKeywordButton } from "./CopyKeywordButton";
import { DifficultyMeter } from "./DifficultyMeter";
import { nextSort, sortKeywords, type KeywordSort, type SortColumn } from "./keywordSort";
import { NOT_AVAILABLE } from "./notAvailable";

const COLUMNS: readonly { column: SortColumn; label: string }[] = [
  { column: "keyword", label: "Keyword" },
  { column: "searchVolume", label: "Search Volume" },
  { column: "difficulty", label: "Difficulty" },
  { column: "cpc", label: "CPC" },
  { column: "competition", label: "Competition" },
];

/** The sort's direction as a drawn arrow (a glyph would be text no contrast check can weigh). */
function SortMark({ direction }: { direction: "ascending" | "descending" }) {
  return (
    <svg className="sort-mark" aria-hidden="true" viewBox="0 0 10 10" width="10" height="10">
      <path d={direction === "ascending" ? "M5 2 9 8H1z" : "M5 8 1 2h8z"} fill="currentColor" />
    </svg>
  );
}

/**
 * The results table, a region named by `labelledBy`; it scrolls sideways on
 * narrow screens (focusable, for keyboard users). Each header sorts by its
 * column (figures as numbers); each keyword can be copied, or written about.
 */
export function KeywordTable({
  keywords,
  labelledBy,
  locale = null,
}: {
  keywords: readonly KeywordItem[];
  labelledBy: string;
  /** The research's language: "Write article" opens Create in it. */
  locale?: string | null;
}) {
  const [sort, setSort] = useState<KeywordSort>(null);
  const rows = sortKeywords(keywords, sort);
  return (
    <div className="overflow-auto keyword-table" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {COLUMNS.map(({ column, label }) => (
              <th key={column} scope="col" aria-sort={sort?.column === column ? sort.direction : undefined}>
                <button type="button" className="sort-button" onClick={() => setSort((current) => nextSort(current, column))}>
                  {label}
                  {sort?.column === column && <SortMark direction={sort.direction} />}
                </button>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item, index) => (
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
              <td>
                <Link className="write-article" href={writeArticleHref(item.keyword, locale)} aria-label={`Write article: ${item.keyword}`}>
                  Write article
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
