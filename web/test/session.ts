import { ref } from "valtio";
import type { User } from "../src/data/auth";
import { sessionState } from "../src/state/session";

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

export function setSessionLoading(): void {
  sessionState.loading = true;
  sessionState.user = null;
  sessionState.session = null;
}

/** Puts the browser at `path` (with search) before rendering the app. */
export function visit(path: string, state: unknown = null): void {
  window.history.replaceState(state, "", path);
}
