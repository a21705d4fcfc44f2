/**
 * A real Ghost on 127.0.0.1 for end-to-end tests and benchmarks.
 *
 *   npm run ghost -- install                                   (once; 5–12 min from nothing, then cached)
 *   npm run ghost -- start [--port N] [--latency-ms N] ...     (foreground; Ctrl-C stops)
 *   npm run ghost -- start --detach --json                     (background; prints details)
 *   npm run ghost -- stop
 *   npm run ghost -- status | env | check
 *
 * Programmatic use: startGhost() in ./ghost.ts, installGhost() in ./install.ts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { findExecutable } from "../wordpress/prerequisites.ts";
import { isAlive, sleep } from "../wordpress/processes.ts";
import { type GhostInstance, residentBytes, startGhost } from "./ghost.ts";
import {
  findGhostInstall,
  GHOST_VERSION,
  installDir,
  installGhost,
  missingBuildTools,
  NODE_VERSION,
} from "./install.ts";

const HERE = dirname(fileURLToPath(import.meta.url));

const USAGE = `Usage: npm run ghost -- <command> [options]
       (or: deno run -A scripts/rigs/ghost/main.ts <command> [options])

Commands:
  install     Install Ghost ${GHOST_VERSION} on Node ${NODE_VERSION} from the npm registry into
              ${installDir()}
              (skipped when there; --force reinstalls). Build tools: bash scripts/rigs/ghost/install.sh
  start       Start Ghost on 127.0.0.1 with a fresh SQLite database, an owner and a custom
              integration. Stays in the foreground until Ctrl-C/SIGTERM, unless --detach.
  stop        Stop the instance recorded in the state file.
  status      Print the recorded instance, whether it answers and its memory.
  env         Print GHOST_* variables of the recorded instance (for eval).
  check       Exit 0 when Ghost is installed; else say what is missing.

Options (start):
  --port N            Port (default 0: a free one)
  --data-dir DIR      Keep Ghost's content (database, images) and keys in DIR across runs
                      (default: temp, removed on stop)
  --latency-ms N      Also start a reverse proxy that delays every request by N ms (proxyUrl)
  --owner-password P  Password of the owner (default: random)
  --json              Print the details as one JSON line
  --detach            Run in the background; return once ready (log: <state-file>.log)
  --quiet             No progress messages

Options (all):
  --state-file FILE   Default: $GHOST_STATE_FILE or <tmp>/inkpress-ghost/state.json
`;

interface State {
  pid: number;
  url: string;
  adminApiUrl: string;
  adminApiKey: string;
  contentApiKey: string;
  proxyUrl?: string;
  ownerEmail: string;
  ownerPassword: string;
  ghostVersion: string;
  nodeVersion: string;
  ghostPid: number;
  runDir: string;
  dataDir: string;
  bootMs: number;
  startupMs: number;
  startedAt: string;
}

const { values: flags, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    port: { type: "string" },
    "data-dir": { type: "string" },
    "latency-ms": { type: "string" },
    "owner-password": { type: "string" },
    force: { type: "boolean" },
    json: { type: "boolean" },
    detach: { type: "boolean" },
    quiet: { type: "boolean" },
    "state-file": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

const stateFile = resolve(
  flags["state-file"] ?? Deno.env.get("GHOST_STATE_FILE") ?? join(tmpdir(), "inkpress-ghost", "state.json"),
);

function intFlag(name: "port" | "latency-ms"): number | undefined {
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

function toState(ghost: GhostInstance): State {
  return {
    pid: Deno.pid,
    url: ghost.url,
    adminApiUrl: ghost.adminApiUrl,
    adminApiKey: ghost.adminApiKey,
    contentApiKey: ghost.contentApiKey,
    proxyUrl: ghost.proxyUrl,
    ownerEmail: ghost.ownerEmail,
    ownerPassword: ghost.ownerPassword,
    ghostVersion: ghost.ghostVersion,
    nodeVersion: ghost.nodeVersion,
    ghostPid: ghost.pid,
    runDir: ghost.runDir,
    dataDir: ghost.dataDir,
    bootMs: ghost.bootMs,
    startupMs: ghost.startupMs,
    startedAt: new Date().toISOString(),
  };
}

function describe(state: State): string {
  const lines = [
    `Ghost ${state.ghostVersion} (Node ${state.nodeVersion}) ready in ${state.startupMs} ms, first 200 after ${state.bootMs} ms (pid ${state.pid})`,
    `  URL:              ${state.url}`,
  ];
  if (state.proxyUrl) lines.push(`  Latency proxy:    ${state.proxyUrl}`);
  lines.push(
    `  Admin:            ${state.url}/ghost/  ${state.ownerEmail}  password ${state.ownerPassword}`,
    `  Admin API URL:    ${state.adminApiUrl}`,
    `  Admin API key:    ${state.adminApiKey}`,
    `  Content API key:  ${state.contentApiKey}`,
    `  Data:             ${state.dataDir}`,
    `  State file:       ${stateFile}`,
  );
  return lines.join("\n");
}

function envLines(state: State): string {
  const vars: Record<string, string | undefined> = {
    GHOST_URL: state.url,
    GHOST_PROXY_URL: state.proxyUrl,
    GHOST_ADMIN_API_URL: state.adminApiUrl,
    GHOST_ADMIN_API_KEY: state.adminApiKey,
    GHOST_CONTENT_API_KEY: state.contentApiKey,
    GHOST_OWNER_EMAIL: state.ownerEmail,
    GHOST_OWNER_PASSWORD: state.ownerPassword,
  };
  return Object.entries(vars)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}='${v!.replace(/'/g, `'\\''`)}'`)
    .join("\n");
}

async function start(): Promise<void> {
  const running = readState();
  if (running && running.pid !== Deno.pid && isAlive(running.pid)) {
    throw new Error(
      `Ghost already running (pid ${running.pid}, ${running.url}) for ${stateFile}; stop it first or pass --state-file`,
    );
  }
  if (flags.detach) return startDetached();
  const ghost = await startGhost({
    port: intFlag("port") ?? 0,
    dataDir: flags["data-dir"],
    latencyMs: intFlag("latency-ms"),
    ownerPassword: flags["owner-password"],
    log: flags.quiet || flags.json ? undefined : (message) => console.error(`[ghost] ${message}`),
  });
  const state = toState(ghost);
  mkdirSync(dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, JSON.stringify(state, null, 2) + "\n", { mode: 0o600 });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    if (!flags.json) console.error("[ghost] stopping");
    await ghost.stop();
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
  const args = Deno.args.filter((arg) => arg !== "--detach");
  const denoArgs = ["run", "-A", join(HERE, "main.ts"), ...withoutStateFile(args), "--state-file", stateFile];
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
  const deadline = Date.now() + 180_000;
  while (true) {
    const state = readState();
    if (state?.pid === child.pid) {
      child.unref();
      if (flags.json) console.log(JSON.stringify(state));
      else {console.log(
          `${describe(state)}\nStop with: npm run ghost -- stop${
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

/** Drops `--state-file FILE` and `--state-file=FILE`. */
function withoutStateFile(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--state-file") i++;
    else if (!args[i].startsWith("--state-file=")) out.push(args[i]);
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
    if (isAlive(state.pid)) Deno.kill(state.pid, "SIGKILL"); // its watchdog then kills Ghost
  }
  // Whoever cleaned up (the owner or its watchdog), wait for the run folder to go.
  const deadline = Date.now() + 15_000;
  while (existsSync(state.runDir) && Date.now() < deadline) await sleep(50);
  rmSync(stateFile, { force: true });
  if (existsSync(state.runDir)) throw new Error(`stopped pid ${state.pid} but ${state.runDir} is still there`);
  console.log(`stopped Ghost at ${state.url}`);
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
    const response = await fetch(`${state.adminApiUrl}/site/`, { signal: AbortSignal.timeout(5000) });
    await response.body?.cancel();
    answer = `GET /ghost/api/admin/site/ -> ${response.status}`;
  } catch (error) {
    answer = `GET /ghost/api/admin/site/ failed: ${(error as Error).message}`;
  }
  const alive = isAlive(state.pid);
  const rssBytes = residentBytes(state.ghostPid);
  const memory = rssBytes === undefined ? "unknown" : `${Math.round(rssBytes / 1024 ** 2)} MiB resident`;
  if (flags.json) console.log(JSON.stringify({ ...state, alive, answer, rssBytes }));
  else {
    console.log(
      `${describe(state)}\n  Owner alive:      ${alive}\n  Health:           ${answer}\n  Ghost memory:     ${memory}`,
    );
  }
  if (!alive) Deno.exitCode = 1;
}

function check(): void {
  const install = findGhostInstall();
  if (install) {
    console.log(`Ghost ${install.ghostVersion} on Node ${install.nodeVersion}: installed in ${install.dir}`);
    return;
  }
  const missing = missingBuildTools();
  console.log(
    `Ghost ${GHOST_VERSION} is not installed (no ${installDir()}/install.json).\n` +
      (missing.length > 0 ? `Build tools missing: ${missing.join(", ")}\n` : "") +
      "Install with: bash scripts/rigs/ghost/install.sh   (build tools, then npm run ghost -- install)",
  );
  Deno.exitCode = 1;
}

async function main(): Promise<void> {
  const command = positionals[0];
  if (flags.help || !command) {
    console.log(USAGE);
    if (!command && !flags.help) Deno.exitCode = 2;
    return;
  }
  switch (command) {
    case "install":
      await installGhost({ force: flags.force, log: (message) => console.log(`[ghost] ${message}`) });
      return;
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
    case "check":
      return check();
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
