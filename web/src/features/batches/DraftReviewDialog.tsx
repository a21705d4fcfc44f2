import { Suspense, useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";
import { getArticle, LazyArticlePreviewModal } from "../articles/index";
import type { BatchDraft, DraftJob } from "./data/draftBatches";
import { languageHeld } from "./draftLanguage";
import { languageMismatchMessage } from "@contracts/locales";
import { useResource } from "../../lib/useResource";
import { approve, confirmLanguage, regenerate, reject } from "./batchesStore";

type DraftReviewDialogProps = {
  batchId: string;
  job: DraftJob;
  draft: BatchDraft;
  busy: boolean;
  onClose(): void;
};

type Question = "reject" | "regenerate";

const QUESTIONS: Record<Question, { title: string; message: string; confirm: string }> = {
  reject: {
    title: "Reject this draft?",
    message: "The draft is deleted. Its idea stays in the batch, and you can draft it again later.",
    confirm: "Reject and delete",
  },
  regenerate: {
    title: "Draft this idea again?",
    message: "This draft is deleted and the idea is drafted anew in the background (it counts as one idea of your bulk drafting limit).",
    confirm: "Draft again",
  },
};

/**
 * A batch's draft as it will read, with what the review decides: Approve
 * (when it waits for approval), Reject (deletes it), Draft again, or Edit.
 * Rejecting and drafting again ask first.
 */
export function DraftReviewDialog({ batchId, job, draft, busy, onClose }: DraftReviewDialogProps) {
  const article = useResource(() => getArticle(draft.id), [draft.id]);
  const [question, setQuestion] = useState<Question | null>(null);
  const waiting = draft.approvalRequired && !draft.approvedAt;
  const held = languageHeld(draft);

  const run = async (action: () => Promise<boolean>) => {
    setQuestion(null);
    if (await action()) onClose();
  };

  if (article.resource.status !== "ready" || !article.data) {
    const failed = article.resource.status === "failed" || (article.resource.status === "ready" && !article.data);
    return (
      <Modal
        title="Review draft"
        onClose={onClose}
        footer={
          <div className="modal-actions">
            <button type="button" className="secondary" onClick={onClose}>
              Close
            </button>
          </div>
        }
      >
        {failed ? (
          <p role="alert">
            This draft could not be loaded.{" "}
            <button type="button" className="secondary outline" onClick={article.reload}>
              Retry
            </button>
          </p>
        ) : (
          <Spinner label="Loading the draft…" />
        )}
      </Modal>
    );
  }

  const languageNotice = held && draft.languageFlag && (
    <p role="alert" className="draft-language-flag">
      {languageMismatchMessage({
        expected: draft.languageFlag.expected,
        detected: draft.languageFlag.detected ?? "und",
        mismatch: true,
      })}{" "}
      Confirm the language to approve it.
    </p>
  );

  const actions = (
    <>
      {languageNotice}
      <button type="button" className="secondary" disabled={busy} onClick={() => setQuestion("reject")}>
        Reject
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={() => setQuestion("regenerate")}>
        Draft again
      </button>
      <Link href={`/articles/edit/${draft.id}`} role="button" className="secondary">
        Edit
      </Link>
      {waiting && held && (
        <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirmLanguage(batchId, draft.id)}>
          Confirm the language
        </button>
      )}
      {waiting && (
        <button
          type="button"
          disabled={busy || held}
          aria-busy={busy || undefined}
          onClick={() => void run(() => approve(batchId, [draft.id]))}
        >
          Approve
        </button>
      )}
    </>
  );


  return (
    <>
      <Suspense fallback={null}>
        <LazyArticlePreviewModal article={article.data} title="Review draft" actions={actions} onClose={onClose} />
      </Suspense>
      {question && (
        <ConfirmDialog
          title={QUESTIONS[question].title}
          message={QUESTIONS[question].message}
          confirmLabel={QUESTIONS[question].confirm}
          onCancel={() => setQuestion(null)}
          onConfirm={() =>
            void run(() => (question === "reject" ? reject(batchId, draft.id) : regenerate(batchId, job.id)))}
        />
      )}
    </>
  );
}
