import { beforeEach, describe, expect, it, vi } from "vitest";
import { onAuthChange, signOut as endSession, type AuthChangeEvent, type Session } from "../data/auth";
import { notifyError } from "../lib/notify";
import { initSession, sessionState, signOut } from "./session";

vi.mock("../data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("../lib/notify", () => ({ notifyError: vi.fn() }));

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const session = { access_token: "token", user: { id: "user-1", email: "ada@example.com" } } as Session;

function start(): Listener {
  let listener: Listener | undefined;
  vi.mocked(onAuthChange).mockImplementation((callback) => {
    listener = callback;
    return () => {};
  });
  initSession();
  return listener!;
}

beforeEach(() => {
  sessionState.loading = true;
  sessionState.user = null;
  sessionState.session = null;
});

describe("session store", () => {
  it("is loading until the initial session arrives", () => {
    const emit = start();
    expect(sessionState.loading).toBe(true);
    emit("INITIAL_SESSION", null);
    expect(sessionState).toMatchObject({ loading: false, user: null, session: null });
  });

  it.each<AuthChangeEvent>(["INITIAL_SESSION", "SIGNED_IN", "TOKEN_REFRESHED", "USER_UPDATED", "MFA_CHALLENGE_VERIFIED"])(
    "takes the user and session from %s",
    (event) => {
      const emit = start();
      emit(event, session);
      expect(sessionState.loading).toBe(false);
      expect(sessionState.user).toBe(session.user);
      expect(sessionState.session).toBe(session);
    },
  );

  it("announces a session that ended without the user signing out", () => {
    const emit = start();
    emit("SIGNED_IN", session);
    emit("SIGNED_OUT", null);
    expect(sessionState.user).toBeNull();
    expect(notifyError).toHaveBeenCalledWith("Authentication required");
  });

  it("signs out quietly when the user asks", async () => {
    const emit = start();
    emit("SIGNED_IN", session);
    vi.mocked(endSession).mockImplementation(async () => emit("SIGNED_OUT", null));
    await signOut();
    expect(sessionState.user).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();

    emit("SIGNED_IN", session);
    emit("SIGNED_OUT", null);
    expect(notifyError).toHaveBeenCalledWith("Authentication required");
  });

  it("does not announce anything to a visitor who was never signed in", () => {
    const emit = start();
    emit("INITIAL_SESSION", null);
    emit("SIGNED_OUT", null);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("opens the set-new-password screen on PASSWORD_RECOVERY", () => {
    const emit = start();
    window.history.replaceState(null, "", "/");
    emit("PASSWORD_RECOVERY", session);
    expect(window.location.pathname).toBe("/reset-password");
    expect(sessionState.user).toBe(session.user);
  });
});
