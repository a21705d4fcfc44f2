import { ref } from "valtio";
import type { User } from "../src/features/auth/data/auth";
import type { SessionHint } from "../src/backend/storedSession";
import { sessionState } from "../src/features/auth/session";

export const testUser = { id: "user-1", email: "ada@example.com" } as User;

export function setSignedIn(user: User = testUser): void {
  sessionState.loading = false;
  sessionState.user = ref(user);
}

export function setSignedOut(): void {
  sessionState.loading = false;
  sessionState.user = null;
  sessionState.session = null;
}

/** The auth client has not reported yet, and the stored session (`hint`) cannot tell. */
export function setSessionLoading(hint: SessionHint = "unknown"): void {
  sessionState.loading = true;
  sessionState.hint = hint;
  sessionState.user = null;
  sessionState.session = null;
}

/** Puts the browser at `path` (with search) before rendering the app. */
export function visit(path: string, state: unknown = null): void {
  window.history.replaceState(state, "", path);
}
