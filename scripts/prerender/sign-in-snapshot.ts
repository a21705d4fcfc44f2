import { fileURLToPath } from "node:url";
import { type Plugin, runnerImport } from "vite";
import { builtinEnvironments } from "vitest/runtime";

const SNAPSHOT_MODULE = fileURLToPath(new URL("../../web/src/signInSnapshot.tsx", import.meta.url));

/**
 * Reveals the snapshot only where the app would show that form at once
 * (web/public/sign-in-reveal.js). Runs before the first paint: it follows
 * #root and is a parser-blocking classic script; a file, not inline, so the
 * page's Content-Security-Policy can refuse inline scripts.
 */
const REVEAL_SCRIPT = `<script src="/sign-in-reveal.js"></script>`;

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
 * (HTML and CSS), before React and the rest arrive.
 */
export function signInSnapshot(): Plugin {
  let root = process.cwd();
  return {
    name: "inkpress-sign-in-snapshot",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    async transformIndexHtml(html) {
      const container = '<div id="root"></div>';
      if (!html.includes(container)) throw new Error(`index.html has no empty ${container}`);
      return html.replace(container, `<div id="root">${await renderSnapshot(root)}</div>\n    ${REVEAL_SCRIPT}`);
    },
  };
}
