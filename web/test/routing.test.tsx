import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/app/App";
import { signIn } from "../src/features/auth/data/auth";
import { setSessionLoading, setSignedIn, setSignedOut, testUser, visit } from "./session";

vi.mock("../src/features/auth/data/auth", () => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  requestPasswordReset: vi.fn(),
  updatePassword: vi.fn(),
  signOut: vi.fn(),
  onAuthChange: vi.fn(),
}));
vi.mock("../src/features/dashboard/data/dashboard", () => ({ loadDashboard: vi.fn(() => new Promise(() => {})) }));
vi.mock("../src/features/calendar/data/calendar", () => ({
  loadCalendarEntries: vi.fn(() => new Promise(() => {})),
  loadReadyDrafts: vi.fn(() => new Promise(() => {})),
}));
vi.mock("../src/features/profile/data/apiKeys", () => ({
  getApiKeyStatus: vi.fn(() => new Promise(() => {})),
  saveApiKeys: vi.fn(),
}));

// The dashboard never loads here: its greeting is the one true for a new account and a returning one.
const SIGNED_IN_SCREENS = [
  ["/", `Welcome, ${testUser.email}`, "Dashboard · Inkpress"],
  ["/profile", "Profile Settings", "Profile · Inkpress"],
  ["/articles", "Articles", "Articles · Inkpress"],
  ["/articles/create", "Create New Post", "Create New Post · Inkpress"],
  ["/articles/edit/42", "Edit Article", "Edit Article · Inkpress"],
  ["/calendar", "Calendar", "Calendar · Inkpress"],
  ["/bulk", "Bulk Drafts", "Bulk Drafts · Inkpress"],
  ["/batches", "Batches", "Batches · Inkpress"],
  ["/wordpress-sites", "WordPress Sites", "WordPress Sites · Inkpress"],
  ["/generate-images", "Generate Images", "Generate Images · Inkpress"],
  ["/keyword-phrases", "Keyword Phrases", "Keyword Phrases · Inkpress"],
  ["/seo-analysis", "SEO Analysis", "SEO Analysis · Inkpress"],
  ["/assistants", "Assistants", "Assistants · Inkpress"],
  ["/assistants/new", "New Assistant", "New Assistant · Inkpress"],
  ["/assistants/42", "Edit Assistant", "Edit Assistant · Inkpress"],
  ["/templates", "Templates", "Templates · Inkpress"],
  ["/templates/new", "New Template", "New Template · Inkpress"],
  ["/templates/42", "Edit Template", "Edit Template · Inkpress"],
] as const;

const PUBLIC_SCREENS = [
  ["/login", "Sign in to your account", "Sign in · Inkpress"],
  ["/register", "Create your account", "Create account · Inkpress"],
  ["/forgot-password", "Reset your password", "Reset password · Inkpress"],
  ["/no-such-page", "Page not found", "Page not found · Inkpress"],
] as const;

beforeEach(setSignedOut);

describe("route table", () => {
  it.each(SIGNED_IN_SCREENS)("shows %s to a signed-in user inside the shell, titled", async (path, heading, title) => {
    setSignedIn();
    visit(path);
    render(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each(PUBLIC_SCREENS)("titles %s", async (path, heading, title) => {
    visit(path);
    render(<App />);
    expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it("retitles the page when the user moves to another screen", async () => {
    setSignedIn();
    visit("/");
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: `Welcome, ${testUser.email}` });
    await user.click(screen.getByRole("link", { name: "Profile" }));
    await screen.findByRole("heading", { level: 1, name: "Profile Settings" });
    await waitFor(() => expect(document.title).toBe("Profile · Inkpress"));
  });

  it.each(SIGNED_IN_SCREENS)("sends a visitor from %s to /login", async (path) => {
    visit(path);
    render(<App />);
    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(window.location.pathname).toBe("/login");
    expect(window.history.state).toEqual({ from: path });
  });

  it("shows a not-found screen with a link home for unknown paths", async () => {
    visit("/no-such-page");
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the dashboard" }).getAttribute("href")).toBe("/");
  });
});

describe("route guard", () => {
  it("shows a spinner while the session loads", async () => {
    setSessionLoading();
    visit("/profile");
    render(<App />);
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(window.location.pathname).toBe("/profile");
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("redirects to /login replacing history, and returns to the origin after sign-in", async () => {
    const entriesBefore = window.history.length;
    vi.mocked(signIn).mockImplementation(async () => {
      setSignedIn();
      return {} as Awaited<ReturnType<typeof signIn>>;
    });
    visit("/articles?status=draft");
    const user = userEvent.setup();
    render(<App />);

    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(window.location.pathname).toBe("/login");
    expect(window.history.state).toEqual({ from: "/articles?status=draft" });
    expect(window.history.length).toBe(entriesBefore);

    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Articles" })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe("/articles?status=draft");
    expect(window.history.length).toBe(entriesBefore);
  });

  it("goes to the dashboard after sign-in when there is no origin", async () => {
    vi.mocked(signIn).mockImplementation(async () => {
      setSignedIn();
      return {} as Awaited<ReturnType<typeof signIn>>;
    });
    visit("/login");
    const user = userEvent.setup();
    render(<App />);
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { name: `Welcome, ${testUser.email}` });
    expect(window.location.pathname).toBe("/");
  });

  it("ignores an origin that leaves the app", async () => {
    setSignedIn();
    visit("/login", { from: "//evil.example/phish" });
    render(<App />);
    await screen.findByRole("heading", { name: `Welcome, ${testUser.email}` });
    expect(window.location.pathname).toBe("/");
  });

  it("sends the user to /login when the session ends, and back afterwards", async () => {
    setSignedIn();
    visit("/profile");
    render(<App />);
    await screen.findByRole("heading", { name: "Profile Settings" });

    act(setSignedOut);
    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(window.history.state).toEqual({ from: "/profile" });

    act(() => setSignedIn());
    expect(await screen.findByRole("heading", { name: "Profile Settings" })).toBeTruthy();
  });
});

describe("/login", () => {
  it("shows a spinner while the session loads if the stored session cannot tell", async () => {
    setSessionLoading("unknown");
    visit("/login");
    render(<App />);
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Sign in to your account" })).toBeNull();
  });

  it("shows the form at once to a visitor with no stored session, while the session loads", () => {
    setSessionLoading("signed-out");
    visit("/login");
    render(<App />);
    expect(screen.getByRole("heading", { name: "Sign in to your account" })).toBeTruthy();
  });

  it("redirects a signed-in user to / replacing history", async () => {
    setSignedIn();
    const entriesBefore = window.history.length;
    visit("/login");
    render(<App />);
    await screen.findByRole("heading", { name: `Welcome, ${testUser.email}` });
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    expect(window.history.state).toEqual({ from: "/login" });
    expect(window.history.length).toBe(entriesBefore);
  });
});
