import { expect, test } from "@playwright/test";
import { newAccount, register, signIn, signOut } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";

test("register, sign in, see the empty dashboard, sign out", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Create one" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expectAccessible(page);

  const account = await register(page);
  await signOut(page);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${account.email}` })).toBeVisible();
  await expect(page.getByText("Four steps to your first post")).toBeVisible();
  await expect(page.getByRole("article", { name: "Get started" })).toContainText("1 of 4 done");
  for (const stat of ["Total Articles", "Connected Sites", "Draft Articles"]) {
    await expect(page.getByRole("article").filter({ has: page.getByRole("heading", { name: stat }) })).toContainText("0");
  }
  await expect(page.getByText("No recent activity to display")).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  await signOut(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("bad input shows the spec's messages and keeps what was typed", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("A");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Phone number").fill("123");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Please enter a valid email address",
    "Please enter a valid phone number",
    "Password must be at least 6 characters",
    "Passwords don't match",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

  await page.goto("/login");
  await page.getByLabel("Email").fill(newAccount().email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Failed to sign in. Please check your credentials.")).toBeVisible();
});

test("a protected page sends a visitor to sign in and back", async ({ page }) => {
  const account = await register(page);
  await signOut(page);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
});

test("API keys are saved, shown only by their last four characters, and removable", async ({ page }) => {
  const account = await register(page);
  await page.getByRole("link", { name: "Profile", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");

  await page.getByRole("button", { name: "Save API Keys" }).click();
  await expect(page.getByText("At least one API key must be provided")).toBeVisible();

  const openaiKey = "sk-e2e-FIXTURE-not-a-real-key-9f3a";
  await expect(page.getByLabel("OpenAI API Key", { exact: true })).toHaveAttribute("type", "password");
  await page.getByLabel("OpenAI API Key", { exact: true }).fill(openaiKey);
  await page.getByRole("button", { name: "Save API Keys" }).click();
  await expect(page.getByText("API keys saved successfully")).toBeVisible();
  await expect(page.getByText(/ending in 9f3a/)).toBeVisible();
  await expect(page.getByLabel("OpenAI API Key", { exact: true })).toHaveValue("");
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByText(/ending in 9f3a/)).toBeVisible();
  expect(await page.content()).not.toContain(openaiKey);

  await page.getByRole("button", { name: "Remove OpenAI API Key" }).click();
  await page.getByRole("alertdialog", { name: "Remove the OpenAI API Key?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(/ending in 9f3a/)).toHaveCount(0);
});

test("on a phone the menu is a drawer", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await register(page);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Articles" })).not.toBeInViewport();

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Articles" })).toBeInViewport();
  await page.mouse.click(380, 400);
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  await menu.click();
  await nav.getByRole("link", { name: "Keyword Phrases" }).click();
  await expect(page).toHaveURL(/\/keyword-phrases$/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page);
});

test("an unknown address shows a not-found page", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a session ended in another browser sends the user to sign in, and back afterwards", async ({ page, browser, baseURL }) => {
  const account = await register(page);
  await page.getByRole("link", { name: "Keyword Phrases" }).click();
  await page.getByLabel("Topic or Niche").fill("Home gardening");

  // The same person signs in elsewhere and signs out there: every session of the account ends.
  const elsewhere = await browser.newContext({ baseURL });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, account);
  await expect(otherPage.getByRole("heading", { name: `Welcome, ${account.email}` })).toBeVisible();
  await signOut(otherPage);
  await elsewhere.close();

  // The first browser still holds an unexpired access token; the server's refusal ends it here too.
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  await expect(page.getByText("User not authenticated")).toHaveCount(0);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/keyword-phrases$/);
});
