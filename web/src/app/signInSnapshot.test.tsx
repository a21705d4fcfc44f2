import { act, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { describe, expect, it, vi } from "vitest";
import { Root } from "./App";
import { signIn } from "../features/auth/data/auth";
import { takeOverSignInSnapshot } from "../features/auth/signInSnapshotHandover";
import { renderSignInSnapshot } from "./signInSnapshot";

vi.mock("../features/auth/data/auth", () => ({ signIn: vi.fn(), onAuthChange: vi.fn() }));

function snapshotAt(path: string): HTMLElement {
  window.history.replaceState(null, "", path);
  const container = document.createElement("div");
  container.innerHTML = renderSignInSnapshot();
  return container;
}

describe("sign-in snapshot for index.html", () => {
  it("is the app's sign-in screen, hidden until the reveal script shows it", () => {
    const snapshot = snapshotAt("/login");
    const screen = snapshot.querySelector("main")!;
    expect(screen.hidden).toBe(true);
    expect(screen.hasAttribute("data-sign-in-snapshot")).toBe(true);
    expect(screen.querySelector("h1")?.textContent).toBe("Sign in to your account");
    const labels = [...screen.querySelectorAll("label")].map((label) => [
      label.textContent,
      screen.querySelector(`[id="${label.htmlFor}"]`)?.getAttribute("name"),
    ]);
    expect(labels).toEqual([
      ["Email", "email"],
      ["Password", "password"],
    ]);
    expect([...screen.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual([
      "/forgot-password",
      "/register",
    ]);
  });

  it("carries the screen's title and what to say if the app cannot be loaded", () => {
    const screen = snapshotAt("/login").querySelector("main")!;
    expect(screen.dataset.title).toBe("Sign in · Inkpress");
    expect(screen.dataset.loadError).toMatch(/^This page could not be loaded\. Check your connection/);
  });

  it("takes input before the app arrives", () => {
    const snapshot = snapshotAt("/login");
    for (const input of snapshot.querySelectorAll("input")) expect(input.readOnly).toBe(false);
    expect(snapshot.querySelector("button")?.disabled).toBe(false);
  });

  it("is hydrated by the app, which keeps the elements and what was typed, and makes the submission held back", async () => {
    vi.mocked(signIn).mockResolvedValue({} as Awaited<ReturnType<typeof signIn>>);
    const container = snapshotAt("/login");
    document.body.append(container);
    const screen = container.querySelector("main")!;
    screen.hidden = false; // as the reveal script does
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    email.value = "ada@example.com";
    password.value = "correct horse";
    email.form!.setAttribute("data-submit-requested", ""); // as the reveal script marks a held-back submission
    password.focus();
    const hydrationErrors = vi.fn();
    // React's development build warns of the two marker attributes the app does not render (production ignores them).
    const warnings = vi.spyOn(console, "error").mockImplementation(() => {});

    expect(takeOverSignInSnapshot(container)).toBe(true);
    const root = await act(async () => hydrateRoot(container, <Root />, { onRecoverableError: hydrationErrors }));

    await waitFor(() => expect(signIn).toHaveBeenCalledWith("ada@example.com", "correct horse"));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(hydrationErrors).not.toHaveBeenCalled();
    expect(container.querySelector('input[name="email"]')).toBe(email);
    expect(document.activeElement).toBe(password);
    expect(screen.hasAttribute("data-sign-in-snapshot")).toBe(false);
    expect(email.form!.hasAttribute("data-submit-requested")).toBe(false);
    for (const [warning] of warnings.mock.calls) expect(String(warning)).toContain("attributes of the server rendered HTML");
    act(() => root.unmount());
    container.remove();
  });

  it("keeps what was typed and the submission asked for even when React renders the form anew (a hydration mismatch)", async () => {
    vi.mocked(signIn).mockResolvedValue({} as Awaited<ReturnType<typeof signIn>>);
    const container = snapshotAt("/login");
    document.body.append(container);
    container.querySelector("main")!.hidden = false;
    container.querySelector("h1")!.textContent = "Not what the app renders";
    container.querySelector<HTMLInputElement>('input[name="email"]')!.value = "ada@example.com";
    container.querySelector<HTMLInputElement>('input[name="password"]')!.value = "correct horse";
    container.querySelector("form")!.setAttribute("data-submit-requested", "");
    const hydrationErrors = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => {});

    expect(takeOverSignInSnapshot(container)).toBe(true);
    const root = await act(async () => hydrateRoot(container, <Root />, { onRecoverableError: hydrationErrors }));

    await waitFor(() => expect(signIn).toHaveBeenCalledWith("ada@example.com", "correct horse"));
    expect(hydrationErrors).toHaveBeenCalled();
    expect(container.querySelector("h1")?.textContent).toBe("Sign in to your account");
    expect(container.querySelector<HTMLInputElement>('input[name="email"]')!.value).toBe("ada@example.com");
    act(() => root.unmount());
    container.remove();
  });

  it("refuses to produce anything but the sign-in form", () => {
    expect(() => snapshotAt("/articles")).toThrow("did not render the sign-in form");
  });
});
