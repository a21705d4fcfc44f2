import assert from "node:assert/strict";
import { join } from "node:path";
import { freePort } from "../../testing/e2e/free-port.ts";
import type { LocalApi } from "../local-backend/local-api.ts";
import { startAppServer } from "./app-server.ts";

const PAGE_HEADERS = { "Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff" };

/** A stand-in for lite: says which path it answered. */
const api: LocalApi = {
  handle: (request) => Promise.resolve(Response.json({ api: new URL(request.url).pathname })),
};

async function fixture(apiPort?: number) {
  const dist = await Deno.makeTempDir({ prefix: "inkpress-app-server-" });
  await Deno.writeTextFile(join(dist, "index.html"), "<title>app</title>");
  // A stand-in functions runtime: streams two chunks, with the function's own CORS header.
  const functions = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`data: ${request.method} ${new URL(request.url).pathname}\n\n`));
        controller.enqueue(new TextEncoder().encode("data: done\n\n"));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream", "Access-Control-Allow-Origin": "*" } });
  });
  const port = freePort();
  const server = await startAppServer({
    port,
    apiPort,
    distDir: dist,
    pageHeaders: PAGE_HEADERS,
    api,
    functionsUrl: `http://127.0.0.1:${functions.addr.port}`,
  });
  return {
    app: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await functions.shutdown();
      await Deno.remove(dist, { recursive: true });
    },
  };
}

Deno.test("one origin: the build, the API and the functions, each untouched by the others' headers", async () => {
  const { app, close } = await fixture();
  try {
    const page = await fetch(`${app}/articles`);
    assert.equal(await page.text(), "<title>app</title>");
    assert.equal(page.headers.get("Content-Security-Policy"), PAGE_HEADERS["Content-Security-Policy"]);
    for (const path of ["/auth/v1/token", "/rest/v1/articles", "/storage/v1/object/public/images/a.png"]) {
      assert.deepEqual(await (await fetch(`${app}${path}?x=1`)).json(), { api: path });
    }
    const stream = await fetch(`${app}/functions/v1/generate-article?stream=1`, { method: "POST", body: "{}" });
    assert.equal(stream.headers.get("Content-Type"), "text/event-stream");
    assert.equal(stream.headers.get("Access-Control-Allow-Origin"), "*");
    assert.equal(stream.headers.get("Content-Security-Policy"), null);
    assert.equal(await stream.text(), "data: POST /functions/v1/generate-article\n\ndata: done\n\n");
  } finally {
    await close();
  }
});

Deno.test("the API on its own origin, as on hosted: the app's origin serves only the build", async () => {
  const apiPort = freePort();
  const { app, close } = await fixture(apiPort);
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  try {
    // A client-side route there, as a static host would answer, never the API.
    assert.equal(await (await fetch(`${app}/auth/v1/token`)).text(), "<title>app</title>");
    const onAppFunction = await fetch(`${app}/functions/v1/keywords`, { method: "POST" });
    assert.equal(onAppFunction.status, 405);
    await onAppFunction.body?.cancel();

    assert.deepEqual(await (await fetch(`${apiOrigin}/rest/v1/articles`)).json(), { api: "/rest/v1/articles" });
    assert.equal(await (await fetch(`${apiOrigin}/functions/v1/keywords`, { method: "POST" })).text(), "data: POST /functions/v1/keywords\n\ndata: done\n\n");
    const unknown = await fetch(`${apiOrigin}/login`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { message: "no Route matched with those values" });

    // An e-mail's link, built by lite on the app's origin, is sent on to the API's.
    const link = await fetch(`${app}/auth/v1/verify?token=abc&type=recovery&redirect_to=${encodeURIComponent(app)}`, {
      redirect: "manual",
    });
    assert.equal(link.status, 302);
    assert.equal(
      link.headers.get("location"),
      `${apiOrigin}/auth/v1/verify?token=abc&type=recovery&redirect_to=${encodeURIComponent(app)}`,
    );
  } finally {
    await close();
  }
});

Deno.test("CSP violation reports are printed, one line each", async () => {
  const { app, close } = await fixture();
  const printed: string[] = [];
  const warn = console.warn;
  console.warn = (line: string) => void printed.push(line);
  try {
    const response = await fetch(`${app}/__csp-report`, {
      method: "POST",
      headers: { "Content-Type": "application/csp-report" },
      body: JSON.stringify({
        "csp-report": {
          "document-uri": `${app}/login`,
          "effective-directive": "style-src-elem",
          "blocked-uri": "inline",
          "source-file": `${app}/assets/index.js`,
          "line-number": 3,
        },
      }),
    });
    assert.equal(response.status, 204);
  } finally {
    console.warn = warn;
    await close();
  }
  assert.deepEqual(printed, [`CSP violation: style-src-elem blocked inline on ${app}/login at ${app}/assets/index.js:3`]);
});
