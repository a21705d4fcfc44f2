import { expect, type Page } from "@playwright/test";

export type Account = { email: string; password: string };

let counter = 0;
export function newAccount(): Account {
  counter += 1;
  return { email: `writer${Date.now()}${counter}@example.com`, password: "correct-horse-7" };
}

/**
 * Registers through the UI. Locally e-mail confirmation is off, so the new
 * session is live at once: the app says so and opens the dashboard.
 */
export async function register(page: Page, account: Account = newAccount()): Promise<Account> {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Writer");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Phone number").fill("+44 20 7946 0958");
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Registration successful! You are now signed in.")).toBeVisible();
  // A brand-new account is not welcomed "back" (issue 21).
  await expect(page.getByRole("heading", { name: `Welcome, ${account.email}` })).toBeVisible();
  return account;
}

export async function signIn(page: Page, account: Account): Promise<void> {
  if (!page.url().endsWith("/login")) await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
