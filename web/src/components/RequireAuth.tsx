import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { originState } from "../lib/navigation";
import { useVerifiedSession } from "../state/session";
import { Spinner } from "./Spinner";

/**
 * Renders its children only for a signed-in user. Anyone else goes to /login,
 * replacing this history entry and carrying the origin location so that
 * signing in returns them here (also after a session expires). Waits for the
 * auth client: the stored session alone never opens a signed-in screen.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useVerifiedSession();
  const [path] = useLocation();
  const search = useSearch();
  if (loading) return <Spinner />;
  if (!user) return <Redirect to="/login" replace state={originState(path, search)} />;
  return children;
}
