/** What a visitor does first when they mean to use the page: press, tap, type or move focus into it. */
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * Runs `task` once, at the visitor's first interaction with the page, so
 * that what it loads (and the long tasks of evaluating it) does not hold the
 * main thread while the page is only being looked at. For work a screen
 * needs only once it is used: its callers still await it when they need it
 * sooner (a form submitted by a password manager, say). At once when the
 * visitor has already pressed or typed (the app itself may have been loaded
 * by that: see scripts/build/prerender/sign-in-reveal.js).
 */
export function onFirstInteraction(task: () => void): void {
  if (navigator.userActivation?.hasBeenActive) {
    task();
    return;
  }
  const run = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, run, true);
    task();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, run, { capture: true, passive: true });
}
