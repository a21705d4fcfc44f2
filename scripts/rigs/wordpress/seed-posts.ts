/**
 * Publishes posts on a real WordPress through its REST API, as the
 * administrator (Basic auth with the application password): categories and
 * tags by name (an existing term is reused), then the posts, a few requests
 * at a time (php -S serves PHP_CLI_SERVER_WORKERS at once). Plain fetch, so
 * Deno scripts and Playwright tests (Node) both use it.
 */

export interface SeedPost {
  title: string;
  slug: string;
  /** HTML. */
  content: string;
  category: string;
  tags: readonly string[];
}

export interface SeededPost {
  id: number;
  slug: string;
  link: string;
}

export interface SeedTarget {
  /** The site's REST root, e.g. `http://127.0.0.1:8080/wp-json/`. */
  restRoot: string;
  /** `Basic base64(user:applicationPassword)`. */
  authorization: string;
}

async function wordpressRequest<T>(target: SeedTarget, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${target.restRoot.replace(/\/?$/, "/")}${route}`, {
    method,
    headers: { authorization: target.authorization, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { code?: string; data?: { term_id?: number } };
  if (!response.ok) {
    if (answer.code === "term_exists" && answer.data?.term_id) return { id: answer.data.term_id } as T;
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return answer;
}

/** Runs the tasks with at most `limit` at once, keeping their order in the result. */
async function limited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}

/** The published posts with these slugs (`slug=` takes a list, 100 at most per page). */
async function publishedWithSlugs(target: SeedTarget, slugs: readonly string[]): Promise<SeededPost[]> {
  const found: SeededPost[] = [];
  for (let i = 0; i < slugs.length; i += 100) {
    const chunk = slugs.slice(i, i + 100).join(",");
    found.push(
      ...await wordpressRequest<SeededPost[]>(target, "GET", `wp/v2/posts?slug=${encodeURIComponent(chunk)}&per_page=100&_fields=id,slug,link`),
    );
  }
  return found;
}

/**
 * Creates the terms and publishes `posts`; returns each post's id, slug and
 * link, in order. With `reuse`, a post already published under its slug is
 * kept as it is (a second run against the same site adds no copies).
 */
export async function seedPosts(
  target: SeedTarget,
  posts: readonly SeedPost[],
  { concurrency = 4, reuse = false }: { concurrency?: number; reuse?: boolean } = {},
): Promise<SeededPost[]> {
  if (reuse) {
    const existing = new Map((await publishedWithSlugs(target, posts.map((post) => post.slug))).map((post) => [post.slug, post]));
    const created = await seedPosts(target, posts.filter((post) => !existing.has(post.slug)), { concurrency });
    const bySlug = new Map([...existing, ...created.map((post) => [post.slug, post] as const)]);
    return posts.map((post) => bySlug.get(post.slug)!);
  }
  if (posts.length === 0) return [];
  const termIds = async (taxonomy: "categories" | "tags", names: string[]) => {
    const unique = [...new Set(names)];
    const ids = await limited(
      unique.map((name) => () => wordpressRequest<{ id: number }>(target, "POST", `wp/v2/${taxonomy}`, { name })),
      concurrency,
    );
    return new Map(unique.map((name, i) => [name, ids[i].id]));
  };
  const categories = await termIds("categories", posts.map((post) => post.category));
  const tags = await termIds("tags", posts.flatMap((post) => [...post.tags]));
  return await limited(
    posts.map((post) => async () => {
      const created = await wordpressRequest<{ id: number; slug: string; link: string }>(target, "POST", "wp/v2/posts", {
        title: post.title,
        slug: post.slug,
        content: post.content,
        status: "publish",
        categories: [categories.get(post.category)],
        tags: post.tags.map((tag) => tags.get(tag)),
      });
      return { id: created.id, slug: created.slug, link: created.link };
    }),
    concurrency,
  );
}

/** Changes a post (title, content, status ...) as its author would in WordPress. */
export function updatePost(target: SeedTarget, id: number, fields: Record<string, unknown>): Promise<unknown> {
  return wordpressRequest(target, "POST", `wp/v2/posts/${id}`, fields);
}

/** Moves a post to the trash. */
export function trashPost(target: SeedTarget, id: number): Promise<unknown> {
  return wordpressRequest(target, "DELETE", `wp/v2/posts/${id}`);
}
