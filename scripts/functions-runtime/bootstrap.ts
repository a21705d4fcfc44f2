/**
 * Entry module of every function process:
 *   deno run -A bootstrap.ts <function entry file URL>
 *
 * Functions are written the Supabase way (`Deno.serve(handler)` at the top
 * level of index.ts). Before importing the function, this replaces
 * `Deno.serve` so that, whatever hostname/port/TLS/socket options the
 * function passes, it listens on 127.0.0.1 on an OS-assigned port and
 * announces that port to the runtime (see worker_protocol.ts). Only one
 * `Deno.serve` call per function is allowed, as on hosted Supabase.
 */
import { LISTENING_MARKER } from "./worker_protocol.ts";

const [entryUrl] = Deno.args;
if (!entryUrl) throw new Error("usage: bootstrap.ts <function entry URL>");

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
    {
      ...options,
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) => Deno.stdout.writeSync(new TextEncoder().encode(`${LISTENING_MARKER}${port}\n`)),
    },
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

await import(entryUrl);
