import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, isChunkLoadError, lazyWithRetry } from "./lazyWithRetry";
import { ErrorBoundary, LOAD_ERROR_TEXT, LOAD_ERROR_TITLE } from "./ErrorBoundary";

function Broken(): never {
  throw new Error("Cannot read properties of undefined");
}

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));

describe("ErrorBoundary", () => {
  it("shows the error page with the message and links to recover", () => {
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

  it("in the page area, offers Retry and Reload for a real error too", () => {
    render(
      <ErrorBoundary scope="page">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.queryByRole("main")).toBeNull();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
  });

  it("says a screen could not be loaded, and Retry loads it again", async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module: /assets/ProfilePage-1a2b.js"))
      .mockResolvedValue({ default: () => <h1>Profile Settings</h1> });
    const ProfilePage = lazyWithRetry(load);
    const user = userEvent.setup();
    render(
      <ErrorBoundary scope="page">
        <Suspense fallback={<p>Loading</p>}>
          <ProfilePage />
        </Suspense>
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector("h1")?.textContent).toBe(LOAD_ERROR_TITLE);
    expect(alert.textContent).toContain(LOAD_ERROR_TEXT);
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Profile Settings" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("clears the error when the user goes to another screen", () => {
    const { rerender } = render(
      <ErrorBoundary scope="page" resetKey="/profile">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
    rerender(
      <ErrorBoundary scope="page" resetKey="/articles">
        <p>Articles</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("Articles")).toBeTruthy();
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

describe("isChunkLoadError", () => {
  it.each([
    new ChunkLoadError(new Error("offline")),
    new TypeError("Failed to fetch dynamically imported module: https://app.example/assets/x.js"),
    new TypeError("error loading dynamically imported module: https://app.example/assets/x.js"),
    new TypeError("Importing a module script failed."),
    new Error("Unable to preload CSS for /assets/x.css"),
  ])("recognises %s", (error) => expect(isChunkLoadError(error)).toBe(true));

  it("leaves other errors to the spec's error page", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
