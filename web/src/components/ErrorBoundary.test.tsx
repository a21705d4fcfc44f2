import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./ErrorBoundary";

function Broken(): never {
  throw new Error("Cannot read properties of undefined");
}

describe("ErrorBoundary", () => {
  it("shows the error page with the message and links to recover", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.getByText("Cannot read properties of undefined")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Reload the page" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "go to the dashboard" }).getAttribute("href")).toBe("/");
  });

  it("renders its children when nothing throws", () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("All good")).toBeTruthy();
  });
});
