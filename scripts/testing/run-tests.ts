/**
 * `npm test`: every suite that needs no outside service, in order. Each step
 * runs even when an earlier one failed; the exit code is non-zero if any did.
 * Heavier suites (pgTAP on PostgreSQL, browser end-to-end) are `npm run
 * test:db` and `npm run test:e2e`.
 */
type Step = { name: string; command: string[] };

const deno = Deno.execPath();
const steps: Step[] = [
  { name: "types (web, scripts)", command: ["node_modules/.bin/tsc", "-p", "."] },
  { name: "types (edge functions, Deno scripts)", command: [deno, "task", "check"] },
  {
    name: "import rules (scripts/testing/import-rules.cjs)",
    command: [
      "node_modules/.bin/depcruise",
      "--config",
      "scripts/testing/import-rules.cjs",
      "--output-type",
      "err",
      "web",
      "supabase/functions",
      "scripts",
      "tests",
    ],
  },
  { name: "web unit tests", command: ["node_modules/.bin/vitest", "run"] },
  { name: "edge functions and runtime", command: [deno, "task", "test"] },
  { name: "integration (supabase-js on the local backend)", command: ["node_modules/.bin/vitest", "run", "-c", "vitest.integration.config.ts"] },
];

const only = Deno.args;
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps.filter((s) => only.length === 0 || only.some((o) => s.name.includes(o)))) {
  console.log(`\n━━ ${step.name}: ${step.command.join(" ")}`);
  const started = performance.now();
  const { success } = await new Deno.Command(step.command[0], {
    args: step.command.slice(1),
    env: { DO_NOT_TRACK: "1", CI: Deno.env.get("CI") ?? "" },
  }).spawn().status;
  results.push({ name: step.name, ok: success, seconds: (performance.now() - started) / 1000 });
}

console.log("\n━━ summary");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
Deno.exit(failed === 0 ? 0 : 1);
