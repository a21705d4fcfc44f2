import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Integration tests: the real supabase-js against the local backend
 * (@supabase/lite on PGlite, or on PostgreSQL with INTEGRATION_DATABASE_URL:
 * npm run test:integration:pg), started once for all files by the global setup.
 * Run: npx vitest run -c vitest.integration.config.ts
 */
export default defineConfig({
  // The web app's own data functions are exercised here too; they reach the contracts by this alias.
  resolve: { alias: { "@contracts": resolve(import.meta.dirname, "supabase/functions/_shared/contracts") } },
  test: {
    name: "integration",
    environment: "node",
    include: ["tests/integration/**/*.test.ts"],
    // Needs a PostgreSQL server to make fresh databases (npm run test:integration:pg).
    exclude: process.env.INTEGRATION_DATABASE_URL ? [] : ["tests/integration/refuse-default-grants.test.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    reporters: ["default", "./tests/integration/exit-code-reporter.ts"],
    // One server (one PGlite instance) is shared, so files run one at a time
    // in a single forked worker.
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { DO_NOT_TRACK: "1", TZ: "UTC" },
  },
});
