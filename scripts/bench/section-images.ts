import { startFakeFal } from "../../supabase/functions/_testing/fakes/fal_server.ts";
import { startFakeOpenAI } from "../../supabase/functions/_testing/fakes/openai_server.ts";
import { saveBenchApiKeys, signUpBenchUser, startBenchFunctions } from "./bench-stack.ts";
import { startLocalApiProcess } from "./local-api-process.ts";
import { median, ms } from "./stats.ts";

const RUNS = 3;
/** Four sections whose images take 1.0, 1.5, 2.0 and 2.5 s at the fake fal.ai (a real one takes seconds too). */
const SECTIONS = [1, 2, 3, 4].map((n) => ({ heading: `Step ${n}`, text: `What step ${n} of the project involves.` }));
const delayOf = (prompt: string) => 500 + 500 * Number(/step (\d)/.exec(prompt)?.[1] ?? 0);

/**
 * Images in the body (issue 26): the editor plans every section's image
 * with one section-image-prompts call, then asks generate-image for all of
 * them at once. Replayed here over HTTP as the browser does it (local API +
 * functions runtime + fake OpenAI + fake fal.ai, each image taking its own
 * time at fal): the wall time of the images beside the slowest single image
 * and the sum of them all. Parallel means the first is close to the second,
 * far from the third.
 */
export async function benchSectionImages(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-sections-" });
  const keysFile = `${dataDir}/keys.json`;
  const cleanups: (() => Promise<unknown>)[] = [() => Deno.remove(dataDir, { recursive: true })];
  try {
    const api = await startLocalApiProcess(`${dataDir}/pglite`, keysFile);
    cleanups.push(() => api.stop());
    const fal = await startFakeFal({ generationDelayMs: delayOf });
    cleanups.push(() => fal.close());
    const openai = startFakeOpenAI({});
    cleanups.push(() => openai.close());
    const functionLog: string[] = [];
    const env = { FAL_BASE_URL: fal.url, OPENAI_BASE_URL: openai.url, PRIVATE_HOST_ALLOWLIST: new URL(fal.url).host };
    const runtime = await startBenchFunctions(api, keysFile, env, functionLog);
    cleanups.push(() => runtime.close());
    const { accessToken } = await signUpBenchUser(api, "sections");
    await saveBenchApiKeys(runtime, api, accessToken, {
      openaiKey: "sk-bench-sections-FIXTURE-not-a-real-key-0001",
      falaiKey: "fal-bench-key-123",
    });

    const post = async <T>(name: string, body: unknown): Promise<{ elapsed: number; answer: T }> => {
      const started = performance.now();
      const response = await fetch(`${runtime.url}/functions/v1/${name}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, apikey: api.publishableKey, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text}\n${functionLog.slice(-20).join("\n")}`);
      return { elapsed: performance.now() - started, answer: JSON.parse(text) as T };
    };
    type Plans = { style: string; images: { prompt: string; alt: string }[] };
    const draw = (prompt: string, style: string) =>
      post("generate-image", { prompt, imageSize: "landscape_16_9", stylePreset: style, numImages: 1 });

    // Warm-up: both functions' processes started.
    const warm = await post<Plans>("section-image-prompts", { title: "Warm-up", sections: SECTIONS.slice(0, 1) });
    await draw(warm.answer.images[0].prompt, warm.answer.style);

    const plans: number[] = [];
    const together: number[] = [];
    const slowest: number[] = [];
    const sums: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const planned = await post<Plans>("section-image-prompts", { title: "A garden shed in a weekend", sections: SECTIONS });
      plans.push(planned.elapsed);
      const started = performance.now();
      const images = await Promise.all(planned.answer.images.map((plan) => draw(plan.prompt, planned.answer.style)));
      together.push(performance.now() - started);
      // The same images one after another: what each takes alone.
      const alone: number[] = [];
      for (const plan of planned.answer.images) alone.push((await draw(plan.prompt, planned.answer.style)).elapsed);
      slowest.push(Math.max(...alone));
      sums.push(alone.reduce((sum, value) => sum + value, 0));
      if (images.length !== SECTIONS.length) throw new Error(`drew ${images.length} of ${SECTIONS.length} images`);
    }
    console.log(`images in the body: ${SECTIONS.length} sections, fal taking 1.0–2.5 s per image, ${RUNS} runs (medians):`);
    console.log(`  planning (section-image-prompts, fake OpenAI): ${ms(median(plans))}`);
    console.log(`  every image at once, as the editor asks:       ${ms(median(together))}`);
    console.log(`  the slowest image alone:                       ${ms(median(slowest))}`);
    console.log(`  all images one after another (the sum):        ${ms(median(sums))}`);
    console.log(
      `  at once ÷ slowest: ${(median(together) / median(slowest)).toFixed(2)}  — goal: close to 1 (parallel), ` +
        `far from ${(median(sums) / median(slowest)).toFixed(2)} (the sum)`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
