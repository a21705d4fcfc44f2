import { Extension, type Extensions } from "@tiptap/core";
import Blockquote from "@tiptap/extension-blockquote";
import Bold from "@tiptap/extension-bold";
import Code from "@tiptap/extension-code";
import CodeBlock from "@tiptap/extension-code-block";
import Document from "@tiptap/extension-document";
import HardBreak from "@tiptap/extension-hard-break";
import Heading from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import Italic from "@tiptap/extension-italic";
import Link from "@tiptap/extension-link";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import Text from "@tiptap/extension-text";
import { Dropcursor, Gapcursor, UndoRedo } from "@tiptap/extensions";
import { isSafeImageUrl, isSafeLinkUrl } from "./safeUrl";

/** What every link carries, as the server's HTML policy writes it, so saving does not change the editor's HTML. */
export const LINK_REL = "noopener noreferrer";

/**
 * Images by URL, kept only with an http(s) or relative address: anything
 * else (a `javascript:` or `data:` source, say) is not parsed at all.
 */
const SafeImage = Image.extend({
  parseHTML() {
    return [{ tag: "img[src]", getAttrs: (element) => (isSafeImageUrl(element.getAttribute("src") ?? "") ? null : false) }];
  },
}).configure({ inline: false, allowBase64: false });

/**
 * Links keep their address and title only; every link is rendered with
 * LINK_REL, and a pasted `target`, `rel` or `class` is not taken over.
 */
const ArticleLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: (element) => element.getAttribute("href") }, title: { default: null } };
  },
  renderHTML({ HTMLAttributes }) {
    const href = typeof HTMLAttributes.href === "string" && isSafeLinkUrl(HTMLAttributes.href) ? HTMLAttributes.href : "";
    // Attributes in the order the server's sanitiser writes them (rel last).
    return ["a", { href, ...(HTMLAttributes.title ? { title: HTMLAttributes.title } : {}), rel: LINK_REL }, 0];
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: "https",
  isAllowedUri: (url) => isSafeLinkUrl(url),
});

/** Code blocks without a language: the class it would add is not part of the article HTML policy. */
const PlainCodeBlock = CodeBlock.extend({
  addAttributes() {
    return {};
  },
});

/**
 * The document model of article Content: what WordPress gets, and nothing
 * else. Anything not listed (scripts, styles, event handlers, classes,
 * iframes, forms) is dropped when HTML is parsed, whether it comes from the
 * HTML source view, a paste or the AI draft. `onLinkShortcut` runs on
 * Mod-k (the toolbar's link dialog).
 */
export function articleExtensions({ onLinkShortcut }: { onLinkShortcut?: () => void } = {}): Extensions {
  return [
    Document,
    Paragraph,
    Text,
    HardBreak,
    Heading.configure({ levels: [1, 2, 3, 4, 5, 6] }),
    Bold,
    Italic,
    Code,
    PlainCodeBlock,
    Blockquote,
    BulletList,
    OrderedList,
    ListItem,
    ListKeymap,
    ArticleLink,
    SafeImage,
    UndoRedo,
    Dropcursor,
    Gapcursor,
    Extension.create({
      name: "linkShortcut",
      addKeyboardShortcuts: () => ({
        "Mod-k": () => {
          onLinkShortcut?.();
          return onLinkShortcut !== undefined;
        },
      }),
    }),
  ];
}
