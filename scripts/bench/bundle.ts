import { startAppProcess } from "../e2e/app-process.ts";

/**
 * Bytes the production bundle sends per route, measured in Chromium by the
 * Playwright script tests/bench/route-bytes.bench.ts (figures printed there).
 */
export async function benchBundle(): Promise<void> {
  const app = await startAppProcess({ preview: true });
  try {
    const { success } = await new Deno.Command("node_modules/.bin/playwright", {
      args: ["test", "-c", "playwright.bench.config.ts"],
      env: { E2E_BASE_URL: app.url, DIST_DIR: "dist" },
    }).spawn().status;
    if (!success) throw new Error("route-bytes benchmark failed");
  } finally {
    await app.stop();
  }
}
