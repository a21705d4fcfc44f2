import { type AppProcess, startAppProcess } from "../e2e/app-process.ts";

/**
 * startAppProcess (scripts/e2e/app-process.ts) whose stop() also ends the
 * app itself. That helper runs `node_modules/.bin/deno`, the deno npm
 * package's Node wrapper, which runs the real deno with spawnSync and does
 * not pass SIGTERM on: stopping the wrapper alone leaves `scripts/start.ts`
 * (with Vite and the function processes) running, holding its ports, its
 * data folder, and the output pipe that keeps this process from exiting.
 * So stop() first sends SIGTERM to that real app process (found among this
 * process's descendants by its PORT), which shuts down the way Ctrl-C does,
 * and waits for it.
 */
export async function startApp(options: Parameters<typeof startAppProcess>[0] = {}): Promise<AppProcess> {
  const app = await startAppProcess(options);
  const port = new URL(app.url).port;
  return {
    ...app,
    async stop() {
      const pids = await appProcesses(port);
      for (const pid of pids) signal(pid, "SIGTERM");
      if (!(await exited(pids, 15_000))) {
        for (const pid of pids) signal(pid, "SIGKILL");
        await exited(pids, 5_000);
      }
      await app.stop();
    },
  };
}

type ProcessInfo = { pid: number; ppid: number };

async function processes(): Promise<ProcessInfo[]> {
  const list: ProcessInfo[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const status = await Deno.readTextFile(`/proc/${entry.name}/status`);
      list.push({ pid: Number(entry.name), ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) });
    } catch {
      // gone meanwhile
    }
  }
  return list;
}

/** Our descendants running scripts/start.ts with PORT=`port` in their environment (the app, not its Node wrapper). */
async function appProcesses(port: string): Promise<number[]> {
  const all = await processes();
  const descendants = new Set([Deno.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, ppid } of all) {
      if (descendants.has(ppid) && !descendants.has(pid)) {
        descendants.add(pid);
        grew = true;
      }
    }
  }
  descendants.delete(Deno.pid);
  const found: number[] = [];
  for (const pid of descendants) {
    try {
      const args = (await Deno.readTextFile(`/proc/${pid}/cmdline`)).split("\0");
      const environ = (await Deno.readTextFile(`/proc/${pid}/environ`)).split("\0");
      const isDeno = /(^|\/)deno$/.test(args[0]) && args[1] === "run";
      if (isDeno && args.includes("scripts/start.ts") && environ.includes(`PORT=${port}`)) found.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function signal(pid: number, signo: Deno.Signal) {
  try {
    Deno.kill(pid, signo);
  } catch {
    // already exited
  }
}

async function exited(pids: number[], timeoutMs: number): Promise<boolean> {
  const alive = async (pid: number) => {
    try {
      const status = await Deno.readTextFile(`/proc/${pid}/status`);
      return !/^State:\s+Z/m.test(status);
    } catch {
      return false;
    }
  };
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (!(await Promise.all(pids.map(alive))).some(Boolean)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
