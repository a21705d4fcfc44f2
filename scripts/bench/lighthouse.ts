import { median } from "./stats.ts";

/**
 * Lighthouse, run through npm on first use (pinned; it is not a project
 * dependency: ~200 packages that only this benchmark needs). It drives the
 * system Chromium given in CHROME_PATH and never downloads a browser.
 */
const LIGHTHOUSE = "lighthouse@12.8.2";
const RUNS = 3;
const SCORE_GOAL = 100;
const FCP_GOAL_MS = 1200;

type Report = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  environment: { benchmarkIndex: number };
  runWarnings: string[];
};

async function runLighthouse(url: string, chromium: string): Promise<Report> {
  const reportPath = await Deno.makeTempFile({ prefix: "inkpress-lighthouse-", suffix: ".json" });
  try {
    const { success, stderr } = await new Deno.Command("npm", {
      args: [
        "exec",
        "--yes",
        `--package=${LIGHTHOUSE}`,
        "--",
        "lighthouse",
        url,
        "--only-categories=performance",
        "--output=json",
        `--output-path=${reportPath}`,
        // --no-sandbox: benchmarks run as root on CI-like machines.
        "--chrome-flags=--headless=new --no-sandbox",
        "--quiet",
      ],
      env: { CHROME_PATH: chromium, DO_NOT_TRACK: "1" },
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!success) throw new Error(`Lighthouse failed:\n${new TextDecoder().decode(stderr).slice(-3000)}`);
    return JSON.parse(await Deno.readTextFile(reportPath));
  } finally {
    await Deno.remove(reportPath).catch(() => {});
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Lighthouse's performance category for `url` with its default mobile
 * settings (simulated slow 4G, 4× CPU slowdown), median of RUNS runs, each
 * a first visit in a fresh profile. Prints figures beside their goals.
 */
export async function benchLighthouse(url: string, chromium: string): Promise<void> {
  const reports: Report[] = [];
  for (let run = 0; run < RUNS; run++) reports.push(await runLighthouse(url, chromium));
  const metric = (id: string) => median(reports.map((report) => report.audits[id].numericValue ?? NaN));
  const score = median(reports.map((report) => Math.round((report.categories.performance.score ?? 0) * 100)));
  const fcp = metric("first-contentful-paint");
  const verdict = (ok: boolean) => (ok ? "meets goal" : "OVER goal");
  console.log(`\nLighthouse ${LIGHTHOUSE.split("@")[1]}, mobile (simulated throttling), ${new URL(url).pathname}: median of ${RUNS} runs`);
  console.log(`  performance score          ${String(score).padStart(6)}   goal ${SCORE_GOAL}       (${verdict(score >= SCORE_GOAL)})`);
  console.log(`  first contentful paint     ${seconds(fcp).padStart(6)}   goal < 1.2 s  (${verdict(fcp < FCP_GOAL_MS)})`);
  console.log(`  largest contentful paint   ${seconds(metric("largest-contentful-paint")).padStart(6)}`);
  console.log(`  speed index                ${seconds(metric("speed-index")).padStart(6)}`);
  console.log(`  total blocking time        ${`${Math.round(metric("total-blocking-time"))} ms`.padStart(6)}`);
  console.log(`  cumulative layout shift    ${metric("cumulative-layout-shift").toFixed(3).padStart(6)}`);
  console.log(
    `  runs: ${reports.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)).join(", ")}; ` +
      `machine benchmark index ${Math.round(median(reports.map((r) => r.environment.benchmarkIndex)))} ` +
      `(Lighthouse multiplies CPU time measured here, so a busy machine scores lower)`,
  );
  for (const warning of new Set(reports.flatMap((report) => report.runWarnings))) console.log(`  warning: ${warning}`);
}
