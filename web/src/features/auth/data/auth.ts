import type { AuthChangeEvent, Session, User } from "@supabase/supabase-js";
import type { SessionCheck } from "../../../backend/authClient";

export type { AuthChangeEvent, Session, SessionCheck, User };

export type Registration = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
};

type AuthModule = typeof import("../../../backend/authClient");
type AuthClient = AuthModule["authClient"];

let authModule: Promise<AuthModule> | undefined;

/**
 * The auth client's module, loaded on first use: the first screens paint
 * without supabase-js, and `session.ts` decides when to start loading it.
 */
function loadAuthModule(): Promise<AuthModule> {
  authModule ??= import("../../../backend/authClient");
  return authModule;
}

async function loadAuthClient(): Promise<AuthClient> {
  return (await loadAuthModule()).authClient;
}

export async function signIn(email: string, password: string): Promise<Session> {
  const auth = await loadAuthClient();
  const { data, error } = await auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session;
}

/**
 * Creates the account; the profile row is created from the metadata by a
 * database trigger. `signedIn` tells whether the account is active at once
 * (e-mail confirmation off: the new session is stored and SIGNED_IN emitted)
 * or must be confirmed from the e-mail first.
 */
export async function signUp({ email, password, firstName, lastName, phoneNumber }: Registration): Promise<{
  signedIn: boolean;
}> {
  const auth = await loadAuthClient();
  const { data, error } = await auth.signUp({
    email,
    password,
    options: {
      data: { first_name: firstName, last_name: lastName, phone_number: phoneNumber },
      emailRedirectTo: `${window.location.origin}/login`,
    },
  });
  if (error) throw error;
  return { signedIn: data.session !== null };
}

export async function requestPasswordReset(email: string): Promise<void> {
  const auth = await loadAuthClient();
  const { error } = await auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw error;
}

export async function updatePassword(password: string): Promise<void> {
  const auth = await loadAuthClient();
  const { error } = await auth.updateUser({ password });
  if (error) throw error;
}

/** The current password did not sign in: it is not the account's. */
export class WrongPasswordError extends Error {
  constructor() {
    super("Your current password is not correct");
    this.name = "WrongPasswordError";
  }
}

/**
 * Changes the signed-in user's password after checking the current one (a
 * password sign-in as the same user: someone at an unattended signed-in
 * browser cannot change it). Throws WrongPasswordError when the current
 * password is wrong.
 */
export async function changePassword(email: string, currentPassword: string, newPassword: string): Promise<void> {
  const auth = await loadAuthClient();
  const { error: signInError } = await auth.signInWithPassword({ email, password: currentPassword });
  if (signInError) {
    if (signInError.code === "invalid_credentials" || signInError.status === 400) throw new WrongPasswordError();
    throw signInError;
  }
  const { error } = await auth.updateUser({ password: newPassword });
  if (error) throw error;
}

/**
 * Ends the session on the server and in this browser. If the server cannot be
 * reached the local session is still removed, so signing out always works.
 */
export async function signOut(): Promise<void> {
  const auth = await loadAuthClient();
  const { error } = await auth.signOut();
  if (error) await auth.signOut({ scope: "local" });
}

/**
 * Loads the auth client, then calls `listener` with the initial session and on
 * every later auth event. Resolves to the unsubscribe function; rejects if the
 * client cannot be loaded.
 */
export async function onAuthChange(
  listener: (event: AuthChangeEvent, session: Session | null) => void,
): Promise<() => void> {
  const auth = await loadAuthClient();
  const { data } = auth.onAuthStateChange(listener);
  return () => data.subscription.unsubscribe();
}

/** See `confirmSession` in ./authClient.ts. */
export async function confirmSession(): Promise<SessionCheck> {
  return (await loadAuthModule()).confirmSession();
}

/** The session stored in this browser (another tab may have changed it), or null. */
export async function storedSession(): Promise<Session | null> {
  const auth = await loadAuthClient();
  const { data } = await auth.getSession();
  return data.session;
}
