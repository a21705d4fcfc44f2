import {
  BootError,
  type ExceededLimit,
  type RunningFunction,
  type RuntimeLogger,
  spawnFunctionProcess,
} from "./function_process.ts";

export type FunctionPoolOptions = {
  /** Environment for a process about to start (re-read on every start so `.env` edits apply). */
  envForNewProcess(): Promise<Record<string, string>>;
  bootTimeoutMs: number;
  memoryLimitMb: number;
  logger: RuntimeLogger;
  /** The functions' dependency cache (see FunctionProcessOptions.denoDir). */
  denoDir?: string;
};

/**
 * At most one process per function, started on first use. A process that
 * exits on its own or is stopped for a limit is forgotten, so the next
 * request starts a fresh one; a function that fails to boot is retried on
 * the next request.
 */
export class FunctionPool {
  readonly #processes = new Map<string, Promise<RunningFunction>>();
  #closed = false;

  constructor(private readonly options: FunctionPoolOptions) {}

  /**
   * The running process for `name`, starting it if needed. A process stopped
   * (sources changed) while it was booting is not used: the request waits for
   * one running the current sources. Rejects with BootError.
   */
  async acquire(name: string, entryPath: string): Promise<RunningFunction> {
    for (;;) {
      if (this.#closed) throw new BootError("runtime is shutting down", "load");
      let boot = this.#processes.get(name);
      if (!boot) {
        boot = this.#start(name, entryPath);
        this.#processes.set(name, boot);
      }
      const running = await boot;
      if (this.#processes.get(name) === boot) return running;
    }
  }

  /** Stops the given functions' processes (all when omitted); they restart on their next request. */
  async stop(names?: Iterable<string>): Promise<void> {
    const targets = [...(names ?? this.#processes.keys())];
    await Promise.all(targets.map((name) => {
      const boot = this.#processes.get(name);
      this.#processes.delete(name);
      return boot?.then((running) => running.stop(), () => {});
    }));
  }

  /**
   * Kills `running` (if it is still `name`'s process, it is forgotten first,
   * so no new request reaches it) because it exceeded `limit`.
   */
  async stopForLimit(name: string, running: RunningFunction, limit: ExceededLimit): Promise<void> {
    const current = this.#processes.get(name);
    if (current && (await current.catch(() => null)) === running && this.#processes.get(name) === current) {
      this.#processes.delete(name);
    }
    await running.stopForLimit(limit);
  }

  /**
   * Kills `name`'s process at once (SIGKILL), forgetting it first, so the
   * next request starts a fresh one: a crash, for tests of what survives one.
   * False when the function had no process.
   */
  async kill(name: string): Promise<boolean> {
    const boot = this.#processes.get(name);
    if (!boot) return false;
    this.#processes.delete(name);
    const running = await boot.catch(() => null);
    if (!running) return false;
    await running.kill();
    return true;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.stop();
  }

  #start(name: string, entryPath: string): Promise<RunningFunction> {
    const { logger, bootTimeoutMs, memoryLimitMb, denoDir } = this.options;
    const isCurrent = () => this.#processes.get(name) === starting;
    const starting = (async () => {
      const env = await this.options.envForNewProcess();
      const startedAt = performance.now();
      const running = await spawnFunctionProcess({ name, entryPath, env, bootTimeoutMs, memoryLimitMb, logger, denoDir });
      logger.info(`[${name}] started in ${Math.round(performance.now() - startedAt)}ms`);
      running.exited.then((status) => {
        const wasCurrent = isCurrent();
        if (wasCurrent) this.#processes.delete(name);
        if (running.exceededLimit) {
          logger.error(`[${name}] stopped: ${running.exceededLimit}; it restarts on the next request`);
        } else if (wasCurrent) {
          logger.error(`[${name}] exited unexpectedly with code ${status.code}; it restarts on the next request`);
        }
      });
      return running;
    })();
    starting.catch((error) => {
      if (isCurrent()) this.#processes.delete(name);
      logger.error(`[${name}] failed to start: ${error instanceof Error ? error.message : error}`);
    });
    return starting;
  }
}
