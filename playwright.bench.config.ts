import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** Benchmarks that need a browser; run by `npm run bench`. They print figures and assert nothing about speed. */
export default defineConfig({ ...base, testDir: "tests/bench", testMatch: /.*\.bench\.ts/, timeout: 180_000 });
