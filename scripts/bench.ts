/**
 * `npm run bench`: prints performance figures, each next to its goal. Goals
 * are read from these figures by people, never asserted: a section fails
 * only when the thing it measures is broken, never because it is slow.
 *
 *   npm run bench                      every section, in this order
 *   npm run bench -- <section> [...]   only the named sections
 *
 * Sections:
 *   browser            production bundle in Chromium (Playwright, tests/bench/):
 *                      /login bytes, bytes each signed-in route adds, and the
 *                      AI draft latency on /articles/create over a paced fake OpenAI
 *   startup            `npm start` time to ready, cold and warm
 *   lists              1,000 users × 100 articles plus one user with 10,000: the articles list
 *                      (first page, page 50, search, sorts, bytes per page), the image library
 *                      and the dashboard through supabase-js, their plans under RLS, and the
 *                      time to the first card in Chromium
 *   generate-image     latency the generate-image function adds over (fake) fal.ai for
 *                      one 1024×1024 PNG, and its process's peak memory storing four
 *   wordpress-publish  publishing an article to a real WordPress behind a 100 ms latency
 *                      proxy: requests, round trips waited for in sequence, wall time
 */
import { benchBrowser } from "./bench/browser.ts";
import { benchGenerateImage } from "./bench/generate-image.ts";
import { benchLists } from "./bench/lists.ts";
import { benchStartup } from "./bench/startup.ts";
import { benchWordPressPublish } from "./bench/wordpress-publish.ts";

const sections: Record<string, () => Promise<void>> = {
  browser: benchBrowser,
  startup: benchStartup,
  lists: benchLists,
  "generate-image": benchGenerateImage,
  "wordpress-publish": benchWordPressPublish,
};

const chosen = Deno.args.length ? Deno.args : Object.keys(sections);
const unknown = chosen.filter((name) => !sections[name]);
if (unknown.length) {
  console.error(`Unknown section ${unknown.join(", ")}; choose from ${Object.keys(sections).join(", ")}`);
  Deno.exit(2);
}

/** One section in this process. */
async function runHere(name: string): Promise<boolean> {
  try {
    await sections[name]();
    return true;
  } catch (error) {
    console.error(`${name} failed:`, error);
    return false;
  }
}

/**
 * One section in a fresh Deno process, so none inherits another's state
 * (the local API replaces the global Request/Response of the process it runs
 * in, keys exported to the environment, memory).
 */
async function runInChild(name: string): Promise<boolean> {
  const { success } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, name],
    env: { [CHILD_ENV]: "1" },
    stdin: "null",
  }).spawn().status;
  return success;
}

const CHILD_ENV = "INKPRESS_BENCH_SECTION_PROCESS";
const isChild = Deno.env.get(CHILD_ENV) === "1";
const failed: string[] = [];
for (const name of chosen) {
  if (!isChild) console.log(`\n━━━━ ${name} ${"━".repeat(Math.max(4, 66 - name.length))}`);
  const started = performance.now();
  const ok = chosen.length > 1 ? await runInChild(name) : await runHere(name);
  if (!isChild) {
    console.log(`━━━━ ${name}: ${ok ? "done" : "FAILED"} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  if (!ok) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed (something measured is broken, not slow): ${failed.join(", ")}`);
  Deno.exit(1);
}
