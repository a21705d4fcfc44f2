import assert from "node:assert/strict";
import { join } from "node:path";
import { startFunctionsRuntime } from "../functions-runtime/runtime.ts";
import { copyFixtureFunctions, FIXTURES_DIR, recordingLogger } from "../functions-runtime/test_support.ts";
import { type RunOutcome, startScheduler } from "./scheduler.ts";

const SECRET_KEY = "sb_secret_scheduler_FIXTURE-not-a-real-key";

/** Headers any HTTP client adds (pg_net and fetch alike); the rest is what the caller chose to send. */
const TRANSPORT_HEADERS = ["host", "content-length", "accept", "accept-encoding", "accept-language", "user-agent"];

type RecordedCall = { method: string; path: string; headers: Record<string, string>; body: string };

/** A stand-in functions server that records calls and answers with `respond`. */
function startStubServer(respond: (request: Request) => Promise<Response>) {
  const calls: RecordedCall[] = [];
  let active = 0;
  let maxActive = 0;
  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: listening.resolve }, async (request) => {
    active++;
    maxActive = Math.max(maxActive, active);
    const headers = Object.fromEntries(request.headers);
    for (const name of TRANSPORT_HEADERS) delete headers[name];
    calls.push({ method: request.method, path: new URL(request.url).pathname, headers, body: await request.text() });
    try {
      return await respond(request);
    } finally {
      active--;
    }
  });
  return {
    calls,
    maxActive: () => maxActive,
    url: listening.promise.then(({ port }) => `http://127.0.0.1:${port}`),
    close: () => server.shutdown(),
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("scheduler sends the cron job's request, repeatedly, never overlapping", async () => {
  const stub = startStubServer(async () => {
    await delay(120);
    return Response.json({ published: 0 });
  });
  const logger = recordingLogger();
  const scheduler = startScheduler({ url: await stub.url, secretKey: SECRET_KEY, intervalMs: 30, logger });
  try {
    // Manual runs while one is in flight join it instead of starting another.
    const joined = await Promise.all([scheduler.runOnce(), scheduler.runOnce()]);
    assert.deepEqual(joined[0], joined[1]);
    await delay(400);
  } finally {
    await scheduler.stop();
    await stub.close();
  }
  assert.ok(stub.calls.length >= 3, `expected several runs, got ${stub.calls.length}`);
  assert.equal(stub.maxActive(), 1, "runs overlapped");
  // What pg_cron sends through net.http_post: the secret key in apikey only, JSON body {}.
  for (const call of stub.calls) {
    assert.deepEqual(call, {
      method: "POST",
      path: "/functions/v1/publish-scheduled",
      headers: { "content-type": "application/json", apikey: SECRET_KEY },
      body: "{}",
    });
  }
  assert.deepEqual(logger.lines, [], "runs that did nothing are not logged");
});

Deno.test("scheduler logs a run that did something, and only such runs", async () => {
  let published = 0;
  const stub = startStubServer(() => Promise.resolve(Response.json({ published: published++, providerMs: 12 })));
  const logger = recordingLogger();
  const scheduler = startScheduler({ url: await stub.url, secretKey: SECRET_KEY, intervalMs: 60_000, logger });
  try {
    await scheduler.runOnce();
    await scheduler.runOnce();
  } finally {
    await scheduler.stop();
    await stub.close();
  }
  assert.deepEqual(logger.lines, ['[scheduler] publish-scheduled → 200 {"published":1,"providerMs":12}']);
});

Deno.test("somethingHappened: a count, a list or a message; not zeros and timings", async () => {
  const { somethingHappened } = await import("./scheduler.ts");
  assert.equal(somethingHappened('{"claimed":0,"drafted":0,"providerMs":340,"overheadMs":12}'), false);
  assert.equal(somethingHappened('{"claimed":2,"drafted":1}'), true);
  assert.equal(somethingHappened('{"published":[],"failed":["a"]}'), true);
  assert.equal(somethingHappened('{"note":"lease expired"}'), true);
  assert.equal(somethingHappened("<html>"), true);
});

Deno.test("with overlap, ticks keep their pace while runs are still going, as hosted's cron and pg_net do", async () => {
  const stub = startStubServer(async () => {
    await delay(250);
    return Response.json({ drafted: 0 });
  });
  const logger = recordingLogger();
  const scheduler = startScheduler({ url: await stub.url, secretKey: SECRET_KEY, intervalMs: 50, overlap: true, logger });
  try {
    const [first, second] = [scheduler.runOnce(), scheduler.runOnce()];
    assert.notEqual(first, second, "a manual run starts a run of its own");
    await delay(400);
  } finally {
    await scheduler.stop();
    await stub.close();
  }
  assert.ok(stub.maxActive() >= 3, `runs overlapped ${stub.maxActive()} at most`);
  assert.ok(stub.calls.length >= 6, `expected a run every 50 ms, got ${stub.calls.length}`);
});

Deno.test("scheduler skips quietly while the function does not exist", async () => {
  let deployed = false;
  const stub = startStubServer(() =>
    Promise.resolve(deployed ? Response.json({ published: 1 }) : Response.json({ code: "NOT_FOUND" }, { status: 404 }))
  );
  const logger = recordingLogger();
  const scheduler = startScheduler({
    url: await stub.url,
    secretKey: SECRET_KEY,
    intervalMs: 60_000,
    functionName: "nightly",
    logger,
  });
  const outcomes: RunOutcome[] = [];
  try {
    for (let i = 0; i < 3; i++) outcomes.push(await scheduler.runOnce());
    deployed = true;
    outcomes.push(await scheduler.runOnce());
  } finally {
    await scheduler.stop();
    await stub.close();
  }
  assert.deepEqual(outcomes.map((outcome) => outcome.result), ["missing", "missing", "missing", "ok"]);
  assert.deepEqual(logger.lines, [
    "[scheduler] nightly does not exist (404); skipping until it does",
    '[scheduler] nightly → 200 {"published":1}',
  ]);
});

Deno.test("scheduler logs failed runs with status and body", async () => {
  const stub = startStubServer(() => Promise.resolve(new Response("boom", { status: 500 })));
  const logger = recordingLogger();
  const scheduler = startScheduler({ url: await stub.url, secretKey: SECRET_KEY, intervalMs: 60_000, logger });
  try {
    assert.deepEqual(await scheduler.runOnce(), { result: "failed", status: 500, body: "boom" });
    assert.ok(logger.lines.includes("[scheduler] publish-scheduled failed: 500 boom"));
  } finally {
    await scheduler.stop();
    await stub.close();
  }
});

Deno.test("scheduler never logs the secret key, even when a response repeats it", async () => {
  const stub = startStubServer((request) =>
    Promise.resolve(new Response(`bad key ${request.headers.get("apikey")}`, { status: 403 }))
  );
  const logger = recordingLogger();
  const scheduler = startScheduler({ url: await stub.url, secretKey: SECRET_KEY, intervalMs: 60_000, logger });
  try {
    await scheduler.runOnce();
  } finally {
    await scheduler.stop();
    await stub.close();
  }
  assert.ok(
    logger.lines.includes("[scheduler] publish-scheduled failed: 403 bad key [secret key]"),
    logger.lines.join(),
  );
  assert.ok(logger.lines.every((line) => !line.includes(SECRET_KEY)));
});

Deno.test("scheduler stop aborts the run in flight", async () => {
  const hang = Promise.withResolvers<void>();
  const stub = startStubServer(async () => {
    await hang.promise;
    return new Response("late");
  });
  const logger = recordingLogger();
  const scheduler = startScheduler({ url: await stub.url, secretKey: SECRET_KEY, intervalMs: 60_000, logger });
  try {
    while (stub.calls.length === 0) await delay(10);
    const run = scheduler.runOnce();
    await scheduler.stop();
    assert.deepEqual(await run, { result: "failed", error: "scheduler stopped" });
  } finally {
    hang.resolve();
    await stub.close();
  }
});

Deno.test("scheduler aborts a run that exceeds its timeout", async () => {
  const hang = Promise.withResolvers<void>();
  const stub = startStubServer(async () => {
    await hang.promise;
    return new Response("late");
  });
  const logger = recordingLogger();
  const scheduler = startScheduler({
    url: await stub.url,
    secretKey: SECRET_KEY,
    intervalMs: 60_000,
    timeoutMs: 100,
    logger,
  });
  try {
    const outcome = await scheduler.runOnce();
    assert.deepEqual(outcome, { result: "failed", error: "timed out after 100ms" });
  } finally {
    hang.resolve();
    await scheduler.stop();
    await stub.close();
  }
});

Deno.test("the scheduler's request passes the functions runtime to a function checking the secret key", async () => {
  const { root, functionsDir } = await copyFixtureFunctions();
  const runtimeLog = recordingLogger();
  const runtime = await startFunctionsRuntime({
    port: 0,
    functionsDir,
    configPath: join(FIXTURES_DIR, "config.toml"),
    env: {
      SUPABASE_SECRET_KEY: SECRET_KEY,
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_scheduler_test",
      LOCAL_JWT_SECRET: "scheduler-test-jwt-secret",
    },
    localKeysPath: join(root, "no-local-keys.json"),
    logger: runtimeLog,
  });
  const logger = recordingLogger();
  try {
    const passed = startScheduler({ url: runtime.url, secretKey: SECRET_KEY, intervalMs: 60_000, functionName: "checks-secret-key", logger });
    assert.deepEqual(await passed.runOnce(), { result: "ok", status: 200, body: '{"body":{},"authorization":null}' });
    await passed.stop();
    // The runtime does not log the scheduler's successful calls (it would, every few seconds); refusals it does.
    assert.ok(!runtimeLog.lines.some((line) => line.startsWith("POST /functions/v1/checks-secret-key")), runtimeLog.lines.join("\n"));
    for (
      const [functionName, expected] of [
        // verify_jwt on: an API key is no JWT, so the gateway refuses the cron job's request.
        [
          "echo",
          '[scheduler] echo failed: 401 {"code":"UNAUTHORIZED_NO_AUTH_HEADER","message":"Missing authorization header"}',
        ],
      ]
    ) {
      const scheduler = startScheduler({
        url: runtime.url,
        secretKey: SECRET_KEY,
        intervalMs: 60_000,
        functionName,
        logger,
      });
      await scheduler.runOnce();
      await scheduler.stop();
      assert.ok(logger.lines.includes(expected), logger.lines.join("\n"));
    }
    assert.ok(runtimeLog.lines.some((line) => line.startsWith("POST /functions/v1/echo 401")), runtimeLog.lines.join("\n"));
  } finally {
    await runtime.close();
    await Deno.remove(root, { recursive: true });
  }
});
