import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/app/App";
import { setSignedIn, testUser, visit } from "./session";

vi.mock("../src/features/auth/data/auth", () => ({ signOut: vi.fn(), onAuthChange: vi.fn(), confirmSession: vi.fn() }));
vi.mock("../src/features/dashboard/data/dashboard", () => ({ loadDashboard: vi.fn(() => new Promise(() => {})) }));
vi.mock("../src/features/profile/data/apiKeys", () => ({ getApiKeyStatus: vi.fn(() => new Promise(() => {})), saveApiKeys: vi.fn() }));

/** jsdom does not lay out or scroll: play a window that can scroll anywhere. */
let scrollY = 0;
function scrollUserTo(top: number) {
  scrollY = top;
  act(() => void window.dispatchEvent(new Event("scroll")));
}

beforeEach(() => {
  scrollY = 0;
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY);
  vi.spyOn(window, "scrollTo").mockImplementation(((_x: number, y: number) => {
    scrollY = y;
  }) as typeof window.scrollTo);
});

describe("scroll position across screens", () => {
  it("starts a new screen at the top and returns to the position on Back and Forward", async () => {
    setSignedIn();
    visit("/");
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: `Welcome, ${testUser.email}` });
    scrollUserTo(640);

    await user.click(screen.getByRole("link", { name: "Profile" }));
    await screen.findByRole("heading", { level: 1, name: "Profile Settings" });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(scrollY).toBe(0);
    scrollUserTo(120);

    act(() => window.history.back());
    await screen.findByRole("heading", { level: 1, name: `Welcome, ${testUser.email}` });
    await vi.waitFor(() => expect(scrollY).toBe(640));

    act(() => window.history.forward());
    await screen.findByRole("heading", { level: 1, name: "Profile Settings" });
    await vi.waitFor(() => expect(scrollY).toBe(120));
  });

  it("keeps the position when the address is replaced in place", async () => {
    setSignedIn();
    visit("/profile");
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: "Profile Settings" });
    scrollUserTo(300);
    vi.mocked(window.scrollTo).mockClear();
    act(() => window.history.replaceState(null, "", "/profile?tab=keys"));
    await vi.waitFor(() => expect(window.location.search).toBe("?tab=keys"));
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(scrollY).toBe(300);
  });
});
