import type { Editor } from "@tiptap/core";

/** A keyboard shortcut: `keys` for aria-keyshortcuts, `hint` for the tooltip. */
type Shortcut = { keys: string; hint: string };

export type ToolbarAction = {
  id: string;
  /** The button's accessible name. */
  label: string;
  /** What the button shows (short, like the icon it stands for). */
  text: string;
  shortcut?: Shortcut;
  /** Present on toggles: whether the format applies at the selection (aria-pressed). */
  isActive?: (editor: Editor) => boolean;
  /** Whether the action can run now (undo with no history cannot). */
  isEnabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const isApple = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const APPLE_SYMBOLS: Record<string, string> = { Mod: "⌘", Alt: "⌥", Shift: "⇧" };

/** "Mod-Alt-2" → { keys: "Control+Alt+2 Meta+Alt+2", hint: "Ctrl+Alt+2" (⌘⌥2 on Apple devices) }. */
function shortcut(spec: string): Shortcut {
  const modifiers = spec.split("-");
  const key = modifiers.pop()!;
  const withMod = (mod: string) => [...modifiers.map((part) => (part === "Mod" ? mod : part)), key].join("+");
  return {
    keys: `${withMod("Control")} ${withMod("Meta")}`,
    hint: isApple()
      ? modifiers.map((part) => APPLE_SYMBOLS[part] ?? part).join("") + key
      : withMod("Ctrl"),
  };
}

/**
 * The formatting toolbar, in order. Shortcuts are the editor's own key
 * bindings (TipTap's defaults, and Mod-k for links in articleExtensions).
 * `openLink` and `openImage` open the address dialogs.
 */
export function toolbarActions({ openLink, openImage }: { openLink(): void; openImage(): void }): ToolbarAction[][] {
  const focus = (editor: Editor) => editor.chain().focus();
  return [
    [
      {
        id: "paragraph",
        label: "Paragraph",
        text: "¶",
        shortcut: shortcut("Mod-Alt-0"),
        isActive: (editor) => editor.isActive("paragraph"),
        run: (editor) => focus(editor).setParagraph().run(),
      },
      {
        id: "heading-2",
        label: "Heading 2",
        text: "H2",
        shortcut: shortcut("Mod-Alt-2"),
        isActive: (editor) => editor.isActive("heading", { level: 2 }),
        run: (editor) => focus(editor).toggleHeading({ level: 2 }).run(),
      },
      {
        id: "heading-3",
        label: "Heading 3",
        text: "H3",
        shortcut: shortcut("Mod-Alt-3"),
        isActive: (editor) => editor.isActive("heading", { level: 3 }),
        run: (editor) => focus(editor).toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        id: "bold",
        label: "Bold",
        text: "B",
        shortcut: shortcut("Mod-B"),
        isActive: (editor) => editor.isActive("bold"),
        run: (editor) => focus(editor).toggleBold().run(),
      },
      {
        id: "italic",
        label: "Italic",
        text: "I",
        shortcut: shortcut("Mod-I"),
        isActive: (editor) => editor.isActive("italic"),
        run: (editor) => focus(editor).toggleItalic().run(),
      },
      {
        id: "code",
        label: "Inline code",
        text: "</>",
        shortcut: shortcut("Mod-E"),
        isActive: (editor) => editor.isActive("code"),
        run: (editor) => focus(editor).toggleCode().run(),
      },
      {
        id: "link",
        label: "Link",
        text: "Link",
        shortcut: shortcut("Mod-K"),
        isActive: (editor) => editor.isActive("link"),
        run: () => openLink(),
      },
    ],
    [
      {
        id: "bullet-list",
        label: "Bulleted list",
        text: "• List",
        shortcut: shortcut("Mod-Shift-8"),
        isActive: (editor) => editor.isActive("bulletList"),
        run: (editor) => focus(editor).toggleBulletList().run(),
      },
      {
        id: "ordered-list",
        label: "Numbered list",
        text: "1. List",
        shortcut: shortcut("Mod-Shift-7"),
        isActive: (editor) => editor.isActive("orderedList"),
        run: (editor) => focus(editor).toggleOrderedList().run(),
      },
      {
        id: "blockquote",
        label: "Quote",
        text: "“ ”",
        shortcut: shortcut("Mod-Shift-B"),
        isActive: (editor) => editor.isActive("blockquote"),
        run: (editor) => focus(editor).toggleBlockquote().run(),
      },
      {
        id: "code-block",
        label: "Code block",
        text: "{ }",
        shortcut: shortcut("Mod-Alt-C"),
        isActive: (editor) => editor.isActive("codeBlock"),
        run: (editor) => focus(editor).toggleCodeBlock().run(),
      },
      {
        id: "image",
        label: "Image",
        text: "Image",
        run: () => openImage(),
      },
    ],
    [
      {
        id: "undo",
        label: "Undo",
        text: "Undo",
        shortcut: shortcut("Mod-Z"),
        isEnabled: (editor) => editor.can().undo(),
        run: (editor) => focus(editor).undo().run(),
      },
      {
        id: "redo",
        label: "Redo",
        text: "Redo",
        shortcut: shortcut("Mod-Shift-Z"),
        isEnabled: (editor) => editor.can().redo(),
        run: (editor) => focus(editor).redo().run(),
      },
    ],
  ];
}
