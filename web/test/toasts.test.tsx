import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { Toasts } from "../src/components/Toasts";
import { notifyError, notifySuccess } from "../src/lib/notify";

describe("toasts", () => {
  it("shows toasts raised before and after the lazily loaded container mounts", async () => {
    notifyError("Failed to save API keys");
    render(
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>,
    );
    expect(await screen.findByText("Failed to save API keys")).toBeTruthy();

    notifySuccess("API keys saved successfully");
    expect(await screen.findByText("API keys saved successfully")).toBeTruthy();
    expect(document.querySelector(".Toastify__toast-container--top-right")).toBeTruthy();
  });
});
