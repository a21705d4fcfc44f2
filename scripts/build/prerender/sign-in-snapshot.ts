import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Plugin, runnerImport } from "vite";
import { builtinEnvironments } from "vitest/runtime";
import { cssForPage } from "./critical-css.ts";

const SNAPSHOT_MODULE = fileURLToPath(new URL("../../../web/src/app/signInSnapshot.tsx", import.meta.url));

/**
 * Reveals the snapshot only where the app would show that form at once, and
 * loads the app. Inline, after #root, so it runs before the first paint
 * without a request of its own; the page's Content-Security-Policy allows it
 * by its hash (security-headers.ts `inlineHashes`) and no other inline script.
 */
const REVEAL_SCRIPT = readFileSync(fileURLToPath(new URL("./sign-in-reveal.js", import.meta.url)), "utf8").trim();

/**
 * The entry's stylesheet as Vite links it. The part of it that styles the
 * page (the snapshot) is inlined, so the first paint needs the HTML alone;
 * the whole stylesheet is loaded by the reveal script with the app, and
 * taken out of the chunks' CSS (Vite's preload helper would otherwise load
 * it a second time with the first lazy screen).
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
 * the part of the entry's stylesheet that styles it into a <style>, so that a
 * signed-out visitor to /login sees the form with the first paint of the HTML
 * alone, and hands the app's entry, its preloads and the whole stylesheet to
 * the reveal script, which requests them at once, or for that visitor only
 * at their first interaction with the page.
 */
export function signInSnapshot(): Plugin {
  let root = process.cwd();
  let entryStylesheet: string | undefined;
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
        const stylesheets = [...html.matchAll(ENTRY_STYLESHEET)].map((match) => bundle?.[match[1]]);
        if (stylesheets.length !== 1 || stylesheets[0]?.type !== "asset") {
          throw new Error(`expected the entry's one stylesheet in index.html and the bundle, found ${stylesheets.length}`);
        }
        entryStylesheet = stylesheets[0].fileName;
        // Before Vite writes the lazy chunks' CSS lists (its import analysis runs after index.html).
        for (const output of Object.values(bundle!)) {
          if (output.type === "chunk") output.viteMetadata?.importedCss.delete(entryStylesheet);
        }
        const revealScript = `<script data-entry="${entries[0]}" data-preload="${preloads.join(" ")}" ` +
          `data-stylesheet="/${entryStylesheet}">${REVEAL_SCRIPT}</script>`;
        const snapshot = await renderSnapshot(root);
        const page = html
          .replace(ENTRY_SCRIPT, "")
          .replace(MODULE_PRELOAD, "")
          .replace(container, () => `<div id="root">${snapshot}</div>\n    ${revealScript}`);
        const css = cssForPage(String(stylesheets[0].source), page);
        if (css.includes("</style")) throw new Error("the entry's stylesheet cannot be inlined: it contains </style");
        return page.replace(ENTRY_STYLESHEET, () => `\n    <style>${css}</style>`);
      },
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const stillLoaded = Object.values(bundle).find((output) =>
          output.type === "chunk" && entryStylesheet && output.code.includes(entryStylesheet)
        );
        if (stillLoaded) throw new Error(`${stillLoaded.fileName} loads ${entryStylesheet}, which the reveal script loads`);
      },
    },
  };
}
