/**
 * The HTML the article editor writes, and what it can tell about HTML it was
 * given. The editor's own serialisation (ProseMirror's) is one line with
 * every list item wrapped in a paragraph; WordPress gets it one block per
 * line, list items on lines of their own, and `<li>text</li>` where the
 * item is a single paragraph. Parsing that back gives the same document.
 */

const BREAK_BEFORE_CHILDREN = new Set(["UL", "OL", "BLOCKQUOTE"]);

function parse(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

function unwrapSingleParagraphItems(root: DocumentFragment): void {
  for (const item of root.querySelectorAll("li")) {
    const only = item.childNodes.length === 1 ? item.firstChild : null;
    if (only instanceof HTMLParagraphElement) item.replaceChildren(...only.childNodes);
  }
}

/** A line break before each block child of lists and quotes, and before their end tag. */
function breakLines(element: Element): void {
  for (const child of [...element.children]) breakLines(child);
  if (!BREAK_BEFORE_CHILDREN.has(element.tagName) || element.children.length === 0) return;
  for (const child of [...element.children]) child.before("\n");
  element.append("\n");
}

function serialize(node: Node): string {
  if (node instanceof Element) return node.outerHTML;
  const holder = document.createElement("div");
  holder.append(node.cloneNode());
  return holder.innerHTML;
}

export function formatEditorHtml(editorHtml: string): string {
  const root = parse(editorHtml);
  unwrapSingleParagraphItems(root);
  for (const element of root.children) breakLines(element);
  return [...root.childNodes].map(serialize).join("\n");
}

/** Elements the editor writes under another name. */
const SAME_AS: Record<string, string> = { b: "strong", i: "em" };

/**
 * Names of the elements in `source` that `rendered` (the editor's HTML for
 * it) no longer has: what the visual editor does not show and would drop
 * once Content is edited there. Sorted, each once.
 */
export function elementsNotKept(source: string, rendered: string): string[] {
  const names = (html: string) =>
    new Set([...parse(html).querySelectorAll("*")].map((element) => element.localName).map((name) => SAME_AS[name] ?? name));
  const kept = names(rendered);
  return [...names(source)].filter((name) => !kept.has(name)).sort();
}
