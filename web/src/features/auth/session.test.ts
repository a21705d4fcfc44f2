import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  confirmSession,
  onAuthChange,
  signOut as endSession,
  storedSession,
  type AuthChangeEvent,
  type Session,
} from "./data/auth";
import { authStorageKey } from "../../backend/supabaseConfig";
import { muteErrorsUntilUserActs, notifyError, notifyInfo } from "../../lib/notify";
import {
  connectSession,
  recheckSession,
  SESSION_ENDED_MESSAGE,
  SESSION_RECHECK_INTERVAL_MS,
  sessionState,
  signOut,
} from "./session";

vi.mock("./data/auth", () => ({
  onAuthChange: vi.fn(),
  signOut: vi.fn(),
  confirmSession: vi.fn(),
  storedSession: vi.fn(),
}));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifyInfo: vi.fn(), muteErrorsUntilUserActs: vi.fn() }));

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const session = { access_token: "token", user: { id: "user-1", email: "ada@example.com" } } as Session;

let listener: Listener | undefined;

async function start(): Promise<Listener> {
  await connectSession();
  return listener!;
}

beforeEach(() => {
  sessionState.loading = true;
  sessionState.hint = "unknown";
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

  it("announces a session that ended without the user signing out, and mutes the errors it causes", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    emit("SIGNED_OUT", null);
    expect(sessionState.user).toBeNull();
    expect(notifyInfo).toHaveBeenCalledWith("Your session has ended. Please sign in again.");
    expect(SESSION_ENDED_MESSAGE).toBe("Your session has ended. Please sign in again.");
    expect(muteErrorsUntilUserActs).toHaveBeenCalledOnce();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("announces a stored session found expired while the page loads", async () => {
    sessionState.hint = "unknown";
    const emit = await start();
    emit("SIGNED_OUT", null);
    emit("INITIAL_SESSION", null);
    expect(notifyInfo).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE);
  });

  it("signs out quietly when the user asks", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    vi.mocked(endSession).mockImplementation(async () => emit("SIGNED_OUT", null));
    await signOut();
    expect(sessionState.user).toBeNull();
    expect(notifyInfo).not.toHaveBeenCalled();

    emit("SIGNED_IN", session);
    emit("SIGNED_OUT", null);
    expect(notifyInfo).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE);
  });

  it("does not announce anything to a visitor who was never signed in", async () => {
    sessionState.hint = "signed-out";
    const emit = await start();
    emit("SIGNED_OUT", null);
    emit("INITIAL_SESSION", null);
    emit("SIGNED_OUT", null);
    expect(notifyInfo).not.toHaveBeenCalled();
    expect(muteErrorsUntilUserActs).not.toHaveBeenCalled();
  });

  it("opens the set-new-password screen on PASSWORD_RECOVERY", async () => {
    const emit = await start();
    window.history.replaceState(null, "", "/");
    emit("PASSWORD_RECOVERY", session);
    expect(window.location.pathname).toBe("/reset-password");
    expect(sessionState.user).toBe(session.user);
  });
});

describe("a session changed in another tab", () => {
  const otherUser = { access_token: "other", user: { id: "user-2", email: "bob@example.com" } } as Session;
  const storageEvent = (key: string | null) => window.dispatchEvent(new StorageEvent("storage", { key }));

  it("follows a sign-out there, as a session that ended", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    vi.mocked(storedSession).mockResolvedValue(null);
    storageEvent(authStorageKey);
    await vi.waitFor(() => expect(sessionState.user).toBeNull());
    expect(notifyInfo).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE);
  });

  it("follows the site's storage being cleared", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    vi.mocked(storedSession).mockResolvedValue(null);
    storageEvent(null);
    await vi.waitFor(() => expect(sessionState.user).toBeNull());
  });

  it("follows a sign-in as someone else", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    vi.mocked(storedSession).mockResolvedValue(otherUser);
    storageEvent(authStorageKey);
    await vi.waitFor(() => expect(sessionState.user?.id).toBe("user-2"));
    expect(notifyInfo).not.toHaveBeenCalled();
  });

  it("ignores other keys and a refreshed token of the same user", async () => {
    const emit = await start();
    emit("SIGNED_IN", session);
    vi.mocked(storedSession).mockResolvedValue({ ...session, access_token: "refreshed" } as Session);
    storageEvent("some-other-key");
    expect(storedSession).not.toHaveBeenCalled();
    storageEvent(authStorageKey);
    await vi.waitFor(() => expect(storedSession).toHaveBeenCalled());
    expect(sessionState.session?.access_token).toBe("token");
    expect(sessionState.user).toBe(session.user);
  });
});

describe("rechecking the session with the auth server", () => {
  afterEach(() => vi.useRealTimers());

  /** recheckSession asks on the next microtask (so a throwing auth client cannot break navigation); let it run. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("asks at most once a minute, and not right after signing in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.mocked(confirmSession).mockResolvedValue("valid");
    const emit = await start();
    emit("SIGNED_IN", session);
    recheckSession();
    await settled();
    expect(confirmSession).not.toHaveBeenCalled();

    vi.advanceTimersByTime(SESSION_RECHECK_INTERVAL_MS);
    recheckSession();
    recheckSession();
    await settled();
    expect(confirmSession).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(SESSION_RECHECK_INTERVAL_MS);
    recheckSession();
    await settled();
    expect(confirmSession).toHaveBeenCalledTimes(2);
  });

  it("asks when the user comes back to the tab", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.mocked(confirmSession).mockResolvedValue("valid");
    const emit = await start();
    emit("SIGNED_IN", session);
    vi.advanceTimersByTime(SESSION_RECHECK_INTERVAL_MS);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await settled();
    expect(confirmSession).toHaveBeenCalledOnce();
  });

  it("does not ask for a visitor who is signed out", async () => {
    const emit = await start();
    emit("INITIAL_SESSION", null);
    recheckSession();
    await settled();
    expect(confirmSession).not.toHaveBeenCalled();
  });
});

describe("connecting the auth client", () => {
  /** A fresh copy of the store, not yet connected. */
  async function freshStore() {
    vi.resetModules();
    const auth = await import("./data/auth");
    const notify = await import("../../lib/notify");
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
