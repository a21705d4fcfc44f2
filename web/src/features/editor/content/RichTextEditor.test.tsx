import type { Editor } from "@tiptap/core";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { findEditor, openHtmlSource } from "../../../../test/editor";
import { listGeneratedImages } from "../../images/data/images";
import { ContentEditor } from "./ContentEditor";

vi.mock("../../images/data/images", () => ({ listGeneratedImages: vi.fn(), uploadImage: vi.fn() }));

/** The form around the editor: holds the value, as the article forms do. */
function Harness({ initial = "", readOnly = false }: { initial?: string; readOnly?: boolean }) {
  const [value, setValue] = useState(initial);
  const [outside, setOutside] = useState(readOnly);
  return (
    <>
      <ContentEditor label="Content" name="content" value={value} readOnly={outside} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue("<h2>From outside</h2><p>Streamed</p>")}>
        Set from outside
      </button>
      <button type="button" onClick={() => setOutside((locked) => !locked)}>
        Toggle read-only
      </button>
    </>
  );
}

const formValue = () => screen.getByTestId("value").textContent;
const toolbar = () => screen.getByRole("toolbar", { name: "Formatting" });
const tool = (name: string) => within(toolbar()).getByRole("button", { name });
const editorOf = (surface: HTMLElement) => (surface as HTMLElement & { editor: Editor }).editor;

async function renderEditor(initial = "") {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  const surface = await findEditor();
  return { user, surface, editor: editorOf(surface) };
}

function select(editor: Editor, from: number, to: number) {
  act(() => {
    editor.commands.setTextSelection({ from, to });
  });
}

describe("article editor: loading", () => {
  it("shows a labelled, busy textarea with the HTML until the editor has loaded, then the labelled editor", async () => {
    render(<Harness initial="<p>Hello</p>" />);
    const placeholder = screen.getByRole("textbox", { name: "Content" }) as HTMLTextAreaElement;
    expect(placeholder.tagName).toBe("TEXTAREA");
    expect(placeholder.name).toBe("content");
    expect(placeholder.getAttribute("aria-busy")).toBe("true");
    expect(placeholder.readOnly).toBe(true);
    expect(placeholder.value).toBe("<p>Hello</p>");
    const surface = await findEditor();
    expect(screen.getByRole("textbox", { name: "Content" })).toBe(surface);
    expect(surface.getAttribute("aria-multiline")).toBe("true");
    expect(surface.getAttribute("data-field")).toBe("content");
    expect(surface.innerHTML).toBe("<p>Hello</p>");
    expect(formValue()).toBe("<p>Hello</p>");
  });

  it("falls back to an editable HTML textarea when the editor's chunk cannot be loaded", async () => {
    vi.resetModules();
    vi.doMock("./RichTextEditor", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { ContentEditor: Fresh } = await import("./ContentEditor");
    const onChange = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Fresh label="Content" name="content" value="<p>Hi</p>" onChange={onChange} />);
    await waitFor(() => expect(screen.getByText("The visual editor could not be loaded: edit the HTML here.")).toBeTruthy());
    const textarea = screen.getByRole("textbox", { name: "Content" }) as HTMLTextAreaElement;
    expect(textarea.readOnly).toBe(false);
    await userEvent.setup().type(textarea, "!");
    expect(onChange).toHaveBeenLastCalledWith("<p>Hi</p>!");
    vi.doUnmock("./RichTextEditor");
    vi.mocked(console.error).mockRestore();
  });
});

describe("article editor: toolbar", () => {
  it("formats the selection, shows pressed state and emits clean HTML", async () => {
    const { user, editor } = await renderEditor("<p>Growing tomatoes</p>");
    select(editor, 1, 8);
    expect(tool("Bold").getAttribute("aria-pressed")).toBe("false");
    await user.click(tool("Bold"));
    expect(tool("Bold").getAttribute("aria-pressed")).toBe("true");
    expect(formValue()).toBe("<p><strong>Growing</strong> tomatoes</p>");
    await user.click(tool("Italic"));
    await user.click(tool("Heading 2"));
    expect(tool("Heading 2").getAttribute("aria-pressed")).toBe("true");
    expect(tool("Paragraph").getAttribute("aria-pressed")).toBe("false");
    expect(formValue()).toBe("<h2><strong><em>Growing</em></strong> tomatoes</h2>");
    await user.click(tool("Heading 2"));
    await user.click(tool("Bulleted list"));
    expect(tool("Bulleted list").getAttribute("aria-pressed")).toBe("true");
    expect(formValue()).toBe("<ul>\n<li><strong><em>Growing</em></strong> tomatoes</li>\n</ul>");
    await user.click(tool("Numbered list"));
    expect(formValue()).toBe("<ol>\n<li><strong><em>Growing</em></strong> tomatoes</li>\n</ol>");
    await user.click(tool("Numbered list"));
    await user.click(tool("Quote"));
    expect(formValue()).toBe("<blockquote>\n<p><strong><em>Growing</em></strong> tomatoes</p>\n</blockquote>");
    // Steps in quick succession are undone together.
    expect(tool("Undo").getAttribute("aria-disabled")).toBeNull();
    await user.click(tool("Undo"));
    expect(formValue()).not.toContain("blockquote");
    await user.click(tool("Redo"));
    expect(formValue()).toBe("<blockquote>\n<p><strong><em>Growing</em></strong> tomatoes</p>\n</blockquote>");
  });

  it("writes inline code and code blocks without classes", async () => {
    const { user, editor } = await renderEditor("<p>npm start</p><p>run it</p>");
    select(editor, 1, 10);
    await user.click(tool("Inline code"));
    expect(formValue()).toBe("<p><code>npm start</code></p>\n<p>run it</p>");
    select(editor, 13, 13);
    await user.click(tool("Code block"));
    expect(formValue()).toBe("<p><code>npm start</code></p>\n<pre><code>run it</code></pre>");
  });

  it("names every button, lists its shortcut, and is one Tab stop moved through with the arrow keys", async () => {
    const { user, surface } = await renderEditor("<p>Text</p>");
    const buttons = within(toolbar()).getAllByRole("button");
    const names = [
      "Paragraph",
      "Heading 2",
      "Heading 3",
      "Bold",
      "Italic",
      "Inline code",
      "Link",
      "Bulleted list",
      "Numbered list",
      "Quote",
      "Code block",
      "Image",
      "Undo",
      "Redo",
      "HTML source",
    ];
    expect(names.map((name) => tool(name))).toEqual(buttons);
    expect(tool("Bold").getAttribute("aria-keyshortcuts")).toBe("Control+B Meta+B");
    expect(tool("Bold").title).toBe("Bold (Ctrl+B)");
    expect(tool("Link").getAttribute("aria-keyshortcuts")).toBe("Control+K Meta+K");
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[0]]);
    expect(tool("Undo").getAttribute("aria-disabled")).toBe("true");

    act(() => surface.focus());
    await user.keyboard("{Alt>}{F10}{/Alt}");
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(document.activeElement).toBe(tool("Bold"));
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(tool("Heading 3"));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(tool("HTML source"));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(document.activeElement).toBe(surface));
  });

  it("opens the link dialog on the address field, not on its close button", async () => {
    // As a browser does: showModal() focuses the dialog's first focusable element (here ✕).
    const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal").mockImplementation(function (this: HTMLDialogElement) {
      this.open = true;
      this.querySelector<HTMLElement>("button, input")?.focus();
    });
    try {
      const { user, editor } = await renderEditor("<p>See the guide</p>");
      select(editor, 9, 14);
      await user.click(tool("Link"));
      const dialog = await screen.findByRole("dialog", { name: "Add link" });
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText("Link address")));
    } finally {
      showModal.mockRestore();
    }
  });

  it("adds a link from the dialog, completing the address, and refuses a javascript: address", async () => {
    const { user, editor } = await renderEditor("<p>See the guide</p>");
    select(editor, 9, 14);
    await user.click(tool("Link"));
    let dialog = await screen.findByRole("dialog", { name: "Add link" });
    const address = within(dialog).getByLabelText("Link address");
    await user.type(address, "javascript:alert(1)");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(within(dialog).getByText("Enter a web address (https://…), a mailto: or a tel: address")).toBeTruthy();
    expect(formValue()).toBe("<p>See the guide</p>");

    await user.clear(address);
    await user.type(address, "example.com/guide");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(formValue()).toBe('<p>See the <a href="https://example.com/guide" rel="noopener noreferrer">guide</a></p>');

    select(editor, 10, 10);
    expect(tool("Link").getAttribute("aria-pressed")).toBe("true");
    await user.click(tool("Link"));
    dialog = await screen.findByRole("dialog", { name: "Edit link" });
    expect((within(dialog).getByLabelText("Link address") as HTMLInputElement).value).toBe("https://example.com/guide");
    await user.click(within(dialog).getByRole("button", { name: "Remove link" }));
    expect(formValue()).toBe("<p>See the guide</p>");
  });

  it("inserts an image by address with its alternative text; only http(s) images", async () => {
    vi.mocked(listGeneratedImages).mockResolvedValue({ images: [], next: null });
    const { user, editor } = await renderEditor("<p>Before</p>");
    select(editor, 7, 7);
    await user.click(tool("Image"));
    const dialog = await screen.findByRole("dialog", { name: "Add image" });
    await user.click(within(dialog).getByRole("radio", { name: "Web address" }));
    await user.type(within(dialog).getByLabelText("Image address"), "data:image/png;base64,AAAA");
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    expect(within(dialog).getByText("Enter the image's web address (https://…)")).toBeTruthy();
    await user.clear(within(dialog).getByLabelText("Image address"));
    await user.type(within(dialog).getByLabelText("Image address"), "https://cdn.example/tomato.jpg");
    await user.type(within(dialog).getByLabelText("Alternative text"), "A ripe tomato");
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    expect(formValue()).toBe('<p>Before</p>\n<img src="https://cdn.example/tomato.jpg" alt="A ripe tomato">');
  });

  it("inserts an image from the library with its description as alternative text", async () => {
    vi.mocked(listGeneratedImages).mockResolvedValue({
      images: [
        {
          id: "lib-1",
          url: "https://storage.test/u/2026/12/harbour.jpg",
          prompt: "Our harbour at noon",
          width: 1600,
          height: 900,
          source: "uploaded",
          createdAt: new Date("2026-12-01T10:00:00Z"),
        },
      ],
      next: null,
    });
    const { user, editor } = await renderEditor("<p>Before</p>");
    select(editor, 7, 7);
    await user.click(tool("Image"));
    const dialog = await screen.findByRole("dialog", { name: "Add image" });
    expect((within(dialog).getByRole("radio", { name: "Your library" }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose an image from your library");
    await user.click(await within(dialog).findByRole("radio", { name: /Our harbour at noon/ }));
    expect((within(dialog).getByLabelText("Alternative text") as HTMLInputElement).value).toBe("Our harbour at noon");
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    expect(formValue()).toBe('<p>Before</p>\n<img src="https://storage.test/u/2026/12/harbour.jpg" alt="Our harbour at noon">');
    expect(screen.queryByRole("dialog", { name: "Add image" })).toBeNull();
  });

  it("a submitted dialog does not submit the article form around the editor", async () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const user = userEvent.setup();
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Harness initial="<p>Text</p>" />
      </form>,
    );
    const editor = editorOf(await findEditor());
    select(editor, 1, 5);
    await user.click(tool("Link"));
    const dialog = await screen.findByRole("dialog", { name: "Add link" });
    await user.type(within(dialog).getByLabelText("Link address"), "https://example.com{Enter}");
    expect(formValue()).toBe('<p><a href="https://example.com" rel="noopener noreferrer">Text</a></p>');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("article editor: HTML source view", () => {
  it("round-trips: visual edits show in the source, source edits show in the visual view", async () => {
    const { user, editor, surface } = await renderEditor("<p>One</p>");
    select(editor, 1, 4);
    await user.click(tool("Bold"));
    const source = await openHtmlSource(user);
    expect(tool("HTML source").getAttribute("aria-pressed")).toBe("true");
    expect(tool("Bold").getAttribute("aria-disabled")).toBe("true");
    expect(source.value).toBe("<p><strong>One</strong></p>");
    expect(source.name).toBe("content");
    expect(surface.closest("[hidden]")).not.toBeNull();

    await user.clear(source);
    await user.click(source);
    await user.paste("<h2>Title</h2><ul><li>a</li><li>b</li></ul><p>Some <em>text</em></p>");
    expect(formValue()).toBe("<h2>Title</h2><ul><li>a</li><li>b</li></ul><p>Some <em>text</em></p>");
    await user.click(tool("HTML source"));
    expect(surface.closest("[hidden]")).toBeNull();
    expect(surface.innerHTML).toBe("<h2>Title</h2><ul><li><p>a</p></li><li><p>b</p></li></ul><p>Some <em>text</em></p>");
    // Switching views alone changes nothing; an edit in the visual view writes the editor's HTML.
    expect(formValue()).toBe("<h2>Title</h2><ul><li>a</li><li>b</li></ul><p>Some <em>text</em></p>");
    select(editor, 1, 6);
    await user.click(tool("Italic"));
    expect(formValue()).toBe("<h2><em>Title</em></h2>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<p>Some <em>text</em></p>");
    expect((await openHtmlSource(user)).value).toBe(formValue());
  });

  it("an emptied editor is no content at all, so 'Content is required' applies", async () => {
    const { editor } = await renderEditor("<p>Text</p>");
    act(() => {
      editor.chain().selectAll().deleteSelection().run();
    });
    expect(formValue()).toBe("");
  });

  it("says which HTML the visual editor does not keep", async () => {
    const { user } = await renderEditor("<p>Intro</p><table><tr><td>cell</td></tr></table><div>box</div>");
    const note = await screen.findByText(/The visual editor does not show some of this HTML/);
    expect(note.textContent).toContain("(<div>, <table>, <tbody>, <td>, <tr>)");
    expect((await findEditor()).getAttribute("aria-describedby")).toContain(note.id);
    // The value is left as it was until Content is edited in the visual view.
    expect(formValue()).toBe("<p>Intro</p><table><tr><td>cell</td></tr></table><div>box</div>");
    await user.click(screen.getByRole("button", { name: "Set from outside" }));
    await waitFor(() => expect(screen.queryByText(/The visual editor does not show/)).toBeNull());
  });
});

describe("article editor: content from outside and pasted HTML", () => {
  it("a value set from outside (an AI draft, a restored draft) replaces the document, read-only while it streams", async () => {
    const { user, surface } = await renderEditor("<p>Mine</p>");
    await user.click(screen.getByRole("button", { name: "Toggle read-only" }));
    expect(surface.getAttribute("contenteditable")).toBe("false");
    expect(tool("Bold").getAttribute("aria-disabled")).toBe("true");
    expect(tool("HTML source").getAttribute("aria-disabled")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Set from outside" }));
    expect(surface.innerHTML).toBe("<h2>From outside</h2><p>Streamed</p>");
    expect(formValue()).toBe("<h2>From outside</h2><p>Streamed</p>");
    await user.click(screen.getByRole("button", { name: "Toggle read-only" }));
    expect(surface.getAttribute("contenteditable")).toBe("true");
  });

  it("keeps only the article's HTML from a hostile paste: no script, handler, style, frame or javascript: URL", async () => {
    // jsdom has no ClipboardEvent; ProseMirror creates one for a paste it is handed.
    vi.stubGlobal("ClipboardEvent", class extends Event {});
    const { editor, surface } = await renderEditor("<p>Start</p>");
    select(editor, 6, 6);
    act(() => {
      editor.view.pasteHTML(
        '<p style="position:fixed" class="x" onclick="alert(1)">Pasted <b>bold</b> <i>it</i> ' +
          '<a href="javascript:alert(1)">bad link</a> <a href="https://ok.example" target="_blank" rel="opener" class="c">good</a></p>' +
          '<img src="x" onerror="alert(1)"><img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA">' +
          "<script>alert(1)</script><style>body{display:none}</style><iframe src=\"https://evil.example\"></iframe>" +
          '<form action="https://evil.example"><input name="password"></form><svg><script>alert(1)</script></svg>' +
          '<pre><code class="language-js">let x = 1;</code></pre>',
      );
    });
    const html = formValue()!;
    expect(html).not.toMatch(/script|alert|onerror|onclick|style|class=|iframe|<form|<input|<svg|javascript:|data:|target=|"opener"/i);
    expect(html).toContain("Pasted <strong>bold</strong> <em>it</em> bad link ");
    expect(html).toContain('<a href="https://ok.example" rel="noopener noreferrer">good</a>');
    expect(html).toContain('<img src="x">');
    expect(html).toContain("<pre><code>let x = 1;</code></pre>");
    expect(surface.querySelector("script, iframe, form, [onerror], [onclick], [style]")).toBeNull();
  });

  it("HTML typed in the source view is cleaned the same way when shown in the visual view", async () => {
    const { user, surface } = await renderEditor("");
    const source = await openHtmlSource(user);
    await user.click(source);
    await user.paste('<p onmouseover="alert(1)">Hi<script>alert(1)</script><a href=" javascript:alert(1)">x</a></p>');
    await user.click(tool("HTML source"));
    expect(surface.innerHTML).toBe("<p>Hix</p>");
  });
});
