import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/** The visual article editor labelled `label` (its contenteditable surface), once its chunk has loaded. */
export async function findEditor(label = "Content"): Promise<HTMLElement> {
  let surface: HTMLElement | undefined;
  await waitFor(() => {
    surface = screen.getAllByLabelText(label).find((element) => element.isContentEditable || element.getAttribute("contenteditable") !== null);
    expect(surface).toBeDefined();
  });
  return surface!;
}

/** Switches the editor labelled `label` to its HTML source view and returns the source textarea. */
export async function openHtmlSource(user: UserEvent, label = "Content"): Promise<HTMLTextAreaElement> {
  const surface = await findEditor(label);
  const field = surface.closest(".content-editor") as HTMLElement;
  await user.click(within(field).getByRole("button", { name: "HTML source" }));
  return within(field).getByLabelText(`${label} HTML source`) as HTMLTextAreaElement;
}

/** Replaces the article HTML by typing it in the HTML source view, then returns to the visual view. */
export async function typeHtml(user: UserEvent, html: string, label = "Content"): Promise<void> {
  const source = await openHtmlSource(user, label);
  await user.clear(source);
  if (html) {
    await user.click(source);
    await user.paste(html);
  }
  const field = source.closest(".content-editor") as HTMLElement;
  await user.click(within(field).getByRole("button", { name: "HTML source" }));
}
