import { getSchema } from "@tiptap/core";
import { DOMParser as ProseMirrorParser, DOMSerializer } from "@tiptap/pm/model";
import { describe, expect, it } from "vitest";
import { articleExtensions } from "./articleExtensions";
import { elementsNotKept, formatEditorHtml } from "./articleHtml";

const schema = getSchema(articleExtensions());

/** The editor's own serialisation of `html` (what getHTML gives after parsing it). */
function throughEditor(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const doc = ProseMirrorParser.fromSchema(schema).parse(template.content);
  const holder = document.createElement("div");
  holder.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  return holder.innerHTML;
}

describe("article HTML", () => {
  it("puts blocks and list items on lines of their own, and unwraps single-paragraph items", () => {
    expect(
      formatEditorHtml(
        "<h2>Steps</h2><ol><li><p>One</p></li><li><p>Two</p><ul><li><p>Two a</p></li></ul></li></ol><blockquote><p>Q</p></blockquote><pre><code>a\nb</code></pre>",
      ),
    ).toBe(
      "<h2>Steps</h2>\n<ol>\n<li>One</li>\n<li><p>Two</p><ul>\n<li>Two a</li>\n</ul></li>\n</ol>\n<blockquote>\n<p>Q</p>\n</blockquote>\n<pre><code>a\nb</code></pre>",
    );
  });

  it("parses back to the same document", () => {
    const original =
      '<h2>Title</h2><p>Text with <strong>bold</strong>, <em>italic</em>, <code>code</code> and <a href="https://x.test" rel="noopener noreferrer">a link</a>.</p><ul><li><p>a</p></li><li><p>b</p></li></ul><ol><li><p>c</p></li></ol><blockquote><p>quote</p></blockquote><img src="https://x.test/a.png" alt="A"><pre><code>let a = 1;\nlet b = 2;</code></pre>';
    const editorHtml = throughEditor(original);
    expect(throughEditor(formatEditorHtml(editorHtml))).toBe(editorHtml);
  });

  it("names the elements the visual editor does not keep", () => {
    const source = "<div><p>a</p></div><table><tbody><tr><td>x</td></tr></tbody></table><b>bold</b><i>it</i><u>u</u>";
    expect(elementsNotKept(source, throughEditor(source))).toEqual(["div", "table", "tbody", "td", "tr", "u"]);
    expect(elementsNotKept("<p><b>x</b></p>", throughEditor("<p><b>x</b></p>"))).toEqual([]);
  });
});
