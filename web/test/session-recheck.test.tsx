import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { visit } from "./session";

vi.mock("../src/features/auth/data/auth", () => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  requestPasswordReset: vi.fn(),
  updatePassword: vi.fn(),
  signOut: vi.fn(),
  onAuthChange: vi.fn(),
  confirmSession: vi.fn(),
  storedSession: vi.fn(),
}));
vi.mock("../src/features/dashboard/data/dashboard", () => ({ loadDashboard: vi.fn(() => new Promise(() => {})) }));
vi.mock("../src/features/profile/data/apiKeys", () => ({ getApiKeyStatus: vi.fn(() => new Promise(() => {})), saveApiKeys: vi.fn() }));

afterEach(() => vi.useRealTimers());

describe("the route guard", () => {
  it("has the auth server recheck the session when the user moves to another screen, at most once a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.resetModules();
    const { confirmSession } = vi.mocked(await import("../src/features/auth/data/auth"));
    confirmSession.mockResolvedValue("valid");
    const { setSignedIn } = await import("./session");
    const { SESSION_RECHECK_INTERVAL_MS } = await import("../src/features/auth/session");
    const { App } = await import("../src/app/App");
    setSignedIn();
    visit("/");
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: /^Welcome/ });
    await vi.waitFor(() => expect(confirmSession).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole("link", { name: "Profile" }));
    await screen.findByRole("heading", { level: 1, name: "Profile Settings" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confirmSession).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(SESSION_RECHECK_INTERVAL_MS);
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    await screen.findByRole("heading", { level: 1, name: /^Welcome/ });
    await vi.waitFor(() => expect(confirmSession).toHaveBeenCalledTimes(2));
  });
});
