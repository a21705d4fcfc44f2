import { afterEach, describe, expect, it, vi } from "vitest";
import { onFirstInteraction } from "./firstInteraction";

function setHasBeenActive(hasBeenActive: boolean) {
  Object.defineProperty(navigator, "userActivation", { value: { hasBeenActive }, configurable: true });
}

afterEach(() => {
  delete (navigator as { userActivation?: unknown }).userActivation;
});

describe("onFirstInteraction", () => {
  it("waits for the visitor's first press, key, focus or touch, and runs once", () => {
    setHasBeenActive(false);
    const task = vi.fn();
    onFirstInteraction(task);
    window.dispatchEvent(new Event("scroll"));
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent("keydown"));
    window.dispatchEvent(new KeyboardEvent("keydown"));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs at once when the visitor has already pressed or typed (the app may have loaded because of it)", () => {
    setHasBeenActive(true);
    const task = vi.fn();
    onFirstInteraction(task);
    expect(task).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new KeyboardEvent("keydown"));
    expect(task).toHaveBeenCalledTimes(1);
  });
});
