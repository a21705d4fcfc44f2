/**
 * `npm run bench`: prints performance figures, each next to its goal. Goals
 * are read from these figures by people, never asserted: a section fails
 * only when the thing it measures is broken, never because it is slow.
 *
 *   npm run bench                      every section, in this order
 *   npm run bench -- <section> [...]   only the named sections
 *
 * Every section runs in a process of its own, which must end by itself once
 * the section is done: one that stays alive is reported as HUNG (and ended),
 * as is one still running after BENCH_SECTION_TIMEOUT_S (default 1800 s).
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
 *   section-images     images in the body: four sections' images asked for at once (fake fal
 *                      taking 1–2.5 s each) beside the slowest alone and the sum of them
 *   wordpress-publish  publishing an article to a real WordPress behind a 100 ms latency
 *                      proxy: requests, round trips waited for in sequence, wall time
 *   ghost-publish      publishing an article with a featured image and 2 new tags to a real
 *                      Ghost behind a 100 ms latency proxy: requests, round trips, wall time
 *   bulk-drafting      a batch of 50 ideas drafted by draft-batch-worker against a paced
 *                      fake OpenAI: drafts per minute, and our own time per article
 *   load               many users on one installation, each figure next to one user's in the same run:
 *                      the API's list and save (1 vs 50 users, PGlite and PostgreSQL), bulk drafting
 *                      (1 vs 20 users), scheduled publishing (1 vs 50 users) (scripts/bench/load.ts)
 *   seo                the SEO audit of a typical page through the SSRF guard (0 and 100 ms per
 *                      answer) beside the page's own response time, and the editor's SEO panel
 *                      recompute for a 3,000-word article in Chromium
 *   internal-links     a real WordPress with 200 fixture posts: full and incremental sync of its
 *                      content index, and how often the editor's first 5 link suggestions hold the
 *                      post each of 20 fixture articles should link to, ranked by full text and
 *                      by embeddings (the fake OpenAI's hashed ones: a plumbing figure)
 */
import { benchBrowser } from "./browser.ts";
import { benchBulkDrafting } from "./bulk-drafting.ts";
import { benchGenerateImage } from "./generate-image.ts";
import { benchGhostPublish } from "./ghost-publish.ts";
import { benchInternalLinks } from "./internal-links.ts";
import { benchLists } from "./lists.ts";
import { benchLoad } from "./load.ts";
import { benchSectionImages } from "./section-images.ts";
import { benchSeo } from "./seo.ts";
import { benchStartup } from "./startup.ts";
import { benchWordPressPublish } from "./wordpress-publish.ts";

const sections: Record<string, () => Promise<void>> = {
  browser: benchBrowser,
  startup: benchStartup,
  lists: benchLists,
  "generate-image": benchGenerateImage,
  "section-images": benchSectionImages,
  "wordpress-publish": benchWordPressPublish,
  "ghost-publish": benchGhostPublish,
  "bulk-drafting": benchBulkDrafting,
  load: benchLoad,
  "internal-links": benchInternalLinks,
  seo: benchSeo,
};

const chosen = Deno.args.length ? Deno.args : Object.keys(sections);
const unknown = chosen.filter((name) => !sections[name]);
if (unknown.length) {
  console.error(`Unknown section ${unknown.join(", ")}; choose from ${Object.keys(sections).join(", ")}`);
  Deno.exit(2);
}

const CHILD_ENV = "INKPRESS_BENCH_SECTION_PROCESS";
/** Exit code of a section process that finished its work but did not end on its own. */
const HUNG_EXIT_CODE = 3;
/** How long a finished section's process may take to end by itself. */
const EXIT_GRACE_MS = 15_000;
/** A section still running after this long is reported as hung and stopped (BENCH_SECTION_TIMEOUT_S). */
const SECTION_TIME_LIMIT_MS = Number(Deno.env.get("BENCH_SECTION_TIMEOUT_S") ?? 30 * 60) * 1000;

type Outcome = "done" | "FAILED" | "HUNG";

/**
 * One section, in the section's own process. The process must then end by
 * itself: if something the section started still keeps it alive (a child's
 * open pipe, a socket, a timer) after EXIT_GRACE_MS, that is reported and the
 * process exits with HUNG_EXIT_CODE. The watchdog timer does not itself keep
 * the process alive.
 */
async function runSectionHere(name: string): Promise<void> {
  let ok = true;
  try {
    await sections[name]();
  } catch (error) {
    console.error(`${name} failed:`, error);
    ok = false;
  }
  const watchdog = setTimeout(() => {
    console.error(
      `${name}: HUNG: finished, but its process was still running ${EXIT_GRACE_MS / 1000} s later ` +
        `(something it started still holds the event loop: a child's open pipe, a socket or a timer)`,
    );
    Deno.exit(HUNG_EXIT_CODE);
  }, EXIT_GRACE_MS);
  Deno.unrefTimer(watchdog);
  if (!ok) Deno.exit(1);
}

/** Descendants of `pid` (children first, then theirs), from `ps`. */
async function descendantsOf(pid: number): Promise<number[]> {
  const { stdout } = await new Deno.Command("ps", { args: ["-A", "-o", "pid=", "-o", "ppid="] }).output();
  const children = new Map<number, number[]>();
  for (const line of new TextDecoder().decode(stdout).trim().split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length;) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

function signal(pid: number, signo: Deno.Signal) {
  try {
    Deno.kill(pid, signo);
  } catch {
    // already gone
  }
}

/**
 * One section in a fresh Deno process, so none inherits another's state
 * (the local API replaces the global Request/Response of the process it runs
 * in, keys exported to the environment, memory), and so that a section that
 * never ends is reported and stopped, with everything it started, instead of
 * being waited for.
 */
async function runSectionInChild(name: string): Promise<Outcome> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, name],
    env: { [CHILD_ENV]: "1" },
    stdin: "null",
  }).spawn();
  let timedOut = false;
  const limit = setTimeout(async () => {
    timedOut = true;
    console.error(`${name}: HUNG: still running after ${SECTION_TIME_LIMIT_MS / 1000} s; stopping it`);
    const tree = [child.pid, ...(await descendantsOf(child.pid))];
    for (const pid of tree) signal(pid, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const pid of tree) signal(pid, "SIGKILL");
  }, SECTION_TIME_LIMIT_MS);
  const { success, code } = await child.status;
  clearTimeout(limit);
  if (timedOut || code === HUNG_EXIT_CODE) return "HUNG";
  return success ? "done" : "FAILED";
}

if (Deno.env.get(CHILD_ENV) === "1") {
  await runSectionHere(chosen[0]);
} else {
  const unfinished: string[] = [];
  for (const name of chosen) {
    console.log(`\n━━━━ ${name} ${"━".repeat(Math.max(4, 66 - name.length))}`);
    const started = performance.now();
    const outcome = await runSectionInChild(name);
    console.log(`━━━━ ${name}: ${outcome} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (outcome !== "done") unfinished.push(`${name} (${outcome})`);
  }
  if (unfinished.length) {
    console.error(`\nNot done (something measured is broken or hangs, not slow): ${unfinished.join(", ")}`);
    Deno.exit(1);
  }
}
