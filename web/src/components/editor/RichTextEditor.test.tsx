import type { Editor } from "@tiptap/core";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ContentEditor } from "./ContentEditor";

beforeAll(() => {
  // jsdom does no layout; ProseMirror asks for rectangles when it scrolls the selection into view.
  const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= emptyRect;
  document.elementFromPoint ??= () => null;
});

/** The form around the editor: holds the value, as the article forms do. */
function Harness({ initial = "", onValue }: { initial?: string; onValue?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ContentEditor
        label="Content"
        name="content"
        value={value}
        onChange={(html) => {
          setValue(html);
          onValue?.(html);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue("<p>Set from outside</p>")}>
        Replace from outside
      </button>
    </>
  );
}

const surface = () => document.querySelector<HTMLElement>("[contenteditable][data-field='content']");
const editorOf = (element: HTMLElement) => (element as HTMLElement & { editor: Editor }).editor;
const formValue = () => screen.getByTestId("value").textContent;
const tool = (name: string) => within(screen.getByRole("toolbar", { name: "Formatting" })).getByRole("button", { name });

async function renderEditor(initial = "") {
  const onValue = vi.fn();
  const user = userEvent.setup();
  render(<Harness initial={initial} onValue={onValue} />);
  await waitFor(() => expect(surface()).not.toBeNull());
  return { user, onValue, editor: editorOf(surface()!) };
}

describe("article editor", () => {
  it("shows a labelled, busy textarea until the editor has loaded, then the labelled editor", async () => {
    render(<Harness initial="<p>Hello</p>" />);
    const placeholder = screen.getByRole("textbox", { name: "Content" }) as HTMLTextAreaElement;
    expect(placeholder.tagName).toBe("TEXTAREA");
    expect(placeholder.getAttribute("aria-busy")).toBe("true");
    expect(placeholder.readOnly).toBe(true);
    expect(placeholder.value).toBe("<p>Hello</p>");
    await waitFor(() => expect(surface()).not.toBeNull());
    const editable = screen.getByRole("textbox", { name: "Content" });
    expect(editable).toBe(surface());
    expect(editable.getAttribute("aria-multiline")).toBe("true");
    expect(editable.innerHTML).toBe("<p>Hello</p>");
  });

  it("toolbar: formats the selection, reports pressed state and emits clean HTML", async () => {
    const { user, editor } = await renderEditor("<p>Growing tomatoes</p>");
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 8 });
    });
    await user.click(tool("Bold"));
    expect(tool("Bold").getAttribute("aria-pressed")).toBe("true");
    expect(formValue()).toBe("<p><strong>Growing</strong> tomatoes</p>");
    await user.click(tool("Heading 2"));
    expect(tool("Heading 2").getAttribute("aria-pressed")).toBe("true");
    expect(tool("Bold").getAttribute("aria-keyshortcuts")).toBe("Control+B Meta+B");
    expect(formValue()).toBe("<h2><strong>Growing</strong> tomatoes</h2>");
  });
});
