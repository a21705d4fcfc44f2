import type { Editor } from "@tiptap/core";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { findEditor } from "../../../../test/editor";
import { RequestFailure } from "../../../backend/functionErrors";
import { streamSelectionEdit } from "../data/selectionEdits";
import { ContentEditor } from "./ContentEditor";
import { SELECTION_CHANGED, SELECTION_HINT } from "./SelectionAssistant";

vi.mock("../../images/data/images", () => ({ listGeneratedImages: vi.fn(), uploadImage: vi.fn() }));
vi.mock("../data/selectionEdits", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../data/selectionEdits")>()),
  streamSelectionEdit: vi.fn(),
}));

const ARTICLE_ID = "0b5e1c52-5f0e-4f7a-9a0e-6d3f2f1b9a01";

/** The edit form around the editor: holds the value and what an accepted suggestion left. */
function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [accepted, setAccepted] = useState("");
  return (
    <>
      <ContentEditor
        label="Content"
        name="content"
        value={value}
        onChange={setValue}
        selectionAssistant={{ articleId: ARTICLE_ID, onAccepted: setAccepted }}
      />
      <output data-testid="value">{value}</output>
      <output data-testid="accepted">{accepted}</output>
    </>
  );
}

const formValue = () => screen.getByTestId("value").textContent;
const editorOf = (surface: HTMLElement) => (surface as HTMLElement & { editor: Editor }).editor;
const suggestButton = () => screen.getByRole("button", { name: "Get suggestion" });

async function renderEditor(initial: string) {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  const surface = await findEditor();
  return { user, editor: editorOf(surface) };
}

function select(editor: Editor, from: number, to: number) {
  act(() => {
    editor.commands.setTextSelection({ from, to });
  });
}

/** The suggestion streams in two pieces, then ends with `final`; resolves the stream when `finish` is called. */
function streamingAnswer(pieces: string[], final: string) {
  let finish = () => {};
  vi.mocked(streamSelectionEdit).mockImplementation((_request, { onText }) => {
    let soFar = "";
    for (const piece of pieces) onText((soFar += piece));
    return new Promise((resolve) => {
      finish = () => resolve(final);
    });
  });
  return () => act(() => finish());
}

beforeEach(() => {
  vi.mocked(streamSelectionEdit).mockReset();
});

describe("AI on a selection", () => {
  it("asks to select text first: Suggest is unavailable until something is selected", async () => {
    const { editor } = await renderEditor("<p>Lisbon has seven hills.</p>");
    expect((suggestButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(SELECTION_HINT)).toBeTruthy();
    select(editor, 1, 7);
    expect((suggestButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("rewrite: the suggestion streams in, the editor waits, and Accept replaces only the selection", async () => {
    const { user, editor } = await renderEditor("<p>Lisbon has seven hills. Porto has one river.</p>");
    const finish = streamingAnswer(["Put simply, ", "lisbon"], "Put simply, lisbon has <em>seven</em> hills.");
    select(editor, 1, 24);
    await user.click(suggestButton());

    expect(streamSelectionEdit).toHaveBeenCalledWith(
      { action: "rewrite", text: "Lisbon has seven hills.", articleId: ARTICLE_ID },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    const suggestion = screen.getByRole("region", { name: "Suggestion: Rewrite" });
    expect(within(suggestion).getByText("Put simply, lisbon")).toBeTruthy();
    expect(within(suggestion).getByRole("progressbar", { name: "Writing the suggestion…" })).toBeTruthy();
    expect((within(suggestion).getByRole("button", { name: "Accept" }) as HTMLButtonElement).disabled).toBe(true);
    expect(editor.isEditable).toBe(false);

    await finish();
    const accept = within(suggestion).getByRole("button", { name: "Accept" });
    await waitFor(() => expect(document.activeElement).toBe(accept));
    await user.click(accept);

    expect(screen.queryByRole("region", { name: /^Suggestion/ })).toBeNull();
    expect(formValue()).toBe("<p>Put simply, lisbon has <em>seven</em> hills. Porto has one river.</p>");
    expect(screen.getByTestId("accepted").textContent).toBe(formValue());
    expect(editor.isEditable).toBe(true);
  });

  it("Discard keeps the text as it was, with the selection still selected", async () => {
    const { user, editor } = await renderEditor("<p>Lisbon has seven hills.</p>");
    const finish = streamingAnswer(["Short"], "Lisbon: hills.");
    select(editor, 1, 24);
    await user.click(suggestButton());
    await finish();
    await user.click(screen.getByRole("button", { name: "Discard" }));

    expect(screen.queryByRole("region", { name: /^Suggestion/ })).toBeNull();
    expect(formValue()).toBe("<p>Lisbon has seven hills.</p>");
    expect(screen.getByTestId("accepted").textContent).toBe("");
    expect([editor.state.selection.from, editor.state.selection.to]).toEqual([1, 24]);
  });

  it("change tone and translate send the tone and the language chosen; whole paragraphs are replaced as blocks", async () => {
    const { user, editor } = await renderEditor("<p>One.</p><p>Two.</p><p>Three.</p>");
    vi.mocked(streamSelectionEdit).mockResolvedValue("<p>Uno.</p><p>Dos.</p>");
    await user.selectOptions(screen.getByRole("combobox", { name: "AI on the selection" }), "Change tone");
    await user.selectOptions(screen.getByRole("combobox", { name: "Tone" }), "Playful");
    select(editor, 1, 11);
    await user.click(suggestButton());
    expect(vi.mocked(streamSelectionEdit).mock.calls[0][0]).toEqual({
      action: "change-tone",
      tone: "playful",
      text: "<p>One.</p><p>Two.</p>",
      articleId: ARTICLE_ID,
    });
    await user.click(await screen.findByRole("button", { name: "Discard" }));

    await user.selectOptions(screen.getByRole("combobox", { name: "AI on the selection" }), "Translate");
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "Spanish — Español");
    select(editor, 1, 11);
    await user.click(suggestButton());
    expect(vi.mocked(streamSelectionEdit).mock.calls[1][0]).toMatchObject({ action: "translate", language: "es" });
    expect(screen.getByRole("region", { name: "Suggestion: Translate: Spanish — Español" })).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Accept" }));
    expect(formValue()).toBe("<p>Uno.</p>\n<p>Dos.</p>\n<p>Three.</p>");
  });

  it("a suggestion is sanitised before it is shown and before it replaces the selection", async () => {
    const { user, editor } = await renderEditor("<p>Lisbon has seven hills.</p>");
    vi.mocked(streamSelectionEdit).mockResolvedValue(
      '<strong onclick="alert(1)">Safe</strong><a href="javascript:alert(2)">link</a><script>alert(3)</script> words',
    );
    select(editor, 1, 24);
    await user.click(suggestButton());
    const suggestion = await screen.findByRole("region", { name: "Suggestion: Rewrite" });
    await waitFor(() => expect(within(suggestion).getByText(/Safe/)).toBeTruthy());
    expect(suggestion.innerHTML).not.toMatch(/onclick|javascript|<script/);
    await user.click(within(suggestion).getByRole("button", { name: "Accept" }));
    expect(formValue()).not.toMatch(/onclick|javascript|script|alert/);
    expect(formValue()).toMatch(/^<p><strong>Safe<\/strong>.*link.* words<\/p>$/);
  });

  it("a provider's failure is shown with its own reason and where to fix it; the text is unchanged", async () => {
    const { user, editor } = await renderEditor("<p>Lisbon has seven hills.</p>");
    vi.mocked(streamSelectionEdit).mockRejectedValue(
      new RequestFailure("OpenRouter says you have no credit left. Add credit at openrouter.ai/settings/credits.", {
        href: "/profile#ai-provider",
        label: "Profile Settings → AI provider",
      }),
    );
    select(editor, 1, 24);
    await user.click(suggestButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("OpenRouter says you have no credit left.");
    expect(within(alert).getByRole("link", { name: /Profile Settings → AI provider/ }).getAttribute("href")).toBe(
      "/profile#ai-provider",
    );
    expect((screen.getByRole("button", { name: "Accept" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(formValue()).toBe("<p>Lisbon has seven hills.</p>");
  });

  it("a suggestion whose text changed from outside meanwhile is not applied", async () => {
    const { user, editor } = await renderEditor("<p>Lisbon has seven hills.</p>");
    vi.mocked(streamSelectionEdit).mockResolvedValue("Porto has one river.");
    select(editor, 1, 24);
    await user.click(suggestButton());
    await screen.findByText("The suggestion is ready: accept it to replace the selection, or discard it.");
    act(() => {
      editor.commands.setContent("<p>Braga has old churches.</p>");
    });
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect((await screen.findByRole("alert")).textContent).toContain(SELECTION_CHANGED);
    expect(editor.getHTML()).toBe("<p>Braga has old churches.</p>");
  });
});
