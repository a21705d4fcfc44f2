import { expect, type Page, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { newAccount, register, signIn } from "../e2e/support/accounts.ts";
import { backendAs } from "../e2e/support/backend.ts";

/**
 * JS and CSS bytes of the production bundle (sizes read from DIST_DIR, raw
 * and gzip -9) that Chromium loads: /login on a first visit (index.html
 * included: it carries the sign-in form and the CSS that styles it), and
 * what each signed-in route adds when reached client-side. Prints figures
 * and goals; fails only if a route does not render.
 */

type LoadedFile = { path: string; raw: number; gzip: number; beforePaint: boolean };

const distDir = process.env.DIST_DIR ?? "dist";
const KB = 1024;
const LOGIN_TOTAL_GOAL = 140 * KB;
const LOGIN_BEFORE_PAINT_GOAL = 90 * KB;
const ROUTE_ADDED_GOAL = 40 * KB;

function sizes(path: string): { raw: number; gzip: number } {
  const bytes = readFileSync(join(distDir, path));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** JS and CSS the page has loaded so far, and whether each arrived before first contentful paint. */
async function loadedScriptsAndStyles(page: Page): Promise<LoadedFile[]> {
  const entries = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
    return performance.getEntriesByType("resource").map((entry) => {
      const resource = entry as PerformanceResourceTiming;
      return { url: resource.name, responseEnd: resource.responseEnd, paint };
    });
  });
  const seen = new Set<string>();
  return entries
    .map(({ url, responseEnd, paint }) => ({ path: new URL(url).pathname, beforePaint: responseEnd <= paint }))
    .filter(({ path }) => /\.(js|css)$/.test(path) && !seen.has(path) && seen.add(path))
    .map(({ path, beforePaint }) => ({ path, beforePaint, ...sizes(path) }));
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const total = (files: LoadedFile[]) =>
  files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
const verdict = (value: number, goal: number) => (value <= goal ? "meets goal" : "OVER goal");

function listFiles(files: LoadedFile[], markPaint = false) {
  for (const f of files) {
    console.log(
      `      ${f.path}  ${kb(f.raw)} raw / ${kb(f.gzip)} gz${markPaint && f.beforePaint ? "  (before paint)" : ""}`,
    );
  }
}

/**
 * Network idle, then no new resource for a further second: chunks a screen
 * imports once its data has arrived (or when the browser is idle) still count
 * for that screen, not for the next one.
 */
async function quiet(page: Page) {
  await page.waitForLoadState("networkidle");
  const count = () => page.evaluate(() => performance.getEntriesByType("resource").length);
  for (let before = -1, now = await count(); before !== now; before = now, now = await count()) {
    await page.waitForTimeout(1000);
  }
}

/** Waits until the signed-in screen at `path` has rendered (not the not-found or error screen) and the network is quiet. */
async function settled(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  const heading = page.locator("main h1").first();
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("main .spinner")).toHaveCount(0, { timeout: 30_000 });
  await quiet(page);
  const text = (await heading.textContent())?.trim();
  expect(["Page not found", "Unexpected Application Error!"], `${path} rendered "${text}"`).not.toContain(text);
  return text;
}

test.beforeEach(async ({ page }) => {
  // Every fetch is a resource entry; keep them all so no script is missed.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
});

test("bytes loaded by /login on first visit", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await quiet(page);
  // The page itself counts: the build inlines the form's CSS and the reveal script into it.
  const indexHtml: LoadedFile = { path: "/login (index.html, with its inline CSS and script)", beforePaint: true, ...sizes("index.html") };
  const files = [indexHtml, ...await loadedScriptsAndStyles(page)];
  // The app, its stylesheet, the auth client and the form's rules load when the visitor starts on the form: counted in the total.
  await page.evaluate(() => {
    const form = document.querySelector("[data-sign-in-snapshot]");
    const timings: Record<string, number> = {};
    (window as unknown as { takeOver: Record<string, number> }).takeOver = timings;
    addEventListener("pointerdown", () => (timings.pressed ??= performance.now()), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (form?.hasAttribute("data-sign-in-snapshot")) return;
      timings.takenOver = performance.now();
      observer.disconnect();
    }).observe(form!, { attributes: true });
  });
  await page.getByLabel("Email").click();
  await quiet(page);
  const takeOver = await page.evaluate(() => (window as unknown as { takeOver: Record<string, number> }).takeOver);
  const onFirstInteraction = (await loadedScriptsAndStyles(page)).filter((f) => !files.some((seen) => seen.path === f.path));
  files.push(...onFirstInteraction);
  const sum = total(files);
  const early = files.filter((f) => f.beforePaint).reduce((s, f) => s + f.gzip, 0);
  const paint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
  const painted = paint === undefined ? "no contentful paint recorded" : `first contentful paint at ${Math.round(paint)} ms`;
  console.log(`/login first visit: the page and ${files.length - 1} JS/CSS files, ${kb(sum.raw)} raw; ${painted} (unthrottled)`);
  console.log(
    `  gzipped in total:          ${kb(sum.gzip)}   goal ≤ 140 KB  (${verdict(sum.gzip, LOGIN_TOTAL_GOAL)}; ` +
      `${kb(total(onFirstInteraction).gzip)} of it once the visitor clicks into the form)`,
  );
  console.log(
    `  gzipped before first paint: ${kb(early)}   goal ≤ 90 KB   (${verdict(early, LOGIN_BEFORE_PAINT_GOAL)})`,
  );
  console.log(
    `  from the first press to the app's form (stylesheet, entry, hydration): ` +
      `${Math.round(takeOver.takenOver - takeOver.pressed)} ms (unthrottled, local server)`,
  );
  listFiles(files, true);
});

test("bytes each route adds when reached client-side after signing in", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // Register elsewhere, so this page's history starts at /login like a returning user's.
  const account = newAccount();
  const registering = await browser.newContext();
  await register(await registering.newPage(), account);
  await registering.close();
  const backend = await backendAs(account);
  const { data: article, error } = await backend
    .from("articles")
    .insert({
      user_id: backend.userId,
      title: "Bench article",
      excerpt: "Body",
      status: "draft",
    })
    .select("id")
    .single();
  if (error) throw error;

  const rows: { route: string; heading: string | undefined; files: LoadedFile[] }[] = [];
  const added = async (route: string, navigate: () => Promise<void>) => {
    const before = new Set((await loadedScriptsAndStyles(page)).map((f) => f.path));
    await navigate();
    const heading = await settled(page, route);
    const files = (await loadedScriptsAndStyles(page)).filter((f) => !before.has(f.path));
    rows.push({ route, heading, files });
  };

  // "/": what signing in on /login adds (the shell and the dashboard).
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await quiet(page);
  await added("/", () => signIn(page, account));

  // Every other route: from a freshly loaded dashboard, navigated to in the page (as a link would).
  const routes = [
    "/articles",
    "/articles/create",
    `/articles/edit/${article.id}`,
    "/wordpress-sites",
    "/generate-images",
    "/keyword-phrases",
    "/seo-analysis",
    "/profile",
  ];
  for (const route of routes) {
    await page.goto("/");
    await settled(page, "/");
    await added(route, () => page.evaluate((to) => history.pushState(null, "", to), route));
  }

  console.log(`JS/CSS each route adds after signing in (goal ≤ 40 KB gzipped added per route)`);
  console.log(`  ("/": signing in on /login; the others: reached in-page from a freshly loaded dashboard,`);
  console.log(`   so chunks several screens share count for each of them)`);
  for (const { route, heading, files } of rows) {
    const sum = total(files);
    const label = route.startsWith("/articles/edit/") ? "/articles/edit/<id>" : route;
    console.log(
      `  ${label.padEnd(20)} +${String(files.length).padStart(2)} files  ${kb(sum.raw).padStart(9)} raw  ` +
        `${kb(sum.gzip).padStart(8)} gz   (${verdict(sum.gzip, ROUTE_ADDED_GOAL)}; "${heading}")`,
    );
    listFiles(files);
  }

  // The visual article editor is a chunk of its own (TipTap and ProseMirror), loaded by Create and Edit only.
  const isEditorFile = (f: LoadedFile) => /\/RichTextEditor-[^/]+\.(js|css)$/.test(f.path);
  const editorFiles = [...new Map(rows.flatMap((row) => row.files.filter(isEditorFile)).map((f) => [f.path, f])).values()];
  const editorSize = total(editorFiles);
  const loadedBy = rows.filter((row) => row.files.some(isEditorFile)).map((row) => row.route.replace(/[0-9a-f-]{36}$/, "<id>"));
  console.log(
    `  the article editor's own chunk: ${kb(editorSize.raw)} raw, ${kb(editorSize.gzip)} gz (JS and CSS), ` +
      `loaded by ${loadedBy.join(" and ") || "no route"}`,
  );
  for (const row of rows.filter((r) => r.files.some(isEditorFile))) {
    const rest = total(row.files.filter((f) => !isEditorFile(f)));
    console.log(
      `    ${row.route.replace(/[0-9a-f-]{36}$/, "<id>").padEnd(20)} adds ${kb(rest.gzip)} gz besides the editor ` +
        `(${verdict(rest.gzip, ROUTE_ADDED_GOAL)})`,
    );
  }
});
