/**
 * The whole audit against a real (local) website: the fetches go through
 * the real SSRF guard, with only the test site's two listeners on the
 * private-host allowlist. Covers the guard's refusals as the audit meets
 * them: a redirect to loopback or the metadata address, a body past the
 * cap, a body dripping past the time cap.
 */
import assert from "node:assert/strict";
import {
  type AuditedSite,
  DEFECTIVE_PAGE_DEFECTS,
  DEFECTIVE_PAGE_PATH,
  GOOD_PAGE_PATH,
  startAuditedSite,
} from "../../_testing/fakes/audited_site.ts";
import { guardedFetch } from "../net/ssrf.ts";
import { AUDIT_USER_AGENT, type AuditDeps, auditPage, type AuditOutcome } from "./audit_page.ts";

async function withSite(run: (site: AuditedSite, deps: AuditDeps) => Promise<void>) {
  const site = await startAuditedSite();
  try {
    await run(site, { fetch: guardedFetch, guard: { privateHostAllowlist: site.allowlist } });
  } finally {
    await site.close();
  }
}

function audited(outcome: AuditOutcome) {
  assert.ok(outcome.ok, outcome.ok ? "" : outcome.message);
  return outcome;
}

const statusById = (outcome: AuditOutcome & { ok: true }) =>
  Object.fromEntries(outcome.audit.checks.map((check) => [check.id, check.status]));

Deno.test("a good page: fetched with robots.txt, sitemap and a link sample; passes all but the http checks", async () => {
  await withSite(async (site, deps) => {
    const outcome = audited(await auditPage(`${site.origin}${GOOD_PAGE_PATH}`, deps));
    const { audit } = outcome;
    assert.equal(audit.finalUrl, `${site.origin}${GOOD_PAGE_PATH}`);
    assert.ok(audit.checks.length >= 25);
    const notPassing = audit.checks.filter((check) => check.status !== "pass").map((check) => check.id);
    // Served over plain http by the test site: https fails and mixed content cannot be judged.
    assert.deepEqual(notPassing, ["https", "mixed-content"]);
    const byId = Object.fromEntries(audit.checks.map((check) => [check.id, check]));
    assert.match(byId.compression.value, /^gzip \(/);
    assert.match(byId.sitemap.value, /\(named in robots\.txt\) with 3 URLs; this page is listed$/);
    assert.match(byId["broken-links"].value, /^\d+ checked, none broken$/);
    assert.match(byId["external-links"].value, /2 outbound links/);
    assert.ok(audit.responseMs >= 0 && audit.auditMs >= audit.responseMs);
    const paths = site.requests.map((request) => request.path);
    assert.ok(paths.includes("/robots.txt") && paths.includes("/sitemap.xml"));
    assert.ok(site.requests.every((request) => request.userAgent === AUDIT_USER_AGENT));
  });
});

Deno.test("the defective page: every known defect is measured", async () => {
  await withSite(async (site, deps) => {
    const outcome = audited(await auditPage(`${site.origin}${DEFECTIVE_PAGE_PATH}`, deps));
    const statuses = statusById(outcome);
    for (const [id, status] of Object.entries(DEFECTIVE_PAGE_DEFECTS)) assert.equal(statuses[id], status, id);
    const broken = outcome.audit.checks.find((check) => check.id === "broken-links")!;
    assert.match(broken.value, /\/missing-page \(404 Not Found\)/);
    assert.match(broken.value, /\/gone \(410 Gone\)/);
    const robots = outcome.audit.checks.find((check) => check.id === "robots-allows-page")!;
    assert.equal(robots.value, "Disallowed for Googlebot by “Disallow: /private/”");
  });
});

Deno.test("redirects are followed, each hop listed with its status", async () => {
  await withSite(async (site, deps) => {
    const outcome = audited(await auditPage(`${site.origin}/moved`, deps));
    const redirects = outcome.audit.checks.find((check) => check.id === "redirects")!;
    assert.equal(redirects.status, "warning");
    assert.equal(
      redirects.value,
      `2 redirects: ${site.origin}/moved (302) → ${site.origin}/old-post (301) → ${site.origin}${GOOD_PAGE_PATH}`,
    );
  });
});

Deno.test("SSRF: a redirect to loopback or to the metadata address is refused, the page not audited", async () => {
  await withSite(async (site, deps) => {
    const loopback = await auditPage(`${site.origin}/to-loopback`, deps);
    assert.ok(!loopback.ok);
    assert.match(loopback.message, /^Could not audit .*\/to-loopback: 127\.0\.0\.1:9 is a loopback address.*only reaches public addresses\.$/);
    const metadata = await auditPage(`${site.origin}/to-metadata`, deps);
    assert.ok(!metadata.ok);
    assert.match(metadata.message, /169\.254\.169\.254 is a .* address/);
    // The site was asked for the redirect only: nothing followed it.
    assert.deepEqual(site.requests.map((request) => request.path), ["/to-loopback", "/to-metadata"]);
  });
});

Deno.test("SSRF: a page on a private address, or a name resolving to one, is never fetched", async () => {
  const unreachable: typeof fetch = () => Promise.reject(new Error("must not connect"));
  const deps: AuditDeps = {
    fetch: guardedFetch,
    guard: {
      fetch: unreachable,
      privateHostAllowlist: [],
      resolveDns: (host, type) => Promise.resolve(host === "intranet.example" && type === "A" ? ["10.1.2.3"] : []),
    },
  };
  for (const url of ["http://127.0.0.1:8080/", "http://[::1]/", "http://intranet.example/"]) {
    const outcome = await auditPage(url, deps);
    assert.ok(!outcome.ok);
    assert.match(outcome.message, /address.*only reaches public addresses/);
  }
  const unknown = await auditPage("http://no-such-host.example/", deps);
  assert.ok(!unknown.ok);
  assert.match(unknown.message, /no-such-host\.example has no address \(no such host\)/);
});

Deno.test("SSRF: a body past the size cap stops the read", async () => {
  await withSite(async (site, deps) => {
    const outcome = await auditPage(`${site.origin}/huge`, deps);
    assert.ok(!outcome.ok);
    assert.match(outcome.message, /\/huge: larger than 5 MB, more than the audit reads\.$/);
  });
});

Deno.test("SSRF: a body dripping slower than the time cap is cut at the cap", async () => {
  await withSite(async (site, deps) => {
    const started = performance.now();
    const outcome = await auditPage(`${site.origin}/slow`, { ...deps, limits: { pageTimeoutMs: 800 } });
    const elapsed = performance.now() - started;
    assert.ok(!outcome.ok);
    assert.match(outcome.message, /\/slow: no answer within 0\.8 s\.$/);
    assert.ok(elapsed < 3000, `stopped after ${elapsed} ms`);
  });
});

Deno.test("a page that is not HTML, or answers an error, says why", async () => {
  await withSite(async (site, deps) => {
    const pdf = await auditPage(`${site.origin}/report.pdf`, deps);
    assert.deepEqual(pdf, { ok: false, message: `Could not audit ${site.origin}/report.pdf: ${site.origin}/report.pdf is application/pdf, not an HTML page.` });
    const error = await auditPage(`${site.origin}/server-error`, deps);
    assert.deepEqual(error, {
      ok: false,
      message: `Could not audit ${site.origin}/server-error: ${site.origin}/server-error answered 500 Internal Server Error.`,
    });
    const missing = await auditPage(`${site.origin}/nothing-here`, deps);
    assert.ok(!missing.ok && missing.message.endsWith("answered 404 Not Found."));
  });
});

Deno.test("link probes go through the guard: private links are skipped, not fetched", async () => {
  await withSite(async (site, deps) => {
    // Only the site is allowed: the "other site" on localhost is a loopback address to the guard.
    const outcome = audited(await auditPage(`${site.origin}${GOOD_PAGE_PATH}`, { ...deps, guard: { privateHostAllowlist: [site.allowlist[0]] } }));
    const broken = outcome.audit.checks.find((check) => check.id === "broken-links")!;
    assert.match(broken.value, /none broken; 2 could not be verified/);
  });
});
