import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { Toasts } from "../src/app/Toasts";
import { muteErrorsUntilUserActs, notifyError, notifyInfo, notifySuccess } from "../src/lib/notify";

function renderToasts() {
  render(
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>,
  );
}

/** Toasts on screen that are not on their way out. */
const toastsShowing = (text: string) =>
  screen.queryAllByText(text).filter((node) => !node.closest(".Toastify__toast")?.className.includes("exit"));

describe("toasts", () => {
  it("shows toasts raised before and after the lazily loaded container mounts", async () => {
    notifyError("Failed to save API keys");
    renderToasts();
    expect(await screen.findByText("Failed to save API keys")).toBeTruthy();

    notifySuccess("API keys saved successfully");
    expect(await screen.findByText("API keys saved successfully")).toBeTruthy();
    expect(document.querySelector(".Toastify__toast-container--top-right")).toBeTruthy();
  });

  it("shows an identical message again as a new toast, without stacking copies", async () => {
    renderToasts();
    notifyError("Failed to generate content");
    const first = (await screen.findByText("Failed to generate content")).closest(".Toastify__toast")!;

    notifyError("Failed to generate content");
    await waitFor(() => {
      const showing = toastsShowing("Failed to generate content");
      expect(showing).toHaveLength(1);
      expect(showing[0].closest(".Toastify__toast")).not.toBe(first);
    });
    expect(first.isConnected === false || first.className.includes("exit")).toBe(true);
  });

  it("shows information, and after a session ended drops error toasts until the user acts", async () => {
    renderToasts();
    act(() => {
      muteErrorsUntilUserActs();
      notifyInfo("Your session has ended. Please sign in again.");
      notifyError("User not authenticated");
    });
    expect(await screen.findByText("Your session has ended. Please sign in again.")).toBeTruthy();
    expect(screen.queryByText("User not authenticated")).toBeNull();

    fireEvent.keyDown(document.body, { key: "a" });
    notifyError("Failed to sign in. Please check your credentials.");
    expect(await screen.findByText("Failed to sign in. Please check your credentials.")).toBeTruthy();
    expect(screen.queryByText("User not authenticated")).toBeNull();
  });
});
