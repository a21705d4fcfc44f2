import "./ReadingNotes.css";

/**
 * Notes on what could not be read from a model's answer and was left out or
 * shown as N/A: collapsed, below the results, so they inform without
 * getting in the way. Nothing when there are none.
 */
export function ReadingNotes({ notes, summary }: { notes: readonly string[]; summary: string }) {
  if (notes.length === 0) return null;
  return (
    <details className="reading-notes">
      <summary>
        {summary} ({notes.length})
      </summary>
      <ul>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </details>
  );
}
