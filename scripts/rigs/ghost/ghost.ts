/**
 * A real Ghost (the pinned npm release, see ./install.ts) on 127.0.0.1 for
 * end-to-end tests and benchmarks:
 *
 *   await using ghost = await startGhost();
 *   // ghost.url: the site (what a user pastes as "API URL"); ghost.adminApiKey: "id:secret"
 *   await fetch(`${ghost.adminApiUrl}/posts/`, { headers: { authorization: `Ghost ${await ghostAdminToken(ghost.adminApiKey)}` } });
 *
 * Layout of a run (a fresh temp folder every time, on tmpfs when /dev/shm is roomy):
 *   <runDir>/owner.json                 who owns it (pid), for the stale-folder sweep
 *   <runDir>/config.development.json    Ghost's config (Ghost reads it from its working directory)
 *   <runDir>/current                    link to the cached install (Ghost-CLI's layout: Ghost finds its root there)
 *   <runDir>/ghost.log                  Ghost's stdout and stderr
 *   <runDir>/home, tmp                  HOME and TMPDIR of the Ghost process
 *   <dataDir>/content/                  Ghost's content folder: data/ghost.db (SQLite), images/, themes/ (links)
 *   <dataDir>/inkpress-ghost.json       owner and integration keys, so a kept dataDir restarts without setup
 * dataDir defaults to <runDir>/data. Nothing is written into the cached install.
 */
import { existsSync, readdirSync, statfsSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findExecutable } from "../wordpress/prerequisites.ts";
import { type LatencyProxy, startLatencyProxy } from "../wordpress/latency_proxy.ts";
import {
  isAlive,
  type LoggedProcess,
  spawnLogged,
  startWatchdog,
  StopWaiting,
  terminate,
  waitFor,
} from "../wordpress/processes.ts";
import { findGhostInstall, GHOST_VERSION, type GhostInstall, installDir } from "./install.ts";

const RUN_DIR_PREFIX = "inkpress-ghost-";
const KEYS_FILE = "inkpress-ghost.json";

export interface StartGhostOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Keeps Ghost's content (SQLite database, images) and the keys here across runs. Default: in the run folder, removed on stop. */
  dataDir?: string;
  /** Start a reverse proxy that adds this many ms to every request; its URL is returned as proxyUrl. */
  latencyMs?: number;
  /** Site title given at setup. */
  title?: string;
  ownerName?: string;
  ownerEmail?: string;
  /** Default: random. Ghost refuses weak passwords (short, or made of the email or site name). */
  ownerPassword?: string;
  /** Name of the custom integration whose keys are returned. */
  integrationName?: string;
  /** Parent folder for the run folder. Default: $GHOST_TMP_ROOT, else /dev/shm when it has 1 GiB free, else the OS temp folder. */
  tmpRoot?: string;
  /** Progress messages (default: none). */
  log?: (message: string) => void;
}

export interface GhostInstance {
  /** The site, http://127.0.0.1:PORT (no trailing slash): Ghost's configured url and what a custom integration calls "API URL". */
  url: string;
  /** `${url}/ghost/api/admin` (no trailing slash). */
  adminApiUrl: string;
  /** The custom integration's Admin API key, `id:secret` (secret in hex), as Ghost Admin shows it. */
  adminApiKey: string;
  /** The same integration's Content API key. */
  contentApiKey: string;
  /** The latency proxy's URL when latencyMs was given. */
  proxyUrl?: string;
  ownerEmail: string;
  ownerPassword: string;
  ghostVersion: string;
  nodeVersion: string;
  port: number;
  pid: number;
  runDir: string;
  dataDir: string;
  /** True when this start ran the setup (a fresh content folder); false when it reused a kept dataDir. */
  setUp: boolean;
  /** Milliseconds from the call to the first 200 from Ghost. */
  bootMs: number;
  /** Milliseconds from the call to ready (booted, owner and integration in place). */
  startupMs: number;
  /** Resident memory of the Ghost process now, in bytes (undefined once it is gone). */
  rssBytes(): number | undefined;
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

interface StoredKeys {
  ownerEmail: string;
  ownerPassword: string;
  adminApiKey: string;
  contentApiKey: string;
}

/** The install to run, or an error that says how to make one. */
export function requireGhostInstall(): GhostInstall {
  const install = findGhostInstall();
  if (!install) {
    throw new Error(
      `Ghost ${GHOST_VERSION} is not installed (no ${installDir()}/install.json). ` +
        "Install it with: npm run ghost -- install (5–12 minutes; build tools: bash scripts/rigs/ghost/install.sh)",
    );
  }
  return install;
}

/** Starts Ghost on a fresh (or kept) content folder and makes sure an owner and a custom integration exist. */
export async function startGhost(options: StartGhostOptions = {}): Promise<GhostInstance> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const log = options.log ?? (() => {});
  const install = requireGhostInstall();
  const setsid = findExecutable("setsid");
  const tmpRoot = options.tmpRoot ?? defaultTmpRoot();
  await sweepStaleRunDirs(tmpRoot);

  const runDir = await mkdtemp(join(tmpRoot, RUN_DIR_PREFIX));
  const owner: Record<string, unknown> = { pid: Deno.pid, started: new Date().toISOString() };
  await writeFile(join(runDir, "owner.json"), JSON.stringify(owner));
  const dataDir = options.dataDir === undefined ? join(runDir, "data") : resolve(options.dataDir);
  const contentDir = join(dataDir, "content");
  const watchdog = startWatchdog(runDir, setsid);

  let ghost: LoggedProcess | undefined;
  let proxy: LatencyProxy | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    stopped ??= (async () => {
      await proxy?.stop().catch(() => {});
      // Ghost shuts down gracefully on SIGTERM (closes the server and the database) well within 5 s.
      if (ghost) await terminate(ghost, 5000);
      await rm(runDir, { recursive: true, force: true });
      await watchdog.disarm();
    })();

  try {
    await prepareContent(contentDir, install.ghostDir);
    await Promise.all(["home", "tmp"].map((name) => mkdir(join(runDir, name))));
    await symlink(install.ghostDir, join(runDir, "current"));
    log(`run folder ${runDir}`);

    let port = options.port || freePort();
    let url = `http://127.0.0.1:${port}`;
    for (let attempt = 0;; attempt++) {
      await writeFile(join(runDir, "config.development.json"), ghostConfig({ url, port, contentDir }));
      ghost = startGhostProcess(install, runDir, setsid);
      await watchdog.watch(ghost.pid);
      owner.ghost = ghost.pid;
      await writeFile(join(runDir, "owner.json"), JSON.stringify(owner));
      try {
        await waitFor(`Ghost on ${url}`, () => siteAnswers(url), { timeoutMs: 120_000, proc: ghost, intervalMs: 100 });
        break;
      } catch (error) {
        // The free port may have been taken before Ghost bound it: retry on another.
        const inUse = /EADDRINUSE|already in use/i.test(ghost.tail());
        if (!inUse || options.port || attempt >= 4) throw error;
        await terminate(ghost, 0);
        port = freePort();
        url = `http://127.0.0.1:${port}`;
      }
    }
    const bootMs = elapsed();
    log(`Ghost answered 200 (${bootMs} ms)`);

    const keysFile = join(dataDir, KEYS_FILE);
    let keys: StoredKeys;
    let setUp = false;
    if (existsSync(keysFile)) {
      keys = JSON.parse(await readFile(keysFile, "utf8")) as StoredKeys;
    } else {
      keys = await bootstrap(url, {
        title: options.title ?? "Inkpress E2E",
        ownerName: options.ownerName ?? "Inkpress Owner",
        ownerEmail: options.ownerEmail ?? "owner@example.com",
        ownerPassword: options.ownerPassword ?? `Ink-${randomHex(16)}`,
        integrationName: options.integrationName ?? "Inkpress",
      });
      await writeFile(keysFile, JSON.stringify(keys, null, 2) + "\n", { mode: 0o600 });
      setUp = true;
      log(`owner and integration created (${elapsed()} ms)`);
    }

    if (options.latencyMs !== undefined && options.latencyMs >= 0) {
      proxy = await startLatencyProxy({ upstream: url, latencyMs: options.latencyMs });
    }
    const startupMs = elapsed();
    log(`ready at ${url} (${startupMs} ms)`);
    const pid = ghost.pid;
    return {
      url,
      adminApiUrl: `${url}/ghost/api/admin`,
      adminApiKey: keys.adminApiKey,
      contentApiKey: keys.contentApiKey,
      proxyUrl: proxy?.url,
      ownerEmail: keys.ownerEmail,
      ownerPassword: keys.ownerPassword,
      ghostVersion: install.ghostVersion,
      nodeVersion: install.nodeVersion,
      port,
      pid,
      runDir,
      dataDir,
      setUp,
      bootMs,
      startupMs,
      rssBytes: () => residentBytes(pid),
      stop,
      [Symbol.asyncDispose]: stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/**
 * Development config on SQLite. No outbound calls (privacy.useTinfoil turns off
 * update checks, Gravatar and the like), mail is not sent (stub transport),
 * and staff logins need no emailed code (staffDeviceVerification off).
 */
function ghostConfig(o: { url: string; port: number; contentDir: string }): string {
  const config = {
    url: o.url,
    server: { host: "127.0.0.1", port: o.port, shutdownTimeout: 3000 },
    database: {
      client: "better-sqlite3",
      connection: { filename: join(o.contentDir, "data", "ghost.db") },
    },
    mail: { transport: "stub" },
    privacy: { useTinfoil: true },
    security: { staffDeviceVerification: false },
    paths: { contentPath: o.contentDir },
    logging: { level: "info", transports: ["stdout"] },
  };
  return JSON.stringify(config, null, 2) + "\n";
}

/** Content folder with the bundled themes linked from the install (read-only there, never copied). */
async function prepareContent(contentDir: string, ghostDir: string): Promise<void> {
  for (const sub of ["data", "images", "files", "media", "public", "settings", "logs", "adapters", "themes"]) {
    await mkdir(join(contentDir, sub), { recursive: true });
  }
  const bundledThemes = join(ghostDir, "content", "themes");
  for (const theme of readdirSync(bundledThemes)) {
    const link = join(contentDir, "themes", theme);
    if (!existsSync(link)) await symlink(join(bundledThemes, theme), link);
  }
}

/**
 * Ghost on Node 22 in its own session, with only the environment it needs:
 * Ghost reads every environment variable as config (nconf, `__` as separator),
 * so nothing of ours may leak in. Its working directory is the run folder,
 * laid out as Ghost-CLI does: config.development.json, and `current` linking
 * to the install (how Ghost finds its package.json from the working directory).
 */
function startGhostProcess(install: GhostInstall, runDir: string, setsid: string | undefined): LoggedProcess {
  const env = {
    PATH: `${join(install.node, "..")}:/usr/local/bin:/usr/bin:/bin`,
    HOME: join(runDir, "home"),
    TMPDIR: join(runDir, "tmp"),
    NODE_ENV: "development",
    LANG: "C.UTF-8",
    TZ: "UTC",
  };
  const envArgs = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  return spawnLogged("env", {
    args: ["-i", ...envArgs, install.node, join(install.ghostDir, "index.js")],
    cwd: runDir,
    logFile: join(runDir, "ghost.log"),
    setsid,
  });
}

/** Resolves true on the first 200 from the site endpoint; retries while Ghost boots (no answer or 503). */
async function siteAnswers(url: string): Promise<true | undefined> {
  let response: Response;
  try {
    response = await fetch(`${url}/ghost/api/admin/site/`, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    if (error instanceof TypeError) return undefined; // not listening yet
    throw error;
  }
  const body = await response.text();
  if (response.status === 200) {
    const site = JSON.parse(body) as { site?: { version?: string } };
    if (!site.site?.version) {
      throw new StopWaiting(new Error(`GET ${url}/ghost/api/admin/site/ is not Ghost: ${body.slice(0, 300)}`));
    }
    return true;
  }
  if (response.status === 503) return undefined; // still booting
  throw new StopWaiting(new Error(`GET ${url}/ghost/api/admin/site/ -> ${response.status}: ${body.slice(0, 500)}`));
}

/**
 * First-run setup through the Admin API, as Ghost Admin does it: create the
 * owner, sign in (a session cookie; Ghost checks the Origin header against its
 * url), then add a custom integration and read its keys.
 */
async function bootstrap(
  url: string,
  o: { title: string; ownerName: string; ownerEmail: string; ownerPassword: string; integrationName: string },
): Promise<StoredKeys> {
  const api = `${url}/ghost/api/admin`;
  const headers = { "content-type": "application/json", origin: url };

  await expectJson(
    await fetch(`${api}/authentication/setup/`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        setup: [{ name: o.ownerName, email: o.ownerEmail, password: o.ownerPassword, blogTitle: o.title }],
      }),
    }),
    201,
    "POST authentication/setup",
  );

  const session = await fetch(`${api}/session/`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username: o.ownerEmail, password: o.ownerPassword }),
  });
  const sessionBody = await session.text();
  const cookie = session.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (session.status !== 201 || !cookie) {
    throw new Error(`POST session -> ${session.status} ${cookie ? "" : "(no cookie) "}${sessionBody.slice(0, 500)}`);
  }

  const created = await expectJson(
    await fetch(`${api}/integrations/?include=api_keys`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ integrations: [{ name: o.integrationName }] }),
    }),
    201,
    "POST integrations",
  ) as { integrations: { api_keys: { type: string; id: string; secret: string }[] }[] };
  const apiKeys = created.integrations[0]?.api_keys ?? [];
  const admin = apiKeys.find((key) => key.type === "admin");
  const content = apiKeys.find((key) => key.type === "content");
  // Ghost serialises an admin key's secret as the full key, `id:secret`.
  if (!admin || !content || !admin.secret.startsWith(`${admin.id}:`)) {
    throw new Error(`POST integrations returned no admin key "id:secret" and content key: ${JSON.stringify(created)}`);
  }
  return {
    ownerEmail: o.ownerEmail,
    ownerPassword: o.ownerPassword,
    adminApiKey: admin.secret,
    contentApiKey: content.secret,
  };
}

async function expectJson(response: Response, status: number, what: string): Promise<unknown> {
  const body = await response.text();
  if (response.status !== status) {
    throw new Error(`${what} -> ${response.status}, expected ${status}: ${body.slice(0, 1000)}`);
  }
  return JSON.parse(body);
}

/** Resident memory of a process in bytes (VmRSS), undefined when it is gone. */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(Deno.readTextFileSync(`/proc/${pid}/status`));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function defaultTmpRoot(): string {
  const fromEnv = Deno.env.get("GHOST_TMP_ROOT");
  if (fromEnv) return fromEnv;
  try {
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize >= 1024 ** 3) {
      const probe = join("/dev/shm", `.inkpress-probe-${Deno.pid}`);
      Deno.mkdirSync(probe);
      Deno.removeSync(probe);
      return "/dev/shm";
    }
  } catch {
    // not there or not writable
  }
  return tmpdir();
}

/** Removes run folders left by owners that died without cleaning up (the watchdog normally does this). */
async function sweepStaleRunDirs(tmpRoot: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(tmpRoot).filter((name) => name.startsWith(RUN_DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(tmpRoot, name);
    try {
      const owner = JSON.parse(await readFile(join(dir, "owner.json"), "utf8")) as { pid: number; ghost?: number };
      if (owner.pid === Deno.pid || isAlive(owner.pid)) continue;
      if (owner.ghost) killGroupIfOurs(owner.ghost, dir);
      await rm(dir, { recursive: true, force: true });
    } catch {
      // No owner.json: just being created, or an old leftover (removed after 10 minutes).
      try {
        if (Date.now() - statSync(dir).mtimeMs > 10 * 60_000) await rm(dir, { recursive: true, force: true });
      } catch {
        // gone
      }
    }
  }
}

/** Kills a leftover process group only when the process still runs in that run folder. */
function killGroupIfOurs(pid: number, dir: string): void {
  try {
    if (Deno.readLinkSync(`/proc/${pid}/cwd`) !== dir) return;
    Deno.kill(-pid, "SIGKILL");
  } catch {
    // gone
  }
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
