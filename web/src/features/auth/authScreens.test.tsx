import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app/App";
import { requestPasswordReset, signIn, signUp, updatePassword } from "./data/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { setSignedIn, setSignedOut, testUser, visit } from "../../../test/session";

vi.mock("./data/auth", () => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  requestPasswordReset: vi.fn(),
  updatePassword: vi.fn(),
  signOut: vi.fn(),
  onAuthChange: vi.fn(),
}));
vi.mock("../dashboard/data/dashboard", () => ({ loadDashboard: vi.fn(() => new Promise(() => {})) }));
vi.mock("../../lib/notify", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../lib/notify")>()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

/** The validation message shown under a field, found through aria-describedby. */
function messageFor(field: HTMLElement): string | null {
  const id = field.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function expectInvalid(field: HTMLElement, message: string) {
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(messageFor(field)).toBe(message);
}

function renderAt(path: string) {
  visit(path);
  const user = userEvent.setup();
  render(<App />);
  return user;
}

beforeEach(setSignedOut);

describe("sign in", () => {
  it("shows the sign-in card with links to reset the password and to register", async () => {
    renderAt("/login");
    expect(await screen.findByRole("heading", { name: "Sign in to your account" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Inkpress" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.getByRole("link", { name: "Create one" }).getAttribute("href")).toBe("/register");
  });

  it("validates the email and password, keeping what was typed", async () => {
    const user = renderAt("/login");
    await user.type(await screen.findByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    // The form's rules load after the first paint: the messages may follow the click a moment later.
    await waitFor(() => expectInvalid(screen.getByLabelText("Email"), "Please enter a valid email address"));
    expectInvalid(screen.getByLabelText("Password"), "Password must be at least 6 characters");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("not-an-email");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(signIn).not.toHaveBeenCalled();
  });

  it("clears a message once the field is fixed", async () => {
    const user = renderAt("/login");
    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    await waitFor(() => expectInvalid(screen.getByLabelText("Email"), "Please enter a valid email address"));
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
  });

  it("disables the submit button with a spinner while signing in", async () => {
    vi.mocked(signIn).mockReturnValue(new Promise(() => {}));
    const user = renderAt("/login");
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const button = screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(signIn).toHaveBeenCalledWith("ada@example.com", "secret1");
  });

  it("shows a fixed message when signing in fails", async () => {
    vi.mocked(signIn).mockRejectedValue(new Error("Invalid login credentials"));
    const user = renderAt("/login");
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to sign in. Please check your credentials."));
    expect(window.location.pathname).toBe("/login");
    expect((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("register", () => {
  it("validates every field with the spec's messages", async () => {
    const user = renderAt("/register");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    await user.type(screen.getByLabelText("First name"), "A");
    await user.type(screen.getByLabelText("Last name"), " ");
    await user.type(screen.getByLabelText("Email"), "ada@");
    await user.type(screen.getByLabelText("Phone number"), "12345");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.type(screen.getByLabelText("Confirm password"), "abcd");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expectInvalid(screen.getByLabelText("First name"), "First name is required");
    expectInvalid(screen.getByLabelText("Last name"), "Last name is required");
    expectInvalid(screen.getByLabelText("Email"), "Please enter a valid email address");
    expectInvalid(screen.getByLabelText("Phone number"), "Please enter a valid phone number");
    expectInvalid(screen.getByLabelText("Password"), "Password must be at least 6 characters");
    expectInvalid(screen.getByLabelText("Confirm password"), "Passwords don't match");
    expect(signUp).not.toHaveBeenCalled();
  });

  it("limits names and phone number to what the database accepts", async () => {
    const user = renderAt("/register");
    await user.click(await screen.findByLabelText("First name"));
    await user.paste("a".repeat(101));
    await user.click(screen.getByLabelText("Last name"));
    await user.paste("b".repeat(101));
    await user.click(screen.getByLabelText("Phone number"));
    await user.paste("1".repeat(31));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expectInvalid(screen.getByLabelText("First name"), "First name must be at most 100 characters");
    expectInvalid(screen.getByLabelText("Last name"), "Last name must be at most 100 characters");
    expectInvalid(screen.getByLabelText("Phone number"), "Phone number must be at most 30 characters");
    expect(signUp).not.toHaveBeenCalled();
  });

  it("shows the mismatch on the confirmation field when the password is valid", async () => {
    const user = renderAt("/register");
    await user.type(await screen.findByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm password"), "secret2");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBeNull();
    expectInvalid(screen.getByLabelText("Confirm password"), "Passwords don't match");
  });

  async function fillRegistration(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText("First name"), " Ada ");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Phone number"), "+44 20 7946 0000");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Create account" }));
  }

  it("registers and, when the e-mail must be confirmed first, says so and goes to /login", async () => {
    vi.mocked(signUp).mockResolvedValue({ signedIn: false });
    const user = renderAt("/register");
    await fillRegistration(user);

    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(signUp).toHaveBeenCalledWith({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phoneNumber: "+44 20 7946 0000",
      password: "secret1",
    });
    expect(notifySuccess).toHaveBeenCalledWith(
      "Registration successful! Please check your email to verify your account.",
    );
    expect(window.location.pathname).toBe("/login");
  });

  it("registers and, when the account is active at once, says the user is signed in and opens the dashboard", async () => {
    vi.mocked(signUp).mockImplementation(async () => {
      setSignedIn();
      return { signedIn: true };
    });
    const entriesBefore = window.history.length;
    const user = renderAt("/register");
    await fillRegistration(user);

    await screen.findByRole("heading", { name: `Welcome, ${testUser.email}` });
    expect(notifySuccess).toHaveBeenCalledWith("Registration successful! You are now signed in.");
    expect(notifySuccess).not.toHaveBeenCalledWith(
      "Registration successful! Please check your email to verify your account.",
    );
    expect(window.location.pathname).toBe("/");
    expect(window.history.length).toBe(entriesBefore);
  });

  it("shows a fixed message when registration fails", async () => {
    vi.mocked(signUp).mockRejectedValue(new Error("User already registered"));
    const user = renderAt("/register");
    await fillRegistration(user);

    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to register. Please try again."));
    expect(window.location.pathname).toBe("/register");
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe(" Ada ");
  });
});

describe("forgot password", () => {
  it("validates the email", async () => {
    const user = renderAt("/forgot-password");
    expect(await screen.findByRole("heading", { name: "Reset your password" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/login");
    await user.type(screen.getByLabelText("Email"), "nope");
    await user.click(screen.getByRole("button", { name: "Send reset instructions" }));
    expectInvalid(screen.getByLabelText("Email"), "Please enter a valid email address");
    expect(requestPasswordReset).not.toHaveBeenCalled();
  });

  it("sends the reset instructions", async () => {
    vi.mocked(requestPasswordReset).mockResolvedValue();
    const user = renderAt("/forgot-password");
    await user.type(await screen.findByLabelText("Email"), " ada@example.com ");
    await user.click(screen.getByRole("button", { name: "Send reset instructions" }));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith("Password reset instructions have been sent to your email."),
    );
    expect(requestPasswordReset).toHaveBeenCalledWith("ada@example.com");
  });

  it("shows a fixed message when the request fails", async () => {
    vi.mocked(requestPasswordReset).mockRejectedValue(new Error("rate limited"));
    const user = renderAt("/forgot-password");
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset instructions" }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith("Failed to send reset instructions. Please try again."),
    );
  });
});

describe("set a new password", () => {
  it("validates the length and the confirmation", async () => {
    setSignedIn();
    const user = renderAt("/reset-password");
    await user.type(await screen.findByLabelText("New password"), "abc");
    await user.type(screen.getByLabelText("Confirm new password"), "abd");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    expectInvalid(screen.getByLabelText("New password"), "Password must be at least 6 characters");
    expectInvalid(screen.getByLabelText("Confirm new password"), "Passwords don't match");
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it("updates the password and goes to the dashboard", async () => {
    setSignedIn();
    vi.mocked(updatePassword).mockResolvedValue();
    const user = renderAt("/reset-password");
    await user.type(await screen.findByLabelText("New password"), "new-secret");
    await user.type(screen.getByLabelText("Confirm new password"), "new-secret");
    await user.click(screen.getByRole("button", { name: "Update password" }));

    await screen.findByRole("heading", { name: `Welcome, ${testUser.email}` });
    expect(updatePassword).toHaveBeenCalledWith("new-secret");
    expect(notifySuccess).toHaveBeenCalledWith("Your password has been updated.");
  });

  it("explains an invalid or expired link when there is no session", async () => {
    renderAt("/reset-password");
    expect(await screen.findByText("This password reset link is invalid or has expired.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/forgot-password");
  });
});
