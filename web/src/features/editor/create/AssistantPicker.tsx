import { useId, type ChangeEvent } from "react";
import { Link } from "wouter";
import type { AssistantSummary } from "../../assistants/index";
import type { Resource } from "../../../lib/useResource";

type AssistantPickerProps = {
  load: Resource<AssistantSummary[]>;
  name: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange(event: ChangeEvent<HTMLSelectElement>): void;
  onRetry(): void;
};

/** Choose Assistant: each option shows the assistant's name and description. */
export function AssistantPicker({ load, name, value, error, disabled, onChange, onRetry }: AssistantPickerProps) {
  const id = useId();
  const noteId = `${id}-note`;

  if (load.status === "ready" && load.data.length === 0) {
    return (
      <p className="assistant-note">
        <strong>Choose Assistant: </strong>
        No assistants available. Create one in <Link href="/assistants/new">Assistants</Link>.
      </p>
    );
  }
  if (load.status === "failed") {
    return (
      <p className="assistant-note">
        <strong>Choose Assistant: </strong>
        Your assistants could not be loaded.{" "}
        <button type="button" className="secondary outline" onClick={onRetry}>
          Retry
        </button>
      </p>
    );
  }

  const loading = load.status === "loading";
  return (
    <>
      <label htmlFor={id}>Choose Assistant</label>
      <span className="select-control">
        <select
          id={id}
          name={name}
          value={value}
          disabled={loading || disabled}
          aria-busy={loading || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
          onChange={onChange}
        >
          {loading ? (
            <option value="">Loading assistants...</option>
          ) : (
            <>
              <option value="">Select an assistant</option>
              {load.data?.map((assistant) => (
                <option key={assistant.id} value={assistant.id}>
                  {`${assistant.name} — ${assistant.description}`}
                </option>
              ))}
            </>
          )}
        </select>
      </span>
      <small id={noteId}>
        {error ?? "The assistant's instructions shape the article."}{" "}
        <Link href="/assistants">Manage assistants</Link>
      </small>
    </>
  );
}
