/**
 * Smoke test of the local WordPress: REST index, Basic auth with an application
 * password, categories, posts, media, a must-use plugin and the latency proxy.
 *   npx deno test -A scripts/rigs/wordpress/
 * Skipped (with the reason) when the Debian packages are not installed:
 *   bash scripts/rigs/wordpress/install-packages.sh
 */
import assert from "node:assert/strict";
import { missingPrerequisites } from "./prerequisites.ts";
import { MU_PLUGINS, startWordPress, type WordPressInstance } from "./wordpress.ts";

const missing = await missingPrerequisites();
if (missing.length > 0) {
  console.warn(
    `SKIP wordpress tests: missing ${missing.join(", ")}.\n` +
      "Install with: bash scripts/rigs/wordpress/install-packages.sh",
  );
}
const ignore = missing.length > 0;

// A 1x1 transparent PNG.
const PNG_1X1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

const MU_PLUGIN = `<?php
/* Plugin Name: inkpress test mu-plugin */
add_action('rest_api_init', function () {
    register_rest_route('inkpress-test/v1', '/ping', [
        'methods' => 'GET',
        'callback' => fn() => ['pong' => true],
        'permission_callback' => '__return_true',
    ]);
});
`;

async function json(response: Response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${response.status}): ${text.slice(0, 500)}`);
  }
}

Deno.test({
  name: "wordpress: REST API with application password, categories, posts, media",
  ignore,
  async fn(t) {
    let wp: WordPressInstance | undefined;
    try {
      wp = await startWordPress({
        extraPlugins: [{ name: "inkpress-test.php", source: MU_PLUGIN }, MU_PLUGINS.seoMeta],
        latencyMs: 50,
      });
      console.log(`WordPress ${wp.wpVersion} ready at ${wp.url} in ${wp.startupMs} ms`);
      const { url, authHeader } = wp;
      const auth = { authorization: authHeader };

      await t.step("GET /wp-json/ lists wp/v2", async () => {
        const response = await fetch(`${url}/wp-json/`);
        assert.equal(response.status, 200);
        const index = await json(response);
        assert.ok(index.namespaces.includes("wp/v2"), `namespaces: ${index.namespaces}`);
        assert.ok(index.authentication?.["application-passwords"], "application passwords advertised");
      });

      await t.step("users/me with Basic auth returns the admin with capabilities", async () => {
        const response = await fetch(`${url}/wp-json/wp/v2/users/me?context=edit`, { headers: auth });
        const me = await json(response);
        assert.equal(response.status, 200, JSON.stringify(me));
        assert.equal(me.username, wp!.adminUser);
        assert.deepEqual(me.roles, ["administrator"]);
        assert.equal(me.capabilities.publish_posts, true);
        assert.equal(me.capabilities.upload_files, true);
      });

      await t.step("a wrong application password is refused", async () => {
        const response = await fetch(`${url}/wp-json/wp/v2/users/me`, {
          headers: { authorization: `Basic ${btoa(`${wp!.adminUser}:wrong wrong wrong`)}` },
        });
        await response.body?.cancel();
        assert.equal(response.status, 401);
      });

      let categoryId = 0;
      await t.step("create a category", async () => {
        const response = await fetch(`${url}/wp-json/wp/v2/categories`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ name: "E2E Category" }),
        });
        const category = await json(response);
        assert.equal(response.status, 201, JSON.stringify(category));
        assert.equal(category.name, "E2E Category");
        categoryId = category.id;
      });

      await t.step("create a post in it, reachable at its pretty permalink", async () => {
        const response = await fetch(`${url}/wp-json/wp/v2/posts`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({
            title: "Hello from E2E",
            content: "<p>Body text</p>",
            status: "publish",
            categories: [categoryId],
          }),
        });
        const post = await json(response);
        assert.equal(response.status, 201, JSON.stringify(post));
        assert.deepEqual(post.categories, [categoryId]);
        assert.equal(post.link, `${url}/hello-from-e2e/`);
        const page = await fetch(post.link);
        const html = await page.text();
        assert.equal(page.status, 200);
        assert.match(html, /Hello from E2E/);
      });

      await t.step("upload a PNG to /wp-json/wp/v2/media and fetch it back", async () => {
        const response = await fetch(`${url}/wp-json/wp/v2/media`, {
          method: "POST",
          headers: { ...auth, "content-type": "image/png", "content-disposition": 'attachment; filename="pixel.png"' },
          body: PNG_1X1,
        });
        const media = await json(response);
        assert.equal(response.status, 201, JSON.stringify(media));
        assert.equal(media.mime_type, "image/png");
        assert.match(media.source_url, new RegExp(`^${url}/wp-content/uploads/.*pixel.*\\.png$`));
        const file = await fetch(media.source_url);
        assert.equal(file.status, 200);
        assert.equal(file.headers.get("content-type"), "image/png");
        assert.deepEqual(new Uint8Array(await file.arrayBuffer()), PNG_1X1);
      });

      await t.step("the must-use plugins are loaded", async () => {
        const response = await fetch(`${url}/wp-json/inkpress-test/v1/ping`);
        assert.deepEqual(await json(response), { pong: true });
      });

      await t.step("SEO meta keys (Yoast, Rank Math) are writable over REST", async () => {
        const meta = { _yoast_wpseo_metadesc: "Yoast description", rank_math_title: "Rank Math title" };
        const response = await fetch(`${url}/wp-json/wp/v2/posts`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ title: "With SEO meta", status: "draft", meta }),
        });
        const post = await json(response);
        assert.equal(response.status, 201, JSON.stringify(post));
        assert.equal(post.meta._yoast_wpseo_metadesc, meta._yoast_wpseo_metadesc);
        assert.equal(post.meta.rank_math_title, meta.rank_math_title);
      });

      await t.step("static files and wp-admin", async () => {
        const css = await fetch(`${url}/wp-includes/css/dashicons.min.css`);
        await css.body?.cancel();
        assert.equal(css.status, 200);
        assert.match(css.headers.get("content-type") ?? "", /text\/css/);
        const admin = await fetch(`${url}/wp-admin/`, { redirect: "manual" });
        await admin.body?.cancel();
        assert.equal(admin.status, 302);
        assert.match(admin.headers.get("location") ?? "", /wp-login\.php/);
      });

      await t.step("the latency proxy adds its delay and rewrites links to itself", async () => {
        assert.ok(wp!.proxyUrl);
        const begin = performance.now();
        const response = await fetch(`${wp!.proxyUrl}/wp-json/wp/v2/users/me`, { headers: auth });
        const me = await json(response);
        assert.ok(performance.now() - begin >= 50);
        assert.equal(response.status, 200, JSON.stringify(me));
        assert.equal(me.link, `${wp!.proxyUrl}/author/${wp!.adminUser}/`);
      });
    } finally {
      await wp?.stop();
    }
    const { runDir, pids } = wp!;
    assert.throws(() => Deno.statSync(runDir), Deno.errors.NotFound, "run folder removed");
    for (const pid of [pids.php, pids.mariadb]) {
      assert.throws(() => Deno.readTextFileSync(`/proc/${pid}/cmdline`), "process gone");
    }
  },
});

Deno.test({
  name: "wordpress: the strip-authorization mu-plugin makes Basic auth fail like a misconfigured host",
  ignore,
  async fn() {
    const wp = await startWordPress({ extraPlugins: [MU_PLUGINS.stripAuthorization] });
    try {
      const response = await fetch(`${wp.url}/wp-json/wp/v2/users/me`, { headers: { authorization: wp.authHeader } });
      const body = await json(response);
      assert.equal(response.status, 401);
      assert.equal(body.code, "rest_not_logged_in");
    } finally {
      await wp.stop();
    }
  },
});
