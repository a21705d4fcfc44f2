/**
 * A real WordPress on 127.0.0.1 for end-to-end tests and benchmarks.
 *
 *   npx deno run -A scripts/rigs/wordpress/main.ts start [--port N] [--latency-ms N] ...   (foreground; Ctrl-C stops)
 *   npx deno run -A scripts/rigs/wordpress/main.ts start --detach --json                   (background; prints details)
 *   npx deno run -A scripts/rigs/wordpress/main.ts stop
 *   npx deno run -A scripts/rigs/wordpress/main.ts status | env | check | install-packages
 *
 * Programmatic use: startWordPress() in ./wordpress.ts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { findExecutable, missingPrerequisites } from "./prerequisites.ts";
import { isAlive, sleep } from "./processes.ts";
import { startWordPress, type WordPressInstance } from "./wordpress.ts";

const HERE = dirname(fileURLToPath(import.meta.url));

const USAGE = `Usage: deno run -A scripts/rigs/wordpress/main.ts <command> [options]

Commands:
  start              Start WordPress (MariaDB + php -S) on 127.0.0.1. Stays in the
                     foreground until Ctrl-C/SIGTERM, unless --detach.
  stop               Stop the instance recorded in the state file.
  status             Print the recorded instance and whether it answers.
  env                Print WORDPRESS_* variables of the recorded instance (for eval).
  check              Exit 0 when the Debian packages are installed; else list what is missing.
  install-packages   Install the Debian packages (bash scripts/rigs/wordpress/install-packages.sh).

Options (start):
  --port N            Port for php -S (default 0: a free one)
  --data-dir DIR      Keep MariaDB data and wp-content in DIR across runs (default: temp, removed on stop)
  --mu-plugin FILE    Install FILE into wp-content/mu-plugins (repeatable)
  --latency-ms N      Also start a reverse proxy that delays every request by N ms (proxyUrl)
  --admin-password P  Password of user "admin" (default: random)
  --workers N         Concurrent PHP requests (PHP_CLI_SERVER_WORKERS, default 4)
  --json              Print the details as one JSON line
  --detach            Run in the background; return once ready (log: <state-file>.log)
  --quiet             No progress messages

Options (all):
  --state-file FILE   Default: $WORDPRESS_STATE_FILE or <tmp>/inkpress-wordpress/state.json
`;

interface State {
  pid: number;
  url: string;
  proxyUrl?: string;
  restUrl: string;
  adminUser: string;
  adminPassword: string;
  applicationPassword: string;
  authHeader: string;
  wpVersion: string;
  runDir: string;
  dataDir: string;
  pids: { php: number; mariadb: number };
  startupMs: number;
  startedAt: string;
}

const { values: flags, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    port: { type: "string" },
    "data-dir": { type: "string" },
    "mu-plugin": { type: "string", multiple: true },
    "latency-ms": { type: "string" },
    "admin-password": { type: "string" },
    workers: { type: "string" },
    json: { type: "boolean" },
    detach: { type: "boolean" },
    quiet: { type: "boolean" },
    "state-file": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

const stateFile = resolve(
  flags["state-file"] ?? Deno.env.get("WORDPRESS_STATE_FILE") ?? join(tmpdir(), "inkpress-wordpress", "state.json"),
);

function intFlag(name: "port" | "latency-ms" | "workers"): number | undefined {
  const raw = flags[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || (name === "port" && value > 65535)) {
    throw new Error(`--${name} must be a non-negative integer, got ${raw}`);
  }
  return value;
}

function readState(): State | undefined {
  try {
    return JSON.parse(readFileSync(stateFile, "utf8")) as State;
  } catch {
    return undefined;
  }
}

function toState(wp: WordPressInstance): State {
  return {
    pid: Deno.pid,
    url: wp.url,
    proxyUrl: wp.proxyUrl,
    restUrl: wp.restUrl,
    adminUser: wp.adminUser,
    adminPassword: wp.adminPassword,
    applicationPassword: wp.applicationPassword,
    authHeader: wp.authHeader,
    wpVersion: wp.wpVersion,
    runDir: wp.runDir,
    dataDir: wp.dataDir,
    pids: wp.pids,
    startupMs: wp.startupMs,
    startedAt: new Date().toISOString(),
  };
}

function describe(state: State): string {
  const lines = [
    `WordPress ${state.wpVersion} ready in ${state.startupMs} ms (pid ${state.pid})`,
    `  URL:                  ${state.url}`,
  ];
  if (state.proxyUrl) lines.push(`  Latency proxy:        ${state.proxyUrl}`);
  lines.push(
    `  Admin:                ${state.url}/wp-admin/  user ${state.adminUser}  password ${state.adminPassword}`,
    `  Application password: ${state.applicationPassword}`,
    `  Authorization:        ${state.authHeader}`,
    `  Data:                 ${state.dataDir}`,
    `  State file:           ${stateFile}`,
  );
  return lines.join("\n");
}

function envLines(state: State): string {
  const vars: Record<string, string | undefined> = {
    WORDPRESS_URL: state.url,
    WORDPRESS_PROXY_URL: state.proxyUrl,
    WORDPRESS_ADMIN_USER: state.adminUser,
    WORDPRESS_ADMIN_PASSWORD: state.adminPassword,
    WORDPRESS_APP_PASSWORD: state.applicationPassword,
  };
  return Object.entries(vars)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}='${v!.replace(/'/g, `'\\''`)}'`)
    .join("\n");
}

function refuseIfRunning(): void {
  const state = readState();
  if (state && state.pid !== Deno.pid && isAlive(state.pid)) {
    throw new Error(
      `WordPress already running (pid ${state.pid}, ${state.url}) for ${stateFile}; stop it first or pass --state-file`,
    );
  }
}

async function start(): Promise<void> {
  refuseIfRunning();
  if (flags.detach) return startDetached();
  const wp = await startWordPress({
    port: intFlag("port") ?? 0,
    dataDir: flags["data-dir"],
    extraPlugins: flags["mu-plugin"] ?? [],
    latencyMs: intFlag("latency-ms"),
    adminPassword: flags["admin-password"],
    workers: intFlag("workers"),
    log: flags.quiet || flags.json ? undefined : (message) => console.error(`[wordpress] ${message}`),
  });
  const state = toState(wp);
  mkdirSync(dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, JSON.stringify(state, null, 2) + "\n", { mode: 0o600 });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    if (!flags.json) console.error("[wordpress] stopping");
    await wp.stop();
    if (readState()?.pid === Deno.pid) rmSync(stateFile, { force: true });
    Deno.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) Deno.addSignalListener(signal, shutdown);

  if (flags.json) console.log(JSON.stringify(state));
  else console.log(`${describe(state)}\nPress Ctrl-C to stop.`);
}

/** Re-runs `start` in its own session with output to a log file; returns once its state file says it is ready. */
async function startDetached(): Promise<void> {
  mkdirSync(dirname(stateFile), { recursive: true });
  rmSync(stateFile, { force: true });
  const logFile = `${stateFile}.log`;
  const denoArgs = [
    "run",
    "-A",
    join(HERE, "main.ts"),
    ...stripOption(Deno.args, "--detach", "--state-file"),
    "--state-file",
    stateFile,
  ];
  // Own session: a Ctrl-C or hang-up of this terminal does not reach it.
  const setsid = findExecutable("setsid");
  const shell = ["sh", "-c", 'exec "$@" >"$0" 2>&1 </dev/null', logFile, Deno.execPath(), ...denoArgs];
  const child = new Deno.Command(setsid ?? shell[0], {
    args: setsid ? shell : shell.slice(1),
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  let exited = false;
  child.status.then(() => (exited = true));
  const deadline = Date.now() + 120_000;
  while (true) {
    const state = readState();
    if (state?.pid === child.pid) {
      child.unref();
      if (flags.json) console.log(JSON.stringify(state));
      else {console.log(
          `${describe(state)}\nStop with: deno run -A scripts/rigs/wordpress/main.ts stop${
            flags["state-file"] ? ` --state-file ${stateFile}` : ""
          }`,
        );}
      return;
    }
    if (exited || Date.now() > deadline) {
      if (!exited) child.kill("SIGTERM");
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
      throw new Error(`detached start failed${exited ? "" : " (timed out)"}; log ${logFile}:\n${log.slice(-4000)}`);
    }
    await sleep(50);
  }
}

/** Drops `--flag`, `--flag=value` and `--flag value` for the named options (boolean ones take no value). */
function stripOption(args: string[], boolean: string, valued: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === boolean) continue;
    if (arg === valued) {
      i++;
      continue;
    }
    if (arg.startsWith(`${valued}=`)) continue;
    out.push(arg);
  }
  return out;
}

async function stop(): Promise<void> {
  const state = readState();
  if (!state) {
    console.log(`not running (no ${stateFile})`);
    return;
  }
  if (isAlive(state.pid)) {
    Deno.kill(state.pid, "SIGTERM");
    const deadline = Date.now() + 30_000;
    while (isAlive(state.pid) && Date.now() < deadline) await sleep(50);
    if (isAlive(state.pid)) Deno.kill(state.pid, "SIGKILL"); // its watchdog then kills php/mariadbd
  }
  // Whoever cleaned up (the owner or its watchdog), wait for the run folder to go.
  const deadline = Date.now() + 15_000;
  while (existsSync(state.runDir) && Date.now() < deadline) await sleep(50);
  rmSync(stateFile, { force: true });
  if (existsSync(state.runDir)) throw new Error(`stopped pid ${state.pid} but ${state.runDir} is still there`);
  console.log(`stopped WordPress at ${state.url}`);
}

async function status(): Promise<void> {
  const state = readState();
  if (!state) {
    console.log(`not running (no ${stateFile})`);
    Deno.exitCode = 1;
    return;
  }
  let answer = "no answer";
  try {
    const response = await fetch(`${state.url}/wp-json/`, { signal: AbortSignal.timeout(5000) });
    await response.body?.cancel();
    answer = `GET /wp-json/ -> ${response.status}`;
  } catch (error) {
    answer = `GET /wp-json/ failed: ${(error as Error).message}`;
  }
  const alive = isAlive(state.pid);
  if (flags.json) console.log(JSON.stringify({ ...state, alive, answer }));
  else console.log(`${describe(state)}\n  Owner alive:          ${alive}\n  Health:               ${answer}`);
  if (!alive) Deno.exitCode = 1;
}

async function main(): Promise<void> {
  const command = positionals[0];
  if (flags.help || !command) {
    console.log(USAGE);
    if (!command && !flags.help) Deno.exitCode = 2;
    return;
  }
  switch (command) {
    case "start":
      return start();
    case "stop":
      return stop();
    case "status":
      return status();
    case "env": {
      const state = readState();
      if (!state) throw new Error(`not running (no ${stateFile})`);
      console.log(envLines(state));
      return;
    }
    case "check": {
      const missing = await missingPrerequisites();
      if (missing.length === 0) {
        console.log("WordPress prerequisites: all installed");
      } else {
        console.log(
          `WordPress prerequisites missing:\n  ${
            missing.join("\n  ")
          }\nInstall with: bash scripts/rigs/wordpress/install-packages.sh`,
        );
        Deno.exitCode = 1;
      }
      return;
    }
    case "install-packages": {
      const status = await new Deno.Command("bash", { args: [join(HERE, "install-packages.sh")] }).spawn().status;
      Deno.exitCode = status.code;
      return;
    }
    default:
      console.error(`unknown command: ${command}\n\n${USAGE}`);
      Deno.exitCode = 2;
  }
}

try {
  await main();
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  Deno.exit(1);
}
