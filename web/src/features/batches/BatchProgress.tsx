import type { DraftBatchSummary } from "./data/draftBatches";

/** "Drafting…", "Outlines to review", "Done", "Cancelled": where the batch as a whole stands. */
export function batchState(batch: Pick<DraftBatchSummary, "progress" | "cancelledAt">): string {
  const { queued, drafting, outline_ready: outlines } = batch.progress;
  if (queued + drafting > 0) return batch.cancelledAt ? "Cancelling…" : "Drafting…";
  if (outlines > 0) return "Outlines to review";
  return batch.cancelledAt ? "Cancelled" : "Done";
}

/** The batch's progress bar and its counts in words. */
export function BatchProgress({ batch }: { batch: Pick<DraftBatchSummary, "progress" | "cancelledAt" | "name"> }) {
  const { queued, drafting, outline_ready: outlines, done, failed, cancelled, total } = batch.progress;
  const counts = [
    `${done} of ${total} drafted`,
    outlines ? `${outlines} ${outlines === 1 ? "outline" : "outlines"} to review` : "",
    drafting ? `${drafting} drafting` : "",
    queued ? `${queued} queued` : "",
    failed ? `${failed} failed` : "",
    cancelled ? `${cancelled} cancelled` : "",
  ].filter(Boolean);
  return (
    <div className="batch-progress">
      <progress value={done + failed + cancelled} max={Math.max(total, 1)} aria-label={`Progress of ${batch.name}`} />
      <p>
        <strong>{batchState(batch)}</strong> {counts.join(" · ")}
      </p>
    </div>
  );
}
