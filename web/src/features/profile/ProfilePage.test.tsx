import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getApiKeyStatus, saveApiKeys, type ApiKeyStatus } from "./data/apiKeys";
import { getLinkRelevance } from "../links/data/siteContent";
import { notifyError, notifySuccess } from "../../lib/notify";
import ProfilePage from "./ProfilePage";
import { sessionState } from "../auth/session";
import { setSignedIn, testUser } from "../../../test/session";

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/apiKeys", () => ({ getApiKeyStatus: vi.fn(), saveApiKeys: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../links/data/siteContent", () => ({ getLinkRelevance: vi.fn(), saveLinkRelevance: vi.fn(), embedContentIndex: vi.fn() }));

const STORED_OPENAI: ApiKeyStatus = { openaiKeyLast4: "abcd", falaiKeyLast4: null, updatedAt: new Date() };
const NOTHING_STORED: ApiKeyStatus = { openaiKeyLast4: null, falaiKeyLast4: null, updatedAt: null };

const openaiInput = () => screen.getByLabelText("OpenAI API Key") as HTMLInputElement;
const falaiInput = () => screen.getByLabelText("fal.ai API Key") as HTMLInputElement;
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby")!)?.textContent;

async function renderProfile(status: ApiKeyStatus = STORED_OPENAI) {
  vi.mocked(getApiKeyStatus).mockResolvedValue(status);
  const user = userEvent.setup();
  render(<ProfilePage />);
  await waitFor(() => expect(noteOf(openaiInput())).not.toContain("Checking"));
  return user;
}

beforeEach(() => {
  setSignedIn();
  vi.mocked(getLinkRelevance).mockResolvedValue({ relevance: "full_text", model: "text-embedding-3-small" });
});

describe("profile settings", () => {
  it("shows the email read-only and when the keys were last updated", async () => {
    await renderProfile({ ...STORED_OPENAI, updatedAt: new Date(2025, 0, 5) });
    expect(screen.getByText("Last updated Jan 5, 2025")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeTruthy();
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.value).toBe(testUser.email);
    expect(email.readOnly).toBe(true);
  });

  it("masks both key inputs and never fills them", async () => {
    await renderProfile();
    for (const input of [openaiInput(), falaiInput()]) {
      expect(input.type).toBe("password");
      expect(input.getAttribute("autocomplete")).toBe("off");
      expect(input.value).toBe("");
    }
  });

  it("tells which keys are stored by their last four characters", async () => {
    await renderProfile();
    expect(noteOf(openaiInput())).toContain("Saved key ending in abcd");
    expect(noteOf(falaiInput())).toContain("No key saved.");
    expect(screen.getByRole("button", { name: "Remove OpenAI API Key" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove fal.ai API Key" })).toBeNull();
  });

  it("requires at least one key", async () => {
    const user = await renderProfile();
    await user.click(screen.getByRole("button", { name: "Save API Keys" }));
    expect(openaiInput().getAttribute("aria-invalid")).toBe("true");
    expect(noteOf(openaiInput())).toBe("At least one API key must be provided");
    expect(saveApiKeys).not.toHaveBeenCalled();
  });

  it("rejects keys the database would refuse", async () => {
    const user = await renderProfile();
    await user.type(openaiInput(), "short");
    await user.click(falaiInput());
    await user.paste("x".repeat(513));
    await user.click(screen.getByRole("button", { name: "Save API Keys" }));
    expect(noteOf(openaiInput())).toBe("API key must be at least 8 characters");
    expect(noteOf(falaiInput())).toBe("API key must be at most 512 characters");
    expect(saveApiKeys).not.toHaveBeenCalled();
  });

  it("saves only the keys typed, then clears the inputs and refreshes the status", async () => {
    vi.mocked(saveApiKeys).mockResolvedValue();
    const user = await renderProfile();
    vi.mocked(getApiKeyStatus).mockResolvedValue({ ...STORED_OPENAI, falaiKeyLast4: "9876" });
    await user.type(falaiInput(), "  fal-key-123459876 ");
    await user.click(screen.getByRole("button", { name: "Save API Keys" }));

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("API keys saved successfully"));
    expect(saveApiKeys).toHaveBeenCalledWith({ openaiKey: undefined, falaiKey: "fal-key-123459876" });
    await waitFor(() => expect(noteOf(falaiInput())).toContain("Saved key ending in 9876"));
    expect(falaiInput().value).toBe("");
    expect(getApiKeyStatus).toHaveBeenCalledTimes(2);
  });

  it("keeps what was typed when saving fails", async () => {
    vi.mocked(saveApiKeys).mockRejectedValue(new Error("network"));
    const user = await renderProfile();
    await user.type(openaiInput(), "sk-new-key-FIXTURE-not-a-real-key-0000");
    await user.click(screen.getByRole("button", { name: "Save API Keys" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Failed to save API keys"));
    expect(openaiInput().value).toBe("sk-new-key-FIXTURE-not-a-real-key-0000");
  });

  it("disables the save button with a spinner while saving", async () => {
    vi.mocked(saveApiKeys).mockReturnValue(new Promise(() => {}));
    const user = await renderProfile();
    await user.type(openaiInput(), "sk-new-key-FIXTURE-not-a-real-key-0000");
    await user.click(screen.getByRole("button", { name: "Save API Keys" }));
    const button = screen.getByRole("button", { name: "Save API Keys" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });

  it("removes a stored key after confirmation", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    vi.mocked(saveApiKeys).mockResolvedValue();
    const user = await renderProfile();
    vi.mocked(getApiKeyStatus).mockResolvedValue(NOTHING_STORED);
    await user.click(screen.getByRole("button", { name: "Remove OpenAI API Key" }));

    expect(saveApiKeys).toHaveBeenCalledWith({ openaiKey: "" });
    await waitFor(() => expect(noteOf(openaiInput())).toContain("No key saved."));
    expect(screen.queryByRole("button", { name: "Remove OpenAI API Key" })).toBeNull();
  });

  it("keeps the key when removal is not confirmed", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(false);
    const user = await renderProfile();
    await user.click(screen.getByRole("button", { name: "Remove OpenAI API Key" }));
    expect(saveApiKeys).not.toHaveBeenCalled();
  });

  it("asks to sign in when there is no user", async () => {
    const user = await renderProfile();
    sessionState.user = null;
    await user.type(openaiInput(), "sk-new-key-FIXTURE-not-a-real-key-0000");
    await user.click(screen.getByRole("button", { name: "Save API Keys" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith("Authentication required"));
    expect(saveApiKeys).not.toHaveBeenCalled();
  });
});

describe("profile settings when the key status cannot be loaded", () => {
  it("says so instead of claiming nothing is stored", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(getApiKeyStatus).mockRejectedValue(new Error("network"));
    render(<ProfilePage />);
    await waitFor(() => expect(noteOf(openaiInput())).toContain("Could not check for a saved key."));
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });
});
