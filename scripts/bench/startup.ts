import { startAppProcess } from "../e2e/app-process.ts";

/** `npm start` time to ready: cold (new database, migrations applied) and warm (same data again). */
export async function benchStartup(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-start-" });
  try {
    for (const label of ["cold", "warm"]) {
      const started = performance.now();
      const app = await startAppProcess({ dataDir, keepData: true });
      const seconds = (performance.now() - started) / 1000;
      await app.stop();
      console.log(`npm start ready (${label}): ${seconds.toFixed(1)} s`);
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
