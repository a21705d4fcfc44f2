import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthChangeEvent, Session } from "../src/features/auth/data/auth";
import { authStorageKey } from "../src/backend/supabaseConfig";
import { visit } from "./session";

/**
 * The first render as main.tsx starts it (initSession, then <App />), for
 * each state of the session stored in localStorage, and what happens when
 * the lazily loaded auth client reports the real session.
 */

vi.mock("../src/features/auth/data/auth", () => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  requestPasswordReset: vi.fn(),
  updatePassword: vi.fn(),
  signOut: vi.fn(),
  onAuthChange: vi.fn(),
}));
vi.mock("../src/features/dashboard/data/dashboard", () => ({ loadDashboard: vi.fn(() => new Promise(() => {})) }));

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const user = { id: "user-1", email: "ada@example.com" };
const session = { access_token: "access", user } as Session;
const nowInSeconds = () => Math.floor(Date.now() / 1000);

function storeSession(expiresAt: number) {
  const stored = { access_token: "access", refresh_token: "refresh", expires_at: expiresAt, user };
  window.localStorage.setItem(authStorageKey, JSON.stringify(stored));
}

/** Starts the app as main.tsx does, with the stored session read afresh; `client.emit` plays the auth client. */
async function startApp(path: string) {
  visit(path);
  vi.resetModules();
  const { onAuthChange } = vi.mocked(await import("../src/features/auth/data/auth"));
  let listener: Listener | undefined;
  onAuthChange.mockImplementation(async (callback) => {
    listener = callback;
    return () => {};
  });
  const { initSession } = await import("../src/features/auth/session");
  const { App } = await import("../src/app/App");
  initSession();
  render(<App />);
  return {
    onAuthChange,
    /** The auth client reporting `event`, once it has been asked for. */
    async emit(event: AuthChangeEvent, current: Session | null) {
      await waitFor(() => expect(listener).toBeDefined());
      act(() => listener!(event, current));
    },
  };
}

const signInHeading = { name: "Sign in to your account" };

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe("first render on /login", () => {
  it("shows the form at once without a stored session, and loads the auth client when the visitor starts on it", async () => {
    const client = await startApp("/login");
    expect(screen.getByRole("heading", signInHeading)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.onAuthChange).not.toHaveBeenCalled();

    fireEvent.focusIn(screen.getByLabelText("Email"));
    await client.emit("INITIAL_SESSION", null);
    expect(screen.getByRole("heading", signInHeading)).toBeTruthy();
    expect(window.location.pathname).toBe("/login");
  });

  it("shows the form at once for a corrupt stored session", async () => {
    window.localStorage.setItem(authStorageKey, "{not json");
    const client = await startApp("/login");
    expect(screen.getByRole("heading", signInHeading)).toBeTruthy();
    expect(client.onAuthChange).not.toHaveBeenCalled();
  });

  it("sends a visitor with a stored session to / at once, where the route guard waits for the real session", async () => {
    storeSession(nowInSeconds() + 3600);
    const client = await startApp("/login");
    expect(window.location.pathname).toBe("/");
    expect(screen.queryByRole("heading", signInHeading)).toBeNull();
    expect(screen.getByRole("status")).toBeTruthy();
    expect(client.onAuthChange).toHaveBeenCalledTimes(1);

    await client.emit("INITIAL_SESSION", session);
    expect(await screen.findByRole("heading", { name: `Welcome, ${user.email}` })).toBeTruthy();
  });

  it("returns to the form when the auth client does not confirm the stored session", async () => {
    storeSession(nowInSeconds() + 3600);
    const client = await startApp("/login");
    expect(window.location.pathname).toBe("/");

    await client.emit("INITIAL_SESSION", null);
    expect(await screen.findByRole("heading", signInHeading)).toBeTruthy();
    expect(window.location.pathname).toBe("/login");
    expect(window.history.state).toEqual({ from: "/" });
  });

  it.each([
    ["an expired stored session", "/login", () => storeSession(nowInSeconds() - 60)],
    ["a sign-in link in the address", "/login#access_token=jwt&refresh_token=r&type=signup", () => {}],
  ])("waits for the auth client with %s, then follows it", async (_, path, arrange) => {
    arrange();
    const client = await startApp(path);
    expect(screen.getByRole("status")).toBeTruthy();
    expect(screen.queryByRole("heading", signInHeading)).toBeNull();
    expect(client.onAuthChange).toHaveBeenCalledTimes(1);

    await client.emit("INITIAL_SESSION", session);
    expect(await screen.findByRole("heading", { name: `Welcome, ${user.email}` })).toBeTruthy();
    expect(window.location.pathname).toBe("/");
  });

  it("shows the form once the auth client could not refresh an expired session", async () => {
    storeSession(nowInSeconds() - 60);
    const client = await startApp("/login");
    expect(screen.getByRole("status")).toBeTruthy();

    await client.emit("INITIAL_SESSION", null);
    expect(await screen.findByRole("heading", signInHeading)).toBeTruthy();
  });
});

describe("first render on a signed-in screen", () => {
  it("waits for the real session without a stored one, loading the auth client at once", async () => {
    const client = await startApp("/profile");
    expect(screen.getByRole("status")).toBeTruthy();
    await waitFor(() => expect(client.onAuthChange).toHaveBeenCalledTimes(1));

    await client.emit("INITIAL_SESSION", null);
    expect(await screen.findByRole("heading", signInHeading)).toBeTruthy();
    expect(window.history.state).toEqual({ from: "/profile" });
  });
});
