import assert from "node:assert/strict";
import { join } from "node:path";
import { decodeJwt, SignJWT } from "npm:jose@6.2.17";
import { type FunctionsRuntimeOptions, startFunctionsRuntime } from "./runtime.ts";
import { copyFixtureFunctions, FIXTURES_DIR, recordingLogger, waitFor } from "./test_support.ts";

const JWT_SECRET = "fixture-jwt-secret-0123456789abcdef";
const SECRET_KEY = "sb_secret_fixture";
const PUBLISHABLE_KEY = "sb_publishable_fixture";
const DATABASE_URL = "postgres://fixture:password@127.0.0.1:5432/postgres";

/** Starts a runtime over a copy of the fixtures, with keys coming from a local-keys.json file. */
async function startFixtureRuntime(options: Partial<FunctionsRuntimeOptions> = {}) {
  const { root, functionsDir } = await copyFixtureFunctions();
  await Deno.writeTextFile(
    join(functionsDir, ".env"),
    '# fixture env\nFIXTURE_GREETING=hello from .env\nexport FIXTURE_QUOTED="two\\nlines" \nSUPABASE_URL=http://ignored.test\n',
  );
  const localKeysPath = join(root, "local-keys.json");
  await Deno.writeTextFile(
    localKeysPath,
    JSON.stringify({ publishableKey: PUBLISHABLE_KEY, secretKey: SECRET_KEY, jwtSecret: JWT_SECRET }),
  );
  const logger = recordingLogger();
  const runtime = await startFunctionsRuntime({
    port: 0,
    functionsDir,
    configPath: join(FIXTURES_DIR, "config.toml"),
    localKeysPath,
    env: {
      SUPABASE_URL: "http://127.0.0.1:5173",
      SUPABASE_SECRET_KEY: "",
      SUPABASE_PUBLISHABLE_KEY: "",
      LOCAL_JWT_SECRET: "",
      DATABASE_URL,
      FUNCTIONS_WALL_CLOCK_LIMIT_MS: "",
    },
    logger,
    ...options,
  });
  return {
    ...runtime,
    functionsDir,
    logs: logger.lines,
    fn: (path: string, init?: RequestInit) => fetch(`${runtime.url}/functions/v1/${path}`, init),
    async close() {
      await runtime.close();
      await Deno.remove(root, { recursive: true });
    },
  };
}

/** New files trigger a reload; waiting for it keeps the reload from landing mid-request. */
const untilReloadLogged = (logs: string[], name: string) =>
  waitFor(() => logs.some((line) => line.startsWith(`Reloading ${name} `)), 5_000, `the ${name} reload`);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signUserToken = (claims: Record<string, unknown>, secret = JWT_SECRET) =>
  new SignJWT({ role: "authenticated", ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(secret));
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A gateway error: its status, `{ code, message }` body, the code in sb-error-code, and no CORS. */
async function assertGatewayError(response: Response, status: number, code: string | number, message?: string) {
  assert.equal(response.status, status);
  const body = await response.json();
  assert.equal(body.code, code);
  if (message !== undefined) assert.equal(body.message, message);
  assert.equal(response.headers.get("sb-error-code"), String(code));
  assert.deepEqual([...response.headers.keys()].filter((name) => name.startsWith("access-control-")), []);
}

Deno.test("functions runtime", async (t) => {
  const runtime = await startFixtureRuntime();
  const user = bearer(await signUserToken({ sub: "user-1", exp: inOneHour() }));
  try {
    await t.step("proxies to the function with method, sub-path, headers and body", async () => {
      const response = await runtime.fn("echo/sub/path?x=1", {
        method: "POST",
        headers: { ...user, "x-custom": "yes", "content-type": "text/plain" },
        body: "payload",
      });
      assert.equal(response.status, 200);
      const seen = await response.json();
      assert.equal(seen.method, "POST");
      assert.equal(seen.path, "/echo/sub/path?x=1");
      assert.equal(seen.headers["x-custom"], "yes");
      assert.equal(seen.body, "payload");
    });

    await t.step("gives functions the hosted-shaped environment, and .env cannot override it", async () => {
      const { env } = await (await runtime.fn("echo", { headers: user })).json();
      const { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, ...rest } = env;
      assert.deepEqual(rest, {
        SUPABASE_URL: "http://127.0.0.1:5173",
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
        SUPABASE_DB_URL: DATABASE_URL,
        FIXTURE_GREETING: "hello from .env",
        FIXTURE_QUOTED: "two\nlines",
      });
      assert.deepEqual(
        [decodeJwt(SUPABASE_ANON_KEY), decodeJwt(SUPABASE_SERVICE_ROLE_KEY)].map(({ iss, ref, role }) => ({
          iss,
          ref,
          role,
        })),
        [{ iss: "supabase", ref: "fixture", role: "anon" }, { iss: "supabase", ref: "fixture", role: "service_role" }],
      );
      assert.ok(runtime.logs.some((line) => line.includes(".env: SUPABASE_URL ignored")));
    });

    await t.step("logs one line per request", () => {
      assert.ok(runtime.logs.some((line) => /^POST \/functions\/v1\/echo\/sub\/path 200 \d+ms$/.test(line)));
    });

    await t.step("passes large compressed-capable responses through intact", async () => {
      const response = await runtime.fn("echo?pad=200000", { headers: { ...user, "accept-encoding": "gzip" } });
      assert.equal(response.status, 200);
      assert.equal((await response.json()).padding.length, 200_000);
    });

    await t.step("streams server-sent events chunk by chunk", async () => {
      const startedAt = performance.now();
      const response = await runtime.fn("sse");
      assert.equal(response.headers.get("content-type"), "text/event-stream");
      const arrivals: { at: number; text: string }[] = [];
      const decoder = new TextDecoder();
      for await (const chunk of response.body!) {
        arrivals.push({ at: performance.now() - startedAt, text: decoder.decode(chunk, { stream: true }) });
      }
      const streamEnd = arrivals[arrivals.length - 1].at;
      assert.match(arrivals[0].text, /^data: event 1\n\n/);
      assert.ok(!arrivals[0].text.includes("event 2"), "first event arrived alone");
      assert.ok(streamEnd - arrivals[0].at >= 300, `first event at ${arrivals[0].at}ms, end at ${streamEnd}ms`);
      assert.equal(arrivals.map((a) => a.text).join(""), "data: event 1\n\ndata: event 2\n\ndata: event 3\n\n");
      await new Promise((resolve) => setTimeout(resolve, 200)); // time for a (wrong) late abort to be logged
      assert.ok(!runtime.logs.includes("[sse] request signal aborted"), "req.signal stays quiet after a full response");
    });

    await t.step("cancels the function's stream when the client disconnects", async () => {
      const response = await runtime.fn("sse?endless");
      const reader = response.body!.getReader();
      assert.match(new TextDecoder().decode((await reader.read()).value), /event 1/);
      await reader.cancel();
      await waitFor(() => runtime.logs.includes("[sse] client went away"), 5_000, "the function to see the disconnect");
      await waitFor(() => runtime.logs.includes("[sse] request signal aborted"), 5_000, "req.signal to abort");
    });

    await t.step("streams the request body without buffering it", async () => {
      const encoder = new TextEncoder();
      const upload = Promise.withResolvers<ReadableStreamDefaultController<Uint8Array>>();
      const body = new ReadableStream<Uint8Array>({ start: (controller) => upload.resolve(controller) });
      const uploader = await upload.promise;
      uploader.enqueue(encoder.encode("first"));
      const response = await runtime.fn("stream-echo", { method: "POST", body });
      const reader = response.body!.getReader();
      // The echo of the first chunk arrives while the upload is still open.
      assert.equal(new TextDecoder().decode((await reader.read()).value), "first");
      uploader.enqueue(encoder.encode("second"));
      uploader.close();
      let rest = "";
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        rest += new TextDecoder().decode(read.value);
      }
      assert.equal(rest, "second");
    });

    await t.step("OPTIONS reaches the function, past verify_jwt, and gets the function's own answer", async () => {
      const response = await runtime.fn("cors", {
        method: "OPTIONS",
        headers: { origin: "https://app.example.test", "access-control-request-method": "POST" },
      });
      assert.equal(response.status, 204);
      await response.body?.cancel();
      assert.equal(response.headers.get("access-control-allow-origin"), "https://app.example.test");
      assert.equal(response.headers.get("access-control-allow-methods"), "POST, OPTIONS");
      const echoed = await runtime.fn("echo", { method: "OPTIONS" });
      assert.equal((await echoed.json()).method, "OPTIONS");
    });

    await t.step("adds no CORS headers: the function's own pass through unchanged, none are invented", async () => {
      const echo = await runtime.fn("echo", { headers: { ...user, origin: "https://app.example.test" } });
      await echo.body?.cancel();
      assert.deepEqual([...echo.headers.keys()].filter((name) => name.startsWith("access-control-")), []);
      const own = await runtime.fn("public");
      assert.equal(await own.text(), "public ok");
      assert.equal(own.headers.get("access-control-allow-origin"), "https://example.test");
    });

    await t.step("404s unknown functions, _-prefixed folders and folders without index.ts", async () => {
      for (const path of ["missing", "_internal", "no-entry", "..%2Fecho", ""]) {
        for (const method of ["GET", "OPTIONS"]) {
          const response = await runtime.fn(path, { method, headers: user });
          await assertGatewayError(response, 404, "NOT_FOUND", "Requested function was not found");
        }
      }
      const outside = await fetch(`${runtime.url}/rest/v1/echo`);
      assert.equal(outside.status, 404);
      await outside.body?.cancel();
    });

    await t.step("verify_jwt: accepts a user JWT and the legacy keys, which are JWTs too", async () => {
      const { env } = await (await runtime.fn("echo", { headers: user })).json();
      for (const headers of [user, bearer(env.SUPABASE_ANON_KEY), bearer(env.SUPABASE_SERVICE_ROLE_KEY)]) {
        const response = await runtime.fn("echo", { headers: { ...headers, apikey: PUBLISHABLE_KEY } });
        assert.equal(response.status, 200);
        assert.equal((await response.json()).headers.authorization, headers.authorization);
      }
    });

    await t.step("verify_jwt: refuses API keys as bearer or apikey, and bad tokens", async () => {
      const forged = await signUserToken({ sub: "user-1", exp: inOneHour() }, "some-other-secret");
      const expired = await signUserToken({ sub: "user-1", exp: Math.floor(Date.now() / 1000) - 10 });
      const cases: [HeadersInit, string, string][] = [
        [{}, "UNAUTHORIZED_NO_AUTH_HEADER", "Missing authorization header"],
        [{ apikey: SECRET_KEY }, "UNAUTHORIZED_NO_AUTH_HEADER", "Missing authorization header"],
        [{ apikey: PUBLISHABLE_KEY }, "UNAUTHORIZED_NO_AUTH_HEADER", "Missing authorization header"],
        [{ ...bearer(SECRET_KEY), apikey: SECRET_KEY }, "UNAUTHORIZED_INVALID_JWT_FORMAT", "Invalid JWT"],
        [bearer(PUBLISHABLE_KEY), "UNAUTHORIZED_INVALID_JWT_FORMAT", "Invalid JWT"],
        [
          { authorization: `Basic ${SECRET_KEY}` },
          "UNAUTHORIZED_INVALID_JWT_FORMAT",
          "Auth header is not 'Bearer {token}'",
        ],
        [bearer(forged), "UNAUTHORIZED_LEGACY_JWT", "Invalid JWT"],
        [bearer(expired), "UNAUTHORIZED_LEGACY_JWT", "Invalid JWT"],
      ];
      for (const [headers, code, message] of cases) {
        const response = await runtime.fn("echo", { method: "POST", headers, body: "{}" });
        await assertGatewayError(response, 401, code, message);
      }
      const cors = await runtime.fn("cors", { method: "POST", headers: { origin: "https://app.example.test" } });
      await assertGatewayError(cors, 401, "UNAUTHORIZED_NO_AUTH_HEADER");
    });

    await t.step("verify_jwt = false lets anonymous calls through", async () => {
      const response = await runtime.fn("public");
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step("uses a function's own deno.json (import map)", async () => {
      const dir = join(runtime.functionsDir, "mapped");
      await Deno.mkdir(dir);
      await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ imports: { greeting: "./greeting.ts" } }));
      await Deno.writeTextFile(join(dir, "greeting.ts"), 'export const greeting = "mapped ok";\n');
      await Deno.writeTextFile(
        join(dir, "index.ts"),
        'import { greeting } from "greeting";\nDeno.serve(() => new Response(greeting));\n',
      );
      await untilReloadLogged(runtime.logs, "mapped");
      const response = await runtime.fn("mapped", { headers: user });
      assert.equal(await response.text(), "mapped ok");
    });

    await t.step("a function that cannot be loaded answers 503 BOOT_ERROR and logs why", async () => {
      const sources = {
        "syntax-error": "const broken = ;\nDeno.serve(() => new Response('never'));\n",
        "bad-import": 'import "./missing-module.ts";\nDeno.serve(() => new Response("never"));\n',
      };
      for (const [name, source] of Object.entries(sources)) {
        await Deno.mkdir(join(runtime.functionsDir, name));
        await Deno.writeTextFile(join(runtime.functionsDir, name, "index.ts"), source);
        await untilReloadLogged(runtime.logs, name);
        const response = await runtime.fn(name, { headers: user });
        await assertGatewayError(response, 503, "BOOT_ERROR", "Function failed to start (please check logs)");
      }
      assert.ok(runtime.logs.some((line) => line.startsWith("[syntax-error]") && /SyntaxError/.test(line)));
      assert.ok(runtime.logs.some((line) => line.startsWith("[bad-import]") && /missing-module\.ts/.test(line)));
    });

    await t.step("a function whose top-level code throws answers 500 WORKER_ERROR, even to OPTIONS", async () => {
      for (const method of ["POST", "OPTIONS"]) {
        const response = await runtime.fn("top-level-throw", { method, headers: user });
        await assertGatewayError(response, 500, "WORKER_ERROR", "Function exited due to an error (please check logs)");
      }
      assert.ok(
        runtime.logs.some((line) => line.startsWith("[top-level-throw]") && line.includes("fixture top-level")),
      );
    });

    await t.step("a function dying mid-request answers 500 WORKER_ERROR and leaves others running", async () => {
      const response = await runtime.fn("exits-mid-request", { headers: user });
      await assertGatewayError(response, 500, "WORKER_ERROR");
      const echo = await runtime.fn("echo", { headers: user });
      assert.equal(echo.status, 200);
      await echo.body?.cancel();
    });
  } finally {
    await runtime.close();
  }
});

const limitMessage = "Function failed due to not having enough compute resources (please check logs)";

Deno.test("functions runtime stops a request past the wall-clock limit", async (t) => {
  const wallClockLimitMs = 1500;
  const runtime = await startFixtureRuntime({ wallClockLimitMs });
  const user = bearer(await signUserToken({ sub: "user-1", exp: inOneHour() }));
  const startsOf = (name: string) => runtime.logs.filter((line) => line.startsWith(`[${name}] started in`)).length;
  try {
    await t.step("a request that outlives the wall clock gets 546 WORKER_LIMIT; others keep being served", async () => {
      const startedAt = performance.now();
      const sleeping = runtime.fn("sleeps");
      await waitFor(() => startsOf("sleeps") === 1, 15_000, "the sleeping function to start");
      const echo = await runtime.fn("echo", { headers: user });
      assert.equal(echo.status, 200, "another function answers while one sleeps");
      await echo.body?.cancel();
      const response = await sleeping;
      await assertGatewayError(response, 546, "WORKER_LIMIT", limitMessage);
      assert.ok(performance.now() - startedAt >= wallClockLimitMs);
      await waitFor(
        () => runtime.logs.includes("[sleeps] stopped: wall clock time limit reached; it restarts on the next request"),
        5_000,
        "the wall-clock stop to be logged",
      );
    });

    await t.step("the stopped function starts afresh on its next request", async () => {
      const response = await runtime.fn("sleeps?quick");
      assert.equal(await response.text(), "awake");
      assert.equal(startsOf("sleeps"), 2);
    });

    await t.step("a response still streaming at the wall clock is cut off", async () => {
      const response = await runtime.fn("sleeps?stream");
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      assert.equal(new TextDecoder().decode((await reader.read()).value), "first chunk\n");
      await assert.rejects(reader.read());
    });
  } finally {
    await runtime.close();
  }
});

Deno.test("killFunction kills a function mid-request (a crash): the request fails, the next one starts afresh", async () => {
  const runtime = await startFixtureRuntime();
  const startsOf = (name: string) => runtime.logs.filter((line) => line.startsWith(`[${name}] started in`)).length;
  try {
    assert.equal(await runtime.killFunction("sleeps"), false, "nothing to kill before the first request");
    const sleeping = runtime.fn("sleeps");
    await waitFor(() => startsOf("sleeps") === 1, 15_000, "the sleeping function to start");
    assert.equal(await runtime.killFunction("sleeps"), true);
    await assertGatewayError(await sleeping, 500, "WORKER_ERROR");
    const again = await runtime.fn("sleeps?quick");
    assert.equal(await again.text(), "awake");
    assert.equal(startsOf("sleeps"), 2);
  } finally {
    await runtime.close();
  }
});

Deno.test("functions runtime stops a function past its memory cap", async () => {
  const runtime = await startFixtureRuntime({ memoryLimitMb: 64 });
  const user = bearer(await signUserToken({ sub: "user-1", exp: inOneHour() }));
  const memoryStops = () =>
    runtime.logs.filter((line) =>
      line === "[memory-hog] stopped: Memory limit exceeded; it restarts on the next request"
    );
  try {
    // heap: one synchronous loop, stopped by V8's heap cap; buffers: external memory, stopped by the sampler.
    for (const [index, kind] of ["heap", "buffers"].entries()) {
      const response = await runtime.fn(`memory-hog?${kind}`);
      await assertGatewayError(response, 546, "WORKER_LIMIT", limitMessage);
      await waitFor(() => memoryStops().length === index + 1, 5_000, `the ${kind} stop to be logged`);
    }
    const again = await runtime.fn("memory-hog");
    assert.equal(await again.text(), "nothing allocated");
    const echo = await runtime.fn("echo", { headers: user });
    assert.equal(echo.status, 200);
    await echo.body?.cancel();
  } finally {
    await runtime.close();
  }
});

Deno.test("FUNCTIONS_WALL_CLOCK_LIMIT_MS must be a positive whole number", async () => {
  const { root, functionsDir } = await copyFixtureFunctions();
  try {
    await assert.rejects(
      startFunctionsRuntime({
        port: 0,
        functionsDir,
        configPath: join(FIXTURES_DIR, "config.toml"),
        env: { FUNCTIONS_WALL_CLOCK_LIMIT_MS: "soon" },
        logger: recordingLogger(),
      }),
      /FUNCTIONS_WALL_CLOCK_LIMIT_MS must be a positive whole number of milliseconds, got soon/,
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the JWT secret comes from LOCAL_JWT_SECRET, else the local keys file; without one the runtime refuses to start", async () => {
  const { root, functionsDir } = await copyFixtureFunctions();
  const localKeysPath = join(root, "local-keys.json");
  const start = (env: Record<string, string>) =>
    startFunctionsRuntime({
      port: 0,
      functionsDir,
      configPath: join(FIXTURES_DIR, "config.toml"),
      localKeysPath,
      env: { SUPABASE_SECRET_KEY: "", SUPABASE_PUBLISHABLE_KEY: "", LOCAL_JWT_SECRET: "", ...env },
      logger: recordingLogger(),
    });
  try {
    await assert.rejects(start({}), (error: Error) => {
      assert.match(error.message, /^No JWT secret for the functions runtime: set LOCAL_JWT_SECRET/);
      assert.ok(error.message.includes(localKeysPath), error.message);
      return true;
    });
    await Deno.writeTextFile(localKeysPath, JSON.stringify({ publishableKey: PUBLISHABLE_KEY, secretKey: SECRET_KEY }));
    await assert.rejects(start({}), /No JWT secret/, "a keys file without jwtSecret is no secret either");

    const statusWith = async (runtimeEnv: Record<string, string>, token: string) => {
      const runtime = await start(runtimeEnv);
      try {
        const response = await fetch(`${runtime.url}/functions/v1/echo`, { headers: bearer(token) });
        await response.body?.cancel();
        return response.status;
      } finally {
        await runtime.close();
      }
    };
    const fromFile = await signUserToken({ sub: "user-1", exp: inOneHour() }, "secret-from-the-keys-file");
    const fromEnv = await signUserToken({ sub: "user-1", exp: inOneHour() }, "secret-from-the-environment");
    const liteDefault = await signUserToken({ sub: "user-1", exp: inOneHour() }, "unsafe-secret-change-me");
    await Deno.writeTextFile(localKeysPath, JSON.stringify({ jwtSecret: "secret-from-the-keys-file" }));
    assert.equal(await statusWith({}, fromFile), 200);
    assert.equal(await statusWith({}, liteDefault), 401);
    assert.equal(await statusWith({ LOCAL_JWT_SECRET: "secret-from-the-environment" }, fromEnv), 200);
    assert.equal(await statusWith({ LOCAL_JWT_SECRET: "secret-from-the-environment" }, fromFile), 401);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("functions runtime reloads a function when its source changes", async () => {
  const runtime = await startFixtureRuntime();
  const user = bearer(await signUserToken({ sub: "user-1", exp: inOneHour() }));
  try {
    const source = (version: string) => `Deno.serve(() => new Response("${version}"));\n`;
    await Deno.mkdir(join(runtime.functionsDir, "hot"));
    await Deno.writeTextFile(join(runtime.functionsDir, "hot", "index.ts"), source("v1"));
    await untilReloadLogged(runtime.logs, "hot");
    const read = async () => await (await runtime.fn("hot", { headers: user })).text();
    assert.equal(await read(), "v1");
    await Deno.writeTextFile(join(runtime.functionsDir, "hot", "index.ts"), source("v2"));
    await waitFor(async () => (await read()) === "v2", 10_000, "the edited function to be served");
  } finally {
    await runtime.close();
  }
});
