import { useEffect, useRef, useState } from "react";
import { OUTLINE_HEADING_MAX_LENGTH, OUTLINE_MAX_HEADINGS } from "@contracts/outline";
import { outlineItem, type OutlineError, type OutlineItem } from "./outline";
import "./outline-editor.css";

type OutlineEditorProps = {
  items: OutlineItem[];
  /** The first heading that cannot be sent, and why (outlineRequest); it is focused when reported. */
  error?: OutlineError;
  disabled: boolean;
  onChange(items: OutlineItem[]): void;
  /** Offers Discard outline (Create's outline step); without it, none. */
  onDiscard?(): void;
};

type Action = "up" | "down" | "remove" | "input";

/**
 * The outline step of Create with AI (and of a bulk idea's outline review): the proposed headings, each editable,
 * movable up and down, and removable, plus Add heading. Every control is a
 * native input or button (keyboard-operable), named by its visible text and
 * then the heading it acts on (WCAG 2.5.3); after a move, focus follows
 * the heading it moved, and a status line says where it went, so a person
 * using a keyboard or screen reader keeps their place.
 */
export function OutlineEditor({ items, error, disabled, onChange, onDiscard }: OutlineEditorProps) {
  const controls = useRef(new Map<string, HTMLElement>());
  const [announcement, setAnnouncement] = useState("");
  // The control to focus once the list has re-rendered.
  const [focusNext, setFocusNext] = useState<{ id: string; action: Action } | null>(null);

  // A heading that cannot be sent takes the keyboard, each time it is reported.
  useEffect(() => {
    if (error) controls.current.get(`${error.id}:input`)?.focus();
  }, [error]);

  useEffect(() => {
    if (focusNext) {
      controls.current.get(`${focusNext.id}:${focusNext.action}`)?.focus();
      setFocusNext(null);
    }
  }, [focusNext, items]);

  const register = (id: string, action: Action) => (element: HTMLElement | null) => {
    if (element) controls.current.set(`${id}:${action}`, element);
    else controls.current.delete(`${id}:${action}`);
  };

  const label = (item: OutlineItem, index: number) => item.text.trim() || `heading ${index + 1}`;

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const next = [...items];
    [next[index], next[target]] = [next[target], next[index]];
    onChange(next);
    const moved = next[target];
    // At either end the button just pressed is disabled: focus its opposite.
    const atEnd = by === -1 ? target === 0 : target === next.length - 1;
    setFocusNext({ id: moved.id, action: atEnd ? (by === -1 ? "down" : "up") : by === -1 ? "up" : "down" });
    setAnnouncement(`Moved “${label(moved, target)}” to position ${target + 1} of ${next.length}.`);
  };

  /** A new, empty heading at the end, focused, ready to be typed. */
  const add = () => {
    const added = outlineItem("");
    onChange([...items, added]);
    setFocusNext({ id: added.id, action: "input" });
  };

  const remove = (index: number) => {
    const removed = items[index];
    const next = items.filter((_, position) => position !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocusNext({ id: neighbour.id, action: "input" });
    setAnnouncement(`Removed “${label(removed, index)}”.`);
  };

  return (
    <fieldset className="outline-editor">
      <legend>Outline</legend>
      <p className="outline-help">
        The draft uses these headings as its sections, in this order. Edit, reorder or remove them, or add your own.
      </p>
      <ol>
        {items.map((item, index) => {
          const inputId = `outline-heading-${item.id}`;
          const invalid = error?.id === item.id;
          return (
            <li key={item.id}>
              <label htmlFor={inputId}>Heading {index + 1}</label>
              <input
                id={inputId}
                ref={register(item.id, "input")}
                value={item.text}
                maxLength={OUTLINE_HEADING_MAX_LENGTH}
                readOnly={disabled}
                autoComplete="off"
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? `${inputId}-error` : undefined}
                onChange={(event) =>
                  onChange(items.map((other) => (other.id === item.id ? { ...other, text: event.target.value } : other)))
                }
              />
              {invalid && <small id={`${inputId}-error`}>{error.message}</small>}
              <div className="outline-heading-actions">
                <button
                  type="button"
                  className="secondary outline"
                  ref={register(item.id, "up")}
                  aria-label={`Move up “${label(item, index)}”`}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="secondary outline"
                  ref={register(item.id, "down")}
                  aria-label={`Move down “${label(item, index)}”`}
                  disabled={disabled || index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="secondary outline"
                  aria-label={`Remove “${label(item, index)}”`}
                  disabled={disabled || items.length === 1}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="outline-actions">
        <button type="button" className="secondary" disabled={disabled || items.length >= OUTLINE_MAX_HEADINGS} onClick={add}>
          Add heading
        </button>
        {onDiscard && (
          <button type="button" className="secondary outline" disabled={disabled} onClick={onDiscard}>
            Discard outline
          </button>
        )}
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </fieldset>
  );
}
