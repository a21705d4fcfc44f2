import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";

/** The in-app address a left click on `event`'s link would open, or null when the click is not an in-app navigation. */
function inAppDestination(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  // Links inside the text being edited are content, not navigation.
  if (anchor.closest("[contenteditable='true']")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While `dirty`: reloading or closing the tab asks the browser's own
 * question (beforeunload), and a click on any in-app link (wouter links,
 * Cancel, the menu) is held back until the user answers: `pending` is
 * where it would go, `leave()` goes there, `stay()` drops it. Clicks are
 * caught on the document in the capture phase, before the link's own
 * handler. The app's own redirects (after saving, or to sign in when the
 * session has ended) are not held back; what was typed is in the local
 * draft then.
 *
 * `settled`, when given, is asked at the moment of each click and unload:
 * true means the work is saved although `dirty` has not caught up. A page
 * can be left mounted but hidden while the next route's code loads (its
 * Suspense boundary keeps it), and React renders a hidden page's updates
 * late: its `dirty` stays true, and without this its listener would hold
 * back clicks on the page that replaced it.
 */
export function useUnsavedChangesGuard(dirty: boolean, settled?: () => boolean) {
  const [pending, setPending] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const settledRef = useRef(settled);
  settledRef.current = settled;

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (settledRef.current?.()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const destination = inAppDestination(event);
      if (destination === null || settledRef.current?.()) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(destination);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);

  return {
    pending,
    /** Goes where the held-back link pointed; `beforeLeaving` runs first (e.g. to discard the local draft). */
    leave(beforeLeaving?: () => void) {
      const destination = pending;
      setPending(null);
      if (destination === null) return;
      beforeLeaving?.();
      navigate(destination);
    },
    stay() {
      setPending(null);
    },
  };
}
