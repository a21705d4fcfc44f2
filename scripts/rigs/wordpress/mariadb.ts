/**
 * A private MariaDB server: its own data folder, a unix socket, no TCP.
 *
 * Instead of mariadb-install-db (a shell script that also loads the help
 * tables and the sys schema, and needs --force when the host name does not
 * resolve) the system tables are created by feeding Debian's SQL scripts to
 * `mariadbd --bootstrap` directly: ~0.3 s on tmpfs. The database and its user
 * are created by an --init-file on every start (idempotent), which also resets
 * the password on a reused data folder.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MARIADB_BOOTSTRAP_SQL, MARIADB_SQL_DIR } from "./prerequisites.ts";
import { type LoggedProcess, spawnLogged, terminate, waitFor } from "./processes.ts";

export interface MariaDbOptions {
  mariadbd: string;
  setsid?: string;
  /** Holds the databases; bootstrapped when it has no system tables yet. */
  dataDir: string;
  /** Socket, pid file, init file and logs (short path: unix sockets are limited to 107 bytes). */
  runDir: string;
  database: string;
  user: string;
  password: string;
  /** Kill with SIGKILL on stop (the data folder is thrown away anyway). */
  disposable: boolean;
  onSpawn?: (pid: number) => Promise<void> | void;
}

export interface MariaDb {
  socket: string;
  pid: number;
  process: LoggedProcess;
  stop(): Promise<void>;
}

const BOOTSTRAP_MARKER = ".inkpress-bootstrapped";

function serverArgs(options: MariaDbOptions): string[] {
  const args = [
    "--no-defaults", // must come first: ignore /etc/mysql (system socket, pid file, bind-address...)
    `--datadir=${options.dataDir}`,
    `--tmpdir=${options.runDir}`,
    "--skip-networking",
    "--skip-name-resolve",
    "--skip-log-bin",
    "--character-set-server=utf8mb4",
    "--collation-server=utf8mb4_unicode_ci",
    "--innodb-buffer-pool-size=64M",
    "--innodb-log-file-size=16M",
    "--innodb-data-file-path=ibdata1:4M:autoextend",
    "--innodb-autoextend-increment=8", // MiB (default 64: a 70 MB ibdata1 right after bootstrap)
    "--innodb-flush-log-at-trx-commit=0",
    "--innodb-doublewrite=0",
    "--innodb-flush-method=nosync",
    "--innodb-use-native-aio=0",
    "--loose-innodb-log-file-buffering=ON",
    "--max-connections=200",
    "--table-open-cache=400",
    "--log-warnings=1",
  ];
  // mariadbd refuses to run as root unless told to; as another user it runs as that user.
  if (Deno.uid() === 0) args.push("--user=root");
  return args;
}

const sqlString = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
const sqlIdent = (value: string) => `\`${value.replace(/`/g, "``")}\``;

async function bootstrap(options: MariaDbOptions): Promise<void> {
  await rm(options.dataDir, { recursive: true, force: true });
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const parts = ["CREATE DATABASE IF NOT EXISTS mysql;", "USE mysql;", "SET @auth_root_socket=NULL;"];
  for (const file of MARIADB_BOOTSTRAP_SQL) parts.push(await readFile(join(MARIADB_SQL_DIR, file), "utf8"));
  const logFile = join(options.runDir, "mariadb-bootstrap.log");
  const child = new Deno.Command(options.mariadbd, {
    args: [
      ...serverArgs(options),
      "--bootstrap",
      `--log-error=${logFile}`,
      "--enforce-storage-engine=",
      "--max-allowed-packet=8M",
      "--net-buffer-length=16K",
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  // The bootstrap reader wants statements on their own lines.
  await writer.write(new TextEncoder().encode(parts.join("\n") + "\n"));
  await writer.close();
  const out = await child.output();
  if (!out.success) {
    const log = await readFile(logFile, "utf8").catch(() => "");
    const dec = new TextDecoder();
    throw new Error(
      `mariadbd --bootstrap failed (code ${out.code}):\n${dec.decode(out.stdout)}${dec.decode(out.stderr)}${log}`,
    );
  }
  await writeFile(join(options.dataDir, BOOTSTRAP_MARKER), new Date().toISOString() + "\n");
}

/** Bootstraps the data folder if needed and starts mariadbd; resolves once it accepts connections. */
export async function startMariaDb(options: MariaDbOptions): Promise<MariaDb> {
  if (!existsSync(join(options.dataDir, BOOTSTRAP_MARKER))) await bootstrap(options);

  const socket = join(options.runDir, "mysqld.sock");
  const initFile = join(options.runDir, "mariadb-init.sql");
  const account = `${sqlString(options.user)}@'localhost'`;
  await writeFile(
    initFile,
    [
      `CREATE DATABASE IF NOT EXISTS ${sqlIdent(options.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`,
      `CREATE USER IF NOT EXISTS ${account} IDENTIFIED BY ${sqlString(options.password)};`,
      `ALTER USER ${account} IDENTIFIED BY ${sqlString(options.password)};`,
      `GRANT ALL PRIVILEGES ON ${sqlIdent(options.database)}.* TO ${account};`,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  const proc = spawnLogged(options.mariadbd, {
    args: [
      ...serverArgs(options),
      `--socket=${socket}`,
      `--pid-file=${join(options.runDir, "mysqld.pid")}`,
      `--log-error=${join(options.runDir, "mariadb.log")}`,
      `--init-file=${initFile}`,
    ],
    logFile: join(options.runDir, "mariadb.out.log"),
    setsid: options.setsid,
  });
  await options.onSpawn?.(proc.pid);
  const stop = () => terminate(proc, options.disposable ? 0 : 30_000);
  try {
    await waitFor("mariadbd start", () => greeting(socket), { timeoutMs: 30_000, proc });
  } catch (error) {
    await stop();
    const log = await readFile(join(options.runDir, "mariadb.log"), "utf8").catch(() => "");
    throw new Error(`${(error as Error).message}\n--- mariadb.log ---\n${log.slice(-4000)}`);
  }
  return { socket, pid: proc.pid, process: proc, stop };
}

/** Resolves true once the server sends its handshake on the socket (after the init file ran). */
async function greeting(socket: string): Promise<true | undefined> {
  if (!existsSync(socket)) return undefined;
  const conn = await Deno.connect({ transport: "unix", path: socket });
  const timer = setTimeout(() => conn.close(), 2000);
  try {
    const buf = new Uint8Array(64);
    const n = await conn.read(buf);
    return n !== null && n > 0 ? true : undefined;
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch {
      // closed by the timer
    }
  }
}
