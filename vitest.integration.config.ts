import { defineConfig } from "vitest/config";
import { denoNpmSpecifiers } from "./vite.config.ts";

/**
 * Integration tests: the real supabase-js against the local backend
 * (@supabase/lite on PGlite), started once for all files by the global setup.
 * Run: npx vitest run -c vitest.integration.config.ts
 */
export default defineConfig({
  // The web data modules tested here import the schemas shared with the edge functions (npm: specifiers).
  resolve: { alias: [denoNpmSpecifiers] },
  test: {
    name: "integration",
    environment: "node",
    include: ["tests/integration/**/*.test.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
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
