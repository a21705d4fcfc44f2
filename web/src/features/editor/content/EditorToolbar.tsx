import type { Editor } from "@tiptap/core";
import { useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from "react";
import type { ToolbarAction } from "./toolbarActions";

export type EditorToolbarHandle = { focus(): void };

type EditorToolbarProps = {
  editor: Editor;
  groups: ToolbarAction[][];
  /** Formatting is off (read-only while a draft streams in, or in the HTML source view). */
  formattingDisabled: boolean;
  sourceView: boolean;
  sourceToggleDisabled: boolean;
  onToggleSource(): void;
  /** Escape: back to the text. */
  onLeave(): void;
  ref?: Ref<EditorToolbarHandle>;
};

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one Tab stop, arrow
 * keys, Home and End move between buttons, Escape returns to the text.
 * Toggles carry aria-pressed; unavailable buttons stay focusable with
 * aria-disabled, so the keyboard path through the toolbar never changes.
 * Buttons keep the text's selection on mouse down.
 */
export function EditorToolbar({
  editor,
  groups,
  formattingDisabled,
  sourceView,
  sourceToggleDisabled,
  onToggleSource,
  onLeave,
  ref,
}: EditorToolbarProps) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  useImperativeHandle(ref, () => ({ focus: () => buttons.current[current]?.focus() }), [current]);

  const actions = groups.flat();
  const count = actions.length + 1;

  const move = (index: number) => {
    const next = (index + count) % count;
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const handled: Record<string, () => void> = {
      ArrowRight: () => move(current + 1),
      ArrowLeft: () => move(current - 1),
      Home: () => move(0),
      End: () => move(count - 1),
      Escape: onLeave,
    };
    const action = handled[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  let index = 0;
  const button = (
    key: string,
    props: { label: string; text: string; title: string; pressed?: boolean; disabled: boolean; keys?: string },
    onActivate: () => void,
  ) => {
    const position = index++;
    return (
      <button
        key={key}
        ref={(element) => {
          buttons.current[position] = element;
        }}
        type="button"
        className="editor-tool"
        tabIndex={position === current ? 0 : -1}
        title={props.title}
        aria-pressed={props.pressed}
        aria-disabled={props.disabled || undefined}
        aria-keyshortcuts={props.keys}
        onMouseDown={(event) => event.preventDefault()}
        onFocus={() => setCurrent(position)}
        onClick={() => {
          if (!props.disabled) onActivate();
        }}
      >
        <span aria-hidden="true">{props.text}</span>
        {/* The name comes from this text, so a voice user says what the tooltip shows. */}
        <span className="editor-tool-name">{props.label}</span>
      </button>
    );
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={onKeyDown}>
      {groups.map((group, groupIndex) => (
        <div key={groupIndex} className="editor-tool-group">
          {group.map((action) =>
            button(
              action.id,
              {
                label: action.label,
                text: action.text,
                title: action.shortcut ? `${action.label} (${action.shortcut.hint})` : action.label,
                pressed: action.isActive ? !formattingDisabled && action.isActive(editor) : undefined,
                disabled: formattingDisabled || (action.isEnabled ? !action.isEnabled(editor) : false),
                keys: action.shortcut?.keys,
              },
              () => action.run(editor),
            ),
          )}
        </div>
      ))}
      <div className="editor-tool-group editor-tool-group-end">
        {button(
          "source",
          { label: "HTML source", text: "HTML", title: "HTML source", pressed: sourceView, disabled: sourceToggleDisabled },
          onToggleSource,
        )}
      </div>
    </div>
  );
}
