import assert from "node:assert/strict";
import { WORDPRESS_MESSAGES } from "../../contracts/sites.ts";
import { guardedFetch, type GuardedFetchOptions } from "../../net/ssrf.ts";
import {
  type ConnectionFailureReason,
  ConnectionTestError,
  normaliseSiteUrl,
  restLinksFromHeader,
  testWordPressConnection,
} from "./discovery.ts";
import {
  FAKE_APPLICATION_PASSWORD,
  FAKE_USERNAME,
  type FakeWordPress,
  type FakeWordPressOptions,
  startFakeWordPress,
} from "../../../_testing/fakes/wordpress_server.ts";

async function withSite(options: FakeWordPressOptions, run: (wp: FakeWordPress) => Promise<void>) {
  const wp = startFakeWordPress(options);
  try {
    await run(wp);
  } finally {
    await wp.close();
  }
}

function connect(
  wp: FakeWordPress,
  input: { siteUrl?: string; username?: string; applicationPassword?: string } = {},
  fetchOptions: GuardedFetchOptions = {},
) {
  return testWordPressConnection(
    {
      siteUrl: input.siteUrl ?? wp.origin,
      username: input.username ?? FAKE_USERNAME,
      applicationPassword: input.applicationPassword ?? FAKE_APPLICATION_PASSWORD,
    },
    { fetch: guardedFetch, fetchOptions: { privateHostAllowlist: [wp.hostPort], ...fetchOptions } },
  );
}

async function failsWith(promise: Promise<unknown>, reason: ConnectionFailureReason, message?: string) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ConnectionTestError, `expected ConnectionTestError, got ${error}`);
    assert.equal(error.reason, reason, `${error.message} (${error.details.detail})`);
    if (message) assert.equal(error.message, message);
    return true;
  });
}

const html = (status = 200) =>
  new Response("<!doctype html><p>Welcome to my blog</p>", { status, headers: { "content-type": "text/html" } });

Deno.test("normaliseSiteUrl and restLinksFromHeader", () => {
  assert.equal(normaliseSiteUrl(" HTTPS://Example.COM/Blog/?utm=1#top "), "https://example.com/Blog");
  assert.equal(normaliseSiteUrl("https://example.com"), "https://example.com");
  assert.throws(() => normaliseSiteUrl("ftp://example.com"), ConnectionTestError);
  assert.deepEqual(
    restLinksFromHeader(
      '<https://example.com/wp-json/wp/v2/pages/2>; rel="alternate"; type="application/json", <https://example.com/wp-json/>; rel="https://api.w.org/"',
      "https://example.com/",
    ),
    ["https://example.com/wp-json/"],
  );
  assert.deepEqual(restLinksFromHeader('</?rest_route=/>; rel="https://api.w.org/"', "https://example.com/a/"), [
    "https://example.com/?rest_route=/",
  ]);
  assert.deepEqual(restLinksFromHeader(null, "https://example.com/"), []);
});

Deno.test("discovery follows the Link header, and sends no credentials until the API is found", async () => {
  await withSite({ extraNamespaces: ["yoast/v1"] }, async (wp) => {
    const result = await connect(wp, { siteUrl: `${wp.origin}/` });
    assert.equal(result.restRoot, wp.restRoot);
    assert.equal(result.siteUrl, wp.origin);
    assert.equal(result.seoPlugin, "yoast");
    assert.deepEqual(result.user, { id: 1, name: "Editor" });
    assert.deepEqual(wp.requests.slice(0, 2).map((r) => [r.route, r.authenticated]), [["/", false], ["/", false]]);
    const usersMe = wp.requests.find((r) => r.route === "/wp/v2/users/me");
    assert.ok(usersMe?.authenticated);
  });
});

Deno.test("without a Link header /wp-json/ is found; Rank Math is noticed", async () => {
  await withSite({ linkHeader: false, extraNamespaces: ["rankmath/v1"] }, async (wp) => {
    const result = await connect(wp);
    assert.equal(result.restRoot, `${wp.origin}/wp-json/`);
    assert.equal(result.seoPlugin, "rank_math");
  });
});

Deno.test("plain permalinks: the ?rest_route= fallback is found and used for every call", async () => {
  await withSite({ permalinks: "plain", linkHeader: false }, async (wp) => {
    const result = await connect(wp);
    assert.equal(result.restRoot, `${wp.origin}/?rest_route=/`);
    assert.ok(wp.requests.some((r) => r.route === "/wp/v2/users/me" && r.authenticated));
  });
  await withSite({ permalinks: "plain" }, async (wp) => {
    assert.equal((await connect(wp)).restRoot, `${wp.origin}/?rest_route=/`);
  });
});

Deno.test("a WordPress in a folder is found by the /blog/wp-json fallback", async () => {
  await withSite({ basePath: "/blog", linkHeader: false }, async (wp) => {
    assert.equal((await connect(wp)).restRoot, `${wp.origin}/blog/wp-json/`);
  });
});

Deno.test("HTML instead of JSON is not a REST API", async () => {
  await withSite({ intercept: (_request, route) => (route === null ? undefined : html()) }, async (wp) => {
    await failsWith(connect(wp), "not_wordpress", WORDPRESS_MESSAGES.restApiNotFound);
    assert.ok(wp.requests.every((r) => !r.authenticated));
  });
  await withSite({
    intercept: (
      _request,
      route,
    ) => (route === "/" ? Response.json({ name: "Not WP", namespaces: ["acme/v1"] }) : undefined),
  }, async (wp) => {
    await failsWith(connect(wp), "not_wordpress");
  });
});

Deno.test("a 301 from /wp-json/ to the home page falls through to ?rest_route=", async () => {
  await withSite({
    linkHeader: false,
    intercept: (request) =>
      new URL(request.url).pathname.startsWith("/wp-json")
        ? new Response(null, { status: 301, headers: { location: "/" } })
        : undefined,
  }, async (wp) => {
    assert.equal((await connect(wp)).restRoot, `${wp.origin}/?rest_route=/`);
  });
  await withSite({
    intercept: (request) =>
      new URL(request.url).pathname === "/" && !new URL(request.url).search
        ? undefined
        : new Response(null, { status: 301, headers: { location: "/" } }),
  }, async (wp) => {
    await failsWith(connect(wp), "not_wordpress", WORDPRESS_MESSAGES.restApiNotFound);
  });
});

Deno.test("wrong user name or application password: the spec's authentication message", async () => {
  await withSite({}, async (wp) => {
    await failsWith(
      connect(wp, { applicationPassword: "wrong pass word" }),
      "authentication_failed",
      WORDPRESS_MESSAGES.authenticationFailed,
    );
    await failsWith(
      connect(wp, { username: "nobody" }),
      "authentication_failed",
      WORDPRESS_MESSAGES.authenticationFailed,
    );
  });
});

Deno.test("401 rest_not_logged_in although credentials were sent: the spec's message (the header-stripping cause is help behind it)", async () => {
  await withSite({ stripAuthorization: true }, async (wp) => {
    await failsWith(connect(wp), "authorization_header_stripped", WORDPRESS_MESSAGES.authenticationFailed);
    assert.match(WORDPRESS_MESSAGES.authenticationHelp, /CGIPassAuth/);
  });
});

Deno.test("application passwords turned off on the site", async () => {
  await withSite({ applicationPasswordsAvailable: false }, async (wp) => {
    await failsWith(
      connect(wp),
      "application_passwords_unavailable",
      WORDPRESS_MESSAGES.applicationPasswordsUnavailable,
    );
  });
  await withSite({ applicationPasswordsAvailable: false, stripAuthorization: true }, async (wp) => {
    await failsWith(connect(wp), "application_passwords_unavailable");
  });
});

Deno.test("403 on a required endpoint names it", async () => {
  await withSite({
    intercept: (_request, route) =>
      route === "/wp/v2/media"
        ? Response.json({
          code: "rest_forbidden",
          message: "Sorry, you are not allowed to do that.",
          data: { status: 403 },
        }, { status: 403 })
        : undefined,
  }, async (wp) => {
    await failsWith(
      connect(wp),
      "endpoint_not_accessible",
      "Required endpoint /media is not accessible. Please check WordPress permissions.",
    );
  });
});

Deno.test("a missing capability is reported on the endpoint that needs it", async () => {
  await withSite({ capabilities: { manage_categories: false } }, async (wp) => {
    await assert.rejects(connect(wp), (error: unknown) => {
      assert.ok(error instanceof ConnectionTestError);
      assert.equal(
        error.message,
        "Required endpoint /categories is not accessible. Please check WordPress permissions.",
      );
      assert.equal(error.details.missingCapability, "manage_categories");
      return true;
    });
  });
  await withSite({ capabilities: { publish_posts: false } }, async (wp) => {
    await failsWith(
      connect(wp),
      "endpoint_not_accessible",
      "Required endpoint /posts is not accessible. Please check WordPress permissions.",
    );
  });
});

Deno.test("a slow site times out with a clear message", async () => {
  await withSite({ responseDelayMs: 400 }, async (wp) => {
    await failsWith(connect(wp, {}, { timeoutMs: 100 }), "timeout", WORDPRESS_MESSAGES.siteTimedOut);
  });
});

Deno.test("a private address is refused unless allowlisted", async () => {
  await withSite({}, async (wp) => {
    await failsWith(
      connect(wp, {}, { privateHostAllowlist: [] }),
      "private_address",
      WORDPRESS_MESSAGES.privateAddress,
    );
    assert.equal(wp.requests.length, 0);
  });
});

Deno.test("a public site over plain HTTP is refused before the password is sent", async () => {
  await withSite({ linkHeader: false }, async (wp) => {
    // blog.example resolves to a public address; the request is carried to the fake site.
    const viaFake: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return fetch(`${wp.origin}${url.pathname}${url.search}`, init);
    };
    await failsWith(
      connect(wp, { siteUrl: "http://blog.example" }, {
        privateHostAllowlist: [],
        resolveDns: (_host, type) => Promise.resolve(type === "A" ? ["93.184.216.34"] : []),
        fetch: viaFake,
      }),
      "insecure_http",
      WORDPRESS_MESSAGES.insecureHttp,
    );
    assert.ok(wp.requests.length > 0);
    assert.ok(wp.requests.every((r) => !r.authenticated));
  });
});
