import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusBadge } from "./StatusBadge";

describe("StatusBadge", () => {
  it.each([
    ["published", "Published", "green"],
    ["scheduled", "Scheduled", "blue"],
    ["draft", "Draft", "grey"],
    ["pending", "Pending", "grey"],
  ])("shows %s as %s in %s", (status, label, tone) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge.dataset.tone).toBe(tone);
    expect(badge.className).toContain(`badge-${tone}`);
  });
});
