import { startAppProcess } from "../testing/e2e/app-process.ts";

const COLD_GOAL_S = 10;
const WARM_GOAL_S = 3;

/**
 * `npm start` time to ready (the "Inkpress is ready" line):
 *   - first start of a fresh clone: no build yet, new database (the one-time
 *     build is printed on its own line and reported apart);
 *   - cold: new database (migrations applied), the build already there;
 *   - warm: the same data and build again.
 */
export async function benchStartup(): Promise<void> {
  const buildDir = await Deno.makeTempDir({ prefix: "inkpress-bench-build-" });
  const dataDirs: string[] = [];
  const newDataDir = async () => {
    dataDirs.push(await Deno.makeTempDir({ prefix: "inkpress-bench-start-" }));
    return dataDirs.at(-1)!;
  };
  const start = async (dataDir: string) => {
    const started = performance.now();
    const app = await startAppProcess({ dataDir, buildDir, keepData: true });
    const seconds = (performance.now() - started) / 1000;
    const build = /Built the app in ([\d.]+) s/.exec(app.output())?.[1];
    await app.stop();
    return { seconds, build };
  };
  try {
    const first = await start(await newDataDir());
    console.log(
      `npm start, fresh clone: ready in ${first.seconds.toFixed(1)} s, of which the one-time build ${first.build ?? "?"} s` +
        ` (goal ≤ ${COLD_GOAL_S} s plus the build)`,
    );
    const cold = await start(await newDataDir());
    console.log(`npm start ready (cold: new database, build present): ${cold.seconds.toFixed(1)} s   goal ≤ ${COLD_GOAL_S} s`);
    const warm = await start(dataDirs.at(-1)!);
    console.log(`npm start ready (warm): ${warm.seconds.toFixed(1)} s   goal ≤ ${WARM_GOAL_S} s`);
    if (cold.build || warm.build) throw new Error("npm start rebuilt the app although nothing changed");
  } finally {
    for (const dir of [buildDir, ...dataDirs]) await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
