import { useId, useMemo, type ReactNode } from "react";
import { countWords } from "./wordCount";

type EditorSidePanelProps = {
  /** The article's HTML as typed: its words are counted live. */
  content: string;
  /** Status and schedule (with target sites). */
  publishing: ReactNode;
  featuredImage: ReactNode;
  /** Images under the article's section headings. */
  bodyImages: ReactNode;
};

/**
 * Beside the form on a wide screen (a section after it on a phone): where
 * the article stands (status, schedule and its sites), its featured image,
 * the images under its sections, and how long it is.
 */
export function EditorSidePanel({ content, publishing, featuredImage, bodyImages }: EditorSidePanelProps) {
  const headingId = useId();
  const words = useMemo(() => countWords(content), [content]);
  return (
    <aside className="editor-side-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Post Settings</h2>
      <section className="editor-panel-section">{publishing}</section>
      <section className="editor-panel-section" aria-label="Featured Image">
        <h3>Featured Image</h3>
        {featuredImage}
      </section>
      <section className="editor-panel-section" aria-label="Images in the body">
        <h3>Images in the body</h3>
        {bodyImages}
      </section>
      <p className="editor-word-count">
        Word count: <strong>{words.toLocaleString("en-US")}</strong>
      </p>
    </aside>
  );
}

/** An article's featured image in the panel: the picture, or that there is none yet. */
export function FeaturedImagePreview({ url }: { url: string | null }) {
  return url ? (
    <img className="editor-featured-image" src={url} alt="The article's featured image" />
  ) : (
    <p className="editor-panel-note">No featured image yet.</p>
  );
}
