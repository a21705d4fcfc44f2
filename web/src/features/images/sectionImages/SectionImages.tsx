import { useEffect, useMemo, useRef, useState } from "react";
import {
  SECTION_HEADING_MAX_LENGTH,
  SECTION_IMAGES_MAX_SECTIONS,
  SECTION_TEXT_MAX_LENGTH,
} from "@contracts/section_images";
import { RequestFailure, type FixPlace } from "../../../backend/functionErrors";
import { TaskStatus, type RunningTask } from "../../../ui/TaskStatus";
import { illustrateSections, type SectionImageResult } from "../data/sectionImages";
import { bodySections, occurrenceOf, withSectionImage, type BodySection } from "./bodySections";
import "./section-images.css";

export type SectionImagesProps = {
  /** The article's HTML as it stands in the form. */
  content: string;
  /** Puts the HTML with the new images into the form (the editor shows it). */
  onContentChange(content: string): void;
  title: string;
  /** The article's assistant (its model plans the images, in its image style); null: the user's drafting model. */
  assistantId: string | null;
  /** The article's language, for the alt text; null: its assistant's, else English. */
  locale: string | null;
  /** Other AI work on the article is under way (a draft streaming in). */
  disabled?: boolean;
  /**
   * Raised (1, 2, …) to draw every missing image without a press: Create
   * raises it when a draft asked for with images in the body is written.
   * Each value is acted on once.
   */
  drawMissing?: number;
  /** Told when images start and stop being drawn (Create holds a Save pressed meanwhile until they are in). */
  onDrawingChange?(drawing: boolean): void;
};

type Target = { heading: string; occurrence: number; text: string };
const keyOf = (target: { heading: string; occurrence: number }) => `${target.occurrence}:${target.heading}`;

/**
 * "Images in the body": the article's sections (its H2s), each with the
 * image under its heading or none; one button draws every missing image at
 * once, and each section's image can be drawn again on its own. The images
 * land in the content where their section is when they arrive (the person
 * may keep writing meanwhile), and in the image library; failures are said
 * in place, per section.
 */
export default function SectionImages({
  content,
  onContentChange,
  title,
  assistantId,
  locale,
  disabled,
  drawMissing = 0,
  onDrawingChange,
}: SectionImagesProps) {
  const sections = useMemo(() => bodySections(content), [content]);
  const latest = useRef(content);
  latest.current = content;
  const [running, setRunning] = useState<(RunningTask & { keys: Set<string> }) | null>(null);
  const [failure, setFailure] = useState<{ message: string; fix?: FixPlace } | null>(null);
  const [sectionErrors, setSectionErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [done, setDone] = useState<string | undefined>();
  const abort = useRef<AbortController | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const drawing = running !== null;
  const reportDrawing = useRef(onDrawingChange);
  reportDrawing.current = onDrawingChange;
  useEffect(() => reportDrawing.current?.(drawing), [drawing]);
  // Leaving (the panel closed) stops the draw: nothing is being drawn any more.
  useEffect(() => () => reportDrawing.current?.(false), []);

  const missing = sections.flatMap((section, index) => (section.image ? [] : [index]));
  const batch = missing.slice(0, SECTION_IMAGES_MAX_SECTIONS);

  // A draft streaming in (or another AI edit) replaces the text: a draw under way stops, its images stay in the library.
  useEffect(() => {
    if (disabled) abort.current?.abort();
  }, [disabled]);

  const drawnFor = useRef(0);
  useEffect(() => {
    if (drawMissing <= drawnFor.current || disabled || running || batch.length === 0) return;
    drawnFor.current = drawMissing;
    void draw(batch);
    // Acts on a new request only; `draw` and `batch` are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawMissing, disabled, running]);

  async function draw(indexes: number[]) {
    const targets: Target[] = indexes.map((index) => ({
      heading: sections[index].heading,
      occurrence: occurrenceOf(sections, index),
      text: sections[index].text,
    }));
    const controller = new AbortController();
    abort.current = controller;
    const count = targets.length;
    setRunning({
      label: `Drawing ${count === 1 ? "1 image" : `${count} images`}…`,
      startedAt: Date.now(),
      keys: new Set(targets.map(keyOf)),
    });
    setFailure(null);
    setDone(undefined);
    setSectionErrors((errors) => new Map([...errors].filter(([key]) => !targets.some((target) => keyOf(target) === key))));
    let placed = 0;
    const moved: string[] = [];
    // Each image goes in as it arrives, into the text as it is by then.
    const place = (index: number, result: SectionImageResult) => {
      if (controller.signal.aborted) return;
      const target = targets[index];
      if (!result.ok) {
        setSectionErrors((current) => new Map([...current, [keyOf(target), result.message]]));
        return;
      }
      const next = withSectionImage(latest.current, target, { src: result.url, alt: result.alt });
      if (next === undefined) {
        moved.push(target.heading);
        return;
      }
      latest.current = next;
      placed += 1;
      onContentChange(next);
    };
    try {
      await illustrateSections(
        {
          title: title.trim(),
          assistantId,
          locale,
          // Cut as the function would: a long section must not make the request too large to be read.
          sections: targets.map(({ heading, text }) => ({
            heading: heading.slice(0, SECTION_HEADING_MAX_LENGTH),
            text: text.slice(0, SECTION_TEXT_MAX_LENGTH),
          })),
        },
        { signal: controller.signal, onResult: place },
      );
      if (controller.signal.aborted) return;
      setDone(
        [
          placed > 0 && `${placed === 1 ? "1 image" : `${placed} images`} placed under ${placed === 1 ? "its heading" : "their headings"}.`,
          moved.length > 0 &&
            `${moved.map((heading) => `“${heading}”`).join(", ")} changed while its image was drawn: the image is in your image library.`,
        ]
          .filter(Boolean)
          .join(" ") || undefined,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailure({
        message: error instanceof Error ? error.message : String(error),
        fix: error instanceof RequestFailure ? error.fix : undefined,
      });
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setRunning(null);
        // The button pressed may be gone (every section has its image): keep the keyboard in the panel.
        if (document.activeElement === document.body) list.current?.focus();
      }
    }
  }

  if (sections.length === 0) {
    return <p className="editor-panel-note">Add section headings (H2) to the content to put an image under each.</p>;
  }

  const busy = running !== null || disabled === true;
  return (
    <div className="section-images">
      <p className="editor-panel-note">
        One image under each section heading, in the assistant's image style, with alt text in the article's language.
        Each is kept in your image library.
      </p>
      <ol className="section-image-list" ref={list} tabIndex={-1} aria-label="Sections">
        {sections.map((section, index) => (
          <SectionRow
            key={`${index}:${section.heading}`}
            section={section}
            drawing={running?.keys.has(keyOf({ heading: section.heading, occurrence: occurrenceOf(sections, index) })) ?? false}
            error={sectionErrors.get(keyOf({ heading: section.heading, occurrence: occurrenceOf(sections, index) }))}
            disabled={busy}
            onDraw={() => void draw([index])}
          />
        ))}
      </ol>
      <TaskStatus
        running={running}
        hint="Every image is drawn at once: about as long as one."
        done={done}
        failure={failure}
        onDismiss={() => setFailure(null)}
      />
      {batch.length > 0 && (
        <button type="button" disabled={busy} aria-busy={running !== null || undefined} onClick={() => void draw(batch)}>
          {batch.length === 1 ? "Add an image to 1 section" : `Add images to ${batch.length} sections`}
        </button>
      )}
      {missing.length > batch.length && (
        <p className="editor-panel-note">
          Images are drawn for {SECTION_IMAGES_MAX_SECTIONS} sections at a time; press again for the rest.
        </p>
      )}
    </div>
  );
}

function SectionRow({
  section,
  drawing,
  error,
  disabled,
  onDraw,
}: {
  section: BodySection;
  drawing: boolean;
  error: string | undefined;
  disabled: boolean;
  onDraw(): void;
}) {
  const action = section.image ? "Regenerate" : "Generate";
  return (
    <li className="section-image-row" data-drawing={drawing || undefined}>
      <span className="section-image-heading">{section.heading}</span>
      {section.image ? (
        <img className="section-image-thumb" src={section.image.src} alt={section.image.alt} />
      ) : (
        <span className="section-image-none">{drawing ? "Drawing…" : "No image"}</span>
      )}
      <button
        type="button"
        className="secondary outline section-image-action"
        disabled={disabled}
        aria-label={`${action} image for “${section.heading}”`}
        onClick={onDraw}
      >
        {action}
      </button>
      {error && (
        <small className="section-image-error" role="alert">
          {error}
        </small>
      )}
    </li>
  );
}
