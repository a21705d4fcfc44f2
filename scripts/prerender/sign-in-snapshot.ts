import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Plugin, runnerImport } from "vite";
import { builtinEnvironments } from "vitest/runtime";

const SNAPSHOT_MODULE = fileURLToPath(new URL("../../web/src/signInSnapshot.tsx", import.meta.url));

/**
 * Reveals the snapshot only where the app would show that form at once, and
 * loads the app. Inline, after #root, so it runs before the first paint
 * without a request of its own; the page's Content-Security-Policy allows it
 * by its hash (security-headers.ts `inlineHashes`) and no other inline script.
 */
const REVEAL_SCRIPT = readFileSync(fileURLToPath(new URL("./sign-in-reveal.js", import.meta.url)), "utf8").trim();

/**
 * The entry's stylesheet as Vite links it. It is inlined, so the first paint
 * needs the HTML alone, and taken out of the bundle and out of the chunks'
 * CSS (Vite's preload helper would otherwise fetch and apply it again with
 * the first lazy screen, as no <link> to it is in the page).
 */
const ENTRY_STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="\/(assets\/index-[\w-]+\.css)">/g;

/** The entry and the module preloads Vite puts into <head>, as it writes them. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Renders the snapshot with the app's own components, in a jsdom window at /login with empty storage. */
async function renderSnapshot(root: string): Promise<string> {
  const environment = await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { url: "http://localhost/login" } });
  try {
    const { module } = await runnerImport<{ renderSignInSnapshot(): string }>(SNAPSHOT_MODULE, {
      root,
      logLevel: "warn",
    });
    return module.renderSignInSnapshot();
  } finally {
    await environment.teardown(globalThis);
  }
}

/**
 * Production builds only: puts the sign-in screen into index.html's #root and
 * the entry's stylesheet into a <style>, so that a signed-out visitor to
 * /login sees the form with the first paint of the HTML alone, and hands the
 * app's entry and its preloads to the reveal script, which requests them at
 * once, or for that visitor only after the first paint.
 */
export function signInSnapshot(): Plugin {
  let root = process.cwd();
  let inlinedStylesheet: string | undefined;
  return {
    name: "inkpress-sign-in-snapshot",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      // After Vite has written the bundle's tags into <head>.
      order: "post",
      async handler(html, { bundle }) {
        const container = '<div id="root"></div>';
        if (!html.includes(container)) throw new Error(`index.html has no empty ${container}`);
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
        if (entries.length !== 1) throw new Error(`expected one entry script in index.html, found ${entries.length}`);
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
        const revealScript = `<script data-entry="${entries[0]}" data-preload="${preloads.join(" ")}">${REVEAL_SCRIPT}</script>`;
        const stylesheets = [...html.matchAll(ENTRY_STYLESHEET)].map((match) => bundle?.[match[1]]);
        if (stylesheets.length !== 1 || stylesheets[0]?.type !== "asset") {
          throw new Error(`expected the entry's one stylesheet in index.html and the bundle, found ${stylesheets.length}`);
        }
        const css = String(stylesheets[0].source);
        if (css.includes("</style")) throw new Error("the entry's stylesheet cannot be inlined: it contains </style");
        inlinedStylesheet = stylesheets[0].fileName;
        delete bundle![inlinedStylesheet];
        // Before Vite writes the lazy chunks' CSS lists (its import analysis runs after index.html).
        for (const output of Object.values(bundle!)) {
          if (output.type === "chunk") output.viteMetadata?.importedCss.delete(inlinedStylesheet);
        }
        const snapshot = await renderSnapshot(root);
        return html
          .replace(ENTRY_SCRIPT, "")
          .replace(MODULE_PRELOAD, "")
          .replace(ENTRY_STYLESHEET, () => `\n    <style>${css}</style>`)
          .replace(container, () => `<div id="root">${snapshot}</div>\n    ${revealScript}`);
      },
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const stillLoaded = Object.values(bundle).find((output) =>
          output.type === "chunk" && inlinedStylesheet && output.code.includes(inlinedStylesheet)
        );
        if (stillLoaded) throw new Error(`${stillLoaded.fileName} still loads ${inlinedStylesheet}, which is inlined`);
      },
    },
  };
}
