/**
 * Smoke test of the local Ghost through its Admin API, with tokens made here
 * (../../../supabase/functions/_shared/publishing/ghost/admin_token.ts): a post from HTML, an image upload, an edit with
 * updated_at, the collision on a stale updated_at, the latency proxy, and a
 * clean stop.
 *   npx deno test -A scripts/rigs/ghost/
 * Ignored (with the reason) when Ghost is not installed, unless INKPRESS_GHOST=1
 * (CI), which makes its absence a failure. Install: npm run ghost -- install
 */
import assert from "node:assert/strict";
import { ghostAdminToken } from "../../../supabase/functions/_shared/publishing/ghost/admin_token.ts";
import { type GhostInstance, startGhost } from "./ghost.ts";
import { findGhostInstall, GHOST_VERSION, installDir } from "./install.ts";

const required = Deno.env.get("INKPRESS_GHOST") === "1";
const ignore = !required && !findGhostInstall();
if (ignore) {
  console.warn(
    `SKIP ghost tests: Ghost ${GHOST_VERSION} is not installed in ${installDir()}.\n` +
      "Install with: npm run ghost -- install (INKPRESS_GHOST=1 turns this skip into a failure)",
  );
}

// A 1x1 transparent PNG.
const PNG_1X1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

interface GhostPost {
  id: string;
  title: string;
  slug: string;
  html: string;
  status: string;
  updated_at: string;
  custom_excerpt: string | null;
  meta_description: string | null;
  feature_image: string | null;
  feature_image_alt: string | null;
  tags: { name: string; slug: string }[];
}

async function json(response: Response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${response.status}): ${text.slice(0, 500)}`);
  }
}

Deno.test({
  name: "ghost: Admin API with a self-made token: post from HTML, image upload, edit, update collision",
  ignore,
  async fn(t) {
    let ghost: GhostInstance | undefined;
    try {
      ghost = await startGhost({ latencyMs: 100 });
      console.log(
        `Ghost ${ghost.ghostVersion} ready at ${ghost.url}: first 200 after ${ghost.bootMs} ms, ready in ${ghost.startupMs} ms, ` +
          `${Math.round((ghost.rssBytes() ?? 0) / 1024 ** 2)} MiB resident`,
      );
      const { url, adminApiUrl, adminApiKey } = ghost;
      const auth = async () => ({ authorization: `Ghost ${await ghostAdminToken(adminApiKey)}` });

      await t.step("the site endpoint names Ghost and its version", async () => {
        const response = await fetch(`${adminApiUrl}/site/`);
        const { site } = await json(response);
        assert.equal(response.status, 200);
        assert.equal(site.title, "Inkpress E2E");
        assert.equal(site.url, `${url}/`);
        assert.equal(site.version, GHOST_VERSION.split(".").slice(0, 2).join("."));
      });

      await t.step(
        "the integration's token is accepted; no token, a wrong secret or an expired token are not",
        async () => {
          const ok = await fetch(`${adminApiUrl}/posts/?limit=1`, { headers: await auth() });
          await json(ok);
          assert.equal(ok.status, 200);

          const none = await fetch(`${adminApiUrl}/posts/?limit=1`);
          assert.equal(none.status, 403, JSON.stringify(await json(none)));

          const [id] = adminApiKey.split(":");
          const wrong = await fetch(`${adminApiUrl}/posts/?limit=1`, {
            headers: { authorization: `Ghost ${await ghostAdminToken(`${id}:${"0".repeat(64)}`)}` },
          });
          const wrongBody = await json(wrong);
          assert.equal(wrong.status, 401);
          assert.equal(wrongBody.errors[0].code, "INVALID_JWT");

          const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
          const expired = await fetch(`${adminApiUrl}/posts/?limit=1`, {
            headers: { authorization: `Ghost ${await ghostAdminToken(adminApiKey, tenMinutesAgo)}` },
          });
          const expiredBody = await json(expired);
          assert.equal(expired.status, 401);
          assert.equal(expiredBody.errors[0].code, "INVALID_JWT");
        },
      );

      let post: GhostPost | undefined;
      await t.step("create a post from HTML (?source=html) with new tags and SEO fields", async () => {
        const response = await fetch(`${adminApiUrl}/posts/?source=html&formats=html`, {
          method: "POST",
          headers: { ...await auth(), "content-type": "application/json" },
          body: JSON.stringify({
            posts: [{
              title: "Hello from Inkpress",
              slug: "hello-from-inkpress",
              html: "<h2>Section</h2><p>Body <strong>text</strong>.</p>",
              custom_excerpt: "An excerpt",
              meta_description: "A meta description",
              tags: [{ name: "Inkpress One" }, { name: "Inkpress Two" }],
              status: "published",
            }],
          }),
        });
        const body = await json(response);
        assert.equal(response.status, 201, JSON.stringify(body));
        post = body.posts[0] as GhostPost;
        assert.equal(post.title, "Hello from Inkpress");
        assert.equal(post.slug, "hello-from-inkpress");
        assert.equal(post.status, "published");
        assert.match(post.html, /<h2[^>]*>Section<\/h2>/);
        assert.match(post.html, /<p>Body <strong>text<\/strong>\.<\/p>/);
        assert.equal(post.custom_excerpt, "An excerpt");
        assert.equal(post.meta_description, "A meta description");
        assert.deepEqual(post.tags.map((tag) => tag.name), ["Inkpress One", "Inkpress Two"]);
        const page = await fetch(`${url}/hello-from-inkpress/`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /Hello from Inkpress/);
      });

      let imageUrl = "";
      await t.step("upload an image (multipart) and fetch it back", async () => {
        const form = new FormData();
        form.append("file", new Blob([PNG_1X1], { type: "image/png" }), "pixel.png");
        form.append("purpose", "image");
        form.append("ref", "pixel.png");
        const response = await fetch(`${adminApiUrl}/images/upload/`, {
          method: "POST",
          headers: await auth(),
          body: form,
        });
        const body = await json(response);
        assert.equal(response.status, 201, JSON.stringify(body));
        imageUrl = body.images[0].url;
        assert.equal(body.images[0].ref, "pixel.png");
        assert.match(imageUrl, new RegExp(`^${url}/content/images/\\d{4}/\\d{2}/pixel\\.png$`));
        const file = await fetch(imageUrl);
        assert.equal(file.status, 200);
        assert.equal(file.headers.get("content-type"), "image/png");
        assert.deepEqual(new Uint8Array(await file.arrayBuffer()), PNG_1X1);
      });

      let edited: GhostPost | undefined;
      await t.step("edit the post with its updated_at: feature image, new title, same post", async () => {
        // updated_at has a resolution of one second: an edit within the same second keeps it unchanged.
        const wait = Date.parse(post!.updated_at) + 1000 - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const response = await fetch(`${adminApiUrl}/posts/${post!.id}/?source=html&formats=html`, {
          method: "PUT",
          headers: { ...await auth(), "content-type": "application/json" },
          body: JSON.stringify({
            posts: [{
              title: "Hello again from Inkpress",
              html: "<p>Edited body.</p>",
              feature_image: imageUrl,
              feature_image_alt: "A transparent pixel",
              updated_at: post!.updated_at,
            }],
          }),
        });
        const body = await json(response);
        assert.equal(response.status, 200, JSON.stringify(body));
        edited = body.posts[0] as GhostPost;
        assert.equal(edited.id, post!.id);
        assert.equal(edited.title, "Hello again from Inkpress");
        assert.match(edited.html, /^<p>Edited body\.<\/p>$/);
        assert.equal(edited.feature_image, imageUrl);
        assert.equal(edited.feature_image_alt, "A transparent pixel");
        assert.notEqual(edited.updated_at, post!.updated_at);
        const list = await json(
          await fetch(`${adminApiUrl}/posts/?filter=slug:hello-from-inkpress`, { headers: await auth() }),
        );
        assert.equal(list.posts.length, 1, "one post, edited in place");
      });

      await t.step("an edit with a stale updated_at is refused with 409 UPDATE_COLLISION", async () => {
        const response = await fetch(`${adminApiUrl}/posts/${post!.id}/`, {
          method: "PUT",
          headers: { ...await auth(), "content-type": "application/json" },
          body: JSON.stringify({ posts: [{ title: "Lost update", updated_at: post!.updated_at }] }),
        });
        const body = await json(response);
        assert.equal(response.status, 409, JSON.stringify(body));
        assert.equal(body.errors[0].type, "UpdateCollisionError");
        assert.equal(body.errors[0].code, "UPDATE_COLLISION");
        const current = await json(await fetch(`${adminApiUrl}/posts/${post!.id}/`, { headers: await auth() }));
        assert.equal(current.posts[0].title, "Hello again from Inkpress");
      });

      await t.step("through the latency proxy: the delay, the token and an upload", async () => {
        const proxyUrl = ghost!.proxyUrl!;
        const begin = performance.now();
        const response = await fetch(`${proxyUrl}/ghost/api/admin/posts/${post!.id}/`, { headers: await auth() });
        const body = await json(response);
        assert.ok(performance.now() - begin >= 100, "at least the proxy's 100 ms");
        assert.equal(response.status, 200, JSON.stringify(body));
        assert.equal(body.posts[0].id, post!.id);

        const form = new FormData();
        form.append("file", new Blob([PNG_1X1], { type: "image/png" }), "proxied.png");
        const upload = await fetch(`${proxyUrl}/ghost/api/admin/images/upload/`, {
          method: "POST",
          headers: await auth(),
          body: form,
        });
        const uploaded = await json(upload);
        assert.equal(upload.status, 201, JSON.stringify(uploaded));
        // The proxy sends Ghost its own Host: URLs name Ghost's configured url, not the proxy.
        assert.match(uploaded.images[0].url, new RegExp(`^${url}/content/images/\\d{4}/\\d{2}/proxied\\.png$`));
      });
    } finally {
      await ghost?.stop();
    }
    const { runDir, pid } = ghost!;
    assert.throws(() => Deno.statSync(runDir), Deno.errors.NotFound, "run folder removed");
    assert.throws(() => Deno.readTextFileSync(`/proc/${pid}/cmdline`), "Ghost process gone");
  },
});
