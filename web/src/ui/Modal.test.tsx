import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Modal } from "./Modal";

/** A page with a main area and a card whose button opens a dialog; `removeCardOnClose` plays "Remove". */
function Page({ removeCardOnClose = false }: { removeCardOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [cardShown, setCardShown] = useState(true);
  const close = () => {
    setOpen(false);
    if (removeCardOnClose) setCardShown(false);
  };
  return (
    <main id="main" tabIndex={-1}>
      {cardShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Edit site
        </button>
      )}
      {open && (
        <Modal title="Edit WordPress Site" onClose={close}>
          <input aria-label="Site Name" />
        </Modal>
      )}
    </main>
  );
}

describe("Modal", () => {
  it("returns focus to the control that opened it when it closes", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole("button", { name: "Edit site" });
    await user.click(opener);
    expect(document.activeElement).toBe(opener);
    await user.click(screen.getByLabelText("Site Name"));
    expect(document.activeElement).toBe(screen.getByLabelText("Site Name"));

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("returns focus to the main area when the opener is gone", async () => {
    const user = userEvent.setup();
    render(<Page removeCardOnClose />);
    await user.click(screen.getByRole("button", { name: "Edit site" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("button", { name: "Edit site" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("main"));
  });

  it("returns focus after Escape too (the dialog's cancel event)", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole("button", { name: "Edit site" }));
    await user.click(screen.getByLabelText("Site Name"));
    act(() => void screen.getByRole("dialog").dispatchEvent(new Event("cancel", { cancelable: true })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit site" }));
  });
});
