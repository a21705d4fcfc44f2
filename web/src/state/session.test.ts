import { beforeEach, describe, expect, it, vi } from "vitest";
import { onAuthChange, signOut as endSession, type AuthChangeEvent, type Session } from "../data/auth";
import { notifyError } from "../lib/notify";
import { connectSession, sessionState, signOut } from "./session";

vi.mock("../data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../lib/notify", () => ({ notifyError: vi.fn() }));

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const session = { access_token: "token", user: { id: "user-1", email: "ada@example.com" } } as Session;

let listener: Listener | undefined;

async function start(): Promise<Listener> {
  await connectSession();
  return listener!;
}

beforeEach(() => {
  sessionState.loading = true;
  sessionState.user = null;
  sessionState.session = null;
  vi.mocked(onAuthChange).mockImplementation(async (callback) => {
    listener = callback;
    return () => {};
  });
});

describe("session store", () => {
  it("is loading until the initial session arrives", async () => {
    const emit = await start();
    expect(sessionState.loading).toBe(true);
    emit("INITIAL_SESSION", null);
    expect(sessionState).toMatchObject({ loading: false, user: null, session: null });
  });

  it.each<AuthChangeEvent>(["INITIAL_SESSION", "SIGNED_IN", "TOKEN_REFRESHED", "USER_UPDATED", "MFA_CHALLENGE_VERIFIED"])(
    "takes the user and session from %s",
    async (event) => {
      const emit = await start();
      emit(event, session);
      expect(sessionState.loading).toBe(false);
      expect(sessionState.user).toBe(session.user);
      expect(sessionState.session).toBe(session);
    },
  );

  it("announces a session that ended without the user signing out", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    emit("SIGNED_OUT", null);
    expect(sessionState.user).toBeNull();
    expect(notifyError).toHaveBeenCalledWith("Authentication required");
  });

  it("signs out quietly when the user asks", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    vi.mocked(endSession).mockImplementation(async () => emit("SIGNED_OUT", null));
    await signOut();
    expect(sessionState.user).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();

    emit("SIGNED_IN", session);
    emit("SIGNED_OUT", null);
    expect(notifyError).toHaveBeenCalledWith("Authentication required");
  });

  it("does not announce anything to a visitor who was never signed in", async () => {
    const emit = await start();
    emit("INITIAL_SESSION", null);
    emit("SIGNED_OUT", null);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("opens the set-new-password screen on PASSWORD_RECOVERY", async () => {
    const emit = await start();
    window.history.replaceState(null, "", "/");
    emit("PASSWORD_RECOVERY", session);
    expect(window.location.pathname).toBe("/reset-password");
    expect(sessionState.user).toBe(session.user);
  });
});

describe("connecting the auth client", () => {
  /** A fresh copy of the store, not yet connected. */
  async function freshStore() {
    vi.resetModules();
    const auth = await import("../data/auth");
    const notify = await import("../lib/notify");
    return { ...(await import("./session")), onAuthChange: vi.mocked(auth.onAuthChange), notifyError: notify.notifyError };
  }

  it("loads and subscribes once, however many screens ask", async () => {
    const store = await freshStore();
    store.onAuthChange.mockResolvedValue(() => {});
    await Promise.all([store.connectSession(), store.connectSession()]);
    await store.connectSession();
    expect(store.onAuthChange).toHaveBeenCalledTimes(1);
  });

  it("says so when the auth client cannot be loaded, and tries again next time", async () => {
    const store = await freshStore();
    store.onAuthChange.mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
    await store.connectSession();
    expect(store.notifyError).toHaveBeenCalledWith(
      "Could not reach the server. Please check your connection and reload the page.",
    );
    expect(store.sessionState.loading).toBe(true);

    store.onAuthChange.mockResolvedValue(() => {});
    await store.connectSession();
    expect(store.onAuthChange).toHaveBeenCalledTimes(2);
  });
});
