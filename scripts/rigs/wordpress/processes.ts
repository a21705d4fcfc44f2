/**
 * Child processes for the WordPress stack: each server runs in its own session
 * (setsid), so one signal to its process group reaches its workers too and a
 * Ctrl-C in the terminal reaches only us (we then stop things in order).
 * A watchdog shell, also in its own session, holds the read end of a pipe from
 * us: however we exit (even SIGKILL) the pipe closes and it kills the process
 * groups it was told about and removes the run folder.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import process from "node:process";

const TAIL_BYTES = 8192;

export interface LoggedProcess {
  pid: number;
  /** Resolves when the process has exited. */
  exited: Promise<Deno.CommandStatus>;
  /** Resolves when its stdout/stderr are closed (by it and by any child holding them) and logged. */
  drained: Promise<void>;
  /** SIGKILLs its process group (members may outlive the leader); no-op without one. */
  killGroup(): void;
  /** The last few KiB of its stdout+stderr. */
  tail(): string;
  /** Signals its whole process group (when it has one) or the process. */
  signal(signal: Deno.Signal): void;
  hasExited(): boolean;
}

export interface SpawnOptions {
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** stdout and stderr are appended here. */
  logFile: string;
  /** Run in a new session/process group via setsid (path to setsid, when available). */
  setsid?: string;
}

export function spawnLogged(command: string, options: SpawnOptions): LoggedProcess {
  const useSetsid = Boolean(options.setsid);
  const child = new Deno.Command(useSetsid ? options.setsid! : command, {
    args: useSetsid ? [command, ...options.args] : options.args,
    env: options.env,
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const fd = openSync(options.logFile, "a");
  let tail = new Uint8Array(0);
  const record = (chunk: Uint8Array) => {
    try {
      writeSync(fd, chunk);
    } catch {
      // log file gone (run folder removed): keep the tail only
    }
    const joined = new Uint8Array(tail.length + chunk.length);
    joined.set(tail);
    joined.set(chunk, tail.length);
    tail = joined.length > TAIL_BYTES ? joined.slice(joined.length - TAIL_BYTES) : joined;
  };
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    try {
      for await (const chunk of stream) record(chunk);
    } catch {
      // stream torn down
    }
  };
  let done = false;
  const drained = Promise.all([pump(child.stdout), pump(child.stderr)]).then(() => {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
  });
  const exited = child.status.then((status) => {
    done = true;
    return status;
  });
  const pid = child.pid;
  const send = (signal: Deno.Signal) => {
    try {
      Deno.kill(useSetsid ? -pid : pid, signal);
    } catch {
      // already gone
    }
  };
  return {
    pid,
    exited,
    drained,
    tail: () => new TextDecoder().decode(tail),
    hasExited: () => done,
    signal(signal: Deno.Signal) {
      if (!done) send(signal);
    },
    killGroup() {
      if (useSetsid) send("SIGKILL");
    },
  };
}

/** Sends SIGTERM, then SIGKILL after `graceMs`, and waits for the exit. */
export async function terminate(proc: LoggedProcess, graceMs: number): Promise<void> {
  if (graceMs <= 0) {
    proc.signal("SIGKILL");
  } else if (!proc.hasExited()) {
    proc.signal("SIGTERM");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = await Promise.race([
      proc.exited.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) proc.signal("SIGKILL");
  }
  await proc.exited;
  // A group member (e.g. a php -S worker) may outlive its leader and hold the pipes open.
  proc.killGroup();
  await proc.drained;
}

const WATCHDOG_SCRIPT = `
dir="$1"; keep="$2"; groups=""
while IFS= read -r line; do
  case "$line" in
    disarm) exit 0 ;;
    [0-9]*) groups="$groups $line" ;;
  esac
done
# Our owner is gone without stopping us: stop its servers, then remove the run folder.
for g in $groups; do kill -s TERM -- "-$g" 2>/dev/null; done
leaders_running() {
  for g in $groups; do
    state=$(cut -d' ' -f3 "/proc/$g/stat" 2>/dev/null) || continue
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ] && return 0
  done
  return 1
}
i=0
while [ $i -lt 50 ] && leaders_running; do sleep 0.1; i=$((i+1)); done
for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
if [ "$keep" != keep ]; then
  rm -rf -- "$dir" 2>/dev/null || { sleep 0.5; rm -rf -- "$dir"; }
fi
`;

export interface Watchdog {
  /** Registers a process group to kill if we die. */
  watch(pid: number): Promise<void>;
  /** Normal shutdown: the watchdog exits without doing anything. */
  disarm(): Promise<void>;
}

/**
 * Starts the watchdog for `runDir`. Without setsid there is no process group to
 * hand over and nothing is watched (the stop() path still cleans up).
 */
export function startWatchdog(runDir: string, setsid: string | undefined): Watchdog {
  if (!setsid) {
    return { watch: () => Promise.resolve(), disarm: () => Promise.resolve() };
  }
  const child = new Deno.Command(setsid, {
    args: ["sh", "-c", WATCHDOG_SCRIPT, "wordpress-watchdog", runDir, "remove"],
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  let closed = false;
  return {
    async watch(pid: number) {
      if (!closed) await writer.write(encoder.encode(`${pid}\n`));
    },
    async disarm() {
      if (closed) return;
      closed = true;
      try {
        await writer.write(encoder.encode("disarm\n"));
        await writer.close();
      } catch {
        // watchdog already gone
      }
      await child.status;
    },
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is someone else's
    return (error as { code?: string }).code === "EPERM";
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Thrown by a waitFor() check to give up at once with `cause`. */
export class StopWaiting extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
  }
}

/** Polls `check` until it returns a value, `proc` exits, or the time runs out. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options: { timeoutMs: number; proc?: LoggedProcess; intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  while (true) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof StopWaiting) throw error.cause;
      lastError = error;
    }
    if (options.proc?.hasExited()) {
      const status = await options.proc.exited;
      throw new Error(
        `${what}: process exited (code ${status.code}${
          status.signal ? `, ${status.signal}` : ""
        }):\n${options.proc.tail()}`,
      );
    }
    if (Date.now() > deadline) {
      const detail = lastError ? ` (last error: ${(lastError as Error).message})` : "";
      throw new Error(
        `${what}: timed out after ${options.timeoutMs} ms${detail}${options.proc ? `:\n${options.proc.tail()}` : ""}`,
      );
    }
    await sleep(options.intervalMs ?? 20);
  }
}
