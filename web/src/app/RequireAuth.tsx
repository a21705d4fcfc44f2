import { useEffect, type ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { originState } from "../lib/navigation";
import { recheckSession, useVerifiedSession } from "../features/auth/index";
import { Spinner } from "../ui/Spinner";

/**
 * Renders its children only for a signed-in user. Anyone else goes to /login,
 * replacing this history entry and carrying the origin location so that
 * signing in returns them here (also after a session ends). Waits for the
 * auth client: the stored session alone never opens a signed-in screen.
 * Moving to another screen has the auth server recheck the session (at most
 * once a minute), so one signed out elsewhere does not keep showing data.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useVerifiedSession();
  const [path] = useLocation();
  const search = useSearch();
  const signedIn = !loading && user !== null;
  useEffect(() => {
    if (signedIn) recheckSession();
  }, [path, signedIn]);
  if (loading) return <Spinner />;
  if (!user) return <Redirect to="/login" replace state={originState(path, search)} />;
  return children;
}
