import assert from "node:assert/strict";
import { join } from "node:path";
import { staticSite } from "./static-site.ts";

const HEADERS = { "Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff" };

async function fixture() {
  const repo = await Deno.makeTempDir({ prefix: "inkpress-static-" });
  const dist = join(repo, "dist");
  await Deno.mkdir(join(dist, "assets"), { recursive: true });
  await Deno.writeTextFile(join(dist, "index.html"), "<!doctype html><title>app</title>");
  await Deno.writeTextFile(join(dist, "assets", "index-abc123.js"), "console.log(1)");
  await Deno.writeTextFile(join(dist, "logo.svg"), "<svg/>");
  await Deno.writeTextFile(join(dist, ".inkpress-build.json"), "{}");
  await Deno.writeTextFile(join(dist, "_headers"), "/*\n");
  await Deno.writeTextFile(join(dist, "vercel.json"), "{}");
  await Deno.writeTextFile(join(repo, "package.json"), "SOURCE");
  await Deno.writeTextFile(join(repo, ".env"), "SECRET=1");
  await Deno.symlink(join(repo, "package.json"), join(dist, "linked.json"));
  return { repo, dist, site: staticSite(dist, HEADERS) };
}

const get = (site: ReturnType<typeof staticSite>, path: string, method = "GET") =>
  site.serve(new Request(`http://127.0.0.1${path}`, { method }));

Deno.test("serves the build's files with their types, the security headers and cache rules", async () => {
  const { repo, site } = await fixture();
  try {
    const page = await get(site, "/");
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("Content-Type"), "text/html; charset=utf-8");
    assert.equal(page.headers.get("Cache-Control"), "no-cache");
    assert.equal(page.headers.get("Content-Security-Policy"), HEADERS["Content-Security-Policy"]);
    assert.match(await page.text(), /<title>app/);
    const script = await get(site, "/assets/index-abc123.js");
    assert.equal(script.headers.get("Content-Type"), "text/javascript; charset=utf-8");
    assert.equal(script.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
    assert.equal(script.headers.get("X-Content-Type-Options"), "nosniff");
    assert.equal(await script.text(), "console.log(1)");
    const head = await get(site, "/logo.svg", "HEAD");
    assert.equal(head.status, 200);
    assert.equal(head.headers.get("Content-Length"), "6");
    assert.equal(head.body, null);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("client-side routes get index.html; nothing else outside the build's files is served", async () => {
  const { repo, site } = await fixture();
  try {
    for (const route of ["/login", "/articles/edit/0b1c2d3e-aaaa-bbbb-cccc-000000000001", "/articles/"]) {
      const response = await get(site, route);
      assert.equal(response.status, 200, route);
      assert.match(await response.text(), /<title>app/, route);
    }
    for (
      const path of [
        `/@fs${repo}/package.json`,
        "/@fs/etc/passwd",
        "/@vite/client",
        "/.env",
        "/.inkpress-build.json",
        "/_headers",
        "/vercel.json",
        "/package.json",
        "/src/main.tsx",
        "/../package.json",
        "/%2e%2e/package.json",
        "/assets/..%2f..%2fpackage.json",
        "/assets/%2e%2e/%2e%2e/.env",
        "/linked.json",
        "/missing.js",
      ]
    ) {
      const response = await get(site, path);
      const body = await response.text();
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(body, /SOURCE|SECRET|<title>/, path);
      assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff", path);
    }
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("only GET and HEAD", async () => {
  const { repo, site } = await fixture();
  try {
    const response = await get(site, "/", "POST");
    await response.body?.cancel();
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("Allow"), "GET, HEAD");
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("text is gzipped for browsers that accept it, as static hosts do; other files and refusals are not", async () => {
  const { repo, dist, site } = await fixture();
  const png = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);
  await Deno.writeFile(join(dist, "assets", "picture-abc123.png"), png);
  const request = (path: string, acceptEncoding: string) =>
    site.serve(new Request(`http://127.0.0.1${path}`, { headers: { "Accept-Encoding": acceptEncoding } }));
  const gunzip = async (response: Response) =>
    await new Response(response.body!.pipeThrough(new DecompressionStream("gzip"))).text();
  try {
    const page = await request("/login", "gzip, deflate, br");
    assert.equal(page.headers.get("Content-Encoding"), "gzip");
    assert.equal(page.headers.get("Vary"), "Accept-Encoding");
    assert.equal(page.headers.get("Content-Length"), null);
    assert.equal(page.headers.get("Content-Security-Policy"), HEADERS["Content-Security-Policy"]);
    assert.equal(await gunzip(page), "<!doctype html><title>app</title>");
    const script = await request("/assets/index-abc123.js", "br;q=1.0, gzip;q=0.8");
    assert.equal(await gunzip(script), "console.log(1)");

    for (const refusal of ["identity", "gzip;q=0", ""]) {
      const plain = await request("/assets/index-abc123.js", refusal);
      assert.equal(plain.headers.get("Content-Encoding"), null, refusal);
      assert.equal(plain.headers.get("Vary"), "Accept-Encoding");
      assert.equal(plain.headers.get("Content-Length"), "14");
      assert.equal(await plain.text(), "console.log(1)");
    }
    const picture = await request("/assets/picture-abc123.png", "gzip");
    assert.equal(picture.headers.get("Content-Encoding"), null);
    assert.equal(picture.headers.get("Vary"), null);
    assert.deepEqual(new Uint8Array(await picture.arrayBuffer()), png);
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});
