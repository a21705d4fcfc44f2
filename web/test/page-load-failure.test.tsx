import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { App } from "../src/app/App";
import { setSignedIn, visit } from "./session";

vi.mock("../src/features/auth/data/auth", () => ({ signOut: vi.fn(), onAuthChange: vi.fn(), confirmSession: vi.fn() }));
vi.mock("../src/features/dashboard/data/dashboard", () => ({ loadDashboard: vi.fn(() => new Promise(() => {})) }));
// The screen's file is gone (a deploy in between) or the network is down.
vi.mock("../src/features/research/keywords/KeywordPhrasesPage", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/KeywordPhrasesPage-3f2a.js");
});

describe("a screen whose code cannot be loaded", () => {
  it("says so in the page area with Retry and Reload; the menu stays and works", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    setSignedIn();
    visit("/keyword-phrases");
    const user = userEvent.setup();
    render(<App />);

    const alert = await screen.findByRole("alert");
    expect(alert.querySelector("h1")?.textContent).toBe("This page could not be loaded");
    expect(screen.getByRole("main").contains(alert)).toBe(true);
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull();

    const menu = screen.getByRole("navigation", { name: "Main menu" });
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(await screen.findByRole("heading", { level: 1, name: /^Welcome/ })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBe(menu);
  });
});
