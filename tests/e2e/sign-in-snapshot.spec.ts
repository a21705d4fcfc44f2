import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";

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

  test("a signed-out visitor to /login sees the sign-in form, inert until the app takes over", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Password")).toHaveAttribute("readonly", "");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
    // Styled by the inline stylesheet (Pico's card and button), allowed by the page's CSP.
    await expect(page.locator("article.auth-card")).toHaveCSS("border-radius", /[1-9]/);
    await expect(page.getByRole("button", { name: "Sign in" })).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await expectNoSeriousA11yViolations(page);
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

test("the app replaces the snapshot with the live form", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page.getByLabel("Email")).toBeEditable();
  await expect(page.locator("[data-sign-in-snapshot]")).toHaveCount(0);
  await expect(page.getByRole("main")).toHaveCount(1);
});
