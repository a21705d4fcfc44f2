import { describe, expect, it } from "vitest";
import { renderSignInSnapshot } from "./signInSnapshot";

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

  it("cannot be typed into or submitted before the app replaces it", () => {
    const snapshot = snapshotAt("/login");
    for (const input of snapshot.querySelectorAll("input")) expect(input.readOnly).toBe(true);
    expect(snapshot.querySelector("button")?.disabled).toBe(true);
    expect(snapshot.querySelector("form")?.getAttribute("aria-busy")).toBe("true");
  });

  it("refuses to produce anything but the sign-in form", () => {
    expect(() => snapshotAt("/articles")).toThrow("did not render the sign-in form");
  });
});
