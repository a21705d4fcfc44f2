import { useHistoryState } from "wouter/use-browser-location";

/** History state carried to /login so the user can return where they were. */
export type OriginState = { from: string };

export function originState(path: string, search: string): OriginState {
  return { from: search ? `${path}?${search}` : path };
}

/** The in-app location stored in history state, or null. Only same-origin paths are accepted. */
export function useOriginLocation(): string | null {
  const state: unknown = useHistoryState();
  const from = typeof state === "object" && state !== null ? (state as Partial<OriginState>).from : undefined;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : null;
}
