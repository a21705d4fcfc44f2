import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalApi } from "../../scripts/devstack/local-backend/http-server.ts";
import { type FunctionsStack, type FunctionsStackInfo, startFunctionsStack } from "./functions-stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    supabaseUrl: string;
    publishableKey: string;
    secretKey: string;
    functionsStack: FunctionsStackInfo;
    /** The backend's keys.json (with its JWT secret), for a functions runtime in front of it. */
    keysFile: string;
  }
}

/**
 * Boots ONE local backend for every integration file: a fresh PGlite data
 * folder and freshly minted keys in a temp dir (never the developer's
 * supabase/.temp), on a free 127.0.0.1 port. Tests receive the URL and keys
 * through inject().
 *
 * Beside it runs the functions stack (functions-stack.ts): the local
 * functions runtime and fake WordPress / fal.ai servers, with the API and
 * /functions/v1 on one project origin as on hosted Supabase.
 *
 * INTEGRATION_DATABASE_URL runs the same stack on that PostgreSQL database
 * instead (the DATABASE_URL mode of npm start); `npm run
 * test:integration:pg` makes a throwaway one. A developer's own DATABASE_URL
 * is never used: the tests would migrate and fill it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "inkpress-integration-"));
  // Keys already in the environment win in ensureLocalKeys(); the tests must
  // use keys minted for this throwaway backend.
  delete process.env.SUPABASE_PUBLISHABLE_KEY;
  delete process.env.SUPABASE_SECRET_KEY;
  delete process.env.INKPRESS_SECRETS_KEY;
  delete process.env.DATABASE_URL;
  // The local stack prints every failed SQL statement with its stack; the
  // refusals these tests provoke on purpose would bury the report. Count
  // PostgreSQL errors instead (INTEGRATION_VERBOSE=1 prints them).
  const printError = console.error;
  let sqlErrors = 0;
  if (!process.env.INTEGRATION_VERBOSE) {
    console.error = (...args: unknown[]) => {
      const [first] = args;
      if (first instanceof Error && "severity" in first && "code" in first) {
        sqlErrors++;
        return;
      }
      printError(...args);
    };
  }
  const started = performance.now();
  let server: Awaited<ReturnType<typeof startLocalApi>>;
  let functionsStack: FunctionsStack;
  const keysFile = join(dir, "keys.json");
  const databaseUrl = process.env.INTEGRATION_DATABASE_URL || undefined;
  try {
    server = await startLocalApi({
      dataDir: join(dir, "pglite"),
      databaseUrl,
      keysFile,
      // The suite signs up and in far faster than hosted Auth's per-IP limits
      // allow; those are proven in scripts/devstack/local-backend/local-api_test.ts.
      authRateLimits: { tokenRefresh: 100_000, signInSignUps: 100_000, tokenVerifications: 100_000 },
      // On PostgreSQL, the API in two processes as a team's npm start runs it (api-workers.ts);
      // the worker's failed statements are counted with the rest.
      processes: databaseUrl ? 2 : 1,
      workerLog: (line) => {
        if (process.env.INTEGRATION_VERBOSE) printError(line);
        else if (/\] PostgresError: /.test(line)) sqlErrors++;
      },
    });
  } catch (error) {
    console.error = printError;
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  try {
    functionsStack = await startFunctionsStack({ apiUrl: server.url, keysFile, databaseUrl });
  } catch (error) {
    console.error = printError;
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const database = process.env.INTEGRATION_DATABASE_URL ? "PostgreSQL (INTEGRATION_DATABASE_URL)" : "PGlite";
  console.log(`[integration] local backend on ${server.url} (${database}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide("supabaseUrl", server.url);
  project.provide("publishableKey", server.publishableKey);
  project.provide("secretKey", server.secretKey);
  const { output: _output, stop: _stop, ...stackInfo } = functionsStack;
  project.provide("functionsStack", stackInfo);
  console.log(`[integration] functions runtime behind ${stackInfo.projectUrl} (the project URL: API and functions)`);
  project.provide("keysFile", keysFile);
  return async () => {
    console.error = printError;
    await functionsStack.stop();
    if (process.env.INTEGRATION_VERBOSE) console.log(`[integration] functions stack output:\n${functionsStack.output()}`);
    if (sqlErrors > 0) {
      console.log(`[integration] the backend logged ${sqlErrors} SQL errors (mostly refusals provoked by the tests; INTEGRATION_VERBOSE=1 prints them)`);
    }
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
