import type { StepProgress, StepState } from "./publishProgress";

const STATE_TEXT: Record<StepState, string> = {
  pending: "waiting",
  active: "in progress",
  done: "done",
  skipped: "skipped",
  failed: "failed",
  unknown: "outcome unknown",
};

const STATE_MARK: Record<StepState, string> = {
  pending: "○",
  active: "",
  done: "✓",
  skipped: "–",
  failed: "✗",
  unknown: "?",
};

/** The server's publish steps, each in the state its events put it in (see publishProgress). */
export function PublishSteps({ steps }: { steps: StepProgress[] }) {
  return (
    <ol className="publish-steps" aria-label="Publishing progress">
      {steps.map((step) => (
        <li key={step.id} data-state={step.state} aria-busy={step.state === "active" || undefined}>
          <span aria-hidden="true" className="publish-step-mark">
            {STATE_MARK[step.state]}
          </span>
          <span>
            {step.label}
            {step.state === "skipped" ? (
              <span className="publish-step-note"> — skipped: {step.note ?? "does not apply"}</span>
            ) : (
              <span className="visually-hidden"> ({STATE_TEXT[step.state]})</span>
            )}
            {step.state === "failed" && step.note && <span className="publish-step-note"> — {step.note}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
