import { useEffect, useId, useState } from "react";
import { Link } from "wouter";
import { Spinner } from "../../ui/Spinner";
import { deleteAssistant, listAssistants, type Assistant } from "./data/assistants";
import { notifyError, notifySuccess } from "../../lib/notify";
import "./assistants.css";

export const DELETE_ASSISTANT_CONFIRMATION =
  "Are you sure you want to delete this assistant? Articles it wrote are kept.";

type AssistantsLoad = { state: "loading" } | { state: "failed" } | { state: "ready"; assistants: Assistant[] };

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
  const [load, setLoad] = useState<AssistantsLoad>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let current = true;
    setLoad({ state: "loading" });
    listAssistants()
      .then((assistants) => current && setLoad({ state: "ready", assistants }))
      .catch(() => {
        if (!current) return;
        notifyError("Failed to load assistants");
        setLoad({ state: "failed" });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const setDeleting = (id: string, deleting: boolean) =>
    setDeletingIds((ids) => {
      const next = new Set(ids);
      if (deleting) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async (assistant: Assistant) => {
    if (deletingIds.has(assistant.id) || !window.confirm(DELETE_ASSISTANT_CONFIRMATION)) return;
    setDeleting(assistant.id, true);
    try {
      await deleteAssistant(assistant.id);
      setLoad((previous) =>
        previous.state === "ready"
          ? { state: "ready", assistants: previous.assistants.filter(({ id }) => id !== assistant.id) }
          : previous,
      );
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
      <section aria-label="Your assistants" aria-busy={load.state === "loading"}>
        {load.state === "loading" && <Spinner label="Loading assistants…" />}
        {load.state === "failed" && (
          <p>
            Your assistants could not be loaded.{" "}
            <button type="button" className="secondary outline" onClick={() => setAttempt((count) => count + 1)}>
              Retry
            </button>
          </p>
        )}
        {load.state === "ready" && load.assistants.length === 0 && (
          <div className="assistants-empty">
            <h2>No assistants yet</h2>
            <p>Create one to write articles with AI.</p>
          </div>
        )}
        {load.state === "ready" && load.assistants.length > 0 && (
          <ul className="assistant-list">
            {load.assistants.map((assistant) => (
              <li key={assistant.id}>
                <AssistantItem
                  assistant={assistant}
                  deleting={deletingIds.has(assistant.id)}
                  onDelete={() => void remove(assistant)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
