import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Modal } from "../../../ui/Modal";
import { Spinner } from "../../../ui/Spinner";
import {
  getArticleRevision,
  listArticleRevisions,
  restoreArticleRevision,
  REVISION_NOT_FOUND,
  REVISIONS_KEPT,
  type Revision,
  type RevisionSource,
  type RevisionState,
  type RevisionSummary,
} from "../data/articleRevisions";
import type { Article } from "../../articles/index";
import { formatDateTime } from "../../../lib/dates";
import { notifySuccess } from "../../../lib/notify";
import { compareRevision, type ComparedText } from "./revisionDiff";
import { TextDiff } from "./TextDiff";
import "./revision-history.css";

export type RevisionHistoryProps = {
  articleId: string;
  /** What the form holds now: the revisions are compared with it. */
  current: ComparedText;
  /** The form has changes not saved yet: Restore asks before replacing them. */
  unsaved: boolean;
  /** The revision was restored: the saved article, with the restored text. */
  onRestored(article: Article): void;
  onClose(): void;
};

const SOURCE_LABELS: Record<RevisionSource, string> = {
  manual: "Saved",
  // A generated draft or an accepted AI suggestion on a selection: both are kept as an "ai" revision.
  ai: "AI text",
  restore: "Restored",
};

type Load<T> = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; value: T };

const LIST_FAILED = "Failed to load the history";
const REVISION_FAILED = "Failed to load this revision";
const RESTORE_FAILED = "Failed to restore this revision";

function RevisionDiff({ revision, current }: { revision: Revision; current: ComparedText }) {
  const diffs = useMemo(() => compareRevision(revision, current), [revision, current]);
  if (diffs.length === 0) {
    return <p className="revision-same">This revision reads the same as the current text.</p>;
  }
  return (
    <TextDiff
      diffs={diffs}
      legend={
        <>
          <del>Struck out</del>: in this revision, not in the current text. <ins>Highlighted</ins>: in the current
          text, not in this revision.
        </>
      }
    />
  );
}

const STATUS_LABELS: Record<string, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

/** What a restore does to the article's status and schedule (and what else it brings back). */
function RevisionStateNote({ state }: { state: RevisionState | null }) {
  if (!state) {
    return (
      <p className="revision-state">
        This revision kept no status or schedule: restoring it keeps the article's status, schedule, featured image and
        assistant as they are now.
      </p>
    );
  }
  const status = STATUS_LABELS[state.status] ?? state.status;
  const sites = state.scheduledSiteIds.length === 1 ? "1 site" : `${state.scheduledSiteIds.length} sites`;
  const passed = state.status === "scheduled" && state.scheduledFor !== null && state.scheduledFor <= new Date();
  return (
    <p className="revision-state">
      Restoring also brings back its status:{" "}
      <strong>
        {state.status === "scheduled" && state.scheduledFor
          ? `Scheduled for ${formatDateTime(state.scheduledFor)} to ${sites}${state.scheduledPostStatus === "draft" ? " (as drafts)" : ""}`
          : status}
      </strong>
      {passed && " (that time has passed, so it comes back as a draft)"}, its featured image and its assistant.
    </p>
  );
}

/**
 * History: the article's revisions, newest first, with the time and source
 * of each; the one chosen is compared with what the form holds now, and can
 * be restored (a new revision; the form is replaced by the saved article).
 * With unsaved changes in the form, Restore asks first.
 */
export function RevisionHistory({ articleId, current, unsaved, onRestored, onClose }: RevisionHistoryProps) {
  const [list, setList] = useState<Load<RevisionSummary[]>>({ state: "loading" });
  const [listAttempt, setListAttempt] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Load<Revision>>({ state: "loading" });
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState("");
  const confirmRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const comparisonId = useId();
  const listLabelId = useId();

  useEffect(() => {
    let live = true;
    setList({ state: "loading" });
    listArticleRevisions(articleId)
      .then((revisions) => {
        if (!live) return;
        setList({ state: "ready", value: revisions });
        setSelectedId((id) => id ?? revisions[0]?.id ?? null);
      })
      .catch(() => live && setList({ state: "failed", message: LIST_FAILED }));
    return () => {
      live = false;
    };
  }, [articleId, listAttempt]);

  useEffect(() => {
    if (selectedId === null) return;
    let live = true;
    setSelected({ state: "loading" });
    setConfirming(false);
    setRestoreError("");
    getArticleRevision(articleId, selectedId)
      .then((revision) =>
        live &&
        setSelected(revision ? { state: "ready", value: revision } : { state: "failed", message: REVISION_NOT_FOUND }),
      )
      .catch(() => live && setSelected({ state: "failed", message: REVISION_FAILED }));
    return () => {
      live = false;
    };
  }, [articleId, selectedId]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const revisions = list.state === "ready" ? list.value : [];
  const timeOf = (id: number | null) => {
    const revision = revisions.find((candidate) => candidate.id === id);
    return revision ? formatDateTime(revision.createdAt, { seconds: true }) : null;
  };

  const restore = async () => {
    if (selected.state !== "ready" || restoring) return;
    setRestoring(true);
    setRestoreError("");
    try {
      const article = await restoreArticleRevision(articleId, selected.value.id);
      notifySuccess("Revision restored");
      onRestored(article);
    } catch (error) {
      setRestoring(false);
      setConfirming(false);
      setRestoreError(error instanceof Error && error.message ? `${RESTORE_FAILED}: ${error.message}` : RESTORE_FAILED);
      restoreRef.current?.focus();
    }
  };

  const footer =
    selected.state !== "ready" ? (
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
    ) : confirming ? (
      <div className="revision-confirm" role="group" aria-labelledby={`${comparisonId}-confirm`}>
        <p id={`${comparisonId}-confirm`}>
          Your unsaved changes will be replaced by this revision. Restore it anyway?
        </p>
        <div className="modal-actions">
          <button type="button" className="secondary" disabled={restoring} onClick={() => setConfirming(false)}>
            Keep editing
          </button>
          <button ref={confirmRef} type="button" aria-busy={restoring || undefined} disabled={restoring} onClick={restore}>
            {restoring ? "Restoring..." : "Restore anyway"}
          </button>
        </div>
      </div>
    ) : (
      <div className="modal-actions">
        <button type="button" className="secondary" disabled={restoring} onClick={onClose}>
          Close
        </button>
        <button
          ref={restoreRef}
          type="button"
          aria-busy={restoring || undefined}
          disabled={restoring}
          onClick={() => (unsaved ? setConfirming(true) : void restore())}
        >
          {restoring ? "Restoring..." : "Restore this revision"}
        </button>
      </div>
    );

  return (
    <Modal title="History" onClose={onClose} busy={restoring} footer={footer}>
      <div className="revision-history">
        {list.state === "loading" && <Spinner label="Loading history…" />}
        {list.state === "failed" && (
          <div role="alert">
            <p>{list.message}</p>
            <button type="button" className="secondary" onClick={() => setListAttempt((count) => count + 1)}>
              Retry
            </button>
          </div>
        )}
        {list.state === "ready" && revisions.length === 0 && <p>No revisions yet: one is kept each time you save.</p>}
        {list.state === "ready" && revisions.length > 0 && (
          <>
            <nav className="revision-list" aria-labelledby={listLabelId}>
              <p id={listLabelId} className="revision-list-label">
                Revisions, newest first (the last {REVISIONS_KEPT} are kept)
              </p>
              <ol>
                {revisions.map((revision) => {
                  const restoredFrom = revision.source === "restore" ? timeOf(revision.restoredFrom) : null;
                  return (
                    <li key={revision.id}>
                      <button
                        type="button"
                        className="revision-choice"
                        aria-pressed={revision.id === selectedId}
                        aria-controls={comparisonId}
                        onClick={() => setSelectedId(revision.id)}
                      >
                        <time dateTime={revision.createdAt.toISOString()}>{formatDateTime(revision.createdAt, { seconds: true })}</time>
                        <span className={`revision-source revision-source-${revision.source}`}>
                          {SOURCE_LABELS[revision.source]}
                          {restoredFrom && ` (from ${restoredFrom})`}
                        </span>
                        <span className="revision-title">{revision.title}</span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </nav>
            <section id={comparisonId} className="revision-comparison" aria-labelledby={`${comparisonId}-heading`}>
              <h3 id={`${comparisonId}-heading`}>
                {selected.state === "ready"
                  ? `Compared with the current text: ${SOURCE_LABELS[selected.value.source]}, ${formatDateTime(selected.value.createdAt, { seconds: true })}`
                  : "Compared with the current text"}
              </h3>
              {selected.state === "loading" && <Spinner label="Loading revision…" />}
              {selected.state === "failed" && <p role="alert">{selected.message}</p>}
              {selected.state === "ready" && (
                <>
                  <RevisionDiff revision={selected.value} current={current} />
                  <RevisionStateNote state={selected.value.state} />
                </>
              )}
              {restoreError && (
                <p role="alert" className="revision-restore-error">
                  {restoreError}
                </p>
              )}
            </section>
          </>
        )}
      </div>
    </Modal>
  );
}
