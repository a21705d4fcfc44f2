import assert from "node:assert/strict";
import { cssForPage } from "./critical-css.ts";

const page = `<!doctype html><html data-theme="light"><body><div id="root"><main class="auth-page" hidden>
  <form><input type="email" name="email"><button type="submit">Sign in</button></form></main></div></body></html>`;

const compact = (css: string) => css.replace(/\s+/g, " ").trim();

Deno.test("keeps the rules that style the page's elements, in order, with only their matching selectors", () => {
  const css = `
    :root { --ink: #123; }
    [data-theme=light] { --paper: #fff; }
    nav ul, form input { color: var(--ink); }
    dialog { position: fixed; }
    .auth-page { display: grid; }
    [hidden] { display: none !important; }`;
  assert.equal(
    compact(cssForPage(css, page)),
    compact(`
      :root { --ink: #123; }
      [data-theme=light] { --paper: #fff; }
      form input { color: var(--ink); }
      .auth-page { display: grid; }
      [hidden] { display: none !important; }`),
  );
});

Deno.test("keeps the states an element takes on when used, and drops the states of elements the page lacks", () => {
  const css = `
    button:hover, button:focus-visible { outline: 1px solid; }
    input::placeholder { opacity: .5; }
    input:not(:focus):invalid { border-color: red; }
    [aria-invalid=true] { border-color: red; }
    details summary:hover { color: blue; }`;
  assert.equal(
    compact(cssForPage(css, page)),
    compact(`
      button:hover, button:focus-visible { outline: 1px solid; }
      input::placeholder { opacity: .5; }
      input:not(:focus):invalid { border-color: red; }`),
  );
});

Deno.test("keeps at-rules that still hold a rule, and whole keyframes; drops emptied ones, nested too", () => {
  const css = `
    @media (min-width: 576px) { :root { font-size: 106%; } dialog { margin: 0; } }
    @supports (display: grid) { @media print { dialog { display: none; } } }
    @keyframes spin { to { transform: rotate(360deg); } }`;
  assert.equal(
    compact(cssForPage(css, page)),
    compact(`
      @media (min-width: 576px) { :root { font-size: 106%; } }
      @keyframes spin { to { transform: rotate(360deg); } }`),
  );
});

Deno.test("keeps a rule whose selector jsdom cannot read", () => {
  assert.equal(compact(cssForPage("input:unknown-state(x) { color: red; }", page)), "input:unknown-state(x) { color: red; }");
});
