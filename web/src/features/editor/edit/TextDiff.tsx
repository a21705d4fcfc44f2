import type { ReactNode } from "react";
import type { DiffRow, FieldDiff, Segment } from "./revisionDiff";
import "./text-diff.css";

/**
 * A comparison of two versions of an article's text, field by field, as
 * revisionDiff.ts computes it: struck out is only in the older version,
 * highlighted only in the newer. Screen readers hear which is which.
 */

function SegmentText({ segment }: { segment: Segment }) {
  if (segment.change === "same") return segment.text;
  if (segment.change === "removed") {
    return (
      <del>
        <span className="visually-hidden">[removed: </span>
        {segment.text}
        <span className="visually-hidden">]</span>
      </del>
    );
  }
  return (
    <ins>
      <span className="visually-hidden">[added: </span>
      {segment.text}
      <span className="visually-hidden">]</span>
    </ins>
  );
}

function Row({ row }: { row: DiffRow }) {
  switch (row.kind) {
    case "folded":
      return (
        <li className="diff-folded">
          {row.lines === 1 ? "1 unchanged line" : `${row.lines} unchanged lines`}
        </li>
      );
    case "same":
      return <li className="diff-same">{row.text}</li>;
    case "removed":
      return (
        <li className="diff-removed">
          <SegmentText segment={{ change: "removed", text: row.text }} />
        </li>
      );
    case "added":
      return (
        <li className="diff-added">
          <SegmentText segment={{ change: "added", text: row.text }} />
        </li>
      );
    case "changed":
      return (
        <li className="diff-changed">
          {row.segments.map((segment, index) => (
            <SegmentText key={index} segment={segment} />
          ))}
        </li>
      );
  }
}

/** Each differing field with its lines; `legend` says which side is which. */
export function TextDiff({ diffs, legend }: { diffs: FieldDiff[]; legend: ReactNode }) {
  return (
    <div className="text-diff">
      <p className="diff-legend">{legend}</p>
      {diffs.map((diff) => (
        <section key={diff.field} className="diff-field" aria-label={`Changes in ${diff.label}`}>
          <h4>{diff.label}</h4>
          <ol className="diff-lines">
            {diff.rows.map((row, index) => (
              <Row key={index} row={row} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
