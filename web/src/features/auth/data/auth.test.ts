import { beforeEach, describe, expect, it, vi } from "vitest";
import { requestPasswordReset, signOut, signUp } from "./auth";
import { authClient } from "../../../backend/authClient";

vi.mock("../../../backend/authClient", () => ({
  authClient: { signUp: vi.fn(), resetPasswordForEmail: vi.fn(), signOut: vi.fn() },
}));

beforeEach(() => window.history.replaceState(null, "", "/register"));

describe("auth data", () => {
  it("signs up with the profile as metadata and a confirmation link back to /login", async () => {
    vi.mocked(authClient.signUp).mockResolvedValue({ data: { user: {}, session: null }, error: null } as never);
    const result = await signUp({
      email: "ada@example.com",
      password: "secret1",
      firstName: "Ada",
      lastName: "Lovelace",
      phoneNumber: "+44 20 7946 0000",
    });
    expect(authClient.signUp).toHaveBeenCalledWith({
      email: "ada@example.com",
      password: "secret1",
      options: {
        data: { first_name: "Ada", last_name: "Lovelace", phone_number: "+44 20 7946 0000" },
        emailRedirectTo: `${window.location.origin}/login`,
      },
    });
    expect(result).toEqual({ signedIn: false });
  });

  it("tells when the new account is signed in at once (e-mail confirmation off)", async () => {
    vi.mocked(authClient.signUp).mockResolvedValue({ data: { user: {}, session: { access_token: "t" } }, error: null } as never);
    const registration = { email: "a@example.com", password: "secret1", firstName: "Ad", lastName: "Lo", phoneNumber: "0123456789" };
    expect(await signUp(registration)).toEqual({ signedIn: true });
  });

  it("sends the reset link to /reset-password", async () => {
    vi.mocked(authClient.resetPasswordForEmail).mockResolvedValue({ data: {}, error: null } as never);
    await requestPasswordReset("ada@example.com");
    expect(authClient.resetPasswordForEmail).toHaveBeenCalledWith("ada@example.com", {
      redirectTo: `${window.location.origin}/reset-password`,
    });
  });

  it("throws the backend's error", async () => {
    vi.mocked(authClient.resetPasswordForEmail).mockResolvedValue({
      data: null,
      error: new Error("Email rate limit exceeded"),
    } as never);
    await expect(requestPasswordReset("ada@example.com")).rejects.toThrow("Email rate limit exceeded");
  });

  it("still ends the local session when the server cannot be reached", async () => {
    vi.mocked(authClient.signOut)
      .mockResolvedValueOnce({ error: new Error("Failed to fetch") } as never)
      .mockResolvedValueOnce({ error: null } as never);
    await signOut();
    expect(authClient.signOut).toHaveBeenNthCalledWith(1);
    expect(authClient.signOut).toHaveBeenNthCalledWith(2, { scope: "local" });
  });
});
