import { startFakeOpenAI } from "../../supabase/functions/_testing/fakes/openai_server.ts";
import { startScheduler } from "../devstack/scheduler/scheduler.ts";
import { saveBenchApiKeys, signUpBenchUser, startBenchFunctions } from "./bench-stack.ts";
import { startLocalApiProcess } from "./local-api-process.ts";
import { ms } from "./stats.ts";

const IDEAS = 50;
/** The paced fake answers each article after this long, as a provider writing ~1,500 tokens at ~500 tokens/s would. */
const PACE_MS = 3_000;
/** The worker's default: live drafts per user across every run. */
const PER_USER = 2;
/** How often the scheduler calls the worker here (npm start: every 15 s; hosted pg_cron: every minute). */
const SCHEDULER_INTERVAL_MS = 1_000;
const OVERHEAD_GOAL_MS = 200;

type WorkerSummary = {
  claimed: number;
  drafted: number;
  retried: number;
  failed: number;
  released: number;
  lost: number;
  providerMs: number;
  overheadMs: number;
};

/**
 * Bulk drafting throughput and our own cost per article: a batch of 50 ideas
 * drafted by draft-batch-worker (called by the local scheduler, as npm start
 * does) through the functions runtime on the local API (PGlite), against the
 * fake OpenAI answering each article after PACE_MS, then after no delay at
 * all. Printed: drafts per minute next to the ceiling the provider's pace and
 * the per-user limit allow, and the worker's own time per article (claim,
 * key and assistant lookups, sanitising, storing the draft: everything but
 * waiting for the provider), which the worker reports in its answers.
 */
export async function benchBulkDrafting(): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "inkpress-bench-bulk-" });
  const keysFile = `${dataDir}/keys.json`;
  const cleanups: (() => Promise<unknown>)[] = [() => Deno.remove(dataDir, { recursive: true })];
  try {
    const api = await startLocalApiProcess(`${dataDir}/pglite`, keysFile);
    cleanups.push(() => api.stop());
    const fake = startFakeOpenAI();
    cleanups.push(() => fake.close());
    const functionLog: string[] = [];
    const runtime = await startBenchFunctions(api, keysFile, { OPENAI_BASE_URL: fake.url }, functionLog);
    cleanups.push(() => runtime.close());

    const { client, accessToken } = await signUpBenchUser(api, "bulk");
    await saveBenchApiKeys(runtime, api, accessToken, { openaiKey: "sk-bench-bulk-FIXTURE-not-a-real-key-6789" });
    const { data: assistant, error: assistantError } = await client.from("assistants").select("id").limit(1).single();
    if (assistantError) throw new Error(`reading an assistant: ${assistantError.message}`);

    const drain = async (label: string, paceMs: number) => {
      fake.firstTokenDelayMs = paceMs;
      const created = await fetch(`${runtime.url}/functions/v1/draft-batches`, {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, apikey: api.publishableKey, "Content-Type": "application/json" },
        body: JSON.stringify({
          action: "create",
          assistantId: assistant.id,
          ideas: Array.from({ length: IDEAS }, (_, i) => ({ idea: `${label} bench idea ${i + 1}` })),
        }),
      });
      const answer = await created.json();
      if (!created.ok) throw new Error(`draft-batches answered ${created.status}: ${JSON.stringify(answer)}`);
      const started = performance.now();

      const summaries: WorkerSummary[] = [];
      const prefix = "[scheduler] draft-batch-worker → 200 ";
      const scheduler = startScheduler({
        url: runtime.url,
        secretKey: api.secretKey,
        intervalMs: SCHEDULER_INTERVAL_MS,
        functionName: "draft-batch-worker",
        timeoutMs: 170_000,
        logger: {
          info: (line) => line.startsWith(prefix) && summaries.push(JSON.parse(line.slice(prefix.length))),
          error: (line) => functionLog.push(line),
        },
      });
      let finished = 0;
      let failedReads = 0;
      try {
        for (const deadline = Date.now() + 10 * 60_000; Date.now() < deadline;) {
          const { data, error } = await client
            .from("draft_batch_progress")
            .select("done, failed, total")
            .eq("batch_id", answer.batchId)
            .single();
          if (error) {
            // The bench's own polling, not what is measured: a refused read is counted and retried.
            if (++failedReads > 20) throw new Error(`reading the progress: ${error.message}`);
          } else if ((data.done ?? 0) + (data.failed ?? 0) === IDEAS) {
            if (data.failed) throw new Error(`${data.failed} drafts failed:\n${functionLog.slice(-20).join("\n")}`);
            finished = performance.now();
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // The run that drafted the last idea is still answering: wait for its summary.
        await scheduler.runOnce();
      } finally {
        await scheduler.stop();
      }
      if (!finished) throw new Error(`the batch did not finish in 10 minutes:\n${functionLog.slice(-20).join("\n")}`);
      const seconds = (finished - started) / 1000;
      const processed = summaries.reduce((sum, s) => sum + s.drafted + s.retried + s.failed + s.lost, 0);
      const overhead = summaries.reduce((sum, s) => sum + s.overheadMs, 0) / Math.max(processed, 1);
      const provider = summaries.reduce((sum, s) => sum + s.providerMs, 0) / Math.max(processed, 1);
      if (failedReads) console.log(`  (${failedReads} of the bench's progress reads were refused and retried)`);
      return { seconds, perMinute: (IDEAS / seconds) * 60, overhead, provider, runs: summaries.length };
    };

    const paced = await drain("paced", PACE_MS);
    const ceiling = (PER_USER * 60_000) / PACE_MS;
    console.log(
      `batch of ${IDEAS} ideas, provider answering in ${ms(PACE_MS)}, ${PER_USER} drafts at once per user, ` +
        `worker called every ${SCHEDULER_INTERVAL_MS / 1000} s:`,
    );
    console.log(
      `  ${paced.perMinute.toFixed(1)} drafts per minute (${paced.seconds.toFixed(1)} s for the batch, ${paced.runs} worker runs)` +
        ` — ceiling set by the provider's pace and the per-user limit: ${ceiling.toFixed(1)} per minute (${
          ((paced.perMinute / ceiling) * 100).toFixed(0)
        } % of it)`,
    );
    console.log(
      `  per article: ${ms(paced.provider)} waiting for the provider, ${ms(paced.overhead)} of our own` +
        ` — goal: < ${OVERHEAD_GOAL_MS} ms of our own`,
    );
    const instant = await drain("instant", 0);
    console.log(`the same batch with a provider that answers at once (what is left is our own time and the fake's):`);
    console.log(
      `  ${instant.perMinute.toFixed(0)} drafts per minute (${instant.seconds.toFixed(1)} s); per article ${
        ms(instant.overhead)
      } of our own, ${ms(instant.provider)} in the provider call — goal: < ${OVERHEAD_GOAL_MS} ms of our own`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
