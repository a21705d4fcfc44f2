/**
 * Test support: an in-process Ghost that speaks the Admin API's wire format
 * as Ghost 6 does (seen against the real one, scripts/rigs/ghost/README.md):
 * `Authorization: Ghost <jwt>` checked like Ghost checks it (HS256, `kid` =
 * key id, `aud` /admin/, `exp` at most 5 minutes after `iat`, expired →
 * 401), no token → 403, errors `{ errors: [{ message, context, type }] }`,
 * posts in `{ posts: [...] }` with tags by name created with the post (a
 * `#name` is an internal tag with the slug `hash-name`), browsing with NQL
 * `filter` (`tag`/`tags`, `slug`, `status`, `id`; `key:value` or
 * `key:'value'`, joined with `+`), `fields`, `limit` (default 15) and
 * `order=created_at asc|desc`, every status by default, edits
 * that need the current `updated_at` (stale → 409 UpdateCollisionError,
 * missing → 422), and image upload as multipart `file` → 201
 * `{ images: [{ url, ref }] }`, delete → 204 with no body (a deleted or
 * unknown post is 404 NotFoundError). `intercept` can answer any request
 * differently.
 *
 * Each request is numbered with its "wave" (as the fake WordPress does), so
 * with `responseDelayMs` set `maxWave()` counts sequential round trips.
 */
import { decodeProtectedHeader, jwtVerify } from "jose";

export const FAKE_GHOST_KEY_ID = "6a1b2c3d4e5f60718293a4b5";
export const FAKE_GHOST_ADMIN_API_KEY = `${FAKE_GHOST_KEY_ID}:${"0f1e2d3c4b5a6978".repeat(4)}`;

export interface FakeGhostOptions {
  adminApiKey?: string;
  /** Paths under the Admin API root (e.g. "posts/") the key may not use: 403 NoPermissionError. */
  forbidden?: string[];
  responseDelayMs?: number;
  /** Answer a request differently; return undefined to let the fake handle it. */
  intercept?: (request: Request, path: string) => Response | undefined | Promise<Response | undefined>;
}

export interface FakeGhostPost {
  id: string;
  uuid: string;
  title: string;
  html: string;
  slug: string;
  status: string;
  custom_excerpt: string | null;
  feature_image: string | null;
  feature_image_alt: string | null;
  meta_title: string | null;
  meta_description: string | null;
  tags: FakeGhostTag[];
  updated_at: string;
}

export interface FakeGhostTag {
  id: string;
  name: string;
  slug: string;
  visibility: "public" | "internal";
}

export interface FakeGhostRequest {
  method: string;
  path: string;
  search: string;
  wave: number;
}

export interface FakeGhost {
  readonly origin: string;
  readonly hostPort: string;
  readonly posts: FakeGhostPost[];
  readonly tags: Map<string, FakeGhostTag>;
  readonly images: string[];
  readonly requests: FakeGhostRequest[];
  /** Changes the post as an editor in Ghost Admin would (its updated_at moves on). */
  touchPost(id: string): void;
  resetLog(): void;
  maxWave(): number;
  close(): Promise<void>;
}

export function ghostError(status: number, type: string, message: string, context: string | null = null): Response {
  return Response.json({ errors: [{ message, context, type, details: null, property: null, help: null, code: null }] }, {
    status,
  });
}

const slugify = (text: string) =>
  text.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "untitled";

let objectIds = 0;
/** A Ghost-like object id: 24 hex digits. */
function objectId(): string {
  objectIds += 1;
  return `${Date.now().toString(16).padStart(12, "0")}${objectIds.toString(16).padStart(12, "0")}`.slice(-24);
}

export function startFakeGhost(options: FakeGhostOptions = {}): FakeGhost {
  const adminApiKey = options.adminApiKey ?? FAKE_GHOST_ADMIN_API_KEY;
  const [keyId, secretHex] = adminApiKey.split(":");
  const secret = Uint8Array.from(secretHex.match(/../g)!, (pair) => parseInt(pair, 16));
  const posts: FakeGhostPost[] = [];
  const tags = new Map<string, FakeGhostTag>();
  const images: string[] = [];
  const requests: FakeGhostRequest[] = [];
  let completedWaves: number[] = [];
  let origin = "";
  let clock = Date.parse("2026-11-24T10:00:00.000Z");
  const nextUpdatedAt = () => new Date((clock += 1000)).toISOString().replace(/\.\d{3}Z$/, ".000Z");

  async function authorised(request: Request): Promise<Response | null> {
    const header = request.headers.get("authorization") ?? "";
    if (!header.startsWith("Ghost ")) {
      return ghostError(403, "NoPermissionError", "You do not have permission to perform this request");
    }
    const token = header.slice("Ghost ".length);
    try {
      const { kid } = decodeProtectedHeader(token);
      if (kid !== keyId) return ghostError(401, "UnauthorizedError", "Unknown Admin API Key", "INVALID_JWT");
      const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"], audience: "/admin/" });
      if (typeof payload.exp !== "number" || typeof payload.iat !== "number" || payload.exp - payload.iat > 300) {
        return ghostError(401, "UnauthorizedError", "Invalid token: maxAge exceeded", "INVALID_JWT");
      }
      return null;
    } catch (error) {
      return ghostError(401, "UnauthorizedError", `Invalid token: ${(error as Error).message}`, "INVALID_JWT");
    }
  }

  function postJson(post: FakeGhostPost) {
    return { ...post, url: post.status === "published" ? `${origin}/${post.slug}/` : `${origin}/p/${post.uuid}/` };
  }

  function applyPost(post: FakeGhostPost, input: Record<string, unknown>) {
    for (const field of ["title", "custom_excerpt", "feature_image", "feature_image_alt", "meta_title", "meta_description"] as const) {
      if (field in input) (post as unknown as Record<string, unknown>)[field] = input[field] ?? null;
    }
    if (typeof input.html === "string") post.html = input.html;
    if (typeof input.status === "string") post.status = input.status;
    if (typeof input.slug === "string" && input.slug) post.slug = slugify(input.slug);
    if (Array.isArray(input.tags)) {
      post.tags = input.tags.map((tag: { name?: string }) => {
        const name = String(tag.name ?? "");
        const known = tags.get(name.toLowerCase());
        if (known) return known;
        // ghost/core/core/server/models/tag.js onSaving: "name: #later slug: hash-later", visibility internal.
        const internal = name.startsWith("#");
        const created: FakeGhostTag = {
          id: objectId(),
          name,
          slug: internal ? `hash-${slugify(name.slice(1))}` : slugify(name),
          visibility: internal ? "internal" : "public",
        };
        tags.set(name.toLowerCase(), created);
        return created;
      });
    }
    post.updated_at = nextUpdatedAt();
  }

  /**
   * GET posts/: every status unless the filter names one (the Admin API's
   * forceStatusFilter, ghost/core/.../serializers/input/posts.js), NQL
   * filters of `key:value` / `key:'value'` joined by `+` where `tag` and
   * `tags` mean the tags' slugs (@tryghost/nql-filter-expansions); anything
   * else is 400 "Error parsing filter", as Ghost answers a filter it cannot
   * parse.
   */
  function browsePosts(url: URL): Response {
    const conditions: [string, string][] = [];
    const filter = url.searchParams.get("filter");
    if (filter !== null) {
      for (const part of filter.split("+")) {
        const match = /^(tag|tags|slug|status|id):(?:'([^']*)'|([^'"+,()<>=\[\]\s-][^'"+,()<>=\[\]\s]*))$/.exec(part.trim());
        if (!match) return ghostError(400, "BadRequestError", "Error parsing filter", `Query Error: unexpected input in ${filter}`);
        conditions.push([match[1] === "tags" ? "tag" : match[1], match[2] ?? match[3]]);
      }
    }
    const matching = posts.filter((post) =>
      conditions.every(([key, value]) =>
        key === "tag"
          ? post.tags.some((tag) => tag.slug === value)
          : String((post as unknown as Record<string, unknown>)[key]) === value
      )
    );
    if (url.searchParams.get("order") === "created_at desc") matching.reverse();
    const limitParam = url.searchParams.get("limit") ?? "15";
    const limit = limitParam === "all" ? matching.length : Number(limitParam);
    if (!Number.isInteger(limit) || limit < 1) return ghostError(422, "ValidationError", `Validation (isInt) failed for limit`);
    const fields = url.searchParams.get("fields")?.split(",").map((field) => field.trim());
    const page = matching.slice(0, limit).map((post) => {
      const json = postJson(post) as Record<string, unknown>;
      return fields ? Object.fromEntries(fields.filter((field) => field in json).map((field) => [field, json[field]])) : json;
    });
    return Response.json({
      posts: page,
      meta: {
        pagination: {
          page: 1,
          limit: limitParam === "all" ? "all" : limit,
          pages: Math.max(1, Math.ceil(matching.length / Math.max(limit, 1))),
          total: matching.length,
          next: matching.length > limit ? 2 : null,
          prev: null,
        },
      },
    });
  }

  async function api(request: Request, path: string, url: URL): Promise<Response> {
    if (request.method === "GET" && path === "site/") {
      return Response.json({ site: { title: "Fake Ghost", url: `${origin}/`, version: "6.65" } });
    }
    const refused = await authorised(request);
    if (refused) return refused;
    if (options.forbidden?.some((forbidden) => path.startsWith(forbidden))) {
      return ghostError(403, "NoPermissionError", "You do not have permission to perform this request");
    }
    if (path === "posts/" && request.method === "GET") return browsePosts(url);
    if (path === "posts/" && request.method === "POST") {
      const body = await request.json() as { posts?: Record<string, unknown>[] };
      const input = body.posts?.[0];
      if (!input || typeof input.title !== "string") {
        return ghostError(422, "ValidationError", "Validation error, cannot save post.", "Title is required");
      }
      if (url.searchParams.get("source") !== "html" && "html" in input) {
        return ghostError(422, "ValidationError", "html is only accepted with ?source=html");
      }
      const post: FakeGhostPost = {
        id: objectId(),
        uuid: crypto.randomUUID(),
        title: "",
        html: "",
        slug: slugify(String(input.slug || input.title)),
        status: "draft",
        custom_excerpt: null,
        feature_image: null,
        feature_image_alt: null,
        meta_title: null,
        meta_description: null,
        tags: [],
        updated_at: "",
      };
      applyPost(post, input);
      posts.push(post);
      return Response.json({ posts: [postJson(post)] }, { status: 201 });
    }
    const postMatch = /^posts\/([0-9a-f]{24})\/$/.exec(path);
    if (postMatch) {
      const post = posts.find((candidate) => candidate.id === postMatch[1]);
      if (!post) return ghostError(404, "NotFoundError", "Post not found.");
      if (request.method === "GET") {
        // The Admin API answers `html` only when formats names it (its default
        // format is lexical), and `fields` picks the fields (ghost/core
        // .../api/endpoints/posts.js read: options formats, fields).
        const json = postJson(post) as Record<string, unknown>;
        if (!url.searchParams.get("formats")?.split(",").includes("html")) delete json.html;
        const fields = url.searchParams.get("fields")?.split(",").map((field) => field.trim());
        const picked = fields ? Object.fromEntries(fields.filter((field) => field in json).map((field) => [field, json[field]])) : json;
        return Response.json({ posts: [picked] });
      }
      // Ghost deletes a post outright (no trash) and answers 204 with no body
      // (ghost/core/.../api/endpoints/posts.js `destroy`: statusCode 204).
      if (request.method === "DELETE") {
        posts.splice(posts.indexOf(post), 1);
        return new Response(null, { status: 204 });
      }
      if (request.method === "PUT") {
        const body = await request.json() as { posts?: Record<string, unknown>[] };
        const input = body.posts?.[0] ?? {};
        if (typeof input.updated_at !== "string") {
          return ghostError(422, "ValidationError", "Validation error, cannot edit post.", "updated_at is required");
        }
        if (input.updated_at !== post.updated_at) {
          return ghostError(409, "UpdateCollisionError", "Saving failed! Someone else is editing this post.");
        }
        applyPost(post, input);
        return Response.json({ posts: [postJson(post)] });
      }
    }
    if (path === "images/upload/" && request.method === "POST") {
      const form = await request.formData();
      const file = form.get("file");
      if (!(file instanceof File)) return ghostError(422, "ValidationError", "Please select an image.");
      // ghost-storage-base BaseStorage: getSanitizedFileName() makes every
      // character outside [\w@.] a `-`; getUniqueFileName() adds `-1`, `-2`, …
      // before the extension while the name is taken (under /content/images/yyyy/mm/).
      const sanitized = file.name.replace(/[^\w@.]/g, "-");
      const dot = sanitized.lastIndexOf(".");
      const [base, extension] = dot > 0 ? [sanitized.slice(0, dot), sanitized.slice(dot)] : [sanitized, ""];
      let name = sanitized;
      for (let number = 1; images.includes(`${origin}/content/images/2026/11/${name}`); number++) {
        name = `${base}-${number}${extension}`;
      }
      const imageUrl = `${origin}/content/images/2026/11/${name}`;
      images.push(imageUrl);
      return Response.json({ images: [{ url: imageUrl, ref: form.get("ref") ?? null }] }, { status: 201 });
    }
    return ghostError(404, "NotFoundError", "Resource not found");
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const prefix = "/ghost/api/admin/";
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    const wave = 1 + Math.max(0, ...completedWaves);
    requests.push({ method: request.method, path, search: url.search, wave });
    if (options.responseDelayMs) await new Promise((resolve) => setTimeout(resolve, options.responseDelayMs));
    const response = (await options.intercept?.(request, path)) ??
      (url.pathname.startsWith(prefix)
        ? await api(request, path, url)
        : new Response("<!doctype html><title>Fake Ghost</title>", { headers: { "content-type": "text/html" } }));
    completedWaves.push(wave);
    return response;
  });
  origin = `http://127.0.0.1:${server.addr.port}`;

  return {
    origin,
    hostPort: `127.0.0.1:${server.addr.port}`,
    posts,
    tags,
    images,
    requests,
    touchPost(id) {
      const post = posts.find((candidate) => candidate.id === id);
      if (post) post.updated_at = nextUpdatedAt();
    },
    resetLog() {
      requests.length = 0;
      completedWaves = [];
    },
    maxWave: () => Math.max(0, ...requests.map((request) => request.wave)),
    close: () => server.shutdown(),
  };
}
