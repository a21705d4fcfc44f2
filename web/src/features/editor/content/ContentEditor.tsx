import { Component, lazy, Suspense, useId, type ReactNode } from "react";
import type { ContentFieldProps } from "./contentField";

/** The visual editor and its dependencies (TipTap, ProseMirror) are a chunk of their own, loaded by the screens that edit articles. */
const RichTextEditor = lazy(() => import("./RichTextEditor"));

/**
 * A plain HTML textarea in the editor's place: while the editor loads
 * (read-only, busy), and for good if it cannot be loaded (offline, or a
 * deploy replaced the chunk), so the article can still be written.
 */
function HtmlTextarea({ label, name, value, error, help, readOnly, onChange, loading, note }: ContentFieldProps & { loading: boolean; note: string }) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="content-editor">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        className="html-input"
        rows={16}
        value={value}
        readOnly={loading || readOnly}
        aria-busy={loading || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        onChange={(event) => onChange(event.target.value)}
      />
      <small id={noteId}>{error ?? (help ? `${help} ${note}` : note)}</small>
    </div>
  );
}

class EditorLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The Content field of the article forms: the visual editor, with a textarea until it has loaded. */
export function ContentEditor(props: ContentFieldProps) {
  return (
    <EditorLoadBoundary
      fallback={<HtmlTextarea {...props} loading={false} note="The visual editor could not be loaded: edit the HTML here." />}
    >
      <Suspense fallback={<HtmlTextarea {...props} loading note="Loading the editor…" />}>
        <RichTextEditor {...props} />
      </Suspense>
    </EditorLoadBoundary>
  );
}
