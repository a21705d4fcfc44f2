import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { inject } from "vitest";
import ws from "ws";
import type { TestUser } from "./support.ts";

/**
 * The project's local functions runtime (scripts/devstack/functions-runtime/main.ts,
 * the Edge Runtime stand-in `npm start` uses) in front of the integration
 * backend, so tests call the real functions with a user's session through
 * supabase-js. `env` sets the functions' variables (limits, provider URLs).
 */
type FunctionsClient = SupabaseClient["functions"];

export type FunctionsRuntime = {
  url: string;
  /** supabase-js's functions client signed in as `user` (their access token as the bearer). */
  as(user: TestUser): Promise<FunctionsClient>;
  output(): string;
  stop(): Promise<void>;
};

export async function startFunctionsRuntime(env: Record<string, string>): Promise<FunctionsRuntime> {
  const keys = JSON.parse(readFileSync(inject("keysFile"), "utf8")) as { jwtSecret: string; secretsKey: string };
  // Its own process group, so stop() ends the Deno process behind npm's wrapper and its function processes.
  const child: ChildProcess = spawn("node_modules/.bin/deno", ["run", "-A", "scripts/devstack/functions-runtime/main.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: "",
      PRIVATE_HOST_ALLOWLIST: "",
      DO_NOT_TRACK: "1",
      FUNCTIONS_PORT: "0",
      SUPABASE_URL: inject("supabaseUrl"),
      SUPABASE_PUBLISHABLE_KEY: inject("publishableKey"),
      SUPABASE_SECRET_KEY: inject("secretKey"),
      LOCAL_JWT_SECRET: keys.jwtSecret,
      INKPRESS_SECRETS_KEY: keys.secretsKey,
      ...env,
    },
  });
  let log = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the functions runtime did not start in 60 s:\n${log}`)), 60_000);
    const collect = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the functions runtime exited (${code}):\n${log}`));
    });
  });
  return {
    url,
    async as(user) {
      const { data } = await user.client.auth.getSession();
      if (!data.session) throw new Error(`${user.email} has no session`);
      return createClient(url, inject("publishableKey"), {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as unknown as typeof WebSocket },
        global: { headers: { Authorization: `Bearer ${data.session.access_token}` } },
      }).functions;
    },
    output: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}
