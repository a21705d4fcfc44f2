/**
 * The audit of one page: fetches the page, its site's robots.txt and
 * sitemap, and a sample of its links — every request through the SSRF guard
 * (net/ssrf.ts: public addresses only, each redirect re-checked, a time and
 * size cap per response) — then runs the measured checks (audit_checks.ts).
 *
 * A page that cannot be fetched is not audited: the outcome says why, and
 * nothing is guessed in its place.
 */
import type { SeoAudit } from "../contracts/seo.ts";
import { type GuardedFetch, type GuardedFetchOptions, type GuardedResponse, OutboundRequestError } from "../net/ssrf.ts";
import {
  type AuditFacts,
  classifyLinks,
  type FetchedPage,
  type LinkProbe,
  type RobotsOutcome,
  runAuditChecks,
  type SitemapOutcome,
} from "./audit_checks.ts";
import { readHtmlFacts } from "./html_facts.ts";
import { parseRobotsTxt, ROBOTS_TXT_MAX_BYTES } from "./robots_txt.ts";
import { CONVENTIONAL_SITEMAP_PATHS, parseSitemap } from "./sitemap.ts";

export interface AuditLimits {
  pageTimeoutMs: number;
  pageMaxBytes: number;
  robotsTimeoutMs: number;
  robotsMaxBytes: number;
  sitemapTimeoutMs: number;
  sitemapMaxBytes: number;
  linkTimeoutMs: number;
  /** Links checked for breakage: up to half internal, the rest external. */
  linkSample: number;
  linkConcurrency: number;
}

/** Caps of the audit's requests. The page's cap is the guard's default; a larger page is refused, not truncated. */
export const AUDIT_LIMITS: Readonly<AuditLimits> = {
  pageTimeoutMs: 10_000,
  pageMaxBytes: 5 * 1024 * 1024,
  robotsTimeoutMs: 5_000,
  robotsMaxBytes: ROBOTS_TXT_MAX_BYTES,
  sitemapTimeoutMs: 5_000,
  sitemapMaxBytes: 10 * 1024 * 1024,
  linkTimeoutMs: 5_000,
  linkSample: 12,
  linkConcurrency: 6,
};

/** Sent with every audit request, so site owners can tell the audit from other traffic. */
export const AUDIT_USER_AGENT = "Mozilla/5.0 (compatible; InkpressSEOAudit/1.0)";

export interface AuditDeps {
  /** guardedFetch, or a stand-in in tests. */
  fetch: GuardedFetch;
  /** Passed to every request (tests: a fake fetch, DNS and allowlist). */
  guard?: Pick<GuardedFetchOptions, "fetch" | "resolveDns" | "privateHostAllowlist">;
  /** Overrides of AUDIT_LIMITS (tests). */
  limits?: Partial<AuditLimits>;
  /** Milliseconds for durations (performance.now). */
  now?: () => number;
  /** The time stamped on the audit. */
  clock?: () => Date;
}

export type AuditOutcome =
  | { ok: true; audit: SeoAudit; facts: AuditFacts }
  | { ok: false; message: string };

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/** Why a request failed, in words for the user (no credentials: the guard's messages carry host and path only). */
function reasonOf(error: unknown, limits: { timeoutMs: number; maxBytes: number }): string {
  if (!(error instanceof OutboundRequestError)) return error instanceof Error ? error.message : String(error);
  switch (error.kind) {
    case "forbidden_address":
      return `${error.message}: the audit only reaches public addresses`;
    case "dns":
      return `${error.message} (no such host)`;
    case "timeout":
      return `no answer within ${limits.timeoutMs / 1000} s`;
    case "too_large":
      return `larger than ${formatLimit(limits.maxBytes)}, more than the audit reads`;
    case "too_many_redirects":
      return "more than 5 redirects (a loop?)";
    default:
      return error.message;
  }
}

const formatLimit = (bytes: number) => bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KiB`;

function statusText(status: number): string {
  const names: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    410: "Gone",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
  };
  return names[status] ? `${status} ${names[status]}` : String(status);
}

/** A fetch that notes every hop the guard makes (its URL, status and when its headers arrived). */
function recordingFetch(inner: typeof fetch, now: () => number) {
  const hops: { url: string; status: number; redirectsTo: string | null; at: number }[] = [];
  const record: typeof fetch = async (input, init) => {
    const response = await inner(input, init);
    const url = input instanceof Request ? input.url : String(input);
    hops.push({ url, status: response.status, redirectsTo: response.headers.get("location"), at: now() });
    return response;
  };
  return { hops, fetch: record };
}

/** Decompresses a gzipped sitemap (`.xml.gz`), which servers often send as application/x-gzip. */
async function sitemapText(response: GuardedResponse, maxBytes: number): Promise<string> {
  const body = response.body;
  if (body.length < 2 || body[0] !== 0x1f || body[1] !== 0x8b) return response.text();
  const stream = new Blob([body as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    total += read.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`larger than ${formatLimit(maxBytes)} once decompressed`);
    }
    chunks.push(read.value);
  }
  return new TextDecoder().decode(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

export async function auditPage(url: string, deps: AuditDeps, signal?: AbortSignal): Promise<AuditOutcome> {
  const limits = { ...AUDIT_LIMITS, ...deps.limits };
  const now = deps.now ?? (() => performance.now());
  const clock = deps.clock ?? (() => new Date());
  const started = now();
  const baseFetch = deps.guard?.fetch ?? fetch;
  const headers = { "user-agent": AUDIT_USER_AGENT };
  const request = (target: string, init: RequestInit, options: GuardedFetchOptions) =>
    deps.fetch(target, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } }, {
      ...deps.guard,
      signal,
      ...options,
    });

  // ── The page itself
  const recorder = recordingFetch(baseFetch, now);
  let response: GuardedResponse;
  try {
    response = await request(url, { headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5" } }, {
      fetch: recorder.fetch,
      timeoutMs: limits.pageTimeoutMs,
      maxResponseBytes: limits.pageMaxBytes,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      ok: false,
      message: `Could not audit ${url}: ${reasonOf(error, { timeoutMs: limits.pageTimeoutMs, maxBytes: limits.pageMaxBytes })}.`,
    };
  }
  const finalHop = recorder.hops.at(-1);
  const responseMs = Math.max(0, (finalHop?.at ?? now()) - started);
  if (response.status >= 300) {
    return { ok: false, message: `Could not audit ${url}: ${response.url} answered ${statusText(response.status)}.` };
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (!HTML_TYPES.test(contentType.trim())) {
    return {
      ok: false,
      message: `Could not audit ${url}: ${response.url} is ${contentType ? contentType.split(";")[0] : "not labelled as HTML"}, not an HTML page.`,
    };
  }
  const page: FetchedPage = {
    requestedUrl: url,
    finalUrl: response.url,
    status: response.status,
    redirects: recorder.hops.filter((hop) => hop.redirectsTo !== null && hop.status >= 300 && hop.status < 400)
      .map((hop) => ({ url: hop.url, status: hop.status })),
    responseMs,
    headers: response.headers,
    htmlBytes: response.body.byteLength,
  };
  const html = readHtmlFacts(response.text());
  const origin = new URL(page.finalUrl).origin;

  // ── robots.txt, then the sitemap it names (or a conventional one); the link sample meanwhile
  const robotsAndSitemap = (async () => {
    const robots = await readRobots(`${origin}/robots.txt`);
    return { robots, sitemap: await findSitemap(robots) };
  })();

  async function readRobots(robotsUrl: string): Promise<RobotsOutcome> {
    try {
      const answer = await request(robotsUrl, {}, { timeoutMs: limits.robotsTimeoutMs, maxResponseBytes: limits.robotsMaxBytes });
      if (answer.status >= 500) return { state: "unavailable", url: robotsUrl, reason: `answered ${statusText(answer.status)}` };
      if (answer.status >= 400) return { state: "missing", url: robotsUrl, status: answer.status };
      if (answer.status >= 300) return { state: "unavailable", url: robotsUrl, reason: `answered ${answer.status}` };
      return { state: "found", url: answer.url, robots: parseRobotsTxt(answer.text()) };
    } catch (error) {
      if (signal?.aborted) throw error;
      return {
        state: "unavailable",
        url: robotsUrl,
        reason: reasonOf(error, { timeoutMs: limits.robotsTimeoutMs, maxBytes: limits.robotsMaxBytes }),
      };
    }
  }

  async function findSitemap(robots: RobotsOutcome): Promise<SitemapOutcome> {
    const named = robots.state === "found" ? robots.robots.sitemaps : [];
    const candidates: { url: string; source: "robots.txt" | "conventional" }[] = named.length
      ? [{ url: named[0], source: "robots.txt" }]
      : CONVENTIONAL_SITEMAP_PATHS.map((path) => ({ url: `${origin}${path}`, source: "conventional" as const }));
    const tried: string[] = [];
    for (const candidate of candidates) {
      let target: string;
      try {
        target = new URL(candidate.url, origin).href;
      } catch {
        return { state: "unreadable", ...candidate, reason: "not a valid URL" };
      }
      tried.push(target);
      try {
        const answer = await request(target, {}, { timeoutMs: limits.sitemapTimeoutMs, maxResponseBytes: limits.sitemapMaxBytes });
        if (answer.status >= 400) {
          if (candidate.source === "robots.txt") return { state: "unreadable", url: target, source: candidate.source, reason: `answered ${statusText(answer.status)}` };
          continue;
        }
        const sitemap = parseSitemap(await sitemapText(answer, limits.sitemapMaxBytes));
        if (sitemap) return { state: "found", url: answer.url, source: candidate.source, sitemap };
        if (candidate.source === "robots.txt") return { state: "unreadable", url: target, source: candidate.source, reason: "not a sitemap (no <urlset> or <sitemapindex>)" };
      } catch (error) {
        if (signal?.aborted) throw error;
        if (candidate.source === "robots.txt" || !(error instanceof OutboundRequestError) || error.kind === "too_large") {
          return {
            state: "unreadable",
            url: target,
            source: candidate.source,
            reason: reasonOf(error, { timeoutMs: limits.sitemapTimeoutMs, maxBytes: limits.sitemapMaxBytes }),
          };
        }
      }
    }
    return { state: "missing", tried };
  }

  const links = probeLinks(sampleLinks(html, page.finalUrl, limits.linkSample), {
    concurrency: limits.linkConcurrency,
    probe: (link) => probeLink(link, request, limits.linkTimeoutMs, signal),
  });

  const [{ robots, sitemap }, probes] = await Promise.all([robotsAndSitemap, links]);
  const facts: AuditFacts = { page, html, robots, sitemap, links: probes };
  return {
    ok: true,
    facts,
    audit: {
      url,
      finalUrl: page.finalUrl,
      fetchedAt: clock().toISOString(),
      responseMs: Math.round(responseMs),
      auditMs: Math.round(now() - started),
      checks: runAuditChecks(facts),
    },
  };
}

/** Up to `size` links: half internal, the rest external, spread over the page (first, middle and last links alike). */
export function sampleLinks(html: ReturnType<typeof readHtmlFacts>, pageUrl: string, size: number) {
  const { internal, external } = classifyLinks(html, pageUrl);
  const spread = (list: string[], count: number) => {
    if (list.length <= count) return list;
    const step = list.length / count;
    return Array.from({ length: count }, (_, index) => list[Math.floor(index * step)]);
  };
  const internalShare = Math.min(internal.length, Math.max(Math.ceil(size / 2), size - external.length));
  return [
    ...spread(internal, internalShare).map((url) => ({ url, internal: true })),
    ...spread(external, size - internalShare).map((url) => ({ url, internal: false })),
  ];
}

async function probeLinks(
  links: { url: string; internal: boolean }[],
  { concurrency, probe }: { concurrency: number; probe(link: { url: string; internal: boolean }): Promise<LinkProbe> },
): Promise<LinkProbe[]> {
  const results: LinkProbe[] = new Array(links.length);
  let next = 0;
  const worker = async () => {
    while (next < links.length) {
      const index = next++;
      results[index] = await probe(links[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, links.length) }, worker));
  return results;
}

type AuditRequest = (target: string, init: RequestInit, options: GuardedFetchOptions) => Promise<GuardedResponse>;

/** HEAD, or GET when the server refuses HEAD; the body is never read. */
async function probeLink(
  link: { url: string; internal: boolean },
  request: AuditRequest,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<LinkProbe> {
  const options = { timeoutMs, readBody: false };
  try {
    let answer = await request(link.url, { method: "HEAD" }, options);
    if (answer.status === 405 || answer.status === 501) answer = await request(link.url, { method: "GET" }, options);
    const status = answer.status;
    const base = { ...link, status };
    if (status < 400) return { ...base, outcome: "ok", detail: String(status) };
    if (status === 401 || status === 403 || status === 429 || status === 999) {
      return { ...base, outcome: "unverified", detail: `${statusText(status)}: refused the check` };
    }
    return { ...base, outcome: "broken", detail: statusText(status) };
  } catch (error) {
    if (signal?.aborted) throw error;
    const base = { ...link, status: null };
    if (!(error instanceof OutboundRequestError)) return { ...base, outcome: "broken", detail: String(error) };
    switch (error.kind) {
      case "forbidden_address":
      case "invalid_url":
        return { ...base, outcome: "skipped", detail: "a private address: not checked" };
      case "timeout":
        return { ...base, outcome: "unverified", detail: `no answer within ${timeoutMs / 1000} s` };
      case "dns":
        return { ...base, outcome: "broken", detail: "the host does not resolve" };
      case "too_many_redirects":
        return { ...base, outcome: "broken", detail: "a redirect loop" };
      default:
        return { ...base, outcome: "broken", detail: "could not connect" };
    }
  }
}
