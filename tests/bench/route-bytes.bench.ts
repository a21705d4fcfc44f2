import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

type LoadedFile = { path: string; raw: number; gzip: number; beforePaint: boolean };

const distDir = process.env.DIST_DIR ?? "dist";

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
  return entries
    .map(({ url, responseEnd, paint }) => ({ path: new URL(url).pathname, beforePaint: responseEnd <= paint }))
    .filter(({ path }) => /\.(js|css)$/.test(path))
    .map(({ path, beforePaint }) => ({ path, beforePaint, ...sizes(path) }));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(label: string, files: LoadedFile[]) {
  const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
  const early = files.filter((f) => f.beforePaint).reduce((sum, f) => sum + f.gzip, 0);
  console.log(`${label}: ${files.length} JS/CSS files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzipped; ${kb(early)} gzipped before first contentful paint`);
  for (const f of files) console.log(`    ${f.path}  ${kb(f.raw)} raw / ${kb(f.gzip)} gz${f.beforePaint ? "  (before paint)" : ""}`);
}

test("bytes loaded by /login on first visit", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  report("/login first visit", await loadedScriptsAndStyles(page));
});
