/**
 * More processes for the local API on a PostgreSQL server. lite is
 * JavaScript: one process works on one request's code at a time, a few
 * milliseconds each, on one core. With DATABASE_URL the front process (the
 * one `npm start` serves from) starts LOCAL_API_PROCESSES − 1 workers, each
 * a lite app of its own on the same database with a pool of its own, and
 * hands each request (already read within its limits, local-api.ts) to the
 * least busy of itself and them. On the embedded PGlite there is one
 * process, one request at a time (local-api.ts says why).
 *
 * A worker listens on a loopback port and answers only requests carrying the
 * token its front gave it (a random value, per start): nothing but its own
 * front can skip the front's CORS, Auth rate limits, body limits and inert
 * storage objects. Workers start one after another once the front has
 * applied the migrations, before anything is served: each one's lite grants
 * the API roles everything on its first request, which it revokes at once
 * (api-privileges.ts), so no request may meet a worker in that moment.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Buffer } from "node:buffer";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

export const WORKER_TOKEN_HEADER = "x-inkpress-api-worker";
const READY_PREFIX = "API_WORKER_READY ";
const START_TIMEOUT_MS = 120_000;

/** lite's answer to `request` (its body already read), in this process or a worker. */
export type LiteBackend = (request: Request, clientIp: string | null) => Promise<Response>;

/** LOCAL_API_PROCESSES, default the machine's cores up to 4; 1 means the front alone. */
export function apiProcessCount(env: Record<string, string | undefined> = process.env): number {
  const raw = env.LOCAL_API_PROCESSES?.trim();
  if (!raw) return Math.min(4, availableParallelism());
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 32) {
    throw new Error(`LOCAL_API_PROCESSES must be a whole number from 1 to 32, not "${raw}"`);
  }
  return count;
}

export type ApiWorkers = { backends: LiteBackend[]; close(): Promise<void> };

/** Starts `count` workers on `databaseUrl`, one after another; each is a backend. */
export async function startApiWorkers(options: {
  count: number;
  databaseUrl: string;
  keysFile: string;
  log?: (line: string) => void;
}): Promise<ApiWorkers> {
  const token = randomBytes(24).toString("hex");
  const children: ChildProcess[] = [];
  const backends: LiteBackend[] = [];
  const close = async () => {
    await Promise.all(children.map((child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      })
    ));
  };
  try {
    for (let i = 0; i < options.count; i++) {
      const { child, port } = await startWorker(token, options);
      children.push(child);
      backends.push(workerBackend(`http://127.0.0.1:${port}`, token));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { backends, close };
}

/** This Deno, or (from Node: the integration suite) the binary of the `deno` package, not its npm wrapper, which passes no signals on. */
function denoPath(): string {
  const deno = (globalThis as { Deno?: { execPath(): string } }).Deno;
  return deno ? deno.execPath() : fileURLToPath(new URL("../../../node_modules/deno/deno", import.meta.url));
}

function startWorker(
  token: string,
  options: { databaseUrl: string; keysFile: string; log?: (line: string) => void },
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(denoPath(), ["run", "-A", fileURLToPath(new URL("./api-worker.ts", import.meta.url))], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      LOCAL_API_KEYS_FILE: options.keysFile,
      LOCAL_API_WORKER_TOKEN: token,
      DO_NOT_TRACK: "1",
    },
  });
  const log = options.log ?? ((line: string) => console.error(line));
  return new Promise((resolve, reject) => {
    let output = "";
    let ready = false;
    const timer = setTimeout(() => reject(new Error(`an API worker did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      if (ready) {
        for (const line of text.split("\n").filter(Boolean)) log(`[api worker ${child.pid}] ${line}`);
        return;
      }
      output += text;
      const line = output.split("\n").find((candidate) => candidate.startsWith(READY_PREFIX));
      if (line) {
        ready = true;
        clearTimeout(timer);
        resolve({ child, port: Number(line.slice(READY_PREFIX.length)) });
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`an API worker exited (${code}) before it served:\n${output}`));
      else log(`[api worker ${child.pid}] exited (${code}); its share of requests goes to the others`);
    });
  });
}

function workerBackend(origin: string, token: string): LiteBackend {
  return async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set(WORKER_TOKEN_HEADER, token);
    headers.delete("host");
    headers.delete("connection");
    return await fetch(`${origin}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.body ? await request.arrayBuffer() : undefined,
      redirect: "manual",
      signal: request.signal,
    });
  };
}

/** Each request to the least busy of `backends`, taking turns among equally busy ones. */
export function leastBusy(backends: LiteBackend[]): LiteBackend {
  const busy = backends.map(() => 0);
  const alive = backends.map(() => true);
  let turn = 0;
  return async (request, clientIp) => {
    let choice = -1;
    for (let k = 0; k < backends.length; k++) {
      const i = (turn + k) % backends.length;
      if (alive[i] && (choice < 0 || busy[i] < busy[choice])) choice = i;
    }
    turn = (turn + 1) % backends.length;
    if (choice < 0) throw new Error("no API process is left to answer");
    busy[choice]++;
    try {
      return await backends[choice](request, clientIp);
    } catch (error) {
      // A worker that cannot be reached is left out from now on (the front, backend 0, always answers).
      if (choice > 0 && error instanceof TypeError && !request.signal.aborted) alive[choice] = false;
      throw error;
    } finally {
      busy[choice]--;
    }
  };
}

/** `request` as lite should see it when it carries this worker's token (the header removed), else null. */
export async function fromFront(request: Request, token: string): Promise<Request | null> {
  const given = Buffer.from(request.headers.get(WORKER_TOKEN_HEADER) ?? "");
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const headers = new Headers(request.headers);
  headers.delete(WORKER_TOKEN_HEADER);
  const body = request.body ? await request.arrayBuffer() : undefined;
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

export { READY_PREFIX as API_WORKER_READY_PREFIX };
