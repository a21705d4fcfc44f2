import type { StepProgress, StepState } from "./publishProgress";

const STATE_TEXT: Record<StepState, string> = {
  pending: "waiting",
  active: "in progress",
  done: "done",
  skipped: "skipped",
  failed: "failed",
};

const STATE_MARK: Record<StepState, string> = { pending: "○", active: "", done: "✓", skipped: "–", failed: "✗" };

/** The server's publish steps with where the publish is (see publishProgress). */
export function PublishSteps({ steps }: { steps: StepProgress[] }) {
  return (
    <ol className="publish-steps" aria-label="Publishing progress">
      {steps.map((step) => (
        <li key={step.id} data-state={step.state} aria-busy={step.state === "active" || undefined}>
          <span aria-hidden="true" className="publish-step-mark">
            {STATE_MARK[step.state]}
          </span>
          {step.label}
          <span className="visually-hidden"> ({STATE_TEXT[step.state]})</span>
        </li>
      ))}
    </ol>
  );
}
