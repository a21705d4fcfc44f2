/**
 * The embedded Supabase API (scripts/devstack/local-backend/http-server.ts) in a
 * process of its own, so that its database work (PGlite's above all) does
 * not share an event loop with what is measured.
 *
 *   deno run -A scripts/bench/local-api-process.ts <dataDir> <keysFile> [databaseUrl]
 *
 * With a database URL it serves from that PostgreSQL server instead of
 * PGlite (the DATABASE_URL mode of npm start).
 *
 * prints one JSON line `{ url, … }` once it serves (the keys in it are masked
 * by the API's log redaction; the parent reads them from keysFile), and runs
 * until SIGTERM.
 */
import { apiProcessCount } from "../devstack/local-backend/api-workers.ts";
import { startLocalApi } from "../devstack/local-backend/http-server.ts";

export type LocalApiProcess = {
  url: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  pid: number;
  stop(): Promise<void>;
};

const READY_PREFIX = "LOCAL_API_READY ";

export async function startLocalApiProcess(dataDir: string, keysFile: string, databaseUrl?: string): Promise<LocalApiProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, dataDir, keysFile, ...(databaseUrl ? [databaseUrl] : [])],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const ready = Promise.withResolvers<Omit<LocalApiProcess, "pid" | "stop">>();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      log += chunk;
      const line = log.split("\n").find((l) => l.startsWith(READY_PREFIX));
      if (line) ready.resolve(JSON.parse(line.slice(READY_PREFIX.length)));
    }
  };
  collect(child.stdout);
  collect(child.stderr);
  child.status.then((s) => ready.reject(new Error(`the local API exited (${s.code}) before it served:\n${log}`)));
  const timer = setTimeout(() => ready.reject(new Error(`the local API did not serve in 120 s:\n${log}`)), 120_000);
  try {
    const info = await ready.promise;
    // The keys as written to keysFile: the API's log redaction masks them in what it prints.
    const keys = JSON.parse(await Deno.readTextFile(keysFile)) as Pick<LocalApiProcess, "publishableKey" | "secretKey" | "jwtSecret">;
    return {
      ...info,
      publishableKey: keys.publishableKey,
      secretKey: keys.secretKey,
      jwtSecret: keys.jwtSecret,
      pid: child.pid,
      async stop() {
        try {
          child.kill("SIGTERM");
        } catch {
          // already exited
        }
        await child.status;
      },
    };
  } catch (error) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already exited
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

if (import.meta.main) {
  const [dataDir, keysFile, databaseUrl] = Deno.args;
  if (!dataDir || !keysFile) throw new Error("usage: local-api-process.ts <dataDir> <keysFile> [databaseUrl]");
  // On PostgreSQL, as many API processes as npm start would run here (LOCAL_API_PROCESSES).
  const api = await startLocalApi({ dataDir, keysFile, databaseUrl, processes: databaseUrl ? apiProcessCount() : 1 });
  const info = {
    url: api.url,
    publishableKey: api.publishableKey,
    secretKey: api.secretKey,
    // ensureLocalKeys exported it, as it does for the processes npm start runs.
    jwtSecret: Deno.env.get("LOCAL_JWT_SECRET"),
  };
  // Past console, which masks keys in this process (log-redaction.ts): the parent needs them.
  await Deno.stdout.write(new TextEncoder().encode(`${READY_PREFIX}${JSON.stringify(info)}\n`));
  const stop = async () => {
    await api.close().catch(() => {});
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
}
