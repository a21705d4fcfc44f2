import { getHTMLFromFragment, type Editor } from "@tiptap/core";
import { useEffect, useId, useRef, useState } from "react";
import { LOCALES } from "@contracts/locales";
import { TONE_LABELS, TONES, type Tone } from "@contracts/generation_settings";
import { SELECTION_ACTION_LABELS, SELECTION_ACTIONS, type SelectionAction } from "@contracts/selection_edit";
import { RequestFailure, type FixPlace } from "../../../backend/functionErrors";
import { sanitizeHtml } from "../../../lib/sanitizeHtml";
import { TaskStatus } from "../../../ui/TaskStatus";
import { SelectField } from "../../../ui/SelectField";
import { SelectionEditAbortedError, streamSelectionEdit } from "../data/selectionEdits";

const ACTION_OPTIONS = SELECTION_ACTIONS.map((action) => ({ value: action, label: SELECTION_ACTION_LABELS[action] }));
const TONE_OPTIONS = TONES.map((tone) => ({ value: tone, label: TONE_LABELS[tone] }));
const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({
  value: locale.tag,
  label: locale.name === locale.nativeName ? locale.name : `${locale.name} — ${locale.nativeName}`,
}));

export const SELECTION_HINT = "Select text in Content to rewrite, shorten, expand, change its tone or translate it.";

/** What was selected when a suggestion was asked for: where it is, its text, and whether it lies inside one paragraph (or heading). */
type Selected = { from: number; to: number; text: string; inline: boolean };

export const SELECTION_CHANGED = "The text changed while the suggestion was written. Select it again and ask for a new suggestion.";

/** The text now between the positions of `selected`, or null when the document no longer reaches them. */
function textAt(editor: Editor, selected: Selected): string | null {
  return selected.to <= editor.state.doc.content.size ? editor.state.doc.textBetween(selected.from, selected.to, "\n") : null;
}

type Suggestion = {
  selected: Selected;
  /** "Rewrite", "Change tone: Friendly", "Translate: Spanish". */
  title: string;
  /** The answer so far, then the whole (sanitised) suggestion. */
  text: string;
  status: "streaming" | "ready" | "failed";
  startedAt: number;
  failure?: { message: string; fix?: FixPlace };
};

/** The selection as the editor's HTML: inline content within one text block, else the whole blocks. */
function selectedHtml(editor: Editor): { html: string; selected: Selected } {
  const { from, to, $from, $to } = editor.state.selection;
  const inline = $from.sameParent($to) && $from.parent.isTextblock;
  const fragment = inline
    ? $from.parent.slice($from.parentOffset, $to.parentOffset).content
    : editor.state.doc.slice(from, to).content;
  const text = editor.state.doc.textBetween(from, to, "\n");
  return { html: getHTMLFromFragment(fragment, editor.schema), selected: { from, to, text, inline } };
}

/** A suggestion for inline text loses a paragraph wrapped around it (a model may add one), so it stays in its line. */
function inlineContent(html: string): string {
  const wrapped = /^<p>([\s\S]*)<\/p>$/.exec(html.trim());
  return wrapped && !wrapped[1].includes("<p>") ? wrapped[1] : html;
}

type SelectionAssistantProps = {
  editor: Editor;
  /** The article being edited, whose language the suggestion is written in (unsaved: the passage's own). */
  articleId?: string;
  /** The editor is not editable (an AI draft streams in, or the HTML source is shown). */
  disabled: boolean;
  /** A suggestion is open: the document must not change under it. */
  onOpenChange(open: boolean): void;
  /** A suggestion replaced the selection; `html` is the article as it then stood. */
  onAccepted?(html: string): void;
  /** The article HTML of the editor's document. */
  htmlOf(editor: Editor): string;
};

/**
 * AI on a selection (issue 26): pick rewrite, shorten, expand, change tone
 * (a tone) or translate (a language), and the suggestion streams in beside
 * the editor. Accept replaces what was selected with it (sanitised, as all
 * article HTML is before it is shown); Discard leaves the text as it was.
 * While a suggestion is open the editor is read-only, so the selection it
 * replaces is still where it was.
 */
export function SelectionAssistant({ editor, articleId, disabled, onOpenChange, onAccepted, htmlOf }: SelectionAssistantProps) {
  const [action, setAction] = useState<SelectionAction>("rewrite");
  const [tone, setTone] = useState<Tone>("friendly");
  const [language, setLanguage] = useState("es");
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const request = useRef<AbortController | null>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const hasSelection = !editor.state.selection.empty;

  useEffect(() => () => request.current?.abort(), []);

  const open = suggestion !== null;
  useEffect(() => onOpenChange(open), [open, onOpenChange]);

  useEffect(() => {
    if (suggestion?.status === "ready") acceptButton.current?.focus();
  }, [suggestion?.status]);

  const suggest = async () => {
    const { html, selected } = selectedHtml(editor);
    const title =
      action === "change-tone"
        ? `${SELECTION_ACTION_LABELS[action]}: ${TONE_LABELS[tone]}`
        : action === "translate"
          ? `${SELECTION_ACTION_LABELS[action]}: ${LANGUAGE_OPTIONS.find((option) => option.value === language)?.label}`
          : SELECTION_ACTION_LABELS[action];
    const controller = new AbortController();
    request.current = controller;
    setSuggestion({ selected, title, text: "", status: "streaming", startedAt: Date.now() });
    const update = (change: Partial<Suggestion>) => {
      if (request.current === controller) setSuggestion((current) => (current ? { ...current, ...change } : current));
    };
    try {
      const text = await streamSelectionEdit(
        {
          action,
          text: html,
          ...(action === "change-tone" ? { tone } : {}),
          ...(action === "translate" ? { language } : {}),
          ...(articleId ? { articleId } : {}),
        },
        { signal: controller.signal, onText: (soFar) => update({ text: soFar }) },
      );
      update({ text, status: "ready" });
    } catch (error) {
      if (error instanceof SelectionEditAbortedError) return;
      const fix = error instanceof RequestFailure ? error.fix : undefined;
      update({ status: "failed", failure: { message: error instanceof Error ? error.message : String(error), fix } });
    }
  };

  const close = () => {
    request.current?.abort();
    request.current = null;
    const selected = suggestion?.selected;
    setSuggestion(null);
    return selected;
  };

  const discard = () => {
    const selected = close();
    // Back to the text, with what was selected still selected.
    if (selected) editor.chain().focus().setTextSelection({ from: selected.from, to: selected.to }).run();
  };

  const accept = () => {
    if (!suggestion || suggestion.status !== "ready") return;
    // The document can change under an open suggestion only from outside the editor (a restored draft, an inserted link).
    if (textAt(editor, suggestion.selected) !== suggestion.selected.text) {
      setSuggestion({ ...suggestion, status: "failed", failure: { message: SELECTION_CHANGED } });
      return;
    }
    const clean = sanitizeHtml(suggestion.text);
    const { from, to, inline } = suggestion.selected;
    close();
    // The editor is made editable again by the parent once the suggestion is closed; insert regardless of that.
    editor.setEditable(true, false);
    editor.chain().focus().insertContentAt({ from, to }, inline ? inlineContent(clean) : clean).run();
    onAccepted?.(htmlOf(editor));
  };

  return (
    <div className="selection-assistant">
      <div role="group" aria-label="AI on the selection" className="selection-actions">
        <div>
          <SelectField
            label="AI on the selection"
            name="selection-action"
            options={ACTION_OPTIONS}
            value={action}
            disabled={disabled || open}
            onChange={(event) => setAction(event.target.value as SelectionAction)}
          />
        </div>
        {action === "change-tone" && (
          <div>
            <SelectField
              label="Tone"
              name="selection-tone"
              options={TONE_OPTIONS}
              value={tone}
              disabled={disabled || open}
              onChange={(event) => setTone(event.target.value as Tone)}
            />
          </div>
        )}
        {action === "translate" && (
          <div>
            <SelectField
              label="Language"
              name="selection-language"
              options={LANGUAGE_OPTIONS}
              value={language}
              disabled={disabled || open}
              onChange={(event) => setLanguage(event.target.value)}
            />
          </div>
        )}
        <button
          type="button"
          className="secondary"
          disabled={disabled || open || !hasSelection}
          aria-describedby={hasSelection ? undefined : hintId}
          onClick={() => void suggest()}
        >
          Get suggestion
        </button>
      </div>
      {!hasSelection && !open && (
        <small id={hintId} className="selection-hint">
          {SELECTION_HINT}
        </small>
      )}
      {suggestion && (
        <section className="selection-suggestion" aria-label={`Suggestion: ${suggestion.title}`}>
          <p className="selection-suggestion-title">
            <strong>Suggestion</strong> · {suggestion.title}
          </p>
          {suggestion.text && (
            <div
              className="selection-suggestion-text article-content"
              aria-busy={suggestion.status === "streaming" || undefined}
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(suggestion.text) }}
            />
          )}
          <TaskStatus
            running={suggestion.status === "streaming" && { label: "Writing the suggestion…", startedAt: suggestion.startedAt }}
            done={suggestion.status === "ready" ? "The suggestion is ready: accept it to replace the selection, or discard it." : undefined}
            failure={suggestion.failure}
            onRetry={() => void suggest()}
          />
          <div className="selection-suggestion-actions">
            <button ref={acceptButton} type="button" disabled={suggestion.status !== "ready"} onClick={accept}>
              Accept
            </button>
            <button type="button" className="secondary" onClick={discard}>
              Discard
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
