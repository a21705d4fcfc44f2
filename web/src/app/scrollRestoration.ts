import { useLayoutEffect } from "react";
import { useLocation, useSearch } from "wouter";

/** How long a restored position waits for the page to grow tall enough (lazy screens, data loading). */
const RESTORE_TIMEOUT_MS = 3000;

type Navigation = "push" | "pop" | "replace";

/** Where the user was scrolled on each address (path and query) this tab has shown. */
const positions = new Map<string, number>();
/** The address whose position scrolling records. */
let shownAddress: string | undefined;
/** How the address last changed; read once by the next render's effect. */
let lastNavigation: Navigation | undefined;
let stopRestoring: (() => void) | undefined;

const addressOf = (path: string, search: string) => (search ? `${path}?${search}` : path);

function onScroll(): void {
  if (!stopRestoring && shownAddress !== undefined) positions.set(shownAddress, window.scrollY);
}

const onPush = () => (lastNavigation = "push");
const onPop = () => (lastNavigation = "pop");
const onReplace = () => (lastNavigation = "replace");

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("pushState", onPush);
  window.addEventListener("popstate", onPop);
  window.addEventListener("replaceState", onReplace);
}

/**
 * Scrolls to `top`, again on every frame while the page is still too short
 * to get there, until it does, the user scrolls or types, or
 * RESTORE_TIMEOUT_MS pass. Positions are not recorded meanwhile.
 */
function restore(top: number): void {
  const started = Date.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of ["wheel", "touchstart", "keydown", "pointerdown"]) {
      window.removeEventListener(event, stop, true);
    }
    if (stopRestoring === stop) stopRestoring = undefined;
  };
  stopRestoring = stop;
  for (const event of ["wheel", "touchstart", "keydown", "pointerdown"]) window.addEventListener(event, stop, true);
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) <= 1 || Date.now() - started > RESTORE_TIMEOUT_MS) stop();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * The browser's scroll handling for an app that changes pages itself: a new
 * page (a link, a pushed address) starts at the top; Back and Forward return
 * to where the user was on that page, once it has rendered tall enough.
 * Addresses replaced in place (a redirect, a changed filter) keep the
 * position, and so does a change of the #fragment alone.
 */
export function useScrollRestoration(): void {
  const [path] = useLocation();
  const search = useSearch();
  const address = addressOf(path, search);
  useLayoutEffect(() => {
    listen();
    const navigation = lastNavigation;
    lastNavigation = undefined;
    const previous = shownAddress;
    shownAddress = address;
    if (previous === undefined || previous === address || navigation === "replace") return;
    stopRestoring?.();
    if (navigation === "pop") restore(positions.get(address) ?? 0);
    else window.scrollTo(0, 0);
  }, [address]);
}
