import { useId, useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Spinner } from "../../ui/Spinner";
import { deleteAssistant, listAssistants, type Assistant } from "./data/assistants";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useResource } from "../../lib/useResource";
import "./assistants.css";

export const DELETE_ASSISTANT_CONFIRMATION =
  "Are you sure you want to delete this assistant? Articles it wrote are kept.";


function AssistantItem({ assistant, deleting, onDelete }: { assistant: Assistant; deleting: boolean; onDelete(): void }) {
  const nameId = useId();
  return (
    <article className="assistant-card" aria-labelledby={nameId}>
      <div>
        <h2 id={nameId}>{assistant.name}</h2>
        <p>{assistant.description || "No description available"}</p>
        <small>Model: {assistant.model ?? "your drafting model"}</small>
      </div>
      <div className="assistant-actions">
        <Link href={`/assistants/${assistant.id}`} role="button" className="secondary outline" aria-describedby={nameId}>
          Edit
        </Link>
        <button
          type="button"
          className="secondary outline"
          disabled={deleting}
          aria-busy={deleting || undefined}
          aria-describedby={nameId}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </article>
  );
}

/** The user's writing assistants, offered under Choose Assistant when drafting with AI. */
export default function AssistantsPage() {
  const load = useResource(() => listAssistants(), [], { onError: () => notifyError("Failed to load assistants") });
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());
  const [confirmingDelete, setConfirmingDelete] = useState<Assistant | null>(null);

  const setDeleting = (id: string, deleting: boolean) =>
    setDeletingIds((ids) => {
      const next = new Set(ids);
      if (deleting) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async (assistant: Assistant) => {
    setConfirmingDelete(null);
    if (deletingIds.has(assistant.id)) return;
    setDeleting(assistant.id, true);
    try {
      await deleteAssistant(assistant.id);
      load.setData((assistants) => assistants.filter(({ id }) => id !== assistant.id));
      notifySuccess("Assistant deleted successfully");
    } catch {
      notifyError("Failed to delete assistant");
    } finally {
      setDeleting(assistant.id, false);
    }
  };

  return (
    <>
      <header className="assistants-header">
        <hgroup>
          <h1>Assistants</h1>
          <p>Each assistant writes AI drafts by its own instructions. Choose one when you create a post.</p>
        </hgroup>
        <Link href="/assistants/new" role="button">
          New Assistant
        </Link>
      </header>
      <section aria-label="Your assistants" aria-busy={load.resource.status === "loading"}>
        {load.resource.status === "loading" && <Spinner label="Loading assistants…" />}
        {load.resource.status === "failed" && (
          <p>
            Your assistants could not be loaded.{" "}
            <button type="button" className="secondary outline" onClick={load.reload}>
              Retry
            </button>
          </p>
        )}
        {load.resource.status === "ready" && load.resource.data.length === 0 && (
          <div className="assistants-empty">
            <h2>No assistants yet</h2>
            <p>Create one to write articles with AI.</p>
          </div>
        )}
        {load.resource.status === "ready" && load.resource.data.length > 0 && (
          <ul className="assistant-list">
            {load.resource.data.map((assistant) => (
              <li key={assistant.id}>
                <AssistantItem
                  assistant={assistant}
                  deleting={deletingIds.has(assistant.id)}
                  onDelete={() => setConfirmingDelete(assistant)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {confirmingDelete && (
        <ConfirmDialog
          title={`Delete ${confirmingDelete.name}?`}
          message={DELETE_ASSISTANT_CONFIRMATION}
          confirmLabel="Delete"
          onCancel={() => setConfirmingDelete(null)}
          onConfirm={() => void remove(confirmingDelete)}
        />
      )}
    </>
  );
}
