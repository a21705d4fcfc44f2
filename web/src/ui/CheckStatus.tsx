import "./CheckStatus.css";

/** The outcome of a measured check: a traffic light, or a check that does not apply. */
export type CheckOutcome = "pass" | "warning" | "fail" | "not-checked";

export const CHECK_OUTCOME_LABELS: Record<CheckOutcome, string> = {
  pass: "Pass",
  warning: "Warning",
  fail: "Fail",
  "not-checked": "Not checked",
};

/**
 * A traffic light with its word beside it (colour is never the only sign):
 * green Pass, amber Warning, red Fail, grey Not checked.
 */
export function CheckStatus({ outcome }: { outcome: CheckOutcome }) {
  return (
    <span className="check-status" data-outcome={outcome}>
      <span className="check-light" aria-hidden="true" />
      {CHECK_OUTCOME_LABELS[outcome]}
    </span>
  );
}
