/**
 * `npm run test:e2e`: starts the app on a fresh database with the fake AI
 * providers, then runs the Playwright suite in Debian's Chromium against it.
 * Arguments are passed to `playwright test` (e.g. a file or `-g name`).
 */
import { startAppProcess } from "./e2e/app-process.ts";

const chromium = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
try {
  await Deno.stat(chromium);
} catch {
  console.error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH).`);
  Deno.exit(1);
}

const app = await startAppProcess();
let code = 1;
try {
  const { code: exitCode } = await new Deno.Command("node_modules/.bin/playwright", {
    args: ["test", ...Deno.args],
    env: { E2E_BASE_URL: app.url, CHROMIUM_PATH: chromium },
  }).spawn().status;
  code = exitCode;
  if (code !== 0) console.error(`\n━━ app output\n${app.output().slice(-8000)}`);
} finally {
  await app.stop();
}
Deno.exit(code);
