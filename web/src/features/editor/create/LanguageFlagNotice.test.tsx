import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LanguageFlagNotice } from "./LanguageFlagNotice";

describe("language flag notice", () => {
  it("names the language the draft reads as and the one asked for, until dismissed", async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(<LanguageFlagNotice check={{ expected: "es", detected: "en", mismatch: true }} onDismiss={onDismiss} />);
    const notice = screen.getByRole("alert", { name: "Check the language" });
    expect(notice.textContent).toContain("This draft looks like English, not Spanish as asked. Check it before saving, or generate it again.");
    await user.click(screen.getByRole("button", { name: "The language is right" }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it("says 'another language' when the check could not name it", () => {
    render(<LanguageFlagNotice check={{ expected: "de", detected: "und", mismatch: true }} onDismiss={vi.fn()} />);
    expect(screen.getByRole("alert").textContent).toContain("This draft looks like another language, not German as asked.");
  });
});
