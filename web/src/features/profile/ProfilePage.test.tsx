import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getApiKeyStatus, saveApiKeys, type ApiKeyStatus } from "./data/apiKeys";
import { getLinkRelevance } from "../links/data/siteContent";
import { notifyError, notifySuccess } from "../../lib/notify";
import ProfilePage from "./ProfilePage";
import { sessionState } from "../auth/session";
import { setSignedIn, testUser } from "../../../test/session";
import { checkKey, getProviderSettings, listModels, saveModelChoices, saveProvider } from "./data/aiProvider";
import { aiProvider, forgetModels } from "./aiProviderStore";
import { RequestFailure } from "../../backend/functionErrors";
import type { ModelList } from "@contracts/ai_provider";

const MODEL_LIST: ModelList = {
  provider: "openai",
  listed: true,
  typed: false,
  models: [
    { id: "gpt-6-luna", kind: "chat", shutdownDate: null },
    { id: "gpt-6.2-sol", kind: "chat", shutdownDate: null },
    { id: "text-embedding-3-small", kind: "embeddings", shutdownDate: null },
  ],
  defaults: { drafting: "gpt-6.1-terra", keywords: "gpt-6-luna", seo: "gpt-6-luna", embeddings: "text-embedding-3-small" },
  fetchedAt: "2026-11-27T10:00:00.000Z",
};

vi.mock("../auth/data/auth", () => ({ onAuthChange: vi.fn(), signOut: vi.fn() }));
vi.mock("./data/apiKeys", () => ({ getApiKeyStatus: vi.fn(), saveApiKeys: vi.fn() }));
vi.mock("../../lib/notify", () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock("../links/data/siteContent", () => ({ getLinkRelevance: vi.fn(), saveLinkRelevance: vi.fn(), embedContentIndex: vi.fn() }));
vi.mock("./data/aiProvider", () => ({
  getProviderSettings: vi.fn(),
  listModels: vi.fn(),
  saveProvider: vi.fn(),
  saveModelChoices: vi.fn(),
  checkKey: vi.fn(),
}));

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
  forgetModels();
  aiProvider.settingsState = "idle";
  vi.mocked(getProviderSettings).mockResolvedValue({
    provider: "openai",
    baseUrl: null,
    models: { drafting: null, keywords: null, seo: null },
  });
  vi.mocked(listModels).mockResolvedValue(MODEL_LIST);
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
    vi.mocked(saveApiKeys).mockResolvedValue();
    const user = await renderProfile();
    vi.mocked(getApiKeyStatus).mockResolvedValue(NOTHING_STORED);
    await user.click(screen.getByRole("button", { name: "Remove OpenAI API Key" }));
    const question = screen.getByRole("alertdialog", { name: "Remove the OpenAI API Key?" });
    await user.click(within(question).getByRole("button", { name: "Remove" }));

    expect(saveApiKeys).toHaveBeenCalledWith({ openaiKey: "" });
    await waitFor(() => expect(noteOf(openaiInput())).toContain("No key saved."));
    expect(screen.queryByRole("button", { name: "Remove OpenAI API Key" })).toBeNull();
  });

  it("keeps the key when removal is not confirmed", async () => {
    const user = await renderProfile();
    await user.click(screen.getByRole("button", { name: "Remove OpenAI API Key" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
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

describe("AI provider", () => {
  const providerRadio = (name: RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;

  it("shows the stored provider; switching to OpenRouter says the key was removed, and the key's label follows", async () => {
    vi.mocked(saveProvider).mockResolvedValue({ keyRemoved: true });
    const user = await renderProfile();
    await waitFor(() => expect(providerRadio(/^OpenAI$/).checked).toBe(true));
    await user.click(providerRadio(/^OpenRouter$/));
    expect(screen.getByText(/removes the stored text-generation key and model choices/)).toBeTruthy();
    vi.mocked(getProviderSettings).mockResolvedValue({
      provider: "openrouter",
      baseUrl: null,
      models: { drafting: null, keywords: null, seo: null },
    });
    vi.mocked(getApiKeyStatus).mockResolvedValue({ ...STORED_OPENAI, openaiKeyLast4: null });
    await user.click(screen.getByRole("button", { name: "Save provider" }));
    expect(saveProvider).toHaveBeenCalledWith("openrouter", null);
    expect(
      await screen.findByText(
        "Your OpenAI key was removed: a key belongs to one provider. Enter your OpenRouter key under API Keys.",
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText("OpenRouter API Key")).toBeTruthy();
    await waitFor(() => expect(noteOf(screen.getByLabelText("OpenRouter API Key"))).toContain("No key saved."));
  });

  it("asks a server of one's own for its base URL, checked before saving", async () => {
    vi.mocked(saveProvider).mockResolvedValue({ keyRemoved: false });
    const user = await renderProfile();
    await waitFor(() => expect(providerRadio(/^OpenAI-compatible server/).disabled).toBe(false));
    await user.click(providerRadio(/^OpenAI-compatible server/));
    const baseUrl = screen.getByLabelText("Base URL") as HTMLInputElement;
    await user.type(baseUrl, "ftp://user:pw@nas/v1");
    await user.click(screen.getByRole("button", { name: "Save provider" }));
    expect(noteOf(baseUrl)).toBe("Enter an http:// or https:// address without a user name, password, query or #");
    expect(saveProvider).not.toHaveBeenCalled();
    await user.clear(baseUrl);
    await user.type(baseUrl, " http://localhost:11434/v1/ ");
    await user.click(screen.getByRole("button", { name: "Save provider" }));
    expect(saveProvider).toHaveBeenCalledWith("custom", "http://localhost:11434/v1");
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("AI provider saved"));
  });

  it("Check key says the key works, or the provider's reason in place with where to fix it, until dismissed", async () => {
    const user = await renderProfile();
    vi.mocked(checkKey).mockResolvedValueOnce({ modelCount: 93, message: "Key works: 93 models" });
    await waitFor(() => expect((screen.getByRole("button", { name: "Check key" }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole("button", { name: "Check key" }));
    expect(await screen.findByText("Key works: 93 models")).toBeTruthy();

    vi.mocked(checkKey).mockRejectedValueOnce(
      new RequestFailure("OpenAI refused the API key (invalid, disabled or expired). Check it in Profile Settings → API Keys.", {
        href: "/profile#api-keys",
        label: "Profile Settings → API Keys",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Check key" }));
    expect(await screen.findByText(/^OpenAI refused the API key/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Profile Settings → API Keys" }).getAttribute("href")).toBe("/profile#api-keys");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/^OpenAI refused the API key/)).toBeNull();
  });
});

describe("AI models", () => {
  const picker = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

  it("offers the provider's chat models with its defaults, and saves the choices", async () => {
    vi.mocked(saveModelChoices).mockResolvedValue();
    const user = await renderProfile();
    await waitFor(() => expect(picker("Keyword research model").disabled).toBe(false));
    expect([...picker("Keyword research model").options].map((option) => option.textContent)).toEqual([
      "Provider default (gpt-6-luna)",
      "gpt-6-luna",
      "gpt-6.2-sol",
    ]);
    expect(picker("Article drafting model").options[0].textContent).toBe("Provider default (gpt-6.1-terra)");
    await user.selectOptions(picker("SEO analysis model"), "gpt-6.2-sol");
    await user.click(screen.getByRole("button", { name: "Save AI models" }));
    expect(saveModelChoices).toHaveBeenCalledWith(testUser.id, { drafting: null, keywords: null, seo: "gpt-6.2-sol" });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("AI models saved"));
  });

  it("names a stored model the provider no longer offers, where it is chosen", async () => {
    vi.mocked(getProviderSettings).mockResolvedValue({
      provider: "openai",
      baseUrl: null,
      models: { drafting: null, keywords: null, seo: "gpt-4" },
    });
    await renderProfile();
    await waitFor(() => expect(picker("SEO analysis model").value).toBe("gpt-4"));
    expect(picker("SEO analysis model").getAttribute("aria-invalid")).toBe("true");
    expect(noteOf(picker("SEO analysis model"))).toBe(
      "gpt-4 is not offered by OpenAI any more: requests with it fail. Choose another model.",
    );
  });

  it("refuses a typed model name the provider's rules cannot hold, beside the field, without saving", async () => {
    vi.mocked(listModels).mockResolvedValue({ ...MODEL_LIST, listed: false, typed: true, models: [] });
    const user = await renderProfile();
    const field = await screen.findByLabelText("Article drafting model");
    await waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
    await user.type(field, "llama 3");
    await user.click(screen.getByRole("button", { name: "Save AI models" }));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(noteOf(field)).toBe("Enter a model name of letters, digits and . _ : / @ + ~ - (at most 200 characters)");
    expect(saveModelChoices).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, "llama3.2:3b");
    await user.click(screen.getByRole("button", { name: "Save AI models" }));
    expect(saveModelChoices).toHaveBeenCalledWith(testUser.id, { drafting: "llama3.2:3b", keywords: null, seo: null });
  });

  it("Refresh model list asks the provider again", async () => {
    const user = await renderProfile();
    await waitFor(() => expect(listModels).toHaveBeenCalledWith(false));
    await user.click(screen.getByRole("button", { name: "Refresh model list" }));
    expect(listModels).toHaveBeenLastCalledWith(true);
  });
});
