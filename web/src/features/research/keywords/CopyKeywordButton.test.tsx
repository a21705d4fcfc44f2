import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { COPIED_MARK_MS, CopyKeywordButton } from "./CopyKeywordButton";

vi.mock("../../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const writeText = vi.fn<(text: string) => Promise<void>>();
const button = () => screen.getByRole("button", { name: "Copy garden tips" });
const showsCheck = () => button().querySelector('[data-icon="check"]') !== null;

/** Clicks and lets the clipboard promise settle. */
async function click() {
  await act(async () => {
    fireEvent.click(button());
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockResolvedValue();
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("CopyKeywordButton", () => {
  it("is named after its keyword", () => {
    render(<CopyKeywordButton keyword="garden tips" />);
    expect(button().getAttribute("aria-label")).toBe("Copy garden tips");
    expect(showsCheck()).toBe(false);
  });

  it("shows a check mark for two seconds after copying", async () => {
    render(<CopyKeywordButton keyword="garden tips" />);
    await click();
    expect(writeText).toHaveBeenCalledWith("garden tips");
    expect(notifySuccess).toHaveBeenCalledWith("Keyword copied to clipboard");
    expect(showsCheck()).toBe(true);

    act(() => vi.advanceTimersByTime(COPIED_MARK_MS - 1));
    expect(showsCheck()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(showsCheck()).toBe(false);
    expect(COPIED_MARK_MS).toBe(2000);
  });

  it("restarts the two seconds when copied again", async () => {
    render(<CopyKeywordButton keyword="garden tips" />);
    await click();
    act(() => vi.advanceTimersByTime(1500));
    await click();
    act(() => vi.advanceTimersByTime(1500));
    expect(showsCheck()).toBe(true);
    act(() => vi.advanceTimersByTime(500));
    expect(showsCheck()).toBe(false);
  });

  it("says when the clipboard refuses", async () => {
    writeText.mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    render(<CopyKeywordButton keyword="garden tips" />);
    await click();
    expect(notifyError).toHaveBeenCalledWith("Failed to copy keyword");
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(showsCheck()).toBe(false);
  });

  it("says when there is no clipboard at all (insecure page)", async () => {
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
    render(<CopyKeywordButton keyword="garden tips" />);
    await click();
    expect(notifyError).toHaveBeenCalledWith("Failed to copy keyword");
  });

  it("stops its timer when it goes away", async () => {
    const { unmount } = render(<CopyKeywordButton keyword="garden tips" />);
    await click();
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
