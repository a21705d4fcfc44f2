import { useEffect } from "react";
import { proxy, ref, useSnapshot } from "valtio";
import { navigate } from "wouter/use-browser-location";
import {
  onAuthChange,
  signOut as endSession,
  type AuthChangeEvent,
  type Session,
  type User,
} from "../data/auth";
import { readSessionHint, type SessionHint } from "../data/storedSession";
import { afterFirstPaint } from "../lib/afterFirstPaint";
import { notifyError } from "../lib/notify";

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

/**
 * Every event (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED) carries the current
 * session. A sign-out the user did not ask for (expired or revoked session)
 * is announced; the route guard then sends them to /login and back.
 */
function onAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  const lostSession = event === "SIGNED_OUT" && sessionState.user !== null && !signOutRequested;
  sessionState.session = session ? ref(session) : null;
  sessionState.user = session ? ref(session.user) : null;
  sessionState.loading = false;
  if (lostSession) notifyError("Authentication required");
  if (event === "PASSWORD_RECOVERY") navigate("/reset-password", { replace: true });
}

/**
 * Loads the auth client (once) and keeps `sessionState` in step with it. If
 * the client cannot be loaded, says so; the next call tries again.
 */
export function connectSession(): Promise<void> {
  connection ??= (async () => {
    try {
      await onAuthChange(onAuthEvent);
    } catch {
      connection = undefined;
      notifyError("Could not reach the server. Please check your connection and reload the page.");
    }
  })();
  return connection;
}

/**
 * Connects the session at once when the stored session says the visitor may
 * be signed in, and after the first paint when it says they are not: the
 * signed-out screens render without the auth client, and the screens that
 * need the real session connect it themselves (useVerifiedSession).
 */
export function initSession(): void {
  if (sessionState.hint === "signed-out") afterFirstPaint(() => void connectSession());
  else void connectSession();
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
