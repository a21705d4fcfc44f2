import type { StepProgress, StepState } from "./publishProgress";

const STATE_TEXT: Record<StepState, string> = {
  pending: "waiting",
  active: "in progress",
  done: "done",
  skipped: "skipped",
  failed: "failed",
  unknown: "outcome unknown",
};

/** The server's publish steps, each in the state its events put it in (see publishProgress). */
export function PublishSteps({ steps }: { steps: StepProgress[] }) {
  return (
    <ol className="publish-steps" aria-label="Publishing progress">
      {steps.map((step) => (
        <li key={step.id} data-state={step.state} aria-busy={step.state === "active" || undefined}>
          {/* The mark is drawn by publishing.css from data-state: a symbol in the text is one axe cannot weigh for contrast. */}
          <span aria-hidden="true" className="publish-step-mark" />
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
