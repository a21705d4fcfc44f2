import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { register, signIn, signOut } from "./support/accounts.ts";
import { e2eEnv } from "./support/backend.ts";

/**
 * Password recovery from end to end, in both projects: the e-mail the local
 * backend prints (it delivers none) holds a link that opens the app's
 * set-new-password screen, also with the API on an origin of its own (issue
 * 21: there it led to "Page not found").
 */

/** The newest recovery link the app printed for `email`. */
async function recoveryLink(email: string): Promise<string | undefined> {
  const log = await readFile(e2eEnv.appLog!, "utf8");
  const mails = log.split("[@supabase/lite] email captured (not delivered)").filter((mail) => mail.includes(`To: ${email}`));
  return /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mails.at(-1) ?? "")?.[0];
}

test("the printed recovery link opens Set a new password; the new password signs in", async ({ page }) => {
  test.skip(!e2eEnv.appLog, "needs the app's output (npm run test:e2e)");
  const account = await register(page);
  await signOut(page);

  await page.getByRole("link", { name: /forgot/i }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset instructions" }).click();
  await expect(page.getByText("Password reset instructions have been sent to your email.")).toBeVisible();

  let link: string | undefined;
  await expect.poll(async () => (link = await recoveryLink(account.email)), { timeout: 15_000 }).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await expect(page.getByText("Page not found")).toHaveCount(0);

  const newPassword = "a-new-secret-42";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Your password has been updated.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${e2eEnv.baseUrl}/?$`));

  await signOut(page);
  await signIn(page, { email: account.email, password: newPassword });
  await expect(page.getByRole("heading", { name: `Welcome, ${account.email}` })).toBeVisible();
});
