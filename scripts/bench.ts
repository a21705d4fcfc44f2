/**
 * `npm run bench`: prints performance figures. Budgets are read from these
 * figures by people, never asserted in tests. `npm run bench -- <section>`
 * runs only the named sections.
 */
import { benchBundle } from "./bench/bundle.ts";
import { benchDashboardQueries } from "./bench/dashboard-queries.ts";
import { benchStartup } from "./bench/startup.ts";

const sections: Record<string, () => Promise<void>> = {
  bundle: benchBundle,
  startup: benchStartup,
  "dashboard-queries": benchDashboardQueries,
};

const chosen = Deno.args.length ? Deno.args : Object.keys(sections);
for (const name of chosen) {
  const run = sections[name];
  if (!run) {
    console.error(`Unknown section ${name}; choose from ${Object.keys(sections).join(", ")}`);
    Deno.exit(2);
  }
  console.log(`\n━━ ${name}`);
  await run();
}
