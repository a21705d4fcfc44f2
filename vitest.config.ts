import { defineConfig } from "vitest/config";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";

// Dates in tests are formatted in a fixed time zone.
process.env.TZ = "UTC";

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@contracts": resolve(import.meta.dirname, "supabase/functions/_shared/contracts") } },
  test: {
    environment: "jsdom",
    include: ["web/**/*.test.{ts,tsx}"],
    setupFiles: ["web/test/setup.ts"],
    // Data modules are mocked in tests; the client only needs to construct.
    env: { VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_unit_tests" },
    mockReset: true,
    // The machine is small and shared with other suites; keep slow renders from flaking.
    testTimeout: 20_000,
  },
});
