import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { register } from "./support/accounts.ts";
import { adminBackend, backendAs, e2eEnv } from "./support/backend.ts";

/**
 * The edges of `npm start` (issue 8): nothing of the repository is served,
 * every page carries the security headers and breaks none of them, and a
 * stored file that is not an image is never rendered. (The auth rate limit
 * and log redaction are proven in scripts/devstack/local-backend/local-api_test.ts;
 * the harness fails a run whose logs hold a secret or a CSP violation.)
 */

const repo = process.cwd();

test("npm start serves the build, never the repository behind it", async ({ request }) => {
  for (
    const path of [
      `/@fs${repo}/supabase/.temp/local-keys.json`,
      `/@fs${repo}/package.json`,
      `/@fs${repo}/.env`,
      "/@fs/etc/passwd",
      "/.env",
      "/.git/config",
      "/package.json",
      "/vite.config.ts",
      "/src/main.tsx",
      "/web/src/main.tsx",
      "/supabase/.temp/local-keys.json",
      "/%2e%2e/package.json",
      "/assets/..%2f..%2fpackage.json",
    ]
  ) {
    const response = await request.get(path, { maxRedirects: 0 });
    const body = await response.text();
    expect(response.status(), path).toBe(404);
    expect(body, path).not.toContain(e2eEnv.secretKey);
    expect(body, path).not.toContain('"name": "inkpress"');
    expect(body, path).not.toContain("root:");
  }
});

test("every page and file carries the security headers", async ({ request }) => {
  // index.html's inline script and stylesheet (the sign-in reveal and the entry's CSS) are allowed by their
  // hashes, and nothing else inline.
  const page = await (await request.get("/login")).text();
  const hashes = (pattern: RegExp) =>
    [...page.matchAll(pattern)].map((match) => `'sha256-${createHash("sha256").update(match[1]).digest("base64")}'`);
  const scriptHashes = hashes(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g);
  const styleHashes = hashes(/<style[^>]*>([\s\S]*?)<\/style>/g);
  expect(scriptHashes).toHaveLength(1);
  expect(styleHashes).toHaveLength(1);
  for (const path of ["/", "/login", "/articles/edit/0b1c2d3e-aaaa-4bbb-8ccc-000000000001", "/logo.svg", "/missing.js"]) {
    const headers = (await request.get(path)).headers();
    const csp = headers["content-security-policy"] ?? "";
    const directives = csp.split("; ");
    expect(directives, path).toContain(`script-src 'self' ${scriptHashes[0]}`);
    expect(directives, path).toContain(`style-src 'self' ${styleHashes[0]}`);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).not.toContain("unsafe-inline");
    expect(csp, path).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
});

/** Collects CSP violations the page reports (and the console's word for them) from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleLines: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleLines.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} on ${event.documentURI}`);
    });
  });
  return async () => [
    ...consoleLines.splice(0),
    ...await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations?.splice(0) ?? []),
  ];
}

test("no screen breaks the Content-Security-Policy", async ({ page }) => {
  const violations: string[] = [];
  const violationsOf = await watchCsp(page);
  const visit = async (path: string, heading: RegExp | string) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    // Let lazy chunks, styles and images settle.
    await page.waitForLoadState("networkidle");
    violations.push(...await violationsOf());
  };
  await visit("/login", "Sign in to your account");
  await visit("/register", "Create your account");
  await visit("/forgot-password", "Reset your password");
  const account = await register(page);
  violations.push(...await violationsOf());

  // A stored image on the dashboard's and articles' cards, and an external one in article HTML.
  const backend = await backendAs(account);
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const imagePath = `${backend.userId}/csp-check.png`;
  const { error: uploadError } = await adminBackend().storage.from("images").upload(imagePath, png, { contentType: "image/png" });
  expect(uploadError).toBeNull();
  const imageUrl = adminBackend().storage.from("images").getPublicUrl(imagePath).data.publicUrl;
  // Written with the secret key, as save-article stores article HTML (the browser's role may not write `content`).
  const { data: article, error } = await adminBackend().from("articles").insert({
    user_id: backend.userId,
    title: "CSP check",
    content: '<p>Text</p><img src="https://example.com/pixel.png" alt="external">',
    excerpt: "Checking the policy",
    status: "draft",
    featured_image_url: imageUrl,
  }).select("id").single();
  expect(error).toBeNull();

  for (
    const [path, heading] of [
      ["/", /^Welcome/],
      ["/articles", "Articles"],
      ["/articles/create", "Create New Post"],
      [`/articles/edit/${article!.id}`, "Edit Article"],
      ["/calendar", "Calendar"],
      ["/generate-images", "Generate Images"],
      ["/keyword-phrases", "Keyword Phrases"],
      ["/seo-analysis", "SEO Analysis"],
      ["/wordpress-sites", "WordPress Sites"],
      ["/profile", "Profile Settings"],
      ["/assistants", "Assistants"],
      ["/assistants/new", "New Assistant"],
      ["/templates", "Templates"],
      ["/templates/new", "New Template"],
      ["/no-such-page", "Page not found"],
    ] as const
  ) {
    await visit(path, heading);
  }
  // A toast, styled: react-toastify's CSS comes as a file, not as an inline <style>.
  await page.goto("/profile");
  await page.getByLabel("OpenAI API Key", { exact: true }).fill("sk-e2e-csp-check-FIXTURE-not-a-real-key-0001");
  await page.getByRole("button", { name: "Save API Keys" }).click();
  await expect(page.getByText("API keys saved successfully")).toBeVisible();
  await expect(page.locator(".Toastify__toast-container").first()).toHaveCSS("position", "fixed");
  violations.push(...await violationsOf());

  expect(violations).toEqual([]);
});

test("a stored HTML or SVG file is downloaded from its public URL, never run as a page", async ({ page, request }) => {
  const account = await register(page);
  const backend = await backendAs(account);
  const storage = adminBackend().storage.from("images");
  const files = [
    ["x.html", "<html><body><script>document.title = 'ran: ' + localStorage.length</script>hostile</body></html>"],
    ["x.svg", '<svg xmlns="http://www.w3.org/2000/svg" onload="document.title = \'ran\'"><script>document.title = "ran"</script></svg>'],
  ] as const;
  for (const [name, text] of files) {
    const path = `${backend.userId}/${name}`;
    // Stored under an image type, as a hostile upload would claim.
    const { error } = await storage.upload(path, Buffer.from(text), { contentType: "image/png" });
    expect(error).toBeNull();
    const url = storage.getPublicUrl(path).data.publicUrl;

    const response = await request.get(url);
    expect(response.headers()["content-type"], name).toBe("application/octet-stream");
    expect(response.headers()["content-disposition"], name).toMatch(/^attachment/);
    expect(response.headers()["x-content-type-options"], name).toBe("nosniff");
    expect(response.headers()["content-security-policy"], name).toBe("sandbox");

    // Opened as a link in the signed-in browser: a download, not a document of the app's origin.
    await page.goto("/");
    const download = page.waitForEvent("download");
    await page.goto(url).catch(() => {});
    expect((await download).url()).toBe(url);
    expect(await page.title()).not.toMatch(/^ran/);
  }
});
