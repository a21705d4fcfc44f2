import assert from "node:assert/strict";
import { isAllowlistedHost } from "./host_allowlist.ts";
import { type DnsResolver, guardedFetch, guardedStreamingFetch, OutboundRequestError } from "./ssrf.ts";

type TestServer = { origin: string; hostPort: string; close(): Promise<void> };

function serve(handler: (request: Request) => Response | Promise<Response>): TestServer {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  const hostPort = `127.0.0.1:${server.addr.port}`;
  return { origin: `http://${hostPort}`, hostPort, close: () => server.shutdown() };
}

async function rejectsWith(promise: Promise<unknown>, kind: OutboundRequestError["kind"], pattern?: RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof OutboundRequestError, `expected OutboundRequestError, got ${error}`);
    assert.equal(error.kind, kind, error.message);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

/** A fetch that must never be reached: the guard has to refuse first. */
const unreachableFetch: typeof fetch = () => Promise.reject(new Error("fetch must not be called"));

const fakeDns = (records: Record<string, { A?: string[]; AAAA?: string[] }>): DnsResolver => (hostname, type) =>
  Promise.resolve(records[hostname]?.[type] ?? []);

Deno.test("IP literal tricks are refused before any connection", async () => {
  const urls = [
    "http://2130706433/",
    "http://0x7f.1/",
    "http://017700000001/",
    "http://127.1/",
    "http://0/",
    "http://[::1]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[0:0:0:0:0:ffff:7f00:1]/",
    "http://0177.0.0.1/",
    "http://0x7f000001/",
    "http://[::ffff:0:7f00:1]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "http://[::127.0.0.1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://10.0.0.1:8080/wp-json/",
    "http://100.100.100.200/",
    "http://localhost/",
    "http://LOCALHOST./",
    "http://wordpress.localhost/",
    "http://metadata.google.internal/computeMetadata/v1/",
  ];
  for (const url of urls) {
    await rejectsWith(
      guardedFetch(url, {}, { fetch: unreachableFetch, privateHostAllowlist: [] }),
      "forbidden_address",
    );
  }
});

Deno.test("only http(s) without credentials is allowed", async () => {
  for (const url of ["ftp://example.com/", "file:///etc/passwd", "gopher://example.com/", "not a url"]) {
    await rejectsWith(guardedFetch(url, {}, { fetch: unreachableFetch }), "invalid_url");
  }
  await rejectsWith(
    guardedFetch("https://admin:secret@example.com/", {}, { fetch: unreachableFetch }),
    "invalid_url",
    /user name or password/,
  );
  await rejectsWith(guardedFetch("https://admin@example.com/", {}, { fetch: unreachableFetch }), "invalid_url");
});

Deno.test("host names are resolved and refused when any address is private", async () => {
  const resolveDns = fakeDns({
    "internal.example": { A: ["10.0.0.5"] },
    "mixed.example": { A: ["93.184.216.34"], AAAA: ["::1"] },
    "mapped.example": { AAAA: ["::ffff:192.168.0.1"] },
    "public.example": { A: ["93.184.216.34"], AAAA: ["2606:2800:220:1::1"] },
  });
  const options = { resolveDns, privateHostAllowlist: [], fetch: unreachableFetch };
  await rejectsWith(guardedFetch("https://internal.example/", {}, options), "forbidden_address", /10\.0\.0\.5/);
  await rejectsWith(guardedFetch("https://mixed.example/", {}, options), "forbidden_address", /::1/);
  await rejectsWith(guardedFetch("https://mapped.example/", {}, options), "forbidden_address", /IPv4-mapped private/);
  await rejectsWith(guardedFetch("https://nowhere.example/", {}, options), "dns");

  let fetched = "";
  const response = await guardedFetch("https://public.example/path?q=1", {}, {
    ...options,
    fetch: (input) => {
      fetched = String(input);
      return Promise.resolve(new Response("{}", { headers: { "content-type": "application/json" } }));
    },
  });
  assert.equal(fetched, "https://public.example/path?q=1");
  assert.deepEqual(response.json(), {});
});

Deno.test("a loopback server is refused unless its host:port is allowlisted", async () => {
  const server = serve(() => new Response("hello"));
  try {
    await rejectsWith(
      guardedFetch(`${server.origin}/`, {}, { privateHostAllowlist: [] }),
      "forbidden_address",
      /loopback/,
    );
    await rejectsWith(
      guardedFetch(`${server.origin}/`, {}, { privateHostAllowlist: ["127.0.0.1:1"] }),
      "forbidden_address",
    );
    const response = await guardedFetch(`${server.origin}/`, {}, { privateHostAllowlist: [server.hostPort] });
    assert.equal(response.status, 200);
    assert.equal(response.text(), "hello");
  } finally {
    await server.close();
  }
});

Deno.test("PRIVATE_HOST_ALLOWLIST is read from the environment by default", async () => {
  const server = serve(() => new Response("from env"));
  const previous = Deno.env.get("PRIVATE_HOST_ALLOWLIST");
  try {
    Deno.env.set("PRIVATE_HOST_ALLOWLIST", `example.com:443, ${server.hostPort}`);
    assert.equal((await guardedFetch(`${server.origin}/`)).text(), "from env");
    assert.ok(isAllowlistedHost(`${server.origin}/wp-json/`));
    Deno.env.delete("PRIVATE_HOST_ALLOWLIST");
    await rejectsWith(guardedFetch(`${server.origin}/`), "forbidden_address");
    assert.ok(!isAllowlistedHost(`${server.origin}/wp-json/`));
  } finally {
    if (previous === undefined) Deno.env.delete("PRIVATE_HOST_ALLOWLIST");
    else Deno.env.set("PRIVATE_HOST_ALLOWLIST", previous);
    await server.close();
  }
});

Deno.test("every redirect is checked again, with and without the allowlist", async () => {
  const target = serve((request) => new Response(`target saw ${request.headers.get("authorization") ?? "no auth"}`));
  const redirector = serve((request) => {
    const path = new URL(request.url).pathname;
    const location = path === "/to-metadata"
      ? "http://169.254.169.254/latest/meta-data/"
      : path === "/to-decimal"
      ? "http://2130706433/"
      : path === "/to-file"
      ? "file:///etc/passwd"
      : path === "/same-origin"
      ? "/final"
      : path === "/final"
      ? null
      : `${target.origin}/`;
    return location ? new Response(null, { status: 302, headers: { location } }) : new Response("final");
  });
  const both = [redirector.hostPort, target.hostPort];
  try {
    // The first hop is allowlisted, the loopback target is not.
    await rejectsWith(
      guardedFetch(`${redirector.origin}/`, {}, { privateHostAllowlist: [redirector.hostPort] }),
      "forbidden_address",
    );
    await rejectsWith(
      guardedFetch(`${redirector.origin}/to-metadata`, {}, { privateHostAllowlist: both }),
      "forbidden_address",
      /metadata/,
    );
    await rejectsWith(
      guardedFetch(`${redirector.origin}/to-decimal`, {}, { privateHostAllowlist: both }),
      "forbidden_address",
      /loopback/,
    );
    await rejectsWith(guardedFetch(`${redirector.origin}/to-file`, {}, { privateHostAllowlist: both }), "invalid_url");

    const followed = await guardedFetch(`${redirector.origin}/`, { headers: { Authorization: "Basic c2VjcmV0" } }, {
      privateHostAllowlist: both,
    });
    assert.equal(followed.url, `${target.origin}/`);
    assert.ok(followed.redirected);
    // A new origin never receives the credentials meant for the first one.
    assert.equal(followed.text(), "target saw no auth");

    const sameOrigin = await guardedFetch(`${redirector.origin}/same-origin`, {}, { privateHostAllowlist: both });
    assert.equal(sameOrigin.text(), "final");
  } finally {
    await redirector.close();
    await target.close();
  }
});

Deno.test("redirect loops stop after the limit", async () => {
  let hops = 0;
  const server = serve(() => {
    hops++;
    return new Response(null, { status: 301, headers: { location: `/hop${hops}` } });
  });
  try {
    await rejectsWith(
      guardedFetch(`${server.origin}/`, {}, { privateHostAllowlist: [server.hostPort], maxRedirects: 5 }),
      "too_many_redirects",
    );
    assert.equal(hops, 6);
  } finally {
    await server.close();
  }
});

Deno.test("a write never follows a redirect", async () => {
  const received: string[] = [];
  const server = serve((request) => {
    received.push(`${request.method} ${new URL(request.url).pathname}`);
    return new URL(request.url).pathname === "/wp-json/wp/v2/posts"
      ? new Response(null, { status: 301, headers: { location: "/elsewhere" } })
      : new Response("{}");
  });
  try {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      await rejectsWith(
        guardedFetch(`${server.origin}/wp-json/wp/v2/posts`, { method, body: method === "DELETE" ? undefined : "{}" }, {
          privateHostAllowlist: [server.hostPort],
        }),
        "redirect_on_write",
        /301/,
      );
    }
    assert.ok(received.every((line) => !line.includes("/elsewhere")), received.join(", "));
  } finally {
    await server.close();
  }
});

Deno.test("slow answers time out: headers and body alike", async () => {
  const server = serve((request) => {
    if (new URL(request.url).pathname === "/slow-body") {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("{"));
          // never closes: the client's deadline must end it
        },
      });
      return new Response(body);
    }
    return new Promise((resolve) => setTimeout(() => resolve(new Response("late")), 500));
  });
  const options = { privateHostAllowlist: [server.hostPort], timeoutMs: 150 };
  try {
    const started = Date.now();
    await rejectsWith(guardedFetch(`${server.origin}/slow-headers`, {}, options), "timeout", /150 ms/);
    await rejectsWith(guardedFetch(`${server.origin}/slow-body`, {}, options), "timeout");
    assert.ok(Date.now() - started < 10_000);
  } finally {
    await server.close();
  }
});

Deno.test("response bodies are capped, declared or streamed", async () => {
  const big = "x".repeat(4_000);
  const server = serve((request) => {
    if (new URL(request.url).pathname === "/declared") return new Response(big);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(big.slice(0, 1_000)));
        controller.close();
      },
    });
    return new Response(body);
  });
  const options = { privateHostAllowlist: [server.hostPort], maxResponseBytes: 2_500 };
  try {
    await rejectsWith(guardedFetch(`${server.origin}/declared`, {}, options), "too_large");
    await rejectsWith(guardedFetch(`${server.origin}/streamed`, {}, options), "too_large");
    const small = await guardedFetch(`${server.origin}/declared`, {}, { ...options, maxResponseBytes: 4_000 });
    assert.equal(small.body.byteLength, 4_000);
    const headersOnly = await guardedFetch(`${server.origin}/declared`, {}, { ...options, readBody: false });
    assert.equal(headersOnly.status, 200);
    assert.equal(headersOnly.body.byteLength, 0);
  } finally {
    await server.close();
  }
});

Deno.test("network failures name the host and path but never the query", async () => {
  const server = serve(() => new Response("unused"));
  const { hostPort } = server;
  await server.close();
  await rejectsWith(
    guardedFetch(`http://${hostPort}/wp-json/?token=secret`, {}, { privateHostAllowlist: [hostPort] }),
    "network",
    /^GET 127\.0\.0\.1:\d+\/wp-json\/ failed: (?!.*secret)/,
  );
});

Deno.test("guardedStreamingFetch: checks the destination, refuses redirects, streams and caps the body", async () => {
  const resolveDns: DnsResolver = (hostname) =>
    Promise.resolve(hostname === "public.example" ? ["93.184.216.34"] : hostname === "inside.example" ? ["10.1.2.3"] : []);
  const seen: string[] = [];
  const upstream: typeof fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push(url.pathname);
    if (url.pathname === "/moved") {
      return Promise.resolve(new Response(null, { status: 307, headers: { location: "http://169.254.169.254/" } }));
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("data: one\n\n"));
        controller.enqueue(new TextEncoder().encode("data: two\n\n"));
        controller.close();
      },
    });
    return Promise.resolve(new Response(body, { headers: { "content-type": "text/event-stream" } }));
  };
  const streaming = guardedStreamingFetch({ fetch: upstream, resolveDns, privateHostAllowlist: [], maxResponseBytes: 15 });
  await rejectsWith(streaming("http://inside.example/v1/models"), "forbidden_address", /10\.1\.2\.3/);
  await rejectsWith(streaming("http://127.0.0.1:11434/v1/models"), "forbidden_address");
  await rejectsWith(streaming("http://user:pw@public.example/v1"), "invalid_url");
  await rejectsWith(streaming("https://public.example/moved", { method: "POST" }), "redirect_on_write");
  const response = await streaming("https://public.example/v1/chat/completions", { method: "POST" });
  await assert.rejects(response.text(), (error) => error instanceof OutboundRequestError && error.kind === "too_large");
  const roomy = guardedStreamingFetch({ fetch: upstream, resolveDns, privateHostAllowlist: ["127.0.0.1:11434"] });
  assert.equal(await (await roomy("http://127.0.0.1:11434/v1/x")).text(), "data: one\n\ndata: two\n\n");
  assert.deepEqual(seen, ["/moved", "/v1/chat/completions", "/v1/x"]);
});
