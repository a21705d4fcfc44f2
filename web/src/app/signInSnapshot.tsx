import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { Root } from "./App";
import { LOAD_ERROR_TEXT, LOAD_ERROR_TITLE } from "./ErrorBoundary";
import { SNAPSHOT_ATTRIBUTE } from "../features/auth/index";

/**
 * The sign-in screen as the app renders it for a signed-out visitor to
 * /login, as server-rendered markup for the production index.html, so that
 * the form paints with the HTML and CSS, before any script has arrived (see
 * scripts/build/prerender/sign-in-snapshot.ts, which runs this at build time with a
 * jsdom window at /login and no stored session). The snapshot is:
 * - hidden, unless the reveal script after it (scripts/build/prerender/sign-in-reveal.js, inlined by the build) finds the visitor at /login
 *   with no stored session and no sign-in callback in the address; it then
 *   also gives the page the screen's title (`data-title`, as the app sets
 *   it), and says `data-load-error` if the app cannot be loaded;
 * - usable before the app: its fields take input, and the reveal script
 *   holds back a submission (never sent natively, which would put the
 *   password in the address) until the app has taken over;
 * - hydrated by the app (the same `Root`, so the same elements and ids),
 *   which keeps the elements and what was typed into them (see
 *   lib/signInSnapshotHandover.ts).
 */
export function renderSignInSnapshot(): string {
  const template = document.createElement("template");
  template.innerHTML = renderToString(<Root />);
  const screen = template.content.firstElementChild;
  if (!(screen instanceof HTMLElement) || !screen.querySelector("form")) {
    throw new Error(`The app did not render the sign-in form at ${window.location.href}`);
  }
  screen.hidden = true;
  screen.setAttribute(SNAPSHOT_ATTRIBUTE, "");
  screen.setAttribute("data-title", renderedTitle());
  screen.setAttribute("data-load-error", `${LOAD_ERROR_TITLE}. ${LOAD_ERROR_TEXT}`);
  return template.innerHTML;
}

/** The document title the app sets on this screen (in an effect, which server rendering does not run). */
function renderedTitle(): string {
  const root = createRoot(document.createElement("div"));
  // A synchronous render runs its effects before returning.
  flushSync(() => root.render(<Root />));
  const title = document.title;
  root.unmount();
  return title;
}
