import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Dates in tests are formatted in a fixed time zone.
process.env.TZ = "UTC";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    include: ["web/**/*.test.{ts,tsx}"],
    setupFiles: ["web/test/setup.ts"],
    mockReset: true,
  },
});
