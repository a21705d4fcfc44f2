import { renderToStaticMarkup } from "react-dom/server";
import { App } from "./App";

/**
 * The sign-in screen as the app renders it for a signed-out visitor to
 * /login, as static markup for the production index.html, so that the form
 * paints with the HTML and CSS, before any script has arrived (see
 * scripts/prerender/sign-in-snapshot.ts, which runs this at build time with a
 * jsdom window at /login and no stored session). The snapshot is:
 * - hidden, unless the reveal script after it (scripts/prerender/sign-in-reveal.js, inlined by the build) finds the visitor at /login
 *   with no stored session and no sign-in callback in the address;
 * - inert until the app takes over: fields read-only, buttons disabled and
 *   the form marked busy, so nothing can be typed that would be lost, and the
 *   form cannot be submitted natively (which would put the password in the
 *   address);
 * - replaced as a whole by the app's own render (createRoot clears #root).
 */
export function renderSignInSnapshot(): string {
  const template = document.createElement("template");
  template.innerHTML = renderToStaticMarkup(<App />);
  const screen = template.content.firstElementChild;
  if (!(screen instanceof HTMLElement) || !screen.querySelector("form")) {
    throw new Error(`The app did not render the sign-in form at ${window.location.href}`);
  }
  screen.hidden = true;
  screen.setAttribute("data-sign-in-snapshot", "");
  for (const input of screen.querySelectorAll("input")) input.readOnly = true;
  for (const button of screen.querySelectorAll("button")) button.disabled = true;
  for (const form of screen.querySelectorAll("form")) form.setAttribute("aria-busy", "true");
  return template.innerHTML;
}
