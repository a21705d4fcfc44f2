/**
 * `npm run test:e2e`: starts the app on a fresh database with fake AI
 * providers and, when its Debian packages are installed, a real WordPress;
 * then runs the Playwright suite in Debian's Chromium against them.
 * Arguments are passed to `playwright test` (e.g. a file or `-g name`).
 *
 * Playwright tests read: E2E_BASE_URL, E2E_PUBLISHABLE_KEY, E2E_SECRET_KEY,
 * E2E_OPENAI_URL, E2E_FAL_URL, and (when WordPress runs) E2E_WP_URL,
 * E2E_WP_USER, E2E_WP_APP_PASSWORD.
 */
import { startAppProcess } from "./e2e/app-process.ts";
import { startFakeFal } from "./fakes/fal-server.ts";
import { startFakeOpenAI } from "./fakes/openai-server.ts";
import { ensureLocalKeys } from "./local-backend/keys.ts";
import { missingPrerequisites } from "./wordpress/prerequisites.ts";
import { startWordPress, type WordPressInstance } from "./wordpress/wordpress.ts";

const chromium = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
try {
  await Deno.stat(chromium);
} catch {
  console.error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH).`);
  Deno.exit(1);
}

const cleanups: (() => Promise<void>)[] = [];
let code = 1;
try {
  // A paced stream, so tests can see a draft appear before it is complete.
  const openai = startFakeOpenAI({ firstTokenDelayMs: 300, tokensPerSecond: 200 });
  cleanups.push(() => openai.close());
  const fal = await startFakeFal();
  cleanups.push(() => fal.close());

  let wordpress: WordPressInstance | undefined;
  const missing = await missingPrerequisites();
  if (missing.length === 0) {
    wordpress = await startWordPress();
    cleanups.push(() => wordpress!.stop());
  } else if (Deno.env.get("CI")) {
    throw new Error(`WordPress prerequisites missing in CI: ${missing.join(", ")}`);
  } else {
    console.warn(`tests/e2e/wordpress.spec.ts is left out: no WordPress (missing ${missing.join(", ")})`);
  }

  const keys = ensureLocalKeys();
  // The production build: what users get, and no dev-server reloads mid-test.
  const app = await startAppProcess({
    preview: true,
    env: {
      OPENAI_BASE_URL: openai.url,
      FAL_BASE_URL: fal.url,
      // The fake fal.ai serves its images from loopback, and provider image
      // URLs go through the SSRF guard like any URL we did not configure.
      PRIVATE_HOST_ALLOWLIST: [new URL(fal.url).host, ...(wordpress ? [new URL(wordpress.url).host] : [])].join(","),
    },
  });
  cleanups.push(() => app.stop());

  const { code: exitCode } = await new Deno.Command("node_modules/.bin/playwright", {
    args: ["test", ...Deno.args],
    env: {
      CHROMIUM_PATH: chromium,
      E2E_BASE_URL: app.url,
      E2E_PUBLISHABLE_KEY: keys.publishableKey,
      E2E_SECRET_KEY: keys.secretKey,
      E2E_OPENAI_URL: openai.url,
      E2E_FAL_URL: fal.url,
      ...(wordpress && {
        E2E_WP_URL: wordpress.url,
        E2E_WP_USER: wordpress.adminUser,
        E2E_WP_APP_PASSWORD: wordpress.applicationPassword,
      }),
    },
  }).spawn().status;
  code = exitCode;
  if (code !== 0) console.error(`\n━━ app output (last 8000 characters)\n${app.output().slice(-8000)}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
Deno.exit(code);
