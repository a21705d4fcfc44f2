import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog";

const ask = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog title="Delete it?" message="This cannot be undone." confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      {props.children}
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole("alertdialog", { name: "Delete it?" }) };
};

describe("ConfirmDialog", () => {
  it("asks with the safe answer focused, and shows what more there is to read or choose", async () => {
    const { dialog, onConfirm } = ask({ children: <p>It is live on Garden blog.</p> });
    expect(dialog.textContent).toContain("This cannot be undone.It is live on Garden blog.");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("waits while busy: neither answer can be given twice", () => {
    const { dialog } = ask({ busy: true });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(within(dialog).getByRole("button", { name: "Delete" }).getAttribute("aria-busy")).toBe("true");
  });

  it("can hold the answer back while Cancel stays available and focused", () => {
    const { dialog } = ask({ confirmDisabled: true });
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveProperty("disabled", true);
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
  });
});
