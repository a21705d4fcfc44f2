/**
 * A real WordPress (Debian's /usr/share/wordpress) on 127.0.0.1 for end-to-end
 * tests and benchmarks:
 *
 *   const wp = await startWordPress({ port: 0 });
 *   await fetch(`${wp.url}/wp-json/wp/v2/users/me`, { headers: { authorization: wp.authHeader } });
 *   await wp.stop();
 *
 * Layout of a run (a fresh temp folder every time, on tmpfs when /dev/shm is there):
 *   <runDir>/owner.json          who owns it (pid), for the stale-folder sweep
 *   <runDir>/www/                docroot: our wp-config.php + symlinks into /usr/share/wordpress
 *   <runDir>/router.php          php -S router (outside the docroot)
 *   <runDir>/mysqld.sock         MariaDB socket (no TCP)
 *   <runDir>/*.log               php, mariadb and setup logs
 *   <dataDir>/mysql/             MariaDB data          (dataDir defaults to <runDir>/data)
 *   <dataDir>/wp-content/        themes/plugins (symlinks), mu-plugins, uploads
 *
 * Nothing is written outside these folders: Debian's wp-config.php, which reads
 * /etc/wordpress/config-<host>.php, is never loaded (see php/router.php).
 */
import { existsSync, readdirSync, statfsSync, statSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type LatencyProxy, startLatencyProxy } from "./latency_proxy.ts";
import { type MariaDb, startMariaDb } from "./mariadb.ts";
import { requirePrerequisites, WORDPRESS_DIR } from "./prerequisites.ts";
import {
  isAlive,
  type LoggedProcess,
  spawnLogged,
  startWatchdog,
  StopWaiting,
  terminate,
  waitFor,
} from "./processes.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const RUN_DIR_PREFIX = "inkpress-wp-";

/** Ready-made must-use plugins for tests (pass them in extraPlugins). */
export const MU_PLUGINS = {
  /** Registers Yoast SEO / Rank Math post meta keys (_yoast_wpseo_title, rank_math_title, ...) for REST. */
  seoMeta: join(HERE, "mu-plugins/seo-meta.php"),
  /** Simulates a host that strips the Authorization header: Basic auth then fails with 401. */
  stripAuthorization: join(HERE, "mu-plugins/strip-authorization.php"),
} as const;

/** A must-use plugin: a path to a .php file, or a file name and its PHP source. */
export type MuPlugin = string | { name: string; source: string };

export interface StartWordPressOptions {
  /** Port for php -S on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Keeps MariaDB data and wp-content here (reused and kept across runs). Default: inside the temp run folder, removed on stop. */
  dataDir?: string;
  /** Must-use plugins copied into wp-content/mu-plugins (replacing what was there). */
  extraPlugins?: MuPlugin[];
  /** Start a reverse proxy that adds this many ms to every request; its URL is returned as proxyUrl. */
  latencyMs?: number;
  title?: string;
  adminUser?: string;
  /** Default: random. */
  adminPassword?: string;
  adminEmail?: string;
  /** Name of the application password created for adminUser. */
  appPasswordName?: string;
  /** PHP_CLI_SERVER_WORKERS: concurrent requests php -S handles (default 4). */
  workers?: number;
  /**
   * Parent folder for the temp run folder. Default: $WORDPRESS_TMP_ROOT, else /dev/shm when it has 1 GiB free
   * (tmpfs: much faster MariaDB bootstrap), else the OS temp folder.
   */
  tmpRoot?: string;
  /** Extra `php -d` settings for the web server. */
  phpIni?: Record<string, string>;
  /** Progress messages (default: none). */
  log?: (message: string) => void;
}

export interface WordPressInstance {
  /** http://127.0.0.1:PORT (no trailing slash) */
  url: string;
  /** The latency proxy's URL when latencyMs was given. */
  proxyUrl?: string;
  /** `${url}/wp-json` */
  restUrl: string;
  adminUser: string;
  adminPassword: string;
  adminEmail: string;
  /** Application password of adminUser (24 characters, no spaces). */
  applicationPassword: string;
  /** `Basic base64(adminUser:applicationPassword)` */
  authHeader: string;
  wpVersion: string;
  port: number;
  runDir: string;
  dataDir: string;
  dbSocket: string;
  pids: { php: number; mariadb: number };
  /** Milliseconds from the call to ready. */
  startupMs: number;
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * tmpfs makes the MariaDB bootstrap ~4x faster than a disk; containers often
 * have a tiny /dev/shm (64 MiB in Docker), so only use it when roomy.
 */
function defaultTmpRoot(): string {
  const fromEnv = Deno.env.get("WORDPRESS_TMP_ROOT");
  if (fromEnv) return fromEnv;
  const shm = "/dev/shm";
  try {
    const fs = statfsSync(shm);
    if (fs.bavail * fs.bsize >= 1024 ** 3) {
      Deno.mkdirSync(join(shm, `.inkpress-probe-${Deno.pid}`));
      Deno.removeSync(join(shm, `.inkpress-probe-${Deno.pid}`));
      return shm;
    }
  } catch {
    // not there or not writable
  }
  return tmpdir();
}

const randomToken = (bytes = 18) =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes)))).replace(/[+/=]/g, "").slice(0, bytes);

const phpString = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** Removes run folders left by owners that died without cleaning up (the watchdog normally does this). */
async function sweepStaleRunDirs(tmpRoot: string): Promise<void> {
  let entries: string[];
  try {
    entries = readdirSync(tmpRoot).filter((name) => name.startsWith(RUN_DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of entries) {
    const dir = join(tmpRoot, name);
    try {
      const owner = JSON.parse(await readFile(join(dir, "owner.json"), "utf8")) as { pid: number; hostname?: string };
      if (owner.pid === Deno.pid || isAlive(owner.pid)) continue;
      const pids = owner as { pid: number; php?: number; mariadb?: number };
      for (const pid of [pids.php, pids.mariadb]) if (pid) killIfOurs(pid, dir);
      await rm(dir, { recursive: true, force: true });
    } catch {
      // no owner.json yet (just created) or already gone: an old one without owner is removed
      try {
        if (Date.now() - statSync(dir).mtimeMs > 10 * 60_000) await rm(dir, { recursive: true, force: true });
      } catch {
        // gone
      }
    }
  }
}

/** Kills a leftover process group only when its command line mentions the run folder. */
function killIfOurs(pid: number, dir: string): void {
  try {
    const cmdline = Deno.readTextFileSync(`/proc/${pid}/cmdline`);
    if (!cmdline.includes(dir)) return;
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

function wpConfig(o: {
  dbName: string;
  dbUser: string;
  dbPassword: string;
  dbSocket: string;
  contentDir: string;
  defaultHost: string;
}): string {
  const salts = [
    "AUTH_KEY",
    "SECURE_AUTH_KEY",
    "LOGGED_IN_KEY",
    "NONCE_KEY",
    "AUTH_SALT",
    "SECURE_AUTH_SALT",
    "LOGGED_IN_SALT",
    "NONCE_SALT",
  ].map((name) => `define('${name}', ${phpString(randomToken(48))});`).join("\n");
  return `<?php
/* Generated by scripts/rigs/wordpress/wordpress.ts for a local test instance. */
define('DB_NAME', ${phpString(o.dbName)});
define('DB_USER', ${phpString(o.dbUser)});
define('DB_PASSWORD', ${phpString(o.dbPassword)});
define('DB_HOST', ${phpString(`localhost:${o.dbSocket}`)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
$table_prefix = 'wp_';

${salts}

// Application passwords need HTTPS unless the environment is 'local'.
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_DEBUG', false);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true); // no internet here: fail fast instead of waiting on DNS
define('FS_METHOD', 'direct');
define('DISALLOW_FILE_EDIT', true);

// URLs follow the Host the request came in on (direct, localhost, or via the
// latency proxy which sends X-Forwarded-Host), so one instance serves them all.
$inkpress_host = $_SERVER['HTTP_X_FORWARDED_HOST'] ?? $_SERVER['HTTP_HOST'] ?? ${phpString(o.defaultHost)};
$inkpress_host = preg_replace('/[^A-Za-z0-9.:\\[\\]-]/', '', explode(',', $inkpress_host)[0]);
define('WP_HOME', 'http://' . $inkpress_host);
define('WP_SITEURL', 'http://' . $inkpress_host);
define('WP_CONTENT_DIR', ${phpString(o.contentDir)});
define('WP_CONTENT_URL', 'http://' . $inkpress_host . '/wp-content');
unset($inkpress_host);

if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
`;
}

async function linkEntries(fromDir: string, toDir: string, skip: Set<string> = new Set()): Promise<void> {
  for (const name of await readdir(fromDir)) {
    if (skip.has(name)) continue;
    const target = join(toDir, name);
    if (existsSync(target)) continue;
    await symlink(join(fromDir, name), target);
  }
}

async function prepareContent(contentDir: string, extraPlugins: MuPlugin[]): Promise<void> {
  for (const sub of ["themes", "plugins", "uploads", "upgrade", "languages"]) {
    await mkdir(join(contentDir, sub), { recursive: true });
  }
  await linkEntries(join(WORDPRESS_DIR, "wp-content/themes"), join(contentDir, "themes"));
  await linkEntries(join(WORDPRESS_DIR, "wp-content/plugins"), join(contentDir, "plugins"));
  const muDir = join(contentDir, "mu-plugins");
  await rm(muDir, { recursive: true, force: true });
  await mkdir(muDir, { recursive: true });
  const names = new Set<string>();
  for (const plugin of extraPlugins) {
    const name = typeof plugin === "string" ? basename(plugin) : plugin.name;
    if (!/^[A-Za-z0-9._-]+\.php$/.test(name)) throw new Error(`mu-plugin file name must look like name.php: ${name}`);
    if (names.has(name)) throw new Error(`two mu-plugins named ${name}`);
    names.add(name);
    if (typeof plugin === "string") await copyFile(resolve(plugin), join(muDir, name));
    else await writeFile(join(muDir, name), plugin.source);
  }
}

async function prepareDocroot(wwwDir: string, contentDir: string, config: string): Promise<void> {
  await mkdir(wwwDir, { recursive: true });
  await linkEntries(WORDPRESS_DIR, wwwDir, new Set(["wp-config.php", "wp-content", ".htaccess"]));
  await symlink(contentDir, join(wwwDir, "wp-content"));
  await writeFile(join(wwwDir, "wp-config.php"), config, { mode: 0o600 });
}

async function runSetup(php: string, runDir: string, wwwDir: string, input: Record<string, string>) {
  const child = new Deno.Command(php, {
    args: [
      "-d",
      "memory_limit=256M",
      "-d",
      "display_errors=stderr",
      "-d",
      "date.timezone=UTC",
      join(runDir, "setup.php"),
      wwwDir,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(input)));
  await writer.close();
  const out = await child.output();
  const dec = new TextDecoder();
  const stdout = dec.decode(out.stdout);
  const stderr = dec.decode(out.stderr);
  await writeFile(join(runDir, "setup.log"), `${stdout}\n${stderr}`);
  const line = stdout.trim().split("\n").pop() ?? "";
  if (!out.success || !line.startsWith("{")) {
    throw new Error(`WordPress setup (php setup.php) failed with code ${out.code}:\n${stdout}\n${stderr}`.trim());
  }
  return JSON.parse(line) as { installed: boolean; userId: number; applicationPassword: string; wpVersion: string };
}

function startPhpServer(o: {
  php: string;
  setsid?: string;
  port: number;
  runDir: string;
  wwwDir: string;
  workers: number;
  phpIni: Record<string, string>;
}): LoggedProcess {
  const ini: Record<string, string> = {
    upload_max_filesize: "32M",
    post_max_size: "32M",
    memory_limit: "256M",
    max_execution_time: "120",
    "date.timezone": "UTC",
    display_errors: "0",
    log_errors: "1",
    error_log: join(o.runDir, "php-error.log"),
    "opcache.enable": "1",
    "opcache.enable_cli": "1",
    "opcache.validate_timestamps": "1",
    ...o.phpIni,
  };
  const args: string[] = [];
  for (const [key, value] of Object.entries(ini)) args.push("-d", `${key}=${value}`);
  args.push("-S", `127.0.0.1:${o.port}`, "-t", o.wwwDir, join(o.runDir, "router.php"));
  return spawnLogged(o.php, {
    args,
    env: { ...Deno.env.toObject(), PHP_CLI_SERVER_WORKERS: String(o.workers) },
    cwd: o.wwwDir,
    logFile: join(o.runDir, "php-server.log"),
    setsid: o.setsid,
  });
}

/** Starts MariaDB + php -S with a freshly installed (or reused) WordPress. */
export async function startWordPress(options: StartWordPressOptions = {}): Promise<WordPressInstance> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const tools = await requirePrerequisites();
  const tmpRoot = options.tmpRoot ?? defaultTmpRoot();
  await sweepStaleRunDirs(tmpRoot);

  const runDir = await mkdtemp(join(tmpRoot, RUN_DIR_PREFIX));
  const owner = { pid: Deno.pid, started: new Date().toISOString() } as Record<string, unknown>;
  await writeFile(join(runDir, "owner.json"), JSON.stringify(owner));
  const keepData = options.dataDir !== undefined;
  const dataDir = keepData ? resolve(options.dataDir!) : join(runDir, "data");
  const contentDir = join(dataDir, "wp-content");
  const wwwDir = join(runDir, "www");
  const watchdog = startWatchdog(runDir, tools.setsid);

  let mariadb: MariaDb | undefined;
  let php: LoggedProcess | undefined;
  let proxy: LatencyProxy | undefined;
  let stopped: Promise<void> | undefined;
  let dbReady: Promise<unknown> | undefined;

  const stop = () =>
    stopped ??= (async () => {
      await proxy?.stop().catch(() => {});
      if (php) await terminate(php, 2000);
      if (mariadb) await mariadb.stop();
      await rm(runDir, { recursive: true, force: true });
      await watchdog.disarm();
    })();

  try {
    const adminUser = options.adminUser ?? "admin";
    const adminPassword = options.adminPassword ?? randomToken(20);
    const adminEmail = options.adminEmail ?? "admin@example.com";
    const dbPassword = randomToken(20);
    await mkdir(dataDir, { recursive: true });

    dbReady = startMariaDb({
      mariadbd: tools.mariadbd,
      setsid: tools.setsid,
      dataDir: join(dataDir, "mysql"),
      runDir,
      database: "wordpress",
      user: "wordpress",
      password: dbPassword,
      disposable: !keepData,
      onSpawn: (pid) => {
        owner.mariadb = pid;
        return Promise.all([watchdog.watch(pid), writeFile(join(runDir, "owner.json"), JSON.stringify(owner))])
          .then(() => {});
      },
    }).then((db) => (mariadb = db));
    // Don't leave it unhandled while we prepare files; awaited below.
    dbReady.catch(() => {});

    const port = options.port || freePort();
    const dbSocket = join(runDir, "mysqld.sock");
    await Promise.all([
      copyFile(join(HERE, "php/router.php"), join(runDir, "router.php")),
      copyFile(join(HERE, "php/setup.php"), join(runDir, "setup.php")),
      prepareContent(contentDir, options.extraPlugins ?? []).then(() =>
        prepareDocroot(
          wwwDir,
          contentDir,
          wpConfig({
            dbName: "wordpress",
            dbUser: "wordpress",
            dbPassword,
            dbSocket,
            contentDir,
            defaultHost: `127.0.0.1:${port}`,
          }),
        )
      ),
    ]);
    log(`run folder ${runDir}`);

    const workers = Math.max(1, options.workers ?? 4);
    let url = `http://127.0.0.1:${port}`;
    let actualPort = port;
    php = startPhpServer({
      php: tools.php,
      setsid: tools.setsid,
      port,
      runDir,
      wwwDir,
      workers,
      phpIni: options.phpIni ?? {},
    });
    await watchdog.watch(php.pid);
    owner.php = php.pid;

    await dbReady;
    log(`mariadb ready (${Math.round(performance.now() - started)} ms)`);
    const setup = await runSetup(tools.php, runDir, wwwDir, {
      url,
      title: options.title ?? "Inkpress E2E",
      adminUser,
      adminPassword,
      adminEmail,
      appPasswordName: options.appPasswordName ?? "e2e",
    });
    log(`wordpress ${setup.installed ? "installed" : "reused"} (${Math.round(performance.now() - started)} ms)`);

    // The port may have been taken between freePort() and php -S binding it: retry with another.
    for (let attempt = 0;; attempt++) {
      try {
        await waitFor(`php -S on ${url}`, () => restIndexReady(url), { timeoutMs: 20_000, proc: php });
        break;
      } catch (error) {
        const inUse = /Address already in use/i.test(php.tail());
        if (!inUse || options.port || attempt >= 4) throw error;
        await terminate(php, 0);
        actualPort = freePort();
        url = `http://127.0.0.1:${actualPort}`;
        php = startPhpServer({
          php: tools.php,
          setsid: tools.setsid,
          port: actualPort,
          runDir,
          wwwDir,
          workers,
          phpIni: options.phpIni ?? {},
        });
        await watchdog.watch(php.pid);
        owner.php = php.pid;
      }
    }
    await writeFile(join(runDir, "owner.json"), JSON.stringify(owner));

    if (options.latencyMs !== undefined && options.latencyMs >= 0) {
      proxy = await startLatencyProxy({ upstream: url, latencyMs: options.latencyMs });
    }
    const startupMs = Math.round(performance.now() - started);
    log(`ready at ${url} (${startupMs} ms)`);

    return {
      url,
      proxyUrl: proxy?.url,
      restUrl: `${url}/wp-json`,
      adminUser,
      adminPassword,
      adminEmail,
      applicationPassword: setup.applicationPassword,
      authHeader: `Basic ${btoa(`${adminUser}:${setup.applicationPassword}`)}`,
      wpVersion: setup.wpVersion,
      port: actualPort,
      runDir,
      dataDir,
      dbSocket,
      pids: { php: php.pid, mariadb: (mariadb as MariaDb).pid },
      startupMs,
      stop,
      [Symbol.asyncDispose]: stop,
    };
  } catch (error) {
    await dbReady?.catch(() => {}); // let a MariaDB start in flight finish, so stop() gets it
    await stop().catch(() => {});
    throw error;
  }
}

/** Resolves true once GET /wp-json/ answers with WordPress's REST index; retries only while nothing listens. */
async function restIndexReady(url: string): Promise<true | undefined> {
  let response: Response;
  try {
    response = await fetch(`${url}/wp-json/`, { signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    if (error instanceof TypeError) return undefined; // connection refused: not listening yet
    throw error;
  }
  const body = await response.text();
  let namespaces: unknown;
  try {
    namespaces = (JSON.parse(body) as { namespaces?: unknown }).namespaces;
  } catch {
    // not JSON: reported below
  }
  if (response.ok && Array.isArray(namespaces) && namespaces.includes("wp/v2")) return true;
  throw new StopWaiting(new Error(`GET ${url}/wp-json/ -> ${response.status}: ${body.slice(0, 500)}`));
}
