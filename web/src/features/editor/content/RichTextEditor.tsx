import { Editor } from "@tiptap/core";
import type { Node as DocumentNode } from "@tiptap/pm/model";
import { Suspense, useEffect, useId, useMemo, useReducer, useRef, useState } from "react";
import { LazyImagePicker, type ImageToInsert } from "../../images/index";
import { AddressDialog } from "./AddressDialog";
import { articleExtensions } from "./articleExtensions";
import { elementsNotKept, formatEditorHtml } from "./articleHtml";
import type { ContentFieldProps } from "./contentField";
import { EditorToolbar, type EditorToolbarHandle } from "./EditorToolbar";
import { completeUrl, isSafeImageUrl, isSafeLinkUrl } from "./safeUrl";
import { SelectionAssistant } from "./SelectionAssistant";
import { toolbarActions } from "./toolbarActions";
import "./editor.css";

type Dialog = "link" | "image" | null;

function hasContent(doc: DocumentNode): boolean {
  let found = doc.textContent.trim() !== "";
  doc.descendants((node) => {
    if (node.type.name === "image") found = true;
    return !found;
  });
  return found;
}

/** The article HTML for the editor's document; "" when it holds nothing, so "Content is required" applies. */
function articleHtmlOf(editor: Editor): string {
  return hasContent(editor.state.doc) ? formatEditorHtml(editor.getHTML()) : "";
}

const LINK_HELP = "A web address, mailto: or tel:. An address without https:// gets it.";
const LINK_ERROR = "Enter a web address (https://…), a mailto: or a tel: address";
const IMAGE_ERROR = "Enter the image's web address (https://…)";

/**
 * The visual editor for article Content (TipTap on ProseMirror), with an
 * HTML source view. Controlled: `value` is the article HTML; `onChange`
 * gets the editor's HTML after each edit in the visual view (see
 * articleHtml.ts) or the text as typed in the source view. A `value` that
 * did not come from the editor (an AI draft streaming in, a restored draft)
 * replaces the document. The editor injects no <style> element (injectCSS
 * off; editor.css instead), so it runs under a `style-src 'self'` policy.
 */
export default function RichTextEditor({
  label,
  name,
  value,
  error,
  help,
  readOnly = false,
  onChange,
  selectionAssistant,
}: ContentFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;
  const keptNoteId = `${id}-kept`;
  const sourceId = `${id}-source`;
  const sourceLabelId = `${id}-source-label`;

  const mount = useRef<HTMLDivElement>(null);
  const toolbar = useRef<EditorToolbarHandle>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [sourceView, setSourceView] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notKept, setNotKept] = useState<string[]>([]);
  // A suggestion for the selection is open: the document stays as it is until it is accepted or discarded.
  const [suggestionOpen, setSuggestionOpen] = useState(false);
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  // The value the document shows, and the values it emitted that the form has not handed back yet.
  const shownValue = useRef(value);
  const emitted = useRef<string[]>([]);
  // Whether the document was last set from a value rather than edited here.
  const fromOutside = useRef(true);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const instance = new Editor({
      element: mount.current,
      extensions: articleExtensions({ onLinkShortcut: () => setDialog("link") }),
      content: value,
      editable: !readOnly,
      injectCSS: false,
      editorProps: {
        handleKeyDown: (_view, event) => {
          if (!(event.altKey && event.key === "F10")) return false;
          toolbar.current?.focus();
          return true;
        },
      },
      onUpdate: ({ editor: updated }) => {
        const html = articleHtmlOf(updated);
        shownValue.current = html;
        fromOutside.current = false;
        emitted.current.push(html);
        onChangeRef.current(html);
      },
    });
    setEditor(instance);
    return () => instance.destroy();
    // The editor is created once; later values reach it through the effects below.
  }, []);

  useEffect(() => {
    if (!editor) return;
    const onTransaction = () => rerender();
    editor.on("transaction", onTransaction);
    return () => {
      editor.off("transaction", onTransaction);
    };
  }, [editor]);

  // A value from outside the editor replaces the document (in the visual view; the source view shows it as it is).
  useEffect(() => {
    if (!editor || sourceView) return;
    const handedBack = emitted.current.indexOf(value);
    if (handedBack >= 0) {
      emitted.current.splice(0, handedBack + 1);
      return;
    }
    if (value === shownValue.current) return;
    emitted.current = [];
    shownValue.current = value;
    fromOutside.current = true;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, sourceView]);

  // What the visual editor does not keep of a value from outside (once it has stopped streaming in).
  useEffect(() => {
    if (!editor || sourceView || readOnly) return;
    setNotKept(fromOutside.current ? elementsNotKept(value, editor.getHTML()) : []);
  }, [editor, value, sourceView, readOnly]);

  useEffect(() => {
    editor?.setEditable(!readOnly && !sourceView && !suggestionOpen, false);
  }, [editor, readOnly, sourceView, suggestionOpen]);

  const note = error ?? help;
  const describedBy = [note ? noteId : "", notKept.length > 0 ? keptNoteId : ""].filter(Boolean).join(" ") || undefined;

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelId,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          ...(error ? { "aria-invalid": "true" } : {}),
          ...(readOnly ? { "aria-readonly": "true" } : {}),
          "data-field": name,
          class: "editor-surface",
        },
      },
    });
  }, [editor, labelId, describedBy, error, readOnly, name]);

  const groups = useMemo(
    () => toolbarActions({ openLink: () => setDialog("link"), openImage: () => setDialog("image") }),
    [],
  );

  const toggleSource = () => {
    // Focus moves on after the next frame, and only if it is still where the toggle left it:
    // whoever typed on elsewhere meanwhile keeps their field.
    const focusedAtToggle = document.activeElement;
    const stillThere = () => document.activeElement === focusedAtToggle || document.activeElement === document.body;
    if (sourceView) {
      setSourceView(false);
      // The effect above loads the (possibly edited) source into the document; then back to the text
      // (unless the editor was unmounted meanwhile: a destroyed editor has no commands).
      requestAnimationFrame(() => {
        // view.focus() at once: TipTap's focus command defers again, past the check.
        if (editor && !editor.isDestroyed && stillThere()) editor.view.focus();
      });
    } else {
      setSourceView(true);
      requestAnimationFrame(() => {
        if (stillThere()) document.getElementById(sourceId)?.focus();
      });
    }
  };

  const applyLink = ({ href }: Record<string, string>) => {
    if (!editor) return;
    const url = completeUrl(href, isSafeLinkUrl);
    if (!url) return { href: LINK_ERROR };
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] }).run();
    } else {
      chain.setLink({ href: url }).run();
    }
  };

  const applyImage = ({ src, alt }: ImageToInsert) => {
    if (!editor) return;
    const url = completeUrl(src, isSafeImageUrl);
    if (!url) return { src: IMAGE_ERROR };
    editor.chain().focus().setImage({ src: url, alt: alt.trim() || undefined }).run();
  };

  return (
    <div className="content-editor">
      <label
        id={labelId}
        htmlFor={sourceView ? sourceId : undefined}
        onClick={() => {
          if (!sourceView) editor?.commands.focus();
        }}
      >
        {label}
      </label>
      <span id={sourceLabelId} hidden>
        HTML source
      </span>
      {editor && selectionAssistant && !sourceView && (
        <SelectionAssistant
          editor={editor}
          articleId={selectionAssistant.articleId}
          disabled={readOnly}
          onOpenChange={setSuggestionOpen}
          onAccepted={selectionAssistant.onAccepted}
          htmlOf={articleHtmlOf}
        />
      )}
      {editor && (
        <EditorToolbar
          ref={toolbar}
          editor={editor}
          groups={groups}
          formattingDisabled={readOnly || sourceView || suggestionOpen}
          sourceView={sourceView}
          sourceToggleDisabled={readOnly || suggestionOpen}
          onToggleSource={toggleSource}
          onLeave={() => (sourceView ? document.getElementById(sourceId)?.focus() : editor.commands.focus())}
        />
      )}
      <div ref={mount} className="editor-frame" hidden={sourceView} aria-busy={readOnly || undefined} />
      {sourceView && (
        <textarea
          id={sourceId}
          name={name}
          className="html-input editor-source"
          rows={16}
          spellCheck={false}
          aria-labelledby={`${labelId} ${sourceLabelId}`}
          aria-describedby={note ? noteId : undefined}
          aria-invalid={error ? true : undefined}
          readOnly={readOnly}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {note && <small id={noteId}>{note}</small>}
      {notKept.length > 0 && !sourceView && (
        <small id={keptNoteId} className="editor-kept-note">
          The visual editor does not show some of this HTML ({notKept.map((tag) => `<${tag}>`).join(", ")}). It is kept
          as long as Content is not edited here; use HTML source to edit it.
        </small>
      )}
      {dialog === "link" && editor && (
        <AddressDialog
          title={editor.isActive("link") ? "Edit link" : "Add link"}
          fields={[
            { name: "href", label: "Link address", type: "url", initial: editor.getAttributes("link").href ?? "", help: LINK_HELP },
          ]}
          submitLabel="Apply"
          onSubmit={applyLink}
          extraAction={
            editor.isActive("link")
              ? { label: "Remove link", run: () => editor.chain().focus().extendMarkRange("link").unsetLink().run() }
              : undefined
          }
          onClose={() => {
            setDialog(null);
            editor.commands.focus();
          }}
        />
      )}
      {dialog === "image" && editor && (
        <Suspense fallback={null}>
          <LazyImagePicker
            onInsert={applyImage}
            onClose={() => {
              setDialog(null);
              editor.commands.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
