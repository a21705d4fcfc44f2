import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";

/**
 * The production index.html carries the sign-in form (a build-time snapshot),
 * its stylesheet and the small script that reveals it, so that /login paints
 * with the HTML alone, before anything else arrives. Everything else is
 * blocked here to see what a visitor sees before the app has loaded.
 */
test.describe("before anything but the page has arrived", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("**/*", (route) => (route.request().resourceType() === "document" ? route.continue() : route.abort()));
  });

  test("a signed-out visitor to /login sees the sign-in form, ready for input", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(page).toHaveTitle("Sign in · Inkpress");
    await expect(page.getByLabel("Email")).toBeEditable();
    await expect(page.getByLabel("Password")).toBeEditable();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
    // Styled by the inline stylesheet (Pico's card and button), allowed by the page's CSP.
    await expect(page.locator("article.auth-card")).toHaveCSS("border-radius", /[1-9]/);
    await expect(page.getByRole("button", { name: "Sign in" })).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await expectAccessible(page);
  });

  test("a submission before the app has arrived is held back, never sent natively", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill("not-in-the-address");
    await page.getByLabel("Password").press("Enter");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form[data-submit-requested]")).toHaveCount(1);
    expect(page.url()).toMatch(/\/login$/);
    await expect(page.getByLabel("Password")).toHaveValue("not-in-the-address");
  });

  test("other addresses, a stored session and a sign-in link do not show it", async ({ page }) => {
    const heading = page.getByRole("heading", { name: "Sign in to your account" });
    await page.goto("/articles");
    await expect(page.locator("#root")).toBeAttached();
    await expect(heading).toBeHidden();

    await page.goto("/login#access_token=jwt&type=signup");
    await expect(heading).toBeHidden();

    await page.evaluate(() => localStorage.setItem("sb-127-auth-token", "{}"));
    await page.goto("/login");
    await expect(heading).toBeHidden();
  });
});

test("the app loads at the first interaction and takes the snapshot over, keeping what was typed", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") loaded.push(request.url());
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(loaded, "no script before the visitor uses the page").toEqual([]);

  // Typed while the app arrives (held back until the visitor has typed the email), then submitted at once.
  let releaseApp!: () => void;
  const appMayLoad = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route("**/assets/index-*.js", async (route) => {
    await appMayLoad;
    await route.continue();
  });
  const email = page.getByLabel("Email");
  await email.fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  releaseApp();

  await expect(page.getByText("Failed to sign in. Please check your credentials.")).toBeVisible();
  await expect(page.locator("[data-sign-in-snapshot]")).toHaveCount(0);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(email).toHaveValue("nobody@example.com");
  await expect(page).toHaveURL(/\/login$/);
  expect(loaded.length).toBeGreaterThan(0);
});

test("the whole stylesheet arrives with the app: what the snapshot never shows is styled too", async ({ page }) => {
  await page.goto("/login");
  const email = page.getByLabel("Email");
  const borderBefore = await email.evaluate((field) => getComputedStyle(field).borderColor);
  // Empty: held back, then submitted by the app, which marks the fields invalid.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).not.toHaveCSS("border-color", borderBefore);
  await expect(email).toBeFocused();
});

test("the inlined part of the stylesheet styles the form exactly as the whole stylesheet does", async ({ page }) => {
  await page.route("**/*.js", (route) => route.abort());
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  const computedStyles = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("main, main *")].map((element) => {
        const style = getComputedStyle(element);
        return `${element.tagName} ${[...style].map((property) => `${property}:${style.getPropertyValue(property)}`).join(";")}`;
      })
    );
  const inlinedOnly = await computedStyles();
  await page.evaluate(async () => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = document.querySelector("script[data-stylesheet]")!.getAttribute("data-stylesheet")!;
    const loaded = new Promise((resolve, reject) => ((link.onload = resolve), (link.onerror = reject)));
    document.head.append(link);
    await loaded;
  });
  expect(await computedStyles()).toEqual(inlinedOnly);
});

test("if the app cannot be loaded the form says so, and the next interaction tries again", async ({ page }) => {
  let refuse = true;
  await page.route("**/assets/index-*.js", (route) => (refuse ? route.abort() : route.continue()));
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@example.com");
  await expect(page.getByRole("alert")).toHaveText(/^This page could not be loaded\. Check your connection/);

  refuse = false;
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Failed to sign in. Please check your credentials.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("nobody@example.com");
  await expect(page.locator("[data-load-error-message]")).toHaveCount(0);
});
