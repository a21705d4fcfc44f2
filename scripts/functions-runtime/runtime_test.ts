import assert from "node:assert/strict";
import { join } from "node:path";
import { signHs256Jwt } from "./jwt.ts";
import { startFunctionsRuntime } from "./runtime.ts";
import { copyFixtureFunctions, FIXTURES_DIR, recordingLogger, waitFor } from "./test_support.ts";

const JWT_SECRET = "fixture-jwt-secret-0123456789abcdef";
const SECRET_KEY = "sb_secret_fixture";
const PUBLISHABLE_KEY = "sb_publishable_fixture";

/** Starts a runtime over a copy of the fixtures, with keys coming from a local-keys.json file. */
async function startFixtureRuntime() {
  const { root, functionsDir } = await copyFixtureFunctions();
  await Deno.writeTextFile(
    join(functionsDir, ".env"),
    '# fixture env\nFIXTURE_GREETING=hello from .env\nexport FIXTURE_QUOTED="two\\nlines" \nSUPABASE_URL=http://ignored.test\n',
  );
  const localKeysPath = join(root, "local-keys.json");
  await Deno.writeTextFile(localKeysPath, JSON.stringify({ publishableKey: PUBLISHABLE_KEY, secretKey: SECRET_KEY }));
  const logger = recordingLogger();
  const runtime = await startFunctionsRuntime({
    port: 0,
    functionsDir,
    configPath: join(FIXTURES_DIR, "config.toml"),
    localKeysPath,
    env: {
      FIXTURE_JWT_SECRET: JWT_SECRET,
      SUPABASE_URL: "http://127.0.0.1:5173",
      SUPABASE_SECRET_KEY: "",
      SUPABASE_PUBLISHABLE_KEY: "",
    },
    logger,
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
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

Deno.test("functions runtime", async (t) => {
  const runtime = await startFixtureRuntime();
  try {
    await t.step("proxies to the function with method, sub-path, headers, body and env", async () => {
      const response = await runtime.fn("echo/sub/path?x=1", {
        method: "POST",
        headers: { ...bearer(SECRET_KEY), "x-custom": "yes", "content-type": "text/plain" },
        body: "payload",
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      const seen = await response.json();
      assert.equal(seen.method, "POST");
      assert.equal(seen.path, "/echo/sub/path?x=1");
      assert.equal(seen.headers["x-custom"], "yes");
      assert.equal(seen.body, "payload");
      assert.deepEqual(seen.env, {
        FIXTURE_GREETING: "hello from .env",
        FIXTURE_QUOTED: "two\nlines",
        SUPABASE_URL: "http://127.0.0.1:5173",
        SUPABASE_SECRET_KEY: SECRET_KEY,
        SUPABASE_SERVICE_ROLE_KEY: SECRET_KEY,
        SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        SUPABASE_ANON_KEY: PUBLISHABLE_KEY,
      });
    });

    await t.step("logs one line per request", () => {
      assert.ok(runtime.logs.some((line) => /^POST \/functions\/v1\/echo\/sub\/path 200 \d+ms$/.test(line)));
    });

    await t.step("passes large compressed-capable responses through intact", async () => {
      const response = await runtime.fn("echo?pad=200000", {
        headers: { ...bearer(SECRET_KEY), "accept-encoding": "gzip" },
      });
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

    await t.step("answers CORS preflight itself", async () => {
      const response = await runtime.fn("echo", {
        method: "OPTIONS",
        headers: { "access-control-request-method": "POST" },
      });
      assert.equal(response.status, 200);
      await response.body?.cancel();
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      assert.equal(
        response.headers.get("access-control-allow-headers"),
        "authorization, x-client-info, apikey, content-type",
      );
      assert.equal(response.headers.get("access-control-allow-methods"), "GET, POST, PUT, PATCH, DELETE, OPTIONS");
    });

    await t.step("keeps a CORS origin the function set", async () => {
      const response = await runtime.fn("public");
      assert.equal(await response.text(), "public ok");
      assert.equal(response.headers.get("access-control-allow-origin"), "https://example.test");
    });

    await t.step("404s unknown functions, _-prefixed folders and folders without index.ts", async () => {
      for (const path of ["missing", "_internal", "no-entry", "..%2Fecho", ""]) {
        const response = await runtime.fn(path, { headers: bearer(SECRET_KEY) });
        assert.equal(response.status, 404, path);
        assert.deepEqual(await response.json(), { code: "NOT_FOUND", message: "Requested function was not found" });
      }
      const outside = await fetch(`${runtime.url}/rest/v1/echo`);
      assert.equal(outside.status, 404);
      await outside.body?.cancel();
    });

    await t.step("verify_jwt: accepts a valid HS256 user JWT", async () => {
      const token = await signHs256Jwt({ sub: "user-1", role: "authenticated", exp: inOneHour() }, JWT_SECRET);
      const response = await runtime.fn("echo", { headers: bearer(token) });
      assert.equal(response.status, 200);
      assert.equal((await response.json()).headers.authorization, `Bearer ${token}`);
    });

    await t.step("verify_jwt: accepts the secret key as bearer or apikey", async () => {
      for (const headers of [bearer(SECRET_KEY), { apikey: SECRET_KEY }]) {
        const response = await runtime.fn("echo", { headers });
        assert.equal(response.status, 200, JSON.stringify(headers));
        await response.body?.cancel();
      }
    });

    await t.step("verify_jwt: rejects missing, forged, expired and non-JWT credentials", async () => {
      const forged = await signHs256Jwt({ sub: "user-1", exp: inOneHour() }, "some-other-secret");
      const expired = await signHs256Jwt({ sub: "user-1", exp: Math.floor(Date.now() / 1000) - 10 }, JWT_SECRET);
      const cases: [HeadersInit, string][] = [
        [{}, "Missing authorization header"],
        [{ apikey: PUBLISHABLE_KEY }, "Missing authorization header"],
        [bearer(forged), "Invalid JWT"],
        [bearer(expired), "Invalid JWT"],
        [bearer(PUBLISHABLE_KEY), "Invalid JWT"],
        [{ authorization: `Basic ${SECRET_KEY}` }, "Invalid JWT"],
      ];
      for (const [headers, message] of cases) {
        const response = await runtime.fn("echo", { headers });
        assert.equal(response.status, 401, JSON.stringify(headers));
        assert.deepEqual(await response.json(), { code: 401, message });
      }
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
      const response = await runtime.fn("mapped", { headers: bearer(SECRET_KEY) });
      assert.equal(await response.text(), "mapped ok");
    });

    await t.step("a function that fails to boot answers 503 BOOT_ERROR and logs why", async () => {
      const response = await runtime.fn("boot-failure", { headers: bearer(SECRET_KEY) });
      assert.equal(response.status, 503);
      assert.equal((await response.json()).code, "BOOT_ERROR");
      assert.ok(
        runtime.logs.some((line) => line.startsWith("[boot-failure]") && line.includes("fixture boot failure")),
      );
    });

    await t.step("a function dying mid-request answers 500 and leaves others running", async () => {
      const response = await runtime.fn("exits-mid-request", { headers: bearer(SECRET_KEY) });
      assert.equal(response.status, 500);
      assert.equal((await response.json()).code, "WORKER_ERROR");
      const echo = await runtime.fn("echo", { headers: bearer(SECRET_KEY) });
      assert.equal(echo.status, 200);
      await echo.body?.cancel();
    });
  } finally {
    await runtime.close();
  }
});

Deno.test("functions runtime reloads a function when its source changes", async () => {
  const runtime = await startFixtureRuntime();
  try {
    const source = (version: string) => `Deno.serve(() => new Response("${version}"));\n`;
    await Deno.mkdir(join(runtime.functionsDir, "hot"));
    await Deno.writeTextFile(join(runtime.functionsDir, "hot", "index.ts"), source("v1"));
    await untilReloadLogged(runtime.logs, "hot");
    const read = async () => await (await runtime.fn("hot", { headers: bearer(SECRET_KEY) })).text();
    assert.equal(await read(), "v1");
    await Deno.writeTextFile(join(runtime.functionsDir, "hot", "index.ts"), source("v2"));
    await waitFor(async () => (await read()) === "v2", 10_000, "the edited function to be served");
  } finally {
    await runtime.close();
  }
});
