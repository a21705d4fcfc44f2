import { useId, useMemo, useState } from "react";
import { Modal } from "../../../ui/Modal";
import { formatDateTime } from "../../../lib/dates";
import type { Article } from "../../articles/index";
import { compareRevision } from "./revisionDiff";
import { TextDiff } from "./TextDiff";
import { changedHere, copiedText, FIELD_LABELS, type FormState, stateChanges, type StateChange } from "./saveConflict";
import "./save-conflict.css";

export type SaveConflictDialogProps = {
  /** The article as the form opened it. */
  base: Article;
  /** The article as it is now, changed elsewhere. */
  current: Article;
  /** The form as it was opened, and as it is now. */
  initial: FormState;
  mine: FormState;
  /** Names of the user's sites, for the target sites (ids of sites since removed show as "a removed site"). */
  siteNames: ReadonlyMap<string, string>;
  /** Saving mine over theirs is under way. */
  saving: boolean;
  onReload(): void;
  onOverwrite(): void;
  onClose(): void;
};

const STATUS_LABELS: Readonly<Record<string, string>> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };
const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

function siteList(ids: readonly string[], names: ReadonlyMap<string, string>): string {
  return ids.length === 0 ? "none" : ids.map((id) => names.get(id) ?? "a removed site").join(", ");
}

function StateChangeItem({ change, siteNames }: { change: StateChange; siteNames: ReadonlyMap<string, string> }) {
  switch (change.kind) {
    case "status":
      return (
        <li>
          Status: {statusLabel(change.before)} → <strong>{statusLabel(change.after)}</strong>
        </li>
      );
    case "schedule":
      return (
        <li>
          Schedule: {change.before ? formatDateTime(change.before) : "none"} →{" "}
          <strong>{change.after ? formatDateTime(change.after) : "none"}</strong>
        </li>
      );
    case "sites":
      return (
        <li>
          Target sites: {siteList(change.before, siteNames)} → <strong>{siteList(change.after, siteNames)}</strong>
        </li>
      );
    case "featuredImage":
      return (
        <li>
          Featured image: {change.after ? (change.before ? "replaced" : "added") : "removed"}
        </li>
      );
    case "assistant":
      return <li>Assistant: changed</li>;
  }
}

/**
 * Shown when a save was refused because the article changed elsewhere since
 * the form was opened: what changed there (text as a diff, status, schedule,
 * target sites, featured image, assistant) and what the person changed
 * here, with three ways on: reload theirs (this form's changes stay offered
 * as the unsaved draft), save mine over theirs (only the fields changed here
 * replace theirs), or copy my text to take it elsewhere. Nothing was saved.
 */
export function SaveConflictDialog(props: SaveConflictDialogProps) {
  const { base, current, initial, mine, siteNames, saving } = props;
  const [copied, setCopied] = useState<"" | "copied" | "failed">("");
  const elsewhereId = useId();
  const hereId = useId();
  const textDiffs = useMemo(() => compareRevision(base, current), [base, current]);
  const states = useMemo(() => stateChanges(base, current), [base, current]);
  const mineChanged = useMemo(() => changedHere(initial, mine), [initial, mine]);

  const copy = async () => {
    const { plain, html } = copiedText(mine.values);
    try {
      if (typeof ClipboardItem === "function" && navigator.clipboard?.write) {
        await navigator.clipboard.write([
          new ClipboardItem({
            "text/plain": new Blob([plain], { type: "text/plain" }),
            "text/html": new Blob([html], { type: "text/html" }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(plain);
      }
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };

  const footer = (
    <div className="modal-actions">
      <button type="button" className="secondary" disabled={saving} onClick={props.onReload}>
        Reload their version
      </button>
      <button type="button" className="secondary" disabled={saving} onClick={() => void copy()}>
        Copy my text
      </button>
      <button type="button" aria-busy={saving || undefined} disabled={saving} onClick={props.onOverwrite}>
        {saving ? "Saving..." : "Save mine over theirs"}
      </button>
    </div>
  );

  return (
    <Modal title="This article was changed elsewhere" onClose={props.onClose} busy={saving} footer={footer}>
      <div className="save-conflict">
        <p>
          Since you opened it, this article was saved or changed somewhere else: in another tab or on another device,
          by the scheduler or by a drip rule. <strong>Nothing of yours was saved yet.</strong>
        </p>
        <section aria-labelledby={elsewhereId}>
          <h3 id={elsewhereId}>Changed elsewhere</h3>
          {states.length > 0 && (
            <ul className="conflict-states">
              {states.map((change) => (
                <StateChangeItem key={change.kind} change={change} siteNames={siteNames} />
              ))}
            </ul>
          )}
          {textDiffs.length > 0 && (
            <TextDiff
              diffs={textDiffs}
              legend={
                <>
                  <del>Struck out</del>: as you opened it. <ins>Highlighted</ins>: as it is now.
                </>
              }
            />
          )}
          {states.length === 0 && textDiffs.length === 0 && <p>Nothing you can see here: only its bookkeeping changed.</p>}
        </section>
        <section aria-labelledby={hereId}>
          <h3 id={hereId}>Changed here</h3>
          <p>
            {mineChanged.length > 0
              ? mineChanged.map((field) => FIELD_LABELS[field]).join(", ")
              : "Nothing: this form holds the article as you opened it."}
          </p>
          <p className="conflict-note">
            <strong>Save mine over theirs</strong> saves only what you changed here; everything else stays as it is now
            {states.some((change) => change.kind === "status" || change.kind === "schedule")
              ? mineChanged.includes("schedule")
                ? ". You changed the status or schedule here too, so yours replaces theirs."
                : ", their status and schedule included."
              : "."}{" "}
            <strong>Reload their version</strong> shows the article as it is now; your changes stay offered as an
            unsaved draft.
          </p>
          <p role="status" className="conflict-copied">
            {copied === "copied" && "Your title and content are copied."}
            {copied === "failed" && "Copying was not allowed by the browser: select the text in the form instead."}
          </p>
        </section>
      </div>
    </Modal>
  );
}
