import { scoreBand } from "./analysis/score";
import "./seo.css";

/**
 * An SEO score as a small badge: "SEO 72" in the colour of its band (good
 * from 80, fair from 50, poor below), or "SEO –" when the article's current
 * text has not been scored. `below` marks a score under the user's Publish
 * warning level. Screen readers hear the whole phrase.
 */
export function SeoScoreBadge({ score, below = false }: { score: number | null | undefined; below?: boolean }) {
  const scored = score !== null && score !== undefined;
  const spoken = scored
    ? `SEO score ${score} of 100${below ? ", below your warning level" : ""}`
    : "SEO score: not scored yet";
  return (
    <span className="seo-score" data-band={scored ? scoreBand(score) : "none"} data-below={below || undefined}>
      <span aria-hidden="true">SEO {scored ? score : "–"}</span>
      <span className="seo-visually-hidden">{spoken}</span>
    </span>
  );
}
