import { proxy, ref, useSnapshot } from "valtio";
import { navigate } from "wouter/use-browser-location";
import { onAuthChange, signOut as endSession, type Session, type User } from "../data/auth";
import { notifyError } from "../lib/notify";

/** Auth objects are replaced whole on every event, never mutated: held by reference, not proxied. */
type Ref<T extends object> = ReturnType<typeof ref<T>>;

type SessionState = {
  loading: boolean;
  user: Ref<User> | null;
  session: Ref<Session> | null;
};

export const sessionState = proxy<SessionState>({ loading: true, user: null, session: null });

let signOutRequested = false;

/**
 * Keeps `sessionState` in step with the auth client. Every event
 * (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED,
 * PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED) carries the current session.
 * A sign-out the user did not ask for (expired or revoked session) is
 * announced; the route guard then sends them to /login and back.
 */
export function initSession(): () => void {
  return onAuthChange((event, session) => {
    const lostSession = event === "SIGNED_OUT" && sessionState.user !== null && !signOutRequested;
    sessionState.session = session ? ref(session) : null;
    sessionState.user = session ? ref(session.user) : null;
    sessionState.loading = false;
    if (lostSession) notifyError("Authentication required");
    if (event === "PASSWORD_RECOVERY") navigate("/reset-password", { replace: true });
  });
}

export async function signOut(): Promise<void> {
  signOutRequested = true;
  try {
    await endSession();
  } finally {
    signOutRequested = false;
  }
}

export function useSession() {
  return useSnapshot(sessionState);
}

export function useUser(): User | null {
  return useSnapshot(sessionState).user;
}
