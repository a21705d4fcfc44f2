import type { DraftBatchSummary } from "./data/draftBatches";

/** "Drafting…", "Done", "Cancelled": where the batch as a whole stands. */
export function batchState(batch: Pick<DraftBatchSummary, "progress" | "cancelledAt">): string {
  const { queued, drafting } = batch.progress;
  if (queued + drafting > 0) return batch.cancelledAt ? "Cancelling…" : "Drafting…";
  return batch.cancelledAt ? "Cancelled" : "Done";
}

/** The batch's progress bar and its counts in words. */
export function BatchProgress({ batch }: { batch: Pick<DraftBatchSummary, "progress" | "cancelledAt" | "name"> }) {
  const { queued, drafting, done, failed, cancelled, total } = batch.progress;
  const counts = [
    `${done} of ${total} drafted`,
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
