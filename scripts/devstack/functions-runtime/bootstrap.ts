/**
 * Entry module of every function process:
 *   deno run -A bootstrap.ts <function entry file URL> <memory limit in MB>
 *
 * Functions are written the Supabase way (`Deno.serve(handler)` at the top
 * level of index.ts). Before importing the function, this replaces
 * `Deno.serve` so that, whatever hostname/port/TLS/socket options the
 * function passes, it listens on 127.0.0.1 on an OS-assigned port and
 * announces that port to the runtime (see worker_protocol.ts). Only one
 * `Deno.serve` call per function is allowed, as on hosted Supabase.
 */
import { EVALUATION_FAILED_MARKER, LISTENING_MARKER, MEMORY_LIMIT_MARKER } from "./worker_protocol.ts";

const [entryUrl, memoryLimitMb] = Deno.args;
if (!entryUrl || !(Number(memoryLimitMb) > 0)) throw new Error("usage: bootstrap.ts <function entry URL> <memory MB>");

const announce = (line: string) => Deno.stdout.writeSync(new TextEncoder().encode(`${line}\n`));

const originalServe = Deno.serve;
let serveCalled = false;

function serveOnAssignedPort(...args: unknown[]): Deno.HttpServer {
  if (serveCalled) throw new Error("Deno.serve() may only be called once per function");
  serveCalled = true;
  const [first, second] = args;
  const options: Record<string, unknown> = typeof first === "function" ? {} : { ...first as Record<string, unknown> };
  const handler = typeof first === "function" ? first : second ?? options.handler;
  for (const ignored of ["handler", "path", "cert", "key", "onListen"]) delete options[ignored];
  return originalServe(
    { ...options, hostname: "127.0.0.1", port: 0, onListen: ({ port }) => announce(`${LISTENING_MARKER}${port}`) },
    handler as Deno.ServeHandler,
  );
}
Deno.serve = serveOnAssignedPort as typeof Deno.serve;

/**
 * Hosted Supabase exposes `EdgeRuntime.waitUntil(promise)` for background
 * work after the response. Locally the process outlives the request anyway,
 * so it only needs to report failures.
 */
Object.assign(globalThis, {
  EdgeRuntime: {
    waitUntil(promise: Promise<unknown>) {
      promise.catch((error) => console.error("EdgeRuntime.waitUntil task failed:", error));
    },
  },
});

/**
 * The Edge Runtime caps a worker's memory, heap and external (ArrayBuffer)
 * memory together. The runtime caps the V8 heap with --max-old-space-size;
 * this sampler adds external memory, which that flag does not count. It
 * catches growth whenever the event loop turns; a synchronous loop that
 * allocates only buffers is caught once it yields.
 */
const memoryLimitBytes = Number(memoryLimitMb) * 1024 * 1024;
const memorySampler = setInterval(() => {
  const { heapUsed, external } = Deno.memoryUsage();
  if (heapUsed + external <= memoryLimitBytes) return;
  announce(MEMORY_LIMIT_MARKER);
  Deno.exit(1);
}, 50);
Deno.unrefTimer(memorySampler);

try {
  await import(entryUrl);
} catch (error) {
  // A module graph that cannot be loaded (syntax error, unresolvable import,
  // missing export) rejects this import() itself, so its stack ends in this
  // file. An exception thrown by the function's own top-level code carries
  // the function's frames only. Hosted answers the first with BOOT_ERROR and
  // the second with WORKER_ERROR.
  const stack = error instanceof Error ? error.stack ?? "" : "";
  if (!stack.includes(`at async ${import.meta.url}:`)) announce(EVALUATION_FAILED_MARKER);
  throw error;
}
