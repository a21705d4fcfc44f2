import { expect, test } from "@playwright/test";
import { ghostAdminToken } from "../../supabase/functions/_shared/publishing/ghost/admin_token.ts";
import { register } from "./support/accounts.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";

/**
 * Exactly-once publishing against the real WordPress (scripts/rigs/wordpress)
 * and the real Ghost (scripts/rigs/ghost): five publishes of one article at
 * once make one post; and the marker lookup finds, on the real platform, a
 * post an interrupted publish created (WordPress: the comment token through
 * `search`, even in the trash; Ghost: the internal tag through `filter`), so
 * the next publish adopts it. Publishing goes through publish-article as the
 * browser calls it (the real supabase-js, signed in); the result is read
 * back through each platform's own API.
 */

type PublishResult = { remotePostId: number | string; updated: boolean };
type Backend = Awaited<ReturnType<typeof backendAs>>;

const FIVE = 5;

async function newArticle(backend: Backend, title: string): Promise<string> {
  const { data, error } = await adminBackend()
    .from("articles")
    .insert({
      user_id: backend.userId,
      title,
      content: "<p>One post, whatever happens.</p>",
      excerpt: "One post, whatever happens.",
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

/** Five publishes at once; returns the successes (the others must be 409s). */
async function publishFiveAtOnce(backend: Backend, articleId: string, siteId: string): Promise<PublishResult[]> {
  const answers = await Promise.all(
    Array.from({ length: FIVE }, () =>
      backend.functions.invoke<PublishResult>("publish-article", {
        body: { articleId, siteId, status: "publish" },
      })
    ),
  );
  for (const refused of answers.filter((answer) => answer.error !== null)) {
    const response = (refused.error as { context?: Response }).context;
    expect(response?.status).toBe(409);
  }
  const succeeded = answers.filter((answer) => answer.error === null).map((answer) => answer.data!);
  expect(succeeded.filter((result) => !result.updated), "exactly one publish created the post").toHaveLength(1);
  expect(new Set(succeeded.map((result) => result.remotePostId)).size).toBe(1);
  return succeeded;
}

/**
 * What a publish that died after the site saved its post leaves in the
 * database: the pair's row with its marker and "a create was under way",
 * no remote id, no live claim.
 */
async function interruptedPublication(backend: Backend, articleId: string, siteId: string): Promise<string> {
  const marker = crypto.randomUUID();
  const { error } = await adminBackend().from("publications").insert({
    user_id: backend.userId,
    article_id: articleId,
    site_id: siteId,
    status: "pending",
    remote_marker: marker,
    remote_create_started_at: new Date(Date.now() - 300_000).toISOString(),
  });
  expect(error).toBeNull();
  return marker;
}

test.describe("WordPress", () => {
  const wordpress = e2eEnv.wordpress;
  // Every test runs: without the real WordPress this fails, it is not skipped.
  test.beforeEach(() => {
    if (!wordpress) throw new Error("The real WordPress is not installed: run bash scripts/rigs/wordpress/install-packages.sh");
  });

  const wp = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const auth = Buffer.from(`${wordpress!.user}:${wordpress!.appPassword}`).toString("base64");
    const response = await fetch(`${wordpress!.url}/wp-json/wp/v2/${path}`, {
      ...init,
      headers: { authorization: `Basic ${auth}`, "content-type": "application/json", ...init.headers },
    });
    expect(response.ok, `${init.method ?? "GET"} ${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
  type Post = { id: number; status: string; title: { raw: string }; content: { raw: string } };
  const postsTitled = async (title: string) =>
    (await wp<Post[]>(
      `posts?context=edit&per_page=100&status=publish,future,draft,pending,private,trash&search=${encodeURIComponent(`"${title}"`)}`,
    )).filter((post) => post.title.raw === title);

  let backend: Backend;
  let siteId: string;
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    backend = await backendAs(await register(page));
    await page.close();
    const { data, error } = await backend.functions.invoke<{ site: { id: string } }>("wordpress-connect", {
      body: {
        name: "Once-only WordPress",
        site_url: wordpress!.url,
        username: wordpress!.user,
        application_password: wordpress!.appPassword,
      },
    });
    expect(error).toBeNull();
    siteId = data!.site.id;
  });

  test("five publishes of one article at once make one WordPress post", async () => {
    const title = `Once only ${Date.now()}`;
    const articleId = await newArticle(backend, title);
    const [result] = await publishFiveAtOnce(backend, articleId, siteId);
    const posts = await postsTitled(title);
    expect(posts.map((post) => post.id)).toEqual([result.remotePostId]);
    expect(posts[0].content.raw).toMatch(/\n<!-- inkpress-pub-[0-9a-f-]{36} -->$/);
  });

  test("a post an interrupted publish created is found by its marker, even in the trash, and adopted", async () => {
    const title = `Interrupted ${Date.now()}`;
    const articleId = await newArticle(backend, title);
    const marker = await interruptedPublication(backend, articleId, siteId);
    // The post the interrupted publish created, with the content it sent; since trashed on the site.
    const orphan = await wp<Post>("posts", {
      method: "POST",
      body: JSON.stringify({ title, content: `<p>Old</p>\n<!-- inkpress-pub-${marker} -->`, status: "publish" }),
    });
    await wp<Post>(`posts/${orphan.id}`, { method: "DELETE" });

    const { data, error } = await backend.functions.invoke<PublishResult>("publish-article", {
      body: { articleId, siteId, status: "publish" },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ remotePostId: orphan.id, updated: true });
    const posts = await postsTitled(title);
    expect(posts.map((post) => [post.id, post.status])).toEqual([[orphan.id, "publish"]]);
  });
});

test.describe("Ghost", () => {
  const ghost = e2eEnv.ghost;
  // Every test runs: without the real Ghost this fails, it is not skipped.
  test.beforeEach(() => {
    if (!ghost) throw new Error("The real Ghost is not installed: run bash scripts/rigs/ghost/install.sh");
  });

  const ghostApi = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${ghost!.url}/ghost/api/admin/${path}`, {
      ...init,
      headers: {
        authorization: `Ghost ${await ghostAdminToken(ghost!.adminApiKey)}`,
        "content-type": "application/json",
        ...init.headers,
      },
    });
    expect(response.ok, `${init.method ?? "GET"} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
    return (await response.json()) as T;
  };
  type GhostPost = { id: string; title: string; status: string; tags: { name: string; slug: string; visibility: string }[] };
  const postsTitled = async (title: string) =>
    (await ghostApi<{ posts: GhostPost[] }>(
      `posts/?filter=${encodeURIComponent(`title:'${title}'`)}&include=tags&limit=all`,
    )).posts;

  let backend: Backend;
  let siteId: string;
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    backend = await backendAs(await register(page));
    await page.close();
    const { data, error } = await backend.functions.invoke<{ site: { id: string } }>("ghost-connect", {
      body: { name: "Once-only Ghost", admin_url: ghost!.url, admin_api_key: ghost!.adminApiKey },
    });
    expect(error).toBeNull();
    siteId = data!.site.id;
  });

  test("five publishes of one article at once make one Ghost post, tagged with its internal marker", async () => {
    const title = `Once only ${Date.now()}`;
    const articleId = await newArticle(backend, title);
    const [result] = await publishFiveAtOnce(backend, articleId, siteId);
    const posts = await postsTitled(title);
    expect(posts.map((post) => post.id)).toEqual([result.remotePostId]);
    const marker = posts[0].tags.find((tag) => tag.name.startsWith("#inkpress-"));
    expect(marker?.visibility).toBe("internal");
    expect(marker?.slug).toBe(`hash-${marker!.name.slice(1)}`);
  });

  test("a post an interrupted publish created is found by its marker tag and adopted", async () => {
    const title = `Interrupted ${Date.now()}`;
    const articleId = await newArticle(backend, title);
    const marker = await interruptedPublication(backend, articleId, siteId);
    const { posts: [orphan] } = await ghostApi<{ posts: GhostPost[] }>("posts/?source=html", {
      method: "POST",
      body: JSON.stringify({ posts: [{ title, html: "<p>Old</p>", status: "draft", tags: [{ name: `#inkpress-${marker}` }] }] }),
    });

    const { data, error } = await backend.functions.invoke<PublishResult>("publish-article", {
      body: { articleId, siteId, status: "publish" },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ remotePostId: orphan.id, updated: true });
    const posts = await postsTitled(title);
    expect(posts.map((post) => [post.id, post.status])).toEqual([[orphan.id, "published"]]);
  });
});
