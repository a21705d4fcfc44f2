/**
 * Local stand-in for the hosted cron job: POSTs to a function on an interval
 * with exactly the request the pg_cron job sends through pg_net
 * (`net.http_post(url, body := '{}'::jsonb, headers :=
 * jsonb_build_object('Content-Type','application/json','apikey', <secret key>))`):
 * the secret key in `apikey` only, no Authorization, JSON body `{}`. The key
 * is never logged.
 */

export const DEFAULT_SCHEDULED_FUNCTION = "publish-scheduled";
const LOGGED_BODY_CHARS = 300;

export type SchedulerLogger = { info(line: string): void; error(line: string): void };

export type SchedulerOptions = {
  /** Base URL that serves `/functions/v1/<name>` (the functions runtime, or an origin proxying it). */
  url: string;
  /**
   * The project's `sb_secret_…` key, sent in `apikey` only. It is not a JWT, so
   * the function must have verify_jwt off and check the key itself.
   */
  secretKey: string;
  /** Time between the starts of consecutive runs. */
  intervalMs: number;
  /** Default "publish-scheduled". */
  functionName?: string;
  /** A run that takes longer is aborted and logged as failed. Default 120000. */
  timeoutMs?: number;
  /**
   * Start a run on every tick even while earlier ones are still going, as
   * hosted's pg_cron does for a job that only posts through pg_net (the
   * request returns at once; the function runs on). Default false: runs
   * never overlap, a tick waits for the run in flight.
   */
  overlap?: boolean;
  /** Default: console.log / console.error. */
  logger?: SchedulerLogger;
};

export type RunOutcome =
  | { result: "ok"; status: number; body: string }
  /** The function does not exist (yet): 404. */
  | { result: "missing" }
  | { result: "failed"; status?: number; body?: string; error?: string };

export type Scheduler = {
  /** Runs now, or (without `overlap`) joins the run already in flight. */
  runOnce(): Promise<RunOutcome>;
  /** No further runs; aborts the runs in flight and waits for them to settle. */
  stop(): Promise<void>;
};

/**
 * Whether a run's answer reports any work: a count other than 0 or a
 * non-empty list among its fields (timings, named …Ms, aside). An answer that
 * is not a JSON object is shown, since it cannot be read.
 */
export function somethingHappened(body: string): boolean {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return true;
  }
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return true;
  return Object.entries(answer).some(([name, value]) =>
    !name.endsWith("Ms") &&
    ((typeof value === "number" && value !== 0) || (Array.isArray(value) && value.length > 0) || typeof value === "string")
  );
}

/**
 * Starts running at once, then every `intervalMs` (measured start to start;
 * without `overlap`, a run that overruns the interval delays the next, never
 * overlaps it; with `overlap`, ticks keep their pace and runs overlap).
 * Quiet unless something happened (issue 21: a line every few seconds buried
 * the console's e-mails): a successful run is logged only when its answer
 * counts something (`somethingHappened`); a failed run always; a missing
 * function (404) only the first time in a row, so an undeployed function
 * stays quiet.
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  const functionName = options.functionName ?? DEFAULT_SCHEDULED_FUNCTION;
  const endpoint = `${options.url.replace(/\/+$/, "")}/functions/v1/${functionName}`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const logger = options.logger ?? { info: console.log, error: console.error };

  type Run = { outcome: Promise<RunOutcome>; abort: AbortController };
  const inFlight = new Set<Run>();
  let stopped = false;
  let nextRun: ReturnType<typeof setTimeout> | undefined;
  let reportedMissing = false;

  function runOnce(): Promise<RunOutcome> {
    const [current] = inFlight;
    if (current && !options.overlap) return current.outcome;
    const abort = new AbortController();
    const run: Run = { abort, outcome: invoke(abort).then(report).finally(() => inFlight.delete(run)) };
    inFlight.add(run);
    return run.outcome;
  }

  async function invoke(abort: AbortController): Promise<RunOutcome> {
    const { signal } = abort;
    const timeout = setTimeout(() => abort.abort(new Error(`timed out after ${timeoutMs}ms`)), timeoutMs);
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", apikey: options.secretKey },
        body: "{}",
        signal,
      });
      const body = await response.text();
      if (response.status === 404) return { result: "missing" };
      return response.ok
        ? { result: "ok", status: response.status, body }
        : { result: "failed", status: response.status, body };
    } catch (error) {
      const reason = signal.aborted ? signal.reason : error;
      return { result: "failed", error: reason instanceof Error ? reason.message : String(reason) };
    } finally {
      clearTimeout(timeout);
    }
  }

  /** Whatever a response or an error says, the key never reaches the log. */
  const redact = (text: string) => options.secretKey ? text.replaceAll(options.secretKey, "[secret key]") : text;

  function report(outcome: RunOutcome): RunOutcome {
    const wasMissing = reportedMissing;
    reportedMissing = outcome.result === "missing";
    if (outcome.result === "missing") {
      if (!wasMissing) logger.info(`[scheduler] ${functionName} does not exist (404); skipping until it does`);
    } else if (outcome.result === "ok") {
      if (somethingHappened(outcome.body)) {
        logger.info(`[scheduler] ${functionName} → ${outcome.status} ${truncate(redact(outcome.body))}`);
      }
    } else if (!stopped) {
      // (A run aborted by stop() is not a failure: the app is shutting down.)
      const detail = outcome.error ?? `${outcome.status} ${truncate(redact(outcome.body ?? ""))}`;
      logger.error(`[scheduler] ${functionName} failed: ${redact(detail)}`);
    }
    return outcome;
  }

  async function tick(): Promise<void> {
    const startedAt = Date.now();
    const run = runOnce();
    if (!options.overlap) await run;
    if (!stopped) nextRun = setTimeout(tick, Math.max(0, options.intervalMs - (Date.now() - startedAt)));
  }

  void tick();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(nextRun);
      const runs = [...inFlight];
      for (const run of runs) run.abort.abort(new Error("scheduler stopped"));
      await Promise.all(runs.map((run) => run.outcome));
    },
  };
}

function truncate(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > LOGGED_BODY_CHARS ? `${oneLine.slice(0, LOGGED_BODY_CHARS)}…` : oneLine;
}
