import { fileURLToPath } from "node:url";
import { type Plugin, runnerImport } from "vite";
import { builtinEnvironments } from "vitest/runtime";

const SNAPSHOT_MODULE = fileURLToPath(new URL("../../web/src/signInSnapshot.tsx", import.meta.url));

/**
 * Reveals the snapshot only where the app would show that form at once, and
 * loads the app (web/public/sign-in-reveal.js). Runs before the first paint:
 * it follows #root and is a parser-blocking classic script; a file, not
 * inline, so the page's Content-Security-Policy can refuse inline scripts.
 */
const REVEAL_SCRIPT_SRC = "/sign-in-reveal.js";

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
 * Production builds only: puts the sign-in screen into index.html's #root, so
 * that a signed-out visitor to /login sees the form with the first paint
 * (HTML and CSS), and hands the app's entry and its preloads to the reveal
 * script, which requests them at once, or for that visitor only after the
 * first paint, so the stylesheet has the connection to itself.
 */
export function signInSnapshot(): Plugin {
  let root = process.cwd();
  return {
    name: "inkpress-sign-in-snapshot",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      // After Vite has written the bundle's tags into <head>.
      order: "post",
      async handler(html) {
        const container = '<div id="root"></div>';
        if (!html.includes(container)) throw new Error(`index.html has no empty ${container}`);
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
        if (entries.length !== 1) throw new Error(`expected one entry script in index.html, found ${entries.length}`);
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
        const revealScript = `<script src="${REVEAL_SCRIPT_SRC}" data-entry="${entries[0]}" data-preload="${
          preloads.join(" ")
        }"></script>`;
        return html
          .replace(ENTRY_SCRIPT, "")
          .replace(MODULE_PRELOAD, "")
          .replace(container, `<div id="root">${await renderSnapshot(root)}</div>\n    ${revealScript}`);
      },
    },
  };
}
