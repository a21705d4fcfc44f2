import { useState } from "react";
import { Modal } from "../../ui/Modal";
import { OutlineEditor, type OutlineError, outlineItem, type OutlineItem, outlineRequest } from "../editor/index";
import type { DraftJob } from "./data/draftBatches";
import { approveOutline } from "./batchesStore";

type OutlineReviewDialogProps = {
  batchId: string;
  job: DraftJob;
  busy: boolean;
  onClose(): void;
};

/**
 * One idea's outline under review (a batch with outline review): the
 * proposed headings in Create's outline editor, to edit, reorder, remove or
 * add to; Approve and draft queues the idea to be drafted following them.
 * Headings that cannot be sent (an empty one) are named, and nothing is sent.
 */
export function OutlineReviewDialog({ batchId, job, busy, onClose }: OutlineReviewDialogProps) {
  const [items, setItems] = useState<OutlineItem[]>(() => (job.outline ?? []).map((heading) => outlineItem(heading)));
  const [error, setError] = useState<OutlineError | undefined>();

  const submit = async () => {
    const request = outlineRequest(items);
    if ("error" in request) {
      setError(request.error);
      return;
    }
    setError(undefined);
    if (await approveOutline(batchId, job.id, request.headings)) onClose();
  };

  return (
    <Modal
      title="Review outline"
      onClose={onClose}
      busy={busy}
      footer={
        <div className="modal-actions">
          <button type="button" className="secondary" disabled={busy} onClick={onClose}>
            Close
          </button>
          <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void submit()}>
            Approve and draft
          </button>
        </div>
      }
    >
      <p>
        Idea: <strong>{job.idea}</strong>
      </p>
      <OutlineEditor
        items={items}
        error={error}
        disabled={busy}
        onChange={(next) => {
          setItems(next);
          if (error) setError(undefined);
        }}
      />
    </Modal>
  );
}
