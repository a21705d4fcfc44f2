import { startFakeFal } from "../../supabase/functions/_testing/fakes/fal_server.ts";
import { saveBenchApiKeys, signUpBenchUser, startBenchFunctions } from "./bench-stack.ts";
import { startLocalApiProcess } from "./local-api-process.ts";
import { median, ms } from "./stats.ts";

const RUNS = 10;
const FUNCTION = "generate-image";
const REQUEST = {
  prompt: "A lighthouse at dusk",
  imageSize: "square_hd",
  numImages: 1,
  numInferenceSteps: 30,
  guidanceScale: 7.5,
  negativePrompt: "blurry",
  stylePreset: "photographic",
};

/**
 * The latency the `generate-image` function adds on top of fal.ai for one
 * 1024×1024 PNG (the fake fal serves full-size images), end to end over
 * HTTP: local API + functions runtime + fake fal on loopback. The fake's own
 * answering time is measured by replaying the same call to it directly from
 * here after every run; its image download the same way. Then the function
 * process's peak resident memory while it stores four images.
 */
export async function benchGenerateImage(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-image-" });
  const keysFile = `${dataDir}/keys.json`;
  const cleanups: (() => Promise<unknown>)[] = [() => Deno.remove(dataDir, { recursive: true })];
  try {
    const api = await startLocalApiProcess(`${dataDir}/pglite`, keysFile);
    cleanups.push(() => api.stop());
    const fal = await startFakeFal({ fullSizeImages: true });
    cleanups.push(() => fal.close());
    const functionLog: string[] = [];
    // The fake's image URLs are on loopback: allowlisted for the SSRF guard the downloads go through.
    const env = { FAL_BASE_URL: fal.url, PRIVATE_HOST_ALLOWLIST: new URL(fal.url).host };
    const runtime = await startBenchFunctions(api, keysFile, env, functionLog);
    cleanups.push(() => runtime.close());

    const { accessToken: token } = await signUpBenchUser(api, "images");
    await saveBenchApiKeys(runtime, api, token, { falaiKey: "fal-bench-key-123" });

    const call = async (numImages: number) => {
      const started = performance.now();
      const response = await fetch(`${runtime.url}/functions/v1/${FUNCTION}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, apikey: api.publishableKey, "Content-Type": "application/json" },
        body: JSON.stringify({ ...REQUEST, numImages }),
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (!response.ok) {
        throw new Error(`${FUNCTION} answered ${response.status}: ${text}\n${functionLog.slice(-20).join("\n")}`);
      }
      const { images } = JSON.parse(text) as { images: { url: string; width?: number; height?: number }[] };
      if (images.length !== numImages) {
        throw new Error(`${FUNCTION} returned ${images.length} images, not ${numImages}`);
      }
      return { elapsed, images };
    };

    /** The last generation request the function sent to fal, replayed here: fal's answer time, then its download time. */
    const replayFal = async () => {
      const sent = fal.requests.findLast((request) => request.method === "POST");
      if (!sent) throw new Error("the function never called fal");
      let started = performance.now();
      const answer = await fetch(`${fal.url}${sent.path}`, {
        method: "POST",
        headers: { Authorization: sent.authorization ?? "", "Content-Type": "application/json" },
        body: JSON.stringify(sent.body),
      });
      const { images } = await answer.json() as { images: { url: string }[] };
      const answered = performance.now() - started;
      started = performance.now();
      const bytes = await Promise.all(images.map(async (image) => (await fetch(image.url)).bytes()));
      return { answered, downloaded: performance.now() - started, bytes: bytes.reduce((sum, b) => sum + b.length, 0) };
    };

    const cold = await call(1);
    console.log(`warm-up call (starts the function process): ${ms(cold.elapsed)}`);
    const [stored] = cold.images;
    const storedImage = await fetch(stored.url);
    const storedBytes = (await storedImage.bytes()).length;
    if (!storedImage.ok || storedBytes < 1000) {
      throw new Error(`the stored image is not served (${storedImage.status})`);
    }
    console.log(`image: ${stored.width}×${stored.height} PNG, ${(storedBytes / 1024).toFixed(0)} KB stored`);

    const totals: number[] = [];
    const falAnswers: number[] = [];
    const downloads: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      totals.push((await call(1)).elapsed);
      const replay = await replayFal();
      falAnswers.push(replay.answered);
      downloads.push(replay.downloaded);
    }
    const added = totals.map((total, i) => total - falAnswers[i]);
    console.log(`POST /functions/v1/${FUNCTION}, one 1024×1024 PNG, ${RUNS} runs:`);
    console.log(`  total:                 median ${ms(median(totals))}  (runs: ${totals.map(ms).join(", ")})`);
    console.log(`  fake fal answering:    median ${ms(median(falAnswers))}  (replayed from here after each run)`);
    console.log(
      `  fal image download:    median ${ms(median(downloads))}  (replayed from here; part of the added latency)`,
    );
    console.log(`  added by the function: median ${ms(median(added))}  — goal: download and store < 300 ms locally`);

    await peakMemoryForFourImages(call);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

/** The function process's peak RSS (VmHWM) over one four-image call, reset just before it where the kernel allows. */
async function peakMemoryForFourImages(call: (numImages: number) => Promise<{ elapsed: number }>): Promise<void> {
  const pid = await functionPid();
  if (pid === undefined) {
    console.log(`peak memory of ${FUNCTION}: could not find its process (child of ${Deno.pid})`);
    return;
  }
  // Once first, so the fake has made its four PNGs and the function has loaded every code path.
  await call(4);
  const before = await memoryOf(pid);
  let reset = true;
  try {
    // "5" resets VmHWM to the current RSS (Linux ≥ 4.0), so the peak below is this call's.
    await Deno.writeTextFile(`/proc/${pid}/clear_refs`, "5");
  } catch {
    reset = false;
  }
  const { elapsed } = await call(4);
  const after = await memoryOf(pid);
  console.log(
    `peak memory of the ${FUNCTION} process (pid ${pid}) while storing four 1024×1024 images (call: ${
      ms(elapsed)
    }):\n` +
      `  VmHWM ${mb(after.hwm)}${
        reset ? " (peak reset just before the call)" : " (since process start: could not reset the peak)"
      }; ` +
      `RSS before ${mb(before.rss)}, after ${mb(after.rss)}; lifetime peak before the call ${mb(before.hwm)}`,
  );
}

/** The function's process: our own child whose command line runs generate-image/index.ts. */
async function functionPid(): Promise<number | undefined> {
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const status = await Deno.readTextFile(`/proc/${entry.name}/status`);
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== Deno.pid) continue;
      const cmdline = (await Deno.readTextFile(`/proc/${entry.name}/cmdline`)).split("\0");
      if (cmdline.some((arg) => arg.endsWith(`/${FUNCTION}/index.ts`))) return Number(entry.name);
    } catch {
      // The process went away while we looked.
    }
  }
  return undefined;
}

async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") * 1024, hwm: kb("VmHWM") * 1024 };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
