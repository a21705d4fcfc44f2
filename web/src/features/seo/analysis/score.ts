/**
 * The overall score: each enabled check that applies counts pass 1, warning
 * ½, fail 0; the score is their share out of 100. Checks switched off in
 * the settings and checks that do not apply ("not checked") do not count.
 */
import type { CheckOutcome } from "../../../ui/CheckStatus";

const POINTS = { pass: 1, warning: 0.5, fail: 0 } as const;

/** The score from 0 to 100, or null when no enabled check applies. */
export function seoScore(checks: readonly { id: string; outcome: CheckOutcome }[], disabled: ReadonlySet<string>): number | null {
  let total = 0;
  let counted = 0;
  for (const check of checks) {
    if (disabled.has(check.id) || check.outcome === "not-checked") continue;
    total += POINTS[check.outcome];
    counted += 1;
  }
  return counted === 0 ? null : Math.round((total / counted) * 100);
}

export type ScoreBand = "good" | "fair" | "poor";

/** Good from 80, fair from 50, poor below. */
export function scoreBand(score: number): ScoreBand {
  return score >= 80 ? "good" : score >= 50 ? "fair" : "poor";
}
