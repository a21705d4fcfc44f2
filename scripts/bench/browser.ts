import { startAppProcess } from "../testing/e2e/app-process.ts";
import { startFakeOpenAI } from "../../supabase/functions/_testing/fakes/openai_server.ts";
import { ensureLocalKeys } from "../devstack/local-backend/keys.ts";
import { benchLighthouse } from "./lighthouse.ts";

/** Pace of the fake OpenAI (tests/bench/ai-draft.bench.ts prints it as FIRST_TOKEN_DELAY_MS). */
const FIRST_TOKEN_DELAY_MS = 500;
const TOKENS_PER_SECOND = 50;

/**
 * The production bundle (`npm start` on a fresh database) in Chromium:
 * the Playwright benchmarks in tests/bench/ (playwright.bench.config.ts),
 * which print their own figures, then Lighthouse on /login. The functions
 * talk to a paced fake OpenAI. BENCH_BROWSER_GREP=<text> runs only the
 * Playwright benchmarks whose title contains it ("lighthouse": only Lighthouse).
 */
export async function benchBrowser(): Promise<void> {
  const chromium = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
  await Deno.stat(chromium).catch(() => {
    throw new Error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH).`);
  });
  const openai = startFakeOpenAI({ firstTokenDelayMs: FIRST_TOKEN_DELAY_MS, tokensPerSecond: TOKENS_PER_SECOND });
  try {
    const keys = ensureLocalKeys();
    // The scheduler at `npm start`'s pace, not the e2e tests' every-second
    // calls, which would queue their queries ahead of the measured requests.
    const app = await startAppProcess({
      env: { OPENAI_BASE_URL: openai.url, LOCAL_SCHEDULER_INTERVAL_MS: "60000", LOCAL_DRAFT_WORKER_INTERVAL_MS: "15000" },
    });
    try {
      const grep = Deno.env.get("BENCH_BROWSER_GREP");
      const lighthouseOnly = grep === "lighthouse";
      const playwright = new Deno.Command("node_modules/.bin/playwright", {
        args: ["test", "-c", "playwright.bench.config.ts", ...(grep ? ["-g", grep] : [])],
        env: {
          CHROMIUM_PATH: chromium,
          E2E_BASE_URL: app.url,
          E2E_PUBLISHABLE_KEY: keys.publishableKey,
          E2E_SECRET_KEY: keys.secretKey,
          E2E_OPENAI_URL: openai.url,
          // The app builds into a folder of its own; the route-bytes bench reads file sizes there.
          DIST_DIR: app.buildDir,
        },
      });
      const { success } = lighthouseOnly ? { success: true } : await playwright.spawn().status;
      if (!success) {
        console.error(`\n━━ app output (last 6000 characters)\n${app.output().slice(-6000)}`);
        throw new Error("a browser benchmark failed (see above)");
      }
      if (!grep || lighthouseOnly) await benchLighthouse(`${app.url}/login`, chromium);
    } finally {
      await app.stop();
    }
  } finally {
    await openai.close();
  }
}
