import assert from "node:assert/strict";
import { type RunOutcome, startScheduler } from "./scheduler.ts";

const SECRET_KEY = "sb_secret_scheduler_test";

/** A stand-in functions server that records calls and answers with `respond`. */
function startStubServer(respond: (request: Request) => Promise<Response>) {
  const calls: { path: string; authorization: string | null; apikey: string | null }[] = [];
  let active = 0;
  let maxActive = 0;
  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: listening.resolve }, async (request) => {
    active++;
    maxActive = Math.max(maxActive, active);
    calls.push({
      path: new URL(request.url).pathname,
      authorization: request.headers.get("authorization"),
      apikey: request.headers.get("apikey"),
    });
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

function recordingLogger() {
  const lines: string[] = [];
  return { lines, info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("scheduler calls the function with the secret key, repeatedly, never overlapping", async () => {
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
  for (const call of stub.calls) {
    assert.deepEqual(call, {
      path: "/functions/v1/publish-scheduled",
      authorization: `Bearer ${SECRET_KEY}`,
      apikey: SECRET_KEY,
    });
  }
  assert.ok(logger.lines.some((line) => line === '[scheduler] publish-scheduled → 200 {"published":0}'));
});

Deno.test("scheduler skips quietly while the function does not exist", async () => {
  let deployed = false;
  const stub = startStubServer(() =>
    Promise.resolve(deployed ? Response.json({ ok: true }) : Response.json({ code: "NOT_FOUND" }, { status: 404 }))
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
    '[scheduler] nightly → 200 {"ok":true}',
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
