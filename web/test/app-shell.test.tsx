import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import AppShell from "../src/app/AppShell";
import { signOut } from "../src/features/auth/data/auth";
import { setSignedIn } from "./session";

vi.mock("../src/features/auth/data/auth", () => ({ signOut: vi.fn(), onAuthChange: vi.fn() }));

function renderShell(path = "/articles/create") {
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  render(
    <Router hook={location.hook}>
      <AppShell>
        <h1>Page</h1>
      </AppShell>
    </Router>,
  );
  const menuButton = screen.getByRole("button", { name: "Menu" });
  const drawer = screen.getByRole("navigation", { name: "Main menu" });
  const backdrop = document.querySelector<HTMLElement>(".drawer-backdrop")!;
  return { user, location, menuButton, drawer, backdrop };
}

const isOpen = (menuButton: HTMLElement, drawer: HTMLElement) =>
  menuButton.getAttribute("aria-expanded") === "true" && drawer.dataset.open === "true";

beforeEach(() => setSignedIn());

describe("navigation shell", () => {
  it("lists the menu in order and highlights the active entry", () => {
    const { drawer } = renderShell("/articles/create");
    const links = within(drawer).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/"],
      ["Articles", "/articles"],
      ["Calendar", "/calendar"],
      ["Bulk Drafts", "/bulk"],
      ["Batches", "/batches"],
      ["WordPress Sites", "/wordpress-sites"],
      ["Generate Images", "/generate-images"],
      ["Keyword Phrases", "/keyword-phrases"],
      ["SEO Analysis", "/seo-analysis"],
      ["Profile", "/profile"],
      ["Assistants", "/assistants"],
      ["Templates", "/templates"],
    ]);
    expect(links.filter((link) => link.getAttribute("aria-current") === "page").map((link) => link.textContent)).toEqual(
      ["Articles"],
    );
    expect(within(drawer).getByRole("button", { name: "Sign Out" })).toBeTruthy();
  });

  it("highlights Assistants on its screens", () => {
    const { drawer } = renderShell("/assistants/new");
    const current = within(drawer).getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual(["Assistants"]);
  });

  it("highlights Templates on its screens", () => {
    const { drawer } = renderShell("/templates/new");
    const current = within(drawer).getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual(["Templates"]);
  });

  it("highlights Dashboard only on /", () => {
    const { drawer } = renderShell("/");
    expect(within(drawer).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(within(drawer).getByRole("link", { name: "Profile" }).getAttribute("aria-current")).toBeNull();
  });

  it("has banner, navigation and main landmarks with a skip link", () => {
    renderShell();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main").id).toBe("main");
    expect(screen.getByRole("link", { name: "Skip to main content" }).getAttribute("href")).toBe("#main");
    expect(within(screen.getByRole("banner")).getByRole("img", { name: "Inkpress" })).toBeTruthy();
  });

  it("opens the drawer from the menu button and moves focus into it", async () => {
    const { user, menuButton, drawer, backdrop } = renderShell();
    expect(menuButton.getAttribute("aria-controls")).toBe(drawer.id);
    expect(isOpen(menuButton, drawer)).toBe(false);
    expect(backdrop.hidden).toBe(true);

    await user.click(menuButton);
    expect(isOpen(menuButton, drawer)).toBe(true);
    expect(backdrop.hidden).toBe(false);
    expect(document.activeElement).toBe(within(drawer).getByRole("link", { name: "Dashboard" }));

    await user.click(menuButton);
    expect(isOpen(menuButton, drawer)).toBe(false);
  });

  it("closes the drawer when the backdrop is tapped", async () => {
    const { user, menuButton, drawer, backdrop } = renderShell();
    await user.click(menuButton);
    await user.click(backdrop);
    expect(isOpen(menuButton, drawer)).toBe(false);
    expect(backdrop.hidden).toBe(true);
  });

  it("closes the drawer on Escape and returns focus to the menu button", async () => {
    const { user, menuButton, drawer } = renderShell();
    await user.click(menuButton);
    await user.keyboard("{Escape}");
    expect(isOpen(menuButton, drawer)).toBe(false);
    expect(document.activeElement).toBe(menuButton);
  });

  it("closes the drawer when a link is chosen and navigates", async () => {
    const { user, location, menuButton, drawer } = renderShell();
    await user.click(menuButton);
    await user.click(within(drawer).getByRole("link", { name: "Keyword Phrases" }));
    expect(isOpen(menuButton, drawer)).toBe(false);
    expect(location.history.at(-1)).toBe("/keyword-phrases");
    expect(within(drawer).getByRole("link", { name: "Keyword Phrases" }).getAttribute("aria-current")).toBe("page");
  });

  it("signs out and goes to /login", async () => {
    vi.mocked(signOut).mockResolvedValue();
    const { user, location, drawer } = renderShell();
    await user.click(within(drawer).getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
    expect(signOut).toHaveBeenCalledOnce();
  });
});
