/**
 * Test support: an in-process WordPress that speaks the REST API's wire
 * format (index with `namespaces` / `authentication` / `routes`, `context=edit`
 * objects, errors `{ code, message, data: { status } }`, application-password
 * Basic auth, `term_exists` with `data.term_id`, meta applied after the post
 * is saved, collections of posts, pages and terms paged as WordPress pages
 * them: `page`, `per_page` (default 10, at most 100), `X-WP-Total` and
 * `X-WP-TotalPages`, 400 rest_post_invalid_page_number past the last page,
 * `status` (default publish; a list; `any` leaves trash out; others only for a
 * logged-in user who may edit posts), `search` (WP_Query's terms over the raw
 * title, excerpt and content), `modified_after`, `orderby=modified|id`,
 * `include`). Options switch on the
 * edge cases real sites show; `intercept` can answer any request differently.
 *
 * Each request is numbered with its "wave": 1 + the highest wave among the
 * requests that had completed when it arrived. With `responseDelayMs` set,
 * requests sent in parallel share a wave, so `maxWave()` counts sequential
 * round trips.
 */

export interface FakeWordPressOptions {
  username?: string;
  applicationPassword?: string;
  /** pretty: `/wp-json/` and `?rest_route=`; plain: only `?rest_route=` (like "Plain" permalinks). */
  permalinks?: "pretty" | "plain";
  /** WordPress installed in a folder, e.g. "/blog". */
  basePath?: string;
  /** Send `Link: <…>; rel="https://api.w.org/"` on HTML pages (default true). */
  linkHeader?: boolean;
  /** Namespaces besides WordPress's own, e.g. "yoast/v1", "rankmath/v1". */
  extraNamespaces?: string[];
  /** false: the index does not advertise them and Basic auth answers application_passwords_disabled. */
  applicationPasswordsAvailable?: boolean;
  /** The web server drops the Authorization header before PHP sees it. */
  stripAuthorization?: boolean;
  /** Overrides of the administrator's capabilities, e.g. `{ upload_files: false }`. */
  capabilities?: Record<string, boolean>;
  /**
   * The month's uploads folder does not exist yet (a new site, or the first
   * upload of a month): uploads arriving together race to create it, and
   * every one but the first fails as WordPress's does. wp_mkdir_p()
   * (wp-includes/functions.php) checks file_exists() and then mkdir()s, so
   * the request whose mkdir() finds the folder just made returns false;
   * wp_upload_dir() then sets "Unable to create directory %s. Is its parent
   * directory writable by the server?", which the attachments controller
   * answers as 500 rest_upload_unknown_error. Once made, the folder is there
   * for every later upload.
   */
  newUploadsFolder?: boolean;
  /** Post meta keys registered with show_in_rest (others are ignored, as WordPress does). */
  registeredMeta?: string[];
  /** Registered keys the user may not edit: 403 rest_cannot_update AFTER the post is saved. */
  protectedMeta?: string[];
  /** Status WordPress stores whatever was asked (a plugin forcing review, say). */
  forcedPostStatus?: string;
  responseDelayMs?: number;
  /** The `link` answered for every post, instead of the permalink (a broken or hostile site). */
  postLink?: string;
  /** Answer a request differently; return undefined to let the fake handle it. */
  intercept?: (request: Request, route: string | null) => Response | undefined | Promise<Response | undefined>;
}

export interface FakePost {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  status: string;
  slug: string;
  categories: number[];
  tags: number[];
  featured_media: number;
  meta: Record<string, string>;
  /** GMT, as WordPress writes it: `2026-11-22T12:00:00`. Set to the current time when the post is saved. */
  modified: string;
}

export interface FakeTerm {
  id: number;
  name: string;
  slug: string;
}

export interface FakeMedia {
  id: number;
  filename: string;
  mimeType: string;
  altText: string;
  title: string;
  bytes: number;
}

export interface RecordedRequest {
  method: string;
  /** The REST route (`/wp/v2/posts`) or, for pages, the path. */
  route: string;
  wave: number;
  authenticated: boolean;
}

export interface FakeWordPress {
  readonly origin: string;
  readonly hostPort: string;
  /** The REST root discovery should find. */
  readonly restRoot: string;
  /** URL of a PNG served by the fake (stands in for our Storage). */
  readonly imageUrl: string;
  readonly posts: Map<number, FakePost>;
  /** Pages (`/wp/v2/pages`): the same fields as posts; categories and tags are ignored. */
  readonly pages: Map<number, FakePost>;
  readonly terms: { categories: FakeTerm[]; tags: FakeTerm[] };
  readonly media: FakeMedia[];
  readonly requests: RecordedRequest[];
  readonly rankMathMeta: Map<number, Record<string, string>>;
  addTerm(taxonomy: "categories" | "tags", name: string): number;
  addPost(post: Partial<FakePost> & { title: string }): FakePost;
  addPage(page: Partial<FakePost> & { title: string }): FakePost;
  /**
   * Holds the answer to the next post create: the post is saved, then the
   * answer waits until `release()` (a connection that dies, or a publisher
   * that crashes, after the site did the work). `saved` resolves with the post.
   */
  holdNextCreate(): HeldCreate;
  /** Forgets recorded requests and waves. */
  resetLog(): void;
  maxWave(): number;
  close(): Promise<void>;
}

export interface HeldCreate {
  saved: Promise<FakePost>;
  release(): void;
}

export const FAKE_USERNAME = "editor";
export const FAKE_APPLICATION_PASSWORD = "abcd EFGH ijkl MNOP qrst UVWX";

/** A 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (char) => char.charCodeAt(0),
);

const ADMIN_CAPABILITIES: Record<string, boolean> = {
  switch_themes: true,
  edit_posts: true,
  edit_others_posts: true,
  publish_posts: true,
  edit_published_posts: true,
  delete_posts: true,
  upload_files: true,
  manage_categories: true,
  manage_options: true,
  unfiltered_html: true,
  read: true,
  level_10: true,
  administrator: true,
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const decodeBasicEscapes = (text: string) =>
  text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
/** Now, as WordPress writes GMT dates: `2026-11-22T12:00:00`. */
export const wordpressGmtNow = () => new Date().toISOString().slice(0, 19);

/**
 * sanitize_file_name() (wp-includes/formatting.php, WordPress 6.1), its
 * common part: the characters of its `$special_chars` list removed (`%` and
 * `+` among them, so its `%20`/`+` → `-` step finds none left), runs of
 * `[\r\n\t -]` made one `-`, and `.`, `-`, `_` trimmed from both ends. Case
 * is kept.
 */
function sanitizeFileName(name: string): string {
  return name
    .replace(/[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“\u0000]/g, "")
    .replace(/[\r\n\t -]+/g, "-")
    .replace(/^[.\-_]+|[.\-_]+$/g, "");
}

const slugify = (text: string) =>
  text.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "untitled";

function wpError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ code, message, data: { status, ...extra } }, { status });
}

/** WP_Query::get_search_stopwords() (wp-includes/class-wp-query.php), English. */
const SEARCH_STOPWORDS = new Set(
  "about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www"
    .split(","),
);

/**
 * The terms of a `search`, as WP_Query::parse_search() and
 * parse_search_terms() read `s`: quoted phrases, else runs of anything but
 * tab, space, `"`, `,` and `+`; a leading `-` excludes the term; single
 * letters or dashes and stopwords are dropped; ten terms or more make the
 * whole string one sentence.
 */
export function searchTerms(search: string): { include: string[]; exclude: string[] } {
  const trimmed = search.trim();
  let raw = (trimmed.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? []).map((term) => term.replace(/^"|"$/g, ""));
  if (raw.length > 9) raw = [trimmed];
  const terms = raw.map((term) => term.trim()).filter((term) =>
    term && !(term.length === 1 && /^[a-z-]$/i.test(term)) && !SEARCH_STOPWORDS.has(term.toLowerCase())
  );
  return {
    include: terms.filter((term) => !(term.length > 1 && term.startsWith("-"))).map((term) => term.toLowerCase()),
    exclude: terms.filter((term) => term.length > 1 && term.startsWith("-")).map((term) => term.slice(1).toLowerCase()),
  };
}

/** Each term a case-insensitive `LIKE '%term%'` over the raw title, excerpt and content (comments and all). */
function matchesSearch(post: FakePost, terms: { include: string[]; exclude: string[] }): boolean {
  const columns = [post.title, post.excerpt, post.content].map((column) => column.toLowerCase());
  return terms.include.every((term) => columns.some((column) => column.includes(term))) &&
    !terms.exclude.some((term) => columns.some((column) => column.includes(term)));
}

export function startFakeWordPress(options: FakeWordPressOptions = {}): FakeWordPress {
  const username = options.username ?? FAKE_USERNAME;
  const password = (options.applicationPassword ?? FAKE_APPLICATION_PASSWORD).replace(/\s+/g, "");
  const basePath = (options.basePath ?? "").replace(/\/+$/, "");
  const pretty = (options.permalinks ?? "pretty") === "pretty";
  const appPasswords = options.applicationPasswordsAvailable ?? true;
  const capabilities = { ...ADMIN_CAPABILITIES, ...options.capabilities };
  const registeredMeta = new Set(["footnotes", ...(options.registeredMeta ?? []), ...(options.protectedMeta ?? [])]);
  const protectedMeta = new Set(options.protectedMeta ?? []);
  const namespaces = [
    "oembed/1.0",
    "wp/v2",
    "wp-site-health/v1",
    "wp-block-editor/v1",
    ...(options.extraNamespaces ?? []),
  ];

  const posts = new Map<number, FakePost>();
  const pages = new Map<number, FakePost>();
  const terms = { categories: [] as FakeTerm[], tags: [] as FakeTerm[] };
  const media: FakeMedia[] = [];
  // "made", or while the first upload makes it, the moment it is made.
  let uploadsFolder: "missing" | Promise<void> | "made" = options.newUploadsFolder ? "missing" : "made";
  const rankMathMeta = new Map<number, Record<string, string>>();
  const requests: RecordedRequest[] = [];
  let completedWaves: number[] = [];
  let nextId = 100;
  let heldCreate: { saved: PromiseWithResolvers<FakePost>; released: PromiseWithResolvers<void> } | null = null;

  let origin = "";
  const home = () => `${origin}${basePath}/`;
  const restRoot = () => (pretty ? `${origin}${basePath}/wp-json/` : `${origin}${basePath}/?rest_route=/`);
  const routeUrl = (route: string) =>
    pretty ? `${origin}${basePath}/wp-json${route}` : `${origin}${basePath}/?rest_route=${encodeURIComponent(route)}`;

  function addTerm(taxonomy: "categories" | "tags", name: string): number {
    const term = { id: nextId++, name: escapeHtml(name), slug: slugify(name) };
    terms[taxonomy].push(term);
    return term.id;
  }

  function uniqueSlug(wanted: string, exceptId?: number): string {
    let slug = wanted;
    for (let n = 2; [...posts.values()].some((post) => post.slug === slug && post.id !== exceptId); n++) {
      slug = `${wanted}-${n}`;
    }
    return slug;
  }

  function addPost(fields: Partial<FakePost> & { title: string }, into = posts): FakePost {
    const id = fields.id ?? nextId++;
    const post: FakePost = {
      id,
      content: "",
      excerpt: "",
      status: "draft",
      categories: [],
      tags: [],
      featured_media: 0,
      meta: { footnotes: "" },
      modified: wordpressGmtNow(),
      ...fields,
      slug: uniqueSlug(fields.slug ?? slugify(fields.title), id),
    };
    into.set(id, post);
    return post;
  }

  const postLink = (post: FakePost, type: "post" | "page" = "post") =>
    options.postLink ??
      (post.status === "publish" ? `${home()}${post.slug}/` : `${home()}?${type === "page" ? "page_id" : "p"}=${post.id}`);

  /** What WordPress generates when a post has no excerpt of its own: the first 55 words of the content. */
  const renderedExcerpt = (post: FakePost) => {
    if (post.excerpt) return `<p>${escapeHtml(post.excerpt)}</p>\n`;
    const words = post.content.replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean);
    return words.length ? `<p>${words.slice(0, 55).join(" ")}${words.length > 55 ? " [&hellip;]" : ""}</p>\n` : "";
  };

  function pageJson(page: FakePost) {
    const { categories: _categories, tags: _tags, ...json } = postJson(page, "page");
    return { ...json, parent: 0, menu_order: 0 };
  }

  function postJson(post: FakePost, type: "post" | "page" = "post") {
    return {
      id: post.id,
      date: "2026-11-22T12:00:00",
      date_gmt: "2026-11-22T12:00:00",
      guid: { rendered: `${home()}?p=${post.id}`, raw: `${home()}?p=${post.id}` },
      modified: post.modified,
      modified_gmt: post.modified,
      password: "",
      slug: post.slug,
      status: post.status,
      type,
      link: postLink(post, type),
      title: { raw: post.title, rendered: escapeHtml(post.title) },
      content: { raw: post.content, rendered: post.content, protected: false, block_version: 0 },
      excerpt: { raw: post.excerpt, rendered: renderedExcerpt(post), protected: false },
      author: 1,
      featured_media: post.featured_media,
      comment_status: "open",
      ping_status: "open",
      sticky: false,
      template: "",
      format: "standard",
      meta: { ...post.meta },
      categories: post.categories,
      tags: post.tags,
      permalink_template: `${home()}%postname%/`,
      generated_slug: slugify(post.title),
    };
  }

  function indexJson() {
    return {
      name: "Fake WordPress",
      description: "Just another WordPress site",
      url: `${origin}${basePath}`,
      home: `${origin}${basePath}`,
      gmt_offset: 0,
      timezone_string: "",
      namespaces,
      authentication: appPasswords
        ? { "application-passwords": { endpoints: { authorization: `${home()}wp-admin/authorize-application.php` } } }
        : [],
      routes: Object.fromEntries(
        [
          "/",
          "/wp/v2/posts",
          "/wp/v2/posts/(?P<id>[\\d]+)",
          "/wp/v2/pages",
          "/wp/v2/categories",
          "/wp/v2/tags",
          "/wp/v2/media",
          "/wp/v2/users/me",
        ]
          .map((
            route,
          ) => [route, {
            namespace: route === "/" ? "" : "wp/v2",
            methods: ["GET"],
            endpoints: [],
            _links: { self: [{ href: routeUrl(route) }] },
          }]),
      ),
      site_logo: 0,
      site_icon: 0,
      _links: { help: [{ href: "https://developer.wordpress.org/rest-api/" }] },
    };
  }

  type Auth = { user: boolean } | { error: Response };

  function authenticate(request: Request): Auth {
    const header = options.stripAuthorization ? null : request.headers.get("authorization");
    const basic = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
    if (!basic) return { user: false };
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(basic[1]), (char) => char.charCodeAt(0)));
    const separator = decoded.indexOf(":");
    const [name, secret] = [decoded.slice(0, separator), decoded.slice(separator + 1).replace(/\s+/g, "")];
    if (name !== username) {
      return {
        error: wpError(
          401,
          "invalid_username",
          "<strong>Error:</strong> The username <strong>" + name + "</strong> is not registered on this site.",
        ),
      };
    }
    if (!appPasswords) {
      return { error: wpError(401, "application_passwords_disabled", "Application passwords are not available.") };
    }
    if (secret !== password) {
      return { error: wpError(401, "incorrect_password", "The provided password is an invalid application password.") };
    }
    return { user: true };
  }

  function applyMeta(post: FakePost, meta: unknown): Response | null {
    if (!meta || typeof meta !== "object") return null;
    for (const [key, value] of Object.entries(meta as Record<string, unknown>)) {
      if (!registeredMeta.has(key)) continue; // unregistered keys are ignored silently
      if (protectedMeta.has(key)) {
        return wpError(403, "rest_cannot_update", `Sorry, you are not allowed to edit the ${key} custom field.`, {
          key,
        });
      }
      post.meta[key] = String(value);
    }
    return null;
  }

  async function savePost(request: Request, existing: FakePost | null): Promise<Response> {
    const body = await request.json() as Record<string, unknown>;
    const status = typeof body.status === "string" ? body.status : existing?.status ?? "draft";
    if (status === "publish" && !capabilities.publish_posts) {
      return wpError(403, "rest_cannot_publish", "Sorry, you are not allowed to publish posts as this user.");
    }
    const title = typeof body.title === "string"
      ? body.title.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      : existing?.title ?? "";
    const fields: Partial<FakePost> & { title: string } = {
      ...(existing ?? {}),
      title,
      ...(typeof body.content === "string" ? { content: body.content } : {}),
      ...(typeof body.excerpt === "string" ? { excerpt: body.excerpt } : {}),
      ...(Array.isArray(body.categories) ? { categories: body.categories as number[] } : {}),
      ...(Array.isArray(body.tags) ? { tags: body.tags as number[] } : {}),
      ...(typeof body.slug === "string" && body.slug ? { slug: slugify(body.slug) } : {}),
      status: options.forcedPostStatus ?? status,
    };
    const post = existing
      ? Object.assign(existing, fields, {
        slug: uniqueSlug(fields.slug ?? existing.slug, existing.id),
        modified: wordpressGmtNow(),
      })
      : addPost({ ...fields, modified: wordpressGmtNow() });
    // As WordPress does: the post is saved first, featured media and meta afterwards.
    if (typeof body.featured_media === "number") {
      if (body.featured_media !== 0 && !media.some((item) => item.id === body.featured_media)) {
        return wpError(400, "rest_invalid_featured_media", "Invalid featured media ID.");
      }
      post.featured_media = body.featured_media;
    }
    const metaError = applyMeta(post, body.meta);
    if (metaError) return metaError;
    if (!existing && heldCreate) {
      const held = heldCreate;
      heldCreate = null;
      held.saved.resolve(post);
      await held.released.promise;
    }
    return Response.json(postJson(post), { status: existing ? 200 : 201 });
  }

  async function createTerm(request: Request, taxonomy: "categories" | "tags"): Promise<Response> {
    if (!capabilities.manage_categories) {
      return wpError(403, "rest_cannot_create", "Sorry, you are not allowed to create terms in this taxonomy.");
    }
    const { name } = await request.json() as { name?: string };
    if (!name?.trim()) {
      return wpError(400, "rest_missing_callback_param", "Missing parameter(s): name", { params: ["name"] });
    }
    const existing = terms[taxonomy].find((term) =>
      decodeBasicEscapes(term.name).toLowerCase() === name.trim().toLowerCase()
    );
    if (existing) {
      const message = taxonomy === "categories"
        ? "A term with the name provided already exists with this parent."
        : "A term with the name provided already exists in this taxonomy.";
      return wpError(400, "term_exists", message, { term_id: existing.id });
    }
    const id = addTerm(taxonomy, name.trim());
    const term = terms[taxonomy].find((item) => item.id === id) as FakeTerm;
    const taxonomyName = taxonomy === "categories" ? "category" : "post_tag";
    return Response.json({
      id,
      count: 0,
      description: "",
      link: `${home()}${taxonomyName}/${term.slug}/`,
      name: term.name,
      slug: term.slug,
      taxonomy: taxonomyName,
      parent: 0,
      meta: [],
    }, { status: 201 });
  }

  /**
   * wp_unique_filename() (wp-includes/functions.php): a name already in the
   * uploads folder gets `-1`, `-2`, … before its extension.
   */
  function uniqueFileName(name: string): string {
    const dot = name.lastIndexOf(".");
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let number = 1; media.some((item) => item.filename === candidate); number++) {
      candidate = `${base}-${number}${extension}`;
    }
    return candidate;
  }

  async function uploadMedia(request: Request): Promise<Response> {
    if (!capabilities.upload_files) {
      return wpError(403, "rest_cannot_create", "Sorry, you are not allowed to upload media on this site.");
    }
    if (uploadsFolder !== "made") {
      if (uploadsFolder instanceof Promise) {
        // This request's mkdir() found the folder the other had just made: it fails, and the folder is there.
        await uploadsFolder;
        return wpError(
          500,
          "rest_upload_unknown_error",
          "Unable to create directory wp-content/uploads/2026/11. Is its parent directory writable by the server?",
        );
      }
      const making = new Promise<void>((resolve) => setTimeout(resolve, 25));
      uploadsFolder = making;
      await making;
      uploadsFolder = "made";
    }
    const form = await request.formData();
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return wpError(400, "rest_upload_no_data", "No data supplied.");
    const item: FakeMedia = {
      id: nextId++,
      filename: uniqueFileName(sanitizeFileName(file.name)),
      mimeType: file.type,
      altText: String(form.get("alt_text") ?? ""),
      title: String(form.get("title") ?? file.name),
      bytes: file.size,
    };
    media.push(item);
    return Response.json({
      id: item.id,
      date: "2026-11-22T12:00:00",
      slug: slugify(item.title),
      status: "inherit",
      type: "attachment",
      link: `${home()}${slugify(item.title)}/`,
      title: { raw: item.title, rendered: escapeHtml(item.title) },
      author: 1,
      alt_text: item.altText,
      media_type: "image",
      mime_type: item.mimeType,
      source_url: `${home()}wp-content/uploads/2026/11/${item.filename}`,
      media_details: { width: 1, height: 1, file: `2026/11/${item.filename}`, filesize: item.bytes, sizes: {} },
    }, { status: 201 });
  }

  const STATUSES = ["publish", "future", "draft", "pending", "private", "trash"];

  /**
   * A page of a collection, as WordPress answers it: the items of `page`
   * (default 1) at `per_page` (default 10, 1–100) with X-WP-Total and
   * X-WP-TotalPages; 400 past the last page (page 1 of nothing is an empty list).
   */
  function collection<T>(items: T[], url: URL, toJson: (item: T) => unknown): Response {
    const perPage = Number(url.searchParams.get("per_page") ?? 10);
    const page = Number(url.searchParams.get("page") ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return wpError(400, "rest_invalid_param", "Invalid parameter(s): per_page", {
        params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" },
      });
    }
    if (!Number.isInteger(page) || page < 1) {
      return wpError(400, "rest_invalid_param", "Invalid parameter(s): page", { params: { page: "page must be at least 1" } });
    }
    const totalPages = Math.ceil(items.length / perPage);
    if (page > 1 && page > totalPages) {
      return wpError(
        400,
        "rest_post_invalid_page_number",
        "The page number requested is larger than the number of pages available.",
      );
    }
    return Response.json(items.slice((page - 1) * perPage, page * perPage).map(toJson), {
      headers: { "X-WP-Total": String(items.length), "X-WP-TotalPages": String(totalPages) },
    });
  }

  /**
   * DELETE /wp/v2/posts/<id> as WP_REST_Posts_Controller::delete_item
   * answers it: unknown id 404 rest_post_invalid_id; not logged in 401
   * rest_cannot_delete; without `force` the post moves to the trash and the
   * trashed post is the answer (200), a post already there is 410
   * rest_already_trashed; `force=true` deletes it: `{ deleted, previous }`.
   */
  function deletePost(id: number, url: URL, loggedIn: boolean): Response {
    const post = posts.get(id);
    if (!post) return wpError(404, "rest_post_invalid_id", "Invalid post ID.");
    if (!loggedIn) return wpError(401, "rest_cannot_delete", "Sorry, you are not allowed to delete this post.");
    const force = ["1", "true"].includes(url.searchParams.get("force") ?? "");
    if (force) {
      const previous = postJson(post);
      posts.delete(id);
      return Response.json({ deleted: true, previous });
    }
    if (post.status === "trash") return wpError(410, "rest_already_trashed", "The post has already been deleted.");
    post.status = "trash";
    return Response.json(postJson(post));
  }

  /** GET /wp/v2/posts or /wp/v2/pages: status, modified_after, orderby, order, search, include, then paged. */
  function listPosts(source: Map<number, FakePost>, url: URL, loggedIn: boolean, toJson: (post: FakePost) => unknown) {
    const requested = (url.searchParams.get("status") ?? "publish").split(",").map((status) => status.trim());
    const unknown = requested.filter((status) => status !== "any" && !STATUSES.includes(status));
    if (unknown.length) {
      return wpError(400, "rest_invalid_param", "Invalid parameter(s): status", {
        params: { status: `status[0] is not one of ${STATUSES.join(", ")}, and any.` },
      });
    }
    if (requested.some((status) => status !== "publish") && (!loggedIn || !capabilities.edit_posts)) {
      // WP_REST_Posts_Controller::sanitize_post_statuses(): any other status needs edit_posts.
      return wpError(loggedIn ? 403 : 401, "rest_forbidden_status", "Status is forbidden.");
    }
    const statuses = new Set(
      requested.flatMap((status) => (status === "any" ? STATUSES.filter((s) => s !== "trash") : [status])),
    );
    const after = url.searchParams.get("modified_after");
    const afterTime = after === null ? null : Date.parse(after);
    if (afterTime !== null && !Number.isFinite(afterTime)) {
      return wpError(400, "rest_invalid_param", "Invalid parameter(s): modified_after", {
        params: { modified_after: "Invalid date." },
      });
    }
    const search = url.searchParams.get("search");
    const terms = search ? searchTerms(search) : null;
    const include = url.searchParams.get("include")?.split(",").map(Number);
    const orderby = url.searchParams.get("orderby") ?? "date";
    const descending = (url.searchParams.get("order") ?? "desc") === "desc";
    const key = (post: FakePost) => (orderby === "modified" ? Date.parse(`${post.modified}Z`) : post.id);
    const items = [...source.values()]
      .filter((post) => statuses.has(post.status))
      // modified_after is exclusive, in whole seconds, as WordPress's date query compares them.
      .filter((post) => afterTime === null || Date.parse(`${post.modified}Z`) > Math.floor(afterTime / 1000) * 1000)
      .filter((post) => !terms || matchesSearch(post, terms))
      .filter((post) => !include || include.includes(post.id))
      .sort((a, b) => (key(a) - key(b) || a.id - b.id) * (descending ? -1 : 1));
    return collection(items, url, toJson);
  }

  async function rest(request: Request, route: string, url: URL): Promise<Response> {
    const auth = authenticate(request);
    if ("error" in auth) return auth.error;
    const loggedIn = auth.user;
    const method = request.method;
    const notLoggedIn = () => wpError(401, "rest_not_logged_in", "You are not currently logged in.");
    const context = url.searchParams.get("context");

    if (route === "/" || route === "") return Response.json(indexJson());
    if (route === "/wp/v2/users/me" && method === "GET") {
      if (!loggedIn) return notLoggedIn();
      return Response.json({
        id: 1,
        username,
        name: "Editor",
        first_name: "",
        last_name: "",
        email: "editor@example.com",
        url: "",
        description: "",
        link: `${home()}author/${username}/`,
        locale: "en_US",
        nickname: username,
        slug: username,
        roles: ["administrator"],
        registered_date: "2026-01-01T00:00:00+00:00",
        capabilities,
        extra_capabilities: { administrator: true },
        avatar_urls: {},
        meta: { persisted_preferences: [] },
      });
    }
    const postMatch = /^\/wp\/v2\/posts(?:\/(\d+))?$/.exec(route);
    if (postMatch) {
      const id = postMatch[1] ? Number(postMatch[1]) : null;
      if (method === "GET") {
        if (context === "edit" && !loggedIn) {
          return wpError(401, "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type.");
        }
        if (id === null) return listPosts(posts, url, loggedIn, (post) => postJson(post));
        const post = posts.get(id);
        return post ? Response.json(postJson(post)) : wpError(404, "rest_post_invalid_id", "Invalid post ID.");
      }
      if (method === "POST") {
        if (!loggedIn) {
          return wpError(401, "rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
        }
        if (id === null) return savePost(request, null);
        const post = posts.get(id);
        return post ? savePost(request, post) : wpError(404, "rest_post_invalid_id", "Invalid post ID.");
      }
      if (method === "DELETE" && id !== null) return deletePost(id, url, loggedIn);
    }
    if (route === "/wp/v2/pages" && method === "GET") {
      if (context === "edit" && !loggedIn) {
        return wpError(401, "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type.");
      }
      return listPosts(pages, url, loggedIn, pageJson);
    }
    const termMatch = /^\/wp\/v2\/(categories|tags)$/.exec(route);
    if (termMatch) {
      const taxonomy = termMatch[1] as "categories" | "tags";
      if (method === "GET") {
        const search = url.searchParams.get("search")?.toLowerCase() ?? "";
        const include = url.searchParams.get("include")?.split(",").map(Number);
        return collection(
          terms[taxonomy].filter((term) =>
            decodeBasicEscapes(term.name).toLowerCase().includes(search) && (!include || include.includes(term.id))
          ),
          url,
          (term) => term,
        );
      }
      if (method === "POST") {
        if (!loggedIn) {
          return wpError(401, "rest_cannot_create", "Sorry, you are not allowed to create terms in this taxonomy.");
        }
        return createTerm(request, taxonomy);
      }
    }
    if (route === "/wp/v2/media") {
      if (method === "GET") {
        if (context === "edit" && !loggedIn) {
          return wpError(401, "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type.");
        }
        return Response.json(media.map((item) => ({ id: item.id })));
      }
      if (method === "POST") {
        if (!loggedIn) {
          return wpError(401, "rest_cannot_create", "Sorry, you are not allowed to upload media on this site.");
        }
        return uploadMedia(request);
      }
    }
    if (route === "/rankmath/v1/updateMeta" && method === "POST" && namespaces.includes("rankmath/v1")) {
      if (!loggedIn) return wpError(401, "rest_forbidden", "Sorry, you are not allowed to do that.");
      const body = await request.json() as { objectID?: number; meta?: Record<string, string> };
      const post = posts.get(Number(body.objectID));
      if (!post) return wpError(404, "invalid_object_id", "Invalid object ID.");
      rankMathMeta.set(post.id, { ...rankMathMeta.get(post.id), ...body.meta });
      return Response.json({ slug: post.slug, schemas: {} });
    }
    return wpError(404, "rest_no_route", "No route was found matching the URL and request method.");
  }

  function page(url: URL): Response {
    if (url.pathname.startsWith("/images/")) {
      return new Response(PNG_BYTES, { headers: { "content-type": "image/png" } });
    }
    const isHome = url.pathname === `${basePath}/` || url.pathname === basePath;
    const headers = new Headers({ "content-type": "text/html; charset=UTF-8" });
    if (options.linkHeader ?? true) headers.set("link", `<${restRoot()}>; rel="https://api.w.org/"`);
    const html = isHome
      ? "<!doctype html><title>Fake WordPress</title><h1>Hello</h1>"
      : "<!doctype html><title>Page not found</title>";
    return new Response(html, { status: isHome ? 200 : 404, headers });
  }

  function routeOf(url: URL): string | null {
    const restRoute = url.searchParams.get("rest_route");
    if (
      restRoute !== null &&
      (url.pathname === `${basePath}/` || url.pathname === basePath || url.pathname === `${basePath}/index.php`)
    ) {
      return restRoute;
    }
    const prefix = `${basePath}/wp-json`;
    if (pretty && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
      return url.pathname.slice(prefix.length) || "/";
    }
    return null;
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const route = routeOf(url);
    const wave = 1 + Math.max(0, ...completedWaves);
    const record: RecordedRequest = {
      method: request.method,
      route: route ?? url.pathname,
      wave,
      authenticated: !options.stripAuthorization && request.headers.has("authorization"),
    };
    requests.push(record);
    if (options.responseDelayMs) await new Promise((resolve) => setTimeout(resolve, options.responseDelayMs));
    const response = (await options.intercept?.(request, route)) ??
      (route === null ? page(url) : await rest(request, route, url));
    completedWaves.push(wave);
    return response;
  });
  origin = `http://127.0.0.1:${server.addr.port}`;

  return {
    origin,
    hostPort: `127.0.0.1:${server.addr.port}`,
    restRoot: restRoot(),
    imageUrl: `${origin}/images/featured.png`,
    posts,
    pages,
    terms,
    media,
    requests,
    rankMathMeta,
    addTerm,
    addPost: (post) => addPost(post),
    addPage: (page) => addPost({ status: "publish", ...page }, pages),
    holdNextCreate() {
      const held = { saved: Promise.withResolvers<FakePost>(), released: Promise.withResolvers<void>() };
      heldCreate = held;
      return { saved: held.saved.promise, release: () => held.released.resolve() };
    },
    resetLog() {
      requests.length = 0;
      completedWaves = [];
    },
    maxWave: () => Math.max(0, ...requests.map((request) => request.wave)),
    close: () => server.shutdown(),
  };
}
