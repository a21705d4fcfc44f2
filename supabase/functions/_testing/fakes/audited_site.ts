/**
 * A small website for the SEO audit to audit, in tests, end-to-end runs and
 * the benchmark: a blog post that passes the audit, one with known defects,
 * robots.txt, a sitemap, redirects, link targets (alive, missing, gone), and
 * the hostile answers the audit's SSRF guard must stop (a redirect to
 * loopback or to the cloud metadata address, a body past the size cap, a
 * body dripping slower than the time cap).
 *
 * Two listeners on 127.0.0.1: the site itself, and "another site" that the
 * pages link to as `localhost:<port>` (a different host name, so those links
 * count as outbound). Both must be on PRIVATE_HOST_ALLOWLIST for the guard
 * to let the audit reach them; nothing else on loopback is.
 *
 *   deno run -A supabase/functions/_testing/fakes/audited_site.ts
 *
 * prints the site's origin on the first line of stdout.
 */

/** The page that passes (nearly) every check, and what it is. */
export const GOOD_PAGE_PATH = "/blog/balcony-tomatoes";
/** The page with the defects listed in DEFECTIVE_PAGE_DEFECTS. */
export const DEFECTIVE_PAGE_PATH = "/private/defects";

/**
 * The checks the defective page fails or warns on, by check id, and why —
 * what tests expect the audit to find (served over http, so https fails
 * too, and mixed content cannot be judged).
 */
export const DEFECTIVE_PAGE_DEFECTS = {
  https: "fail",
  indexable: "fail",
  "robots-allows-page": "fail",
  canonical: "fail",
  compression: "fail",
  "cache-headers": "warning",
  "title-length": "warning",
  "meta-description": "fail",
  "meta-description-length": "fail",
  h1: "warning",
  "heading-order": "warning",
  "word-count": "fail",
  charset: "warning",
  "broken-links": "fail",
  "image-alt": "fail",
  "mixed-content": "warning",
  viewport: "fail",
  lang: "fail",
  hreflang: "warning",
  "open-graph": "warning",
  "twitter-card": "warning",
  "structured-data": "fail",
} as const;

const PARAGRAPHS = [
  "Growing tomatoes on a balcony is easier than most people think. A sunny spot, a deep pot and a variety bred for containers are all you need to pick ripe fruit from June until the first frost.",
  "Start with the variety. Bush and dwarf tomatoes stay compact and do not need tall stakes, while cherry tomatoes forgive the odd missed watering. Read the seed packet: anything marked determinate or patio suits a small space.",
  "Choose a pot of at least twenty litres for each plant. Smaller pots dry out within hours on a hot day, and a thirsty tomato drops its flowers. Drainage holes matter more than the material; terracotta looks lovely but dries faster than plastic.",
  "Fill the pot with a peat-free compost mixed with a handful of grit. Tomatoes are hungry plants, so mix in slow-release fertiliser at planting time and switch to a liquid tomato feed once the first fruits set.",
  "Water deeply and regularly, ideally in the morning. Uneven watering causes split fruit and blossom end rot, the dark patch at the bottom of a tomato. A saucer under the pot keeps a reserve for the afternoon heat.",
  "Pinch out side shoots on cordon varieties so the plant puts its energy into fruit. Bush varieties need no pinching. Tie the main stem loosely to a cane as it grows, and remove yellowing leaves near the soil to keep diseases away.",
  "Harvest when the fruit is fully coloured and gives slightly when squeezed. At the end of the season, green tomatoes ripen indoors next to a banana, or turn into a tangy chutney that keeps all winter.",
];

const goodPage = (origin: string, external: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>How to Grow Tomatoes on a Balcony: A Beginner's Guide</title>
<meta name="description" content="Grow tomatoes on a small balcony: choose a compact variety, a deep pot and good compost, water evenly and harvest ripe fruit all summer.">
<link rel="canonical" href="${origin}${GOOD_PAGE_PATH}">
<link rel="alternate" hreflang="en" href="${origin}${GOOD_PAGE_PATH}">
<link rel="alternate" hreflang="de" href="${origin}/de${GOOD_PAGE_PATH}">
<link rel="alternate" hreflang="x-default" href="${origin}${GOOD_PAGE_PATH}">
<link rel="stylesheet" href="/assets/site.css">
<meta property="og:title" content="How to Grow Tomatoes on a Balcony">
<meta property="og:type" content="article">
<meta property="og:image" content="${origin}/images/tomatoes.jpg">
<meta property="og:url" content="${origin}${GOOD_PAGE_PATH}">
<meta property="og:description" content="A beginner's guide to balcony tomatoes.">
<meta name="twitter:card" content="summary_large_image">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"How to Grow Tomatoes on a Balcony","author":{"@type":"Person","name":"Ann Gardener"},"publisher":{"@type":"Organization","name":"Balcony Garden"}}</script>
</head>
<body>
<header><nav><a href="/">Home</a> <a href="/blog/">Blog</a> <a href="/about">About</a></nav></header>
<main>
<article>
<h1>How to Grow Tomatoes on a Balcony</h1>
<p>${PARAGRAPHS[0]}</p>
<img src="/images/tomatoes.jpg" alt="Ripe cherry tomatoes on a balcony" width="800" height="533">
<h2>Pick a compact variety</h2>
<p>${PARAGRAPHS[1]}</p>
<h2>Pot and compost</h2>
<p>${PARAGRAPHS[2]}</p>
<h3>Feeding</h3>
<p>${PARAGRAPHS[3]} See the <a href="/blog/compost-guide">compost guide</a>.</p>
<h2>Watering</h2>
<p>${PARAGRAPHS[4]} The <a href="${external}/tomato-diseases">tomato disease guide</a> explains blossom end rot in detail.</p>
<h2>Pruning and support</h2>
<p>${PARAGRAPHS[5]}</p>
<img src="/images/divider.png" alt="">
<h2>Harvest</h2>
<p>${PARAGRAPHS[6]} More in the <a href="${external}/harvest-calendar">harvest calendar</a>.</p>
</article>
</main>
<footer><p>© Balcony Garden. <a href="/privacy">Privacy</a></p></footer>
</body>
</html>
`;

/** Few words, a long inline style (so the uncompressed HTML is worth compressing), and the defects listed above. */
const defectivePage = (origin: string, external: string) => `<!DOCTYPE html>
<html>
<head>
<meta http-equiv="content-type" content="text/html; charset=windows-1252">
<meta name="robots" content="noindex, follow">
<title>Defects page — this title is far too long for a search result and will be cut off</title>
<link rel="canonical" href="${origin}${DEFECTIVE_PAGE_PATH}">
<link rel="canonical" href="/private/other">
<link rel="alternate" hreflang="fr" href="/fr/defects">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article",}</script>
<style>${".block{margin:0 auto;padding:1rem;color:#333}".repeat(60)}</style>
</head>
<body>
<h1>First headline</h1>
<h3>Skipped a level</h3>
<h1>Second headline</h1>
<p>Short text with a <a href="/missing-page">broken link</a>, a <a href="${external}/gone">gone page</a> and a <a href="${GOOD_PAGE_PATH}">working one</a>.</p>
<img src="/images/a.jpg">
<img src="http://${new URL(origin).host}/images/b.jpg">
<img src="/images/c.jpg" alt="A described image">
</body>
</html>
`;

const ROBOTS_TXT = (origin: string) => `# robots.txt of the audited test site
User-agent: *
Disallow: /private/
Allow: /private/open

User-agent: BadBot
Disallow: /

Sitemap: ${origin}/sitemap.xml
`;

const SITEMAP = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}${GOOD_PAGE_PATH}</loc><lastmod>2026-11-01</lastmod></url>
  <url><loc>${origin}/blog/compost-guide</loc></url>
  <url><loc>${origin}/about</loc></url>
</urlset>
`;

/** Bytes the `/huge` page streams: past the audit's 5 MiB cap. */
export const HUGE_PAGE_BYTES = 6 * 1024 * 1024;

export interface AuditedSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** "Another site" the pages link to: `http://localhost:<port>`. */
  externalOrigin: string;
  /** Both listeners' `host:port`, for PRIVATE_HOST_ALLOWLIST. */
  allowlist: string[];
  /** Paths requested of the site, in order (e.g. to see that robots.txt was read). */
  requests: { method: string; path: string; userAgent: string | null }[];
  close(): Promise<void>;
}

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function listen(handler: (request: Request) => Response | Promise<Response>, port = 0) {
  const ready = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen: ready.resolve }, handler);
  return { server, ready: ready.promise };
}

/**
 * Site chrome of a typical blog (a long navigation menu, a footer, an inline
 * script), so the good page weighs what blog pages do (the median page's
 * HTML is about 30 kB, Google's figure): for the benchmark.
 */
function typicalChrome(): string {
  const menu = Array.from({ length: 120 }, (_, index) => `<li><a href="/category/topic-${index}/">Topic ${index} and more</a></li>`).join("");
  const footer = Array.from({ length: 40 }, (_, index) => `<p class="footer-note">Archive ${2026 - (index % 10)} · <a href="/archive/${index}/">page ${index}</a></p>`).join("");
  const script = `<script>window.__theme=${JSON.stringify({ colours: Array.from({ length: 200 }, (_, index) => `#${(index * 4099).toString(16).padStart(6, "0").slice(0, 6)}`) })};</script>`;
  return `<nav class="site-menu"><ul>${menu}</ul></nav>${footer}${script}${"<!-- theme padding -->".repeat(600)}`;
}

export async function startAuditedSite(
  options: {
    port?: number;
    externalPort?: number;
    /** Added before every answer, as a remote site's latency (the benchmark). */
    latencyMs?: number;
    /** The good page with the chrome of a typical blog theme (the benchmark). */
    typicalChrome?: boolean;
  } = {},
): Promise<AuditedSite> {
  const requests: AuditedSite["requests"] = [];
  const timers = new Set<ReturnType<typeof setInterval>>();

  const delay = () => (options.latencyMs ? new Promise((resolve) => setTimeout(resolve, options.latencyMs)) : Promise.resolve());
  const chrome = options.typicalChrome ? typicalChrome() : "";

  const external = listen(async (request) => {
    await delay();
    const { pathname } = new URL(request.url);
    if (pathname === "/gone") return new Response("gone", { status: 410 });
    return new Response(request.method === "HEAD" ? null : "<!doctype html><title>Elsewhere</title>", {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  }, options.externalPort);
  const externalOrigin = `http://localhost:${(await external.ready).port}`;

  let origin = "";
  const site = listen(async (request) => {
    await delay();
    const url = new URL(request.url);
    requests.push({ method: request.method, path: url.pathname, userAgent: request.headers.get("user-agent") });
    const html = (body: string, headers: Record<string, string> = {}) =>
      new Response(request.method === "HEAD" ? null : body, {
        headers: { "content-type": "text/html; charset=utf-8", ...headers },
      });
    switch (url.pathname) {
      case GOOD_PAGE_PATH: {
        const body = await gzip(goodPage(origin, externalOrigin).replace("</footer>", `</footer>${chrome}`));
        return new Response(request.method === "HEAD" ? null : body as BodyInit, {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "content-encoding": "gzip",
            "cache-control": "public, max-age=300",
            etag: '"balcony-tomatoes-v1"',
          },
        });
      }
      case DEFECTIVE_PAGE_PATH:
        return new Response(request.method === "HEAD" ? null : defectivePage(origin, externalOrigin), {
          headers: { "content-type": "text/html" },
        });
      case "/robots.txt":
        return new Response(ROBOTS_TXT(origin), { headers: { "content-type": "text/plain" } });
      case "/sitemap.xml":
        return new Response(SITEMAP(origin), { headers: { "content-type": "application/xml" } });
      case "/old-post":
        return new Response(null, { status: 301, headers: { location: GOOD_PAGE_PATH } });
      case "/moved":
        return new Response(null, { status: 302, headers: { location: "/old-post" } });
      case "/to-loopback":
        // 127.0.0.1 on another port: not on the allowlist, so the guard must refuse it.
        return new Response(null, { status: 302, headers: { location: "http://127.0.0.1:9/admin" } });
      case "/to-metadata":
        return new Response(null, { status: 301, headers: { location: "http://169.254.169.254/latest/meta-data/" } });
      case "/huge": {
        let sent = 0;
        const chunk = new TextEncoder().encode(`<p>${"x".repeat(64 * 1024 - 7)}</p>`);
        return new Response(
          new ReadableStream({
            pull(controller) {
              if (sent >= HUGE_PAGE_BYTES) return controller.close();
              controller.enqueue(chunk);
              sent += chunk.byteLength;
            },
          }),
          { headers: { "content-type": "text/html" } },
        );
      }
      case "/slow": {
        // One byte every 200 ms, for a minute: only a time cap on the body stops it.
        let count = 0;
        return new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode("<!doctype html><p>"));
              const timer = setInterval(() => {
                if (count++ > 300) {
                  clearInterval(timer);
                  timers.delete(timer);
                  controller.close();
                  return;
                }
                try {
                  controller.enqueue(new TextEncoder().encode("."));
                } catch {
                  clearInterval(timer);
                  timers.delete(timer);
                }
              }, 200);
              timers.add(timer);
            },
            cancel() {
              count = Infinity;
            },
          }),
          { headers: { "content-type": "text/html" } },
        );
      }
      case "/report.pdf":
        return new Response("%PDF-1.7", { headers: { "content-type": "application/pdf" } });
      case "/server-error":
        return new Response("oops", { status: 500 });
      case "/missing-page":
        return new Response("not here", { status: 404 });
      case "/":
      case "/blog/":
      case "/about":
      case "/privacy":
      case "/blog/compost-guide":
        return html(`<!doctype html><html lang="en"><title>${url.pathname}</title><p>A page.</p></html>`);
      default:
        if (url.pathname.startsWith("/category/") || url.pathname.startsWith("/archive/")) {
          return html(`<!doctype html><html lang="en"><title>${url.pathname}</title><p>An archive page.</p></html>`);
        }
        if (url.pathname.startsWith("/images/") || url.pathname.startsWith("/assets/")) {
          return new Response(request.method === "HEAD" ? null : "binary", { headers: { "content-type": "image/jpeg" } });
        }
        return new Response("not found", { status: 404 });
    }
  }, options.port);
  const port = (await site.ready).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    externalOrigin,
    allowlist: [`127.0.0.1:${port}`, new URL(externalOrigin).host],
    requests,
    async close() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([site.server.shutdown(), external.server.shutdown()]);
    },
  };
}

if (import.meta.main) {
  const site = await startAuditedSite();
  console.log(site.origin);
  console.error(`another site: ${site.externalOrigin}; allowlist: ${site.allowlist.join(",")}`);
}
