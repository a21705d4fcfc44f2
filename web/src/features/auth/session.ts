import { useEffect } from "react";
import { proxy, ref, useSnapshot } from "valtio";
import { navigate } from "wouter/use-browser-location";
import {
  confirmSession,
  onAuthChange,
  signOut as endSession,
  storedSession,
  type AuthChangeEvent,
  type Session,
  type User,
} from "./data/auth";
import { readSessionHint, type SessionHint } from "../../backend/storedSession";
import { authStorageKey } from "../../backend/supabaseConfig";
import { onFirstInteraction } from "../../lib/firstInteraction";
import { muteErrorsUntilUserActs, notifyError, notifyInfo } from "../../lib/notify";

/** Shown when a session ends without the user signing out here (elsewhere, revoked, expired). */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

/** How often, at most, the auth server is asked whether the session still stands (see recheckSession). */
export const SESSION_RECHECK_INTERVAL_MS = 60_000;

/** Auth objects are replaced whole on every event, never mutated: held by reference, not proxied. */
type Ref<T extends object> = ReturnType<typeof ref<T>>;

type SessionState = {
  /** True until the auth client has reported the session. */
  loading: boolean;
  /** What the stored session said when the page loaded, before the auth client (see readSessionHint). */
  hint: SessionHint;
  user: Ref<User> | null;
  session: Ref<Session> | null;
};

export const sessionState = proxy<SessionState>({
  loading: true,
  hint: readSessionHint(),
  user: null,
  session: null,
});

let signOutRequested = false;
let connection: Promise<void> | undefined;
/** When the auth server last confirmed the session (epoch ms). */
let lastConfirmed = 0;

/**
 * Every event (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED) carries the current
 * session. A sign-out the user did not ask for here (signed out in another
 * tab or on another device, refresh token revoked, session expired — also
 * one found expired while the page loads) is announced, and errors of
 * requests that fail with it are not; the route guard then sends the user to
 * /login and back to where they were.
 */
function onAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  const hadSession = sessionState.user !== null || (sessionState.loading && sessionState.hint !== "signed-out");
  const lostSession = event === "SIGNED_OUT" && hadSession && !signOutRequested;
  sessionState.session = session ? ref(session) : null;
  sessionState.user = session ? ref(session.user) : null;
  sessionState.loading = false;
  if (event === "SIGNED_IN") lastConfirmed = Date.now();
  if (lostSession) {
    muteErrorsUntilUserActs();
    notifyInfo(SESSION_ENDED_MESSAGE);
  }
  if (event === "PASSWORD_RECOVERY") navigate("/reset-password", { replace: true });
}

/**
 * Another tab changed the stored session (signed out, cleared the site's
 * data, signed in as someone else): follow it. The auth client's own
 * cross-tab messages usually arrive too; handling both is harmless.
 */
async function followStoredSession(): Promise<void> {
  const session = await storedSession();
  if (!session) {
    if (sessionState.user) onAuthEvent("SIGNED_OUT", null);
  } else if (session.user.id !== sessionState.user?.id) {
    onAuthEvent("SIGNED_IN", session);
  }
}

function onStorage(event: StorageEvent): void {
  if (event.key === authStorageKey || event.key === null) void followStoredSession().catch(() => {});
}

function onVisibilityChange(): void {
  if (document.visibilityState === "visible") recheckSession();
}

/**
 * Asks the auth server whether the session still stands, at most once per
 * SESSION_RECHECK_INTERVAL_MS: the database accepts an access token until it
 * expires, even after the session was signed out on another device. Called
 * when the user moves to another screen or comes back to the tab; an ended
 * session is removed (SIGNED_OUT follows).
 */
export function recheckSession(): void {
  if (!sessionState.user || Date.now() - lastConfirmed < SESSION_RECHECK_INTERVAL_MS) return;
  lastConfirmed = Date.now();
  // Best effort: an auth server that cannot be reached leaves the session as it is.
  void Promise.resolve()
    .then(() => confirmSession())
    .catch(() => {});
}

/**
 * Loads the auth client (once) and keeps `sessionState` in step with it. If
 * the client cannot be loaded, says so; the next call tries again.
 */
export function connectSession(): Promise<void> {
  connection ??= (async () => {
    try {
      await onAuthChange(onAuthEvent);
      window.addEventListener("storage", onStorage);
      document.addEventListener("visibilitychange", onVisibilityChange);
    } catch {
      connection = undefined;
      notifyError("Could not reach the server. Please check your connection and reload the page.");
    }
  })();
  return connection;
}

/**
 * Connects the session at once when the stored session says the visitor may
 * be signed in, and at their first interaction with the page when it says
 * they are not: the signed-out screens render and sit idle without the auth
 * client, which signing in loads anyway, and the screens that need the real
 * session connect it themselves (useVerifiedSession). A sign-in in another
 * tab is followed meanwhile through the stored session.
 */
export function initSession(): void {
  if (sessionState.hint === "signed-out") {
    window.addEventListener("storage", onStorage);
    onFirstInteraction(() => void connectSession());
  } else {
    void connectSession();
  }
}

export async function signOut(): Promise<void> {
  signOutRequested = true;
  try {
    await endSession();
  } finally {
    signOutRequested = false;
  }
}

/** The session as the auth client reports it (connected now if it is not yet): `loading` until it has. */
export function useVerifiedSession() {
  useEffect(() => void connectSession(), []);
  return useSnapshot(sessionState);
}

/**
 * Whether the visitor is signed in, for screens a signed-in user should
 * leave: the auth client's answer once it has one, until then the stored
 * session's ("unknown": wait for the auth client).
 */
export function useSignedInStatus(): SessionHint {
  const { loading, hint, user } = useSnapshot(sessionState);
  if (loading) return hint;
  return user ? "signed-in" : "signed-out";
}

export function useUser(): User | null {
  return useSnapshot(sessionState).user;
}
